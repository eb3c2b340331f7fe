"""Evaluates flags from a flagd flag definition file with the real flagd provider.

Usage: flagd_eval.py SEED_FILE < REQUESTS

Loads the file with openfeature-provider-flagd's file resolver (no daemon, no network) and
answers a JSON list of requests read from stdin, printing a JSON list of answers on stdout:

- {"flag": KEY, "type": "boolean"|"string"|"integer"|"float"|"object",
   "targetingKey": ID or null, "context": {...}}
  -> {"value": ..., "variant": ..., "reason": ..., "error": ...}
- the same with "count": N: evaluates targeting keys targetingKey + "0" ... + str(N - 1)
  -> {"counts": {JSON of a value: how many keys got it}}
"""

import json
import sys

from openfeature import api
from openfeature.contrib.provider.flagd import FlagdProvider
from openfeature.contrib.provider.flagd.config import ResolverType
from openfeature.evaluation_context import EvaluationContext

DEFAULTS = {"boolean": None, "string": "<code default>", "integer": -1, "float": -1.0, "object": {"code": "default"}}


def evaluate(client, request, targeting_key):
    context = EvaluationContext(targeting_key=targeting_key, attributes=request.get("context", {}))
    kind = request["type"]
    default = DEFAULTS[kind]
    if kind == "boolean":
        details = client.get_boolean_details(request["flag"], False, context)
    elif kind == "string":
        details = client.get_string_details(request["flag"], default, context)
    elif kind == "integer":
        details = client.get_integer_details(request["flag"], default, context)
    elif kind == "float":
        details = client.get_float_details(request["flag"], default, context)
    else:
        details = client.get_object_details(request["flag"], default, context)
    return {
        "value": details.value,
        "variant": details.variant,
        "reason": str(details.reason.value) if details.reason else None,
        "error": str(details.error_code.value) if details.error_code else None,
    }


def main() -> None:
    requests = json.load(sys.stdin)
    provider = FlagdProvider(resolver_type=ResolverType.FILE, offline_flag_source_path=sys.argv[1])
    api.set_provider_and_wait(provider)
    client = api.get_client()
    answers = []
    for request in requests:
        if "count" in request:
            counts = {}
            for index in range(request["count"]):
                value = evaluate(client, request, f"{request['targetingKey']}{index}")["value"]
                key = json.dumps(value, sort_keys=True)
                counts[key] = counts.get(key, 0) + 1
            answers.append({"counts": counts})
        else:
            answers.append(evaluate(client, request, request.get("targetingKey")))
    api.shutdown()
    print(json.dumps(answers, sort_keys=True))


if __name__ == "__main__":
    main()
