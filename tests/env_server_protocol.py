#!/usr/bin/python3
"""The environment server as an OpenEnv client meets it (docs/env-server.md).

Messages are written from OpenEnv's documented protocol (core/env_server/types.py:
WSResetMessage {"type": "reset", "data"}, WSStepMessage, WSStateMessage, WSCloseMessage; replies
WSObservationResponse {"type": "observation", "data": {"observation", "reward", "done"}},
WSStateResponse, WSErrorResponse {"type": "error", "data": {"message", "code"}}), not from
PhoneGym's code. Starts `phonegym serve-env --host native` on a free port and checks:
  - /health, /metadata, /schema, and the stateless POST /reset and /step;
  - clock.add_alarm solved over /ws with the oracle's actions sent as raw UI-TARS replies, and
    again as unified actions: done on the last step with reward 1;
  - 64 concurrent sessions all finish with reward 1;
  - malformed JSON, an unknown task, an unknown action, an oversize message, an unknown message
    type each get an error naming it, and the session still works afterwards;
  - a missing token (when the server has one) is refused;
  - fork: a group of sessions from one state, stepped by `batch` and by attaching to one;
  - a full server refuses a connection with a clear error;
  - on the Chromium host, a browser killed mid-episode costs no session: the episode finishes
    with reward 1 (the pool restarts the browser and restores the session's phone).

Usage: env_server_protocol.py PHONEGYM_BINARY
"""
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

import websockets

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from main_job_faults import browser_pids  # noqa: E402

PHONEGYM = sys.argv[1]
TASK = "clock.add_alarm"


def start_server(*extra, host="native", max_sessions="80"):
    p = subprocess.Popen([PHONEGYM, "serve-env", "--host", host, "--port", "0", "--max-sessions", max_sessions, *extra],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = p.stdout.readline()
    if "environment server:" not in line:
        p.kill()
        raise SystemExit("serve-env did not start: " + line + p.stdout.read())
    url = line.split("server: ")[1].split(" ")[0]
    return p, url


class Server:
    """`phonegym serve-env` for a `with` block: its http URL and ws URL."""

    def __init__(self, *extra, **kw):
        self.p, self.url = start_server(*extra, **kw)
        self.ws = "ws" + self.url[4:]

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.p.terminate()
        self.p.wait(timeout=30)


def http(url, path, body=None, headers=None):
    req = urllib.request.Request(url + path, data=None if body is None else json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json", **(headers or {})},
                                 method="GET" if body is None else "POST")
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"{}")


def oracle_actions():
    """The oracle's actions for TASK seed 0, as `phonegym eval --agent oracle` records them."""
    out = tempfile.mkdtemp(prefix="pg_env_server_")
    subprocess.run([PHONEGYM, "eval", "--agent", "oracle", "--host", "native", "--task", TASK, "--instances", "1",
                    "--out", out], check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(out, "trajectories.jsonl")) as f:
        return [s["action"] for s in json.loads(f.readline())["steps"]]


def as_uitars(a):
    """A unified action as UI-TARS writes it (Qin et al. 2025; coordinates 0..1000)."""
    if a["type"] == "click":
        return f"Thought: tap it.\nAction: click(start_box='({a['x']},{a['y']})')"
    if a["type"] == "type":
        return f"Thought: enter the text.\nAction: type(content='{a['text']}')"
    if a["type"] == "complete":
        return "Thought: done.\nAction: finished(content='')"
    raise AssertionError("no UI-TARS form for " + json.dumps(a))


async def send(ws, msg):
    await ws.send(msg if isinstance(msg, str) else json.dumps(msg))
    return json.loads(await ws.recv())


async def episode(url, steps, fmt=None):
    """Resets TASK seed 0 and sends `steps` as step data; returns the last observation reply."""
    async with websockets.connect(url + "/ws", max_size=None) as ws:
        data = {"task": TASK, "seed": 0}
        if fmt:
            data["format"] = fmt
        r = await send(ws, {"type": "reset", "data": data})
        assert r["type"] == "observation", r
        obs = r["data"]["observation"]
        assert obs["task"] == TASK and obs["instruction"] and obs["image"] and obs["image_format"] == "png", obs.keys()
        assert r["data"]["done"] is False and r["data"]["reward"] is None
        for i, s in enumerate(steps):
            r = await send(ws, {"type": "step", "data": s})
            assert r["type"] == "observation", r
            assert "parse_error" not in r["data"]["observation"]["info"], r["data"]["observation"]["info"]
            assert r["data"]["done"] == (i == len(steps) - 1), (i, r["data"]["done"])
        st = await send(ws, {"type": "state"})
        assert st["type"] == "state" and st["data"]["step_count"] == len(steps) and st["data"]["done"], st["data"].keys()
        await ws.send(json.dumps({"type": "close"}))
        return r


