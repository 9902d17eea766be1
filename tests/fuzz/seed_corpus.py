#!/usr/bin/python3
"""Seeds the fuzz corpora that come from the repository's data: task templates (template), the
paths their judges use (judge_path), their setup patches and a few states (state), training
configs (config) and studio requests (studio_http).
usage: tests/fuzz/seed_corpus.py [corpus dir]   (default tests/fuzz/corpus; the result is committed)"""
import glob, json, os, sys

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "tests", "fuzz", "corpus")


def write(target, name, text):
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "w") as f:
        f.write(text)


def paths_of(node, acc):
    """Every "path" string in a judge (subtasks, any/all)."""
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "path" and isinstance(v, str):
                acc.add(v)
            else:
                paths_of(v, acc)
    elif isinstance(node, list):
        for v in node:
            paths_of(v, acc)


files = sorted(glob.glob(os.path.join(root, "tasks", "templates", "*", "*.json")))
paths, setups = set(), []
for i, f in enumerate(files):
    t = json.load(open(f))
    if i % 6 == 0:  # a sixth of the templates, across every app
        write("template", os.path.basename(os.path.dirname(f)) + "_" + os.path.basename(f), json.dumps(t))
    paths_of(t.get("judge", {}), paths)
    if isinstance(t.get("setup"), list) and t["setup"] and len(setups) < 40:
        setups.append(t["setup"])
for i, p in enumerate(sorted(paths)[::4]):
    write("judge_path", "path_%03d" % i, p)
for i, s in enumerate(setups):
    write("state", "patch_%02d" % i, json.dumps(s))
write("state", "patch_battery", json.dumps([{"op": "replace", "path": "/os/battery/level", "value": 20}]))
write("state", "patch_bad", json.dumps([{"op": "replace", "path": "/os/battery/lvl", "value": 20}]))
write("state", "state_min", json.dumps({"os": {}, "apps": {}}))

write("config", "defaults", "{}")
write("config", "small", json.dumps({"iterations": 3, "group_size": 4, "seed": 1, "reward": "binary"}))
write("config", "overrides", "iterations=5\nreward=binary\ntemplates=clock.set_alarm,settings.wifi_off\n")

requests = {
    "get_root": "GET /\nHost: 127.0.0.1:8080\n\n",
    "get_studio": "GET /studio.html\nHost: localhost\n\n",
    "list": "GET /api/templates\nHost: 127.0.0.1\n\n",
    "get_one": "GET /api/templates/clock/alarm.json\nHost: 127.0.0.1\n\n",
    "traversal": "GET /../secret.txt\nHost: 127.0.0.1\n\n",
    "traversal_enc": "GET /%2e%2e/secret.txt\nHost: 127.0.0.1\n\n",
    "put": "PUT /api/templates/clock/new.json\nHost: 127.0.0.1\nX-PhoneGym-Token: t0ken\nContent-Type: application/json\n\n"
           + json.dumps({"id": "clock.new", "instruction": ["Set an alarm"], "apps": ["clock"]}),
    "put_origin": "PUT /api/templates/clock/x.json\nHost: 127.0.0.1\nOrigin: http://evil.example\n\n{}",
    "rebind": "GET /api/templates\nHost: evil.example\n\n",
}
for name, r in requests.items():
    write("studio_http", name, r)
print("seeded", out)
