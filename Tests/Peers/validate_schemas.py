"""Checks JSON Schemas and validates documents against them with the real `jsonschema` library.

Usage: validate_schemas.py JOB.json

JOB.json:
  {"schemas": ["/path/A.schema.json", ...],
   "cases": [{"name": "...", "schema": "A.schema.json", "instance": <any JSON>}, ...]}

Every schema is checked against the metaschema its `$schema` names, then registered with
`referencing` under its `$id` (or, without one, its file name). A case names its schema by that
URI, optionally with a JSON Pointer fragment ("A.schema.json#/properties/title"); the registry
resolves it, so `$id`s and `$ref`s are exercised as a server would use them.

Prints one JSON document:
  {"schemas": {"A.schema.json": {"validator": "Draft202012Validator", "metaschemaErrors": []}},
   "cases": {"name": {"valid": true, "errors": []}}}
"""

import json
import os
import sys

import jsonschema
import jsonschema.exceptions
import jsonschema.validators
import referencing
import referencing.jsonschema


def load(path):
    with open(path, encoding="utf-8") as file:
        return json.load(file)


def main(job_path):
    job = load(job_path)
    report = {"schemas": {}, "cases": {}}
    resources = []
    for path in job["schemas"]:
        schema = load(path)
        uri = schema.get("$id", os.path.basename(path))
        validator = jsonschema.validators.validator_for(schema, default=None)
        errors = []
        if validator is None:
            errors.append("unknown $schema: %r" % schema.get("$schema"))
        else:
            try:
                validator.check_schema(schema)
            except jsonschema.exceptions.SchemaError as error:
                errors.append(error.message)
        report["schemas"][uri] = {
            "validator": validator.__name__ if validator else None,
            "metaschemaErrors": errors,
        }
        specification = referencing.jsonschema.specification_with(
            schema.get("$schema", ""), default=referencing.jsonschema.DRAFT202012
        )
        resources.append((uri, specification.create_resource(schema)))
    registry = referencing.Registry().with_resources(resources)

    for case in job["cases"]:
        # Validate against {"$ref": URI} so `$ref`s inside a pointed-to subschema resolve
        # against the file that holds it, in the dialect of that file.
        document = registry.resolver().lookup(case["schema"].partition("#")[0]).contents
        dialect = jsonschema.validators.validator_for(document)
        validator = dialect({"$ref": case["schema"]}, registry=registry)
        errors = sorted(
            "%s: %s" % ("/".join(str(part) for part in error.absolute_path), error.message)
            for error in validator.iter_errors(case["instance"])
        )
        report["cases"][case["name"]] = {"valid": not errors, "errors": errors}

    sys.stdout.reconfigure(encoding="utf-8")
    json.dump(report, sys.stdout, indent=2, sort_keys=True, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
