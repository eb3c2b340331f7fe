"""Evaluates features from an Unleash client-features file with the real Unleash Python SDK.

Usage: unleash_eval.py SEED_FILE < REQUESTS

Bootstraps UnleashClient from the file through a FileCache in a temporary folder, with
toggle fetching, metrics and registration off (no network), and answers a JSON list of
requests read from stdin, printing a JSON list of answers on stdout:

- {"flag": KEY, "method": "is_enabled"|"get_variant", "context": {...}}
  -> {"enabled": bool} or {"variant": {name, payload, enabled, feature_enabled}}
- the same with "count": N: evaluates userIds context["userId"] + "0" ... + str(N - 1)
  -> {"counts": {"true"/"false" or a variant name: how many users got it}}
"""

import json
import shutil
import sys
import tempfile
from pathlib import Path

from UnleashClient import UnleashClient
from UnleashClient.cache import FileCache


def evaluate(client, request, context):
    if request["method"] == "is_enabled":
        return {"enabled": client.is_enabled(request["flag"], context)}
    return {"variant": client.get_variant(request["flag"], context)}


def main() -> None:
    requests = json.load(sys.stdin)
    cache_folder = tempfile.mkdtemp(prefix="flaggen-unleash-")
    try:
        cache = FileCache("flaggen-seed-test", directory=cache_folder)
        cache.bootstrap_from_file(Path(sys.argv[1]))
        client = UnleashClient(
            url="http://127.0.0.1:9/api",
            app_name="flaggen-seed-test",
            cache=cache,
            disable_metrics=True,
            disable_registration=True,
        )
        client.initialize_client(fetch_toggles=False)
        answers = []
        for request in requests:
            context = request.get("context", {})
            if "count" in request:
                counts = {}
                for index in range(request["count"]):
                    answer = evaluate(client, request, {**context, "userId": f"{context['userId']}{index}"})
                    key = json.dumps(answer["enabled"]) if "enabled" in answer else answer["variant"]["name"]
                    counts[key] = counts.get(key, 0) + 1
                answers.append({"counts": counts})
            else:
                answers.append(evaluate(client, request, context))
        answers.append({"known": sorted(client.feature_definitions().keys())})
        client.destroy()
    finally:
        shutil.rmtree(cache_folder, ignore_errors=True)
    print(json.dumps(answers, sort_keys=True))


if __name__ == "__main__":
    main()