async def expect_error(ws, msg, code, words):
    r = await send(ws, msg)
    assert r["type"] == "error", r
    assert r["data"]["code"] == code, r
    assert words in r["data"]["message"], r["data"]["message"]


async def errors(url):
    async with websockets.connect(url + "/ws", max_size=None) as ws:
        await expect_error(ws, "{not json", "INVALID_JSON", "Invalid JSON")
        await expect_error(ws, {"type": "reset", "data": {"task": "clock.no_such_task"}}, "VALIDATION_ERROR",
                           'unknown task "clock.no_such_task"')
        await expect_error(ws, {"type": "warp"}, "UNKNOWN_TYPE", "warp")
        r = await send(ws, {"type": "reset", "data": {"task": TASK, "seed": 0}})  # the session still works
        assert r["type"] == "observation"
        await expect_error(ws, {"type": "step", "data": {"type": "teleport", "x": 1}}, "VALIDATION_ERROR", "teleport")
        await expect_error(ws, {"type": "step", "data": {"type": "click", "x": 500, "y": 500, "pad": "x" * (2 << 20)}},
                           "VALIDATION_ERROR", "message too large")
        r = await send(ws, {"type": "step", "data": {"type": "home"}})
        assert r["type"] == "observation" and r["data"]["observation"]["step"] == 1, r
        # Perturbations (docs/real-device.md): a bad spec is refused by name; "drop=1" loses a tap,
        # and the step's result says so.
        await expect_error(ws, {"type": "reset", "data": {"task": TASK, "seed": 0, "perturb": "pop"}}, "VALIDATION_ERROR",
                           'unknown condition "pop"')
        await send(ws, {"type": "reset", "data": {"task": TASK, "seed": 0, "perturb": "drop=1"}})
        r = await send(ws, {"type": "step", "data": {"type": "click", "x": 500, "y": 500}})
        info = r["data"]["observation"]["info"]
        assert info["result"]["info"]["perturbations"] == ["dropped"], info
        st = await send(ws, {"type": "state"})
        assert st["data"]["phone"]["os"]["perturb"]["condition"] == "drop=1", st["data"]["phone"]["os"].keys()
        # A model reply that is not an action is a step the observation reports, not an error.
        await send(ws, {"type": "reset", "data": {"task": TASK, "seed": 0, "format": "uitars"}})
        r = await send(ws, {"type": "step", "data": {"text": "I think I should tap somewhere"}})
        assert r["type"] == "observation" and "parse_error" in r["data"]["observation"]["info"], r
        assert r["data"]["observation"]["step"] == 1


async def fork(url, steps):
    async with websockets.connect(url + "/ws", max_size=None) as ws:
        await send(ws, {"type": "reset", "data": {"task": TASK, "seed": 0}})
        await send(ws, {"type": "step", "data": steps[0]})
        r = await send(ws, {"type": "fork", "data": {"k": 3}})
        assert r["type"] == "fork" and len(r["data"]["sessions"]) == 3, r
        group = r["data"]["sessions"]
        # Each forked session continues from the same state: solve two through batch...
        for s in steps[1:]:
            r = await send(ws, {"type": "batch", "data": {"steps": [{"session": g, "action": s} for g in group[:2]]}})
            assert r["type"] == "batch" and len(r["data"]["results"]) == 2, r
        assert all(x["done"] and x["reward"] == 1.0 for x in r["data"]["results"]), r
        # ...and the third by attaching to it.
        async with websockets.connect(url + "/ws?session=" + group[2], max_size=None) as ws2:
            for s in steps[1:]:
                r = await send(ws2, {"type": "step", "data": s})
            assert r["data"]["done"] and r["data"]["reward"] == 1.0, r
        j = await send(ws, {"type": "judge"})
        assert j["type"] == "judge" and j["data"]["success"] is False  # this session itself is still mid-episode


