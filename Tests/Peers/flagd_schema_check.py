"""Validates a flagd flag definition file against the official flagd JSON Schemas.

Usage: flagd_schema_check.py SEED_FILE SCHEMA_FOLDER

Every *.json file in SCHEMA_FOLDER is registered under its own `$id`, so the root schema
`flags.json` finds `targeting.json` by reference, offline. Prints a JSON object on stdout:
{"valid": bool, "errors": ["path: message", ...]}.
"""

import json
import sys
from pathlib import Path

from jsonschema import Draft7Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT7


def main() -> None:
    seed_path, schema_folder = Path(sys.argv[1]), Path(sys.argv[2])
    resources = []
    for schema_file in sorted(schema_folder.glob("*.json")):
        schema = json.loads(schema_file.read_text(encoding="utf-8"))
        resources.append((schema["$id"], Resource.from_contents(schema, default_specification=DRAFT7)))
    registry = Registry().with_resources(resources)
    root = json.loads((schema_folder / "flags.json").read_text(encoding="utf-8"))
    Draft7Validator.check_schema(root)
    # Validate through a reference to the root's $id: in draft-07 a $ref hides its sibling
    # keywords, $id included, so the root's relative "./targeting.json" needs that base URI.
    validator = Draft7Validator({"$ref": root["$id"]}, registry=registry)
    seed = json.loads(seed_path.read_text(encoding="utf-8"))
    errors = [
        "/".join(str(part) for part in error.absolute_path) + ": " + error.message
        for error in sorted(validator.iter_errors(seed), key=lambda error: list(map(str, error.absolute_path)))
    ]
    print(json.dumps({"valid": not errors, "errors": errors}))


if __name__ == "__main__":
    main()
