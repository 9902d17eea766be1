#!/usr/bin/env python3
"""same_calibration.py A B: two calibration.json files give every template the same features,
outcomes, score and level, and every agent the same record and ability (their sources and
command lines may differ). Exit 1 naming the first difference."""
import json
import sys

a, b = (json.load(open(p)) for p in sys.argv[1:3])
if a["templates"] != b["templates"]:
    for k in sorted(set(a["templates"]) | set(b["templates"])):
        if a["templates"].get(k) != b["templates"].get(k):
            sys.exit(f"template {k} differs: {a['templates'].get(k)} vs {b['templates'].get(k)}")
strip = lambda ags: [{k: v for k, v in ag.items() if k != "sources"} for ag in ags]
if strip(a["agents"]) != strip(b["agents"]):
    sys.exit(f"agents differ: {strip(a['agents'])} vs {strip(b['agents'])}")
if a["summary"] != b["summary"]:
    sys.exit(f"summaries differ: {a['summary']} vs {b['summary']}")
if not a["templates"]:
    sys.exit("no templates calibrated")
print(f"same calibration: {len(a['templates'])} templates, {len(a['agents'])} agents")