async def main():
    steps = oracle_actions()
    p, url = start_server()
    ws_url = "ws" + url[4:]
    try:
        assert http(url, "/health") == (200, {"status": "healthy"})
        code, meta = http(url, "/metadata")
        assert code == 200 and meta["name"] == "PhoneGym" and "task templates" in meta["description"], meta
        code, schema = http(url, "/schema")
        assert code == 200 and set(schema) == {"action", "observation", "state"}, schema.keys()
        async with websockets.connect(ws_url + "/ws") as ws:  # every action type the schema names is one the server knows
            for t in schema["action"]["properties"]["type"]["enum"]:
                await send(ws, {"type": "reset", "data": {"task": TASK}})
                r = await send(ws, {"type": "step", "data": {"type": t}})
                assert r["type"] == "observation" or "unknown action type" not in r["data"]["message"], (t, r)
        code, r = http(url, "/reset", {"seed": 0, "task": TASK})
        assert code == 200 and r["done"] is False and r["observation"]["task"] == TASK, r
        code, r = http(url, "/step", {"action": {"type": "home"}, "task": TASK})
        assert code == 200 and r["observation"]["step"] == 1, r
        code, r = http(url, "/step", {"action": {"type": "nope"}})
        assert code == 422 and "nope" in r["detail"], r

        r = await episode(ws_url, [{"text": as_uitars(a)} for a in steps], fmt="uitars")
        assert r["data"]["reward"] == 1.0 and r["data"]["observation"]["info"]["verdict"]["success"], r["data"]["observation"]["info"]
        r = await episode(ws_url, steps)
        assert r["data"]["reward"] == 1.0, r

        finals = await asyncio.gather(*[episode(ws_url, steps) for _ in range(64)])
        assert all(f["data"]["done"] and f["data"]["reward"] == 1.0 for f in finals)

        await errors(ws_url)
        await fork(ws_url, steps)
    finally:
        p.terminate()
        p.wait(timeout=30)

    p, url = start_server("--token", "s3cret")
    ws_url = "ws" + url[4:]
    try:
        assert http(url, "/health")[0] == 401
        assert http(url, "/health", headers={"Authorization": "Bearer s3cret"}) == (200, {"status": "healthy"})
        try:
            async with websockets.connect(ws_url + "/ws") as ws:
                raise AssertionError("a connection without the token was accepted")
        except websockets.exceptions.InvalidStatusCode as e:
            assert e.status_code == 401, e
        async with websockets.connect(ws_url + "/ws?token=s3cret") as ws:
            r = await send(ws, {"type": "reset", "data": {"task": TASK}})
            assert r["type"] == "observation"
    finally:
        p.terminate()
        p.wait(timeout=30)
    with Server(max_sessions="2") as srv:
        async with websockets.connect(srv.ws + "/ws") as a, websockets.connect(srv.ws + "/ws"):
            try:
                async with websockets.connect(srv.ws + "/ws"):
                    raise AssertionError("a third session was accepted by a server of two")
            except websockets.exceptions.InvalidStatusCode as e:
                assert e.status_code == 503, e
            r = await send(a, {"type": "reset", "data": {"task": TASK}})  # the open sessions still work
            assert r["type"] == "observation"

    # A crashed browser costs no session.
    with Server(host="chromium") as srv:
        async with websockets.connect(srv.ws + "/ws", max_size=None) as ws:
            r = await send(ws, {"type": "reset", "data": {"task": TASK, "seed": 0}})
            assert r["type"] == "observation", r
            for s in steps[:2]:
                r = await send(ws, {"type": "step", "data": s})
            mains, _ = browser_pids(srv.p.pid)
            assert mains, "no browser under serve-env"
            for pid in mains:
                os.kill(pid, 9)
            for s in steps[2:]:
                r = await send(ws, {"type": "step", "data": s})
                assert r["type"] == "observation", r
            assert r["data"]["done"] and r["data"]["reward"] == 1.0, r["data"]["observation"]["info"]
            assert browser_pids(srv.p.pid)[0] and set(browser_pids(srv.p.pid)[0]).isdisjoint(mains), "the browser was not restarted"
    print("env server protocol: 1 passed, 0 failed")


asyncio.run(main())
