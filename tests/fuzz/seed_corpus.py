#!/usr/bin/python3
"""Seeds the fuzz corpora that come from the repository's data: task templates (template), the
paths their judges use (judge_path), their setup patches and a few states (state), training
configs (config), studio requests (studio_http), DevTools messages (devtools) and environment
server requests (env_server).
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

# DevTools messages as the browser sends them: replies to Runtime.evaluate carrying the page API's
# JSON, its structured errors and observations (4x2 RLE: one run of 8 pixels), and events.
def evaluate_reply(value, id=7):
    return json.dumps({"id": id, "result": {"result": {"type": "string" if isinstance(value, str) else "object", "value": value}},
                       "sessionId": "S1"})
rle = "hgoUHg=="  # 0x86: one pixel (10, 20, 30) repeated 0x86 - 126 = 8 times (sim/render/obs.hpp)
devtools = {
    "api_ok": evaluate_reply(json.dumps({"ok": True, "info": {"changed": True}})),
    "api_action_error": evaluate_reply(json.dumps({"error": "unknown action type", "error_type": "action"})),
    "api_state_error": evaluate_reply(json.dumps({"error": "bad patch", "error_type": "state"})),
    "undefined": json.dumps({"id": 3, "result": {"result": {"type": "undefined"}}}),
    "exception": json.dumps({"id": 4, "result": {"result": {"type": "object"}, "exceptionDetails": {
        "text": "Uncaught", "url": "http://127.0.0.1/index.js", "lineNumber": 41,
        "exception": {"description": "TypeError: x is undefined"}}}}),
    "protocol_error": json.dumps({"id": 5, "error": {"code": -32000, "message": "Cannot find context", "data": "ctx 3"}}),
    "obs_rle": evaluate_reply({"hash": "00ff00ff00ff00ff", "width": 4, "height": 2, "encoding": "rle", "data": rle}),
    "obs_png": evaluate_reply({"hash": "1", "width": 4, "height": 2, "encoding": "png", "data": "iVBORw0KGgo="}),
    "obs_unchanged": evaluate_reply({"hash": "abc", "unchanged": True, "xml": "<hierarchy/>"}),
    "event_exception": json.dumps({"method": "Runtime.exceptionThrown", "params": {"exceptionDetails": {"text": "boom"}}, "sessionId": "S1"}),
    "event_console": json.dumps({"method": "Runtime.consoleAPICalled", "params": {"type": "error", "args": [{"type": "string", "value": "oops"}, {"type": "number", "value": 3}]}}),
    "event_log": json.dumps({"method": "Log.entryAdded", "params": {"entry": {"level": "warning", "text": "slow", "url": "x.js"}}}),
    "event_detached": json.dumps({"method": "Target.detachedFromTarget", "params": {"sessionId": "S1"}}),
}
for name, m in devtools.items():
    write("devtools", name, m)

# Environment server: WebSocket sessions (one message a line) and HTTP requests.
env = {
    "ws_episode": "ws\n" + "\n".join(json.dumps(m) for m in [
        {"type": "reset", "data": {"task": "settings.wifi_off", "seed": 3}},
        {"type": "step", "data": {"type": "open_app", "app": "settings"}},
        {"type": "step", "data": {"text": "Action: click(point='<point>100 200</point>')"}},
        {"type": "state"}, {"type": "judge"}, {"type": "close"}]),
    "ws_fork": "ws\n" + "\n".join(json.dumps(m) for m in [
        {"type": "reset", "data": {"task": "clock.add_alarm", "seed": 1, "obs": "108x240:raw"}},
        {"type": "fork", "data": {"k": 2}},
        {"type": "batch", "data": {"steps": [{"session": "s2", "action": {"type": "back"}}]}},
        {"type": "set_state", "data": {"patch": [{"op": "replace", "path": "/os/battery/level", "value": 5}]}}]),
    "ws_format": "ws\n" + json.dumps({"type": "reset", "data": {"task": "notes.create_note", "format": "uitars"}}) + "\n"
                 + json.dumps({"type": "step", "data": {"text": "Thought: type\nAction: type(content='hi')"}}),
    "ws_bad": "ws\n{\"type\": 3}\nnot json\n" + json.dumps({"type": "step", "data": {}}),
    "http_health": "http GET /health\nAuthorization: Bearer t0ken\n\n",
    "http_schema": "http GET /schema?token=t0ken\n\n",
    "http_reset": "http POST /reset\nAuthorization: Bearer t0ken\nContent-Type: application/json\n\n"
                  + json.dumps({"task": "settings.wifi_on", "seed": 2}),
    "http_step": "http POST /step\nX-PhoneGym-Token: t0ken\n\n" + json.dumps({"task": "settings.wifi_on", "action": {"type": "home"}}),
    "http_no_token": "http GET /metadata\n\n",
}
for name, r in env.items():
    write("env_server", name, r)
print("seeded", out)
