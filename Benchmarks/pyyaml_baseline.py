#!/usr/bin/env python3
"""The script a team would write instead of flaggen, for Scripts/bench.sh: load the manifest
with PyYAML's libyaml-backed loader and dump it as one JSON file. It checks nothing and
generates no code; it is the cheapest "YAML in, JSON out" a script gets.

    python pyyaml_baseline.py flags.yaml out.json
"""

import json
import sys

import yaml

if not getattr(yaml, "__with_libyaml__", False):
    sys.exit("PyYAML was built without libyaml: yaml.CLoader is missing")

with open(sys.argv[1], "rb") as source:
    data = yaml.load(source, Loader=yaml.CLoader)
with open(sys.argv[2], "w", encoding="utf-8") as out:
    # PyYAML reads `expires: 2029-03-01` as a date, which JSON has no type for.
    json.dump(data, out, default=str)
