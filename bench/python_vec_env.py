#!/usr/bin/python3
"""Throughput of the Python package against the same work in C++ (bench/vec_env.cpp), and of the
environment server over WebSocket. Writes bench/results/python-<date>.json and prints a table.

    /usr/bin/python3 bench/python_vec_env.py [--build build]
"""
import argparse
import asyncio
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import time

ap = argparse.ArgumentParser()
ap.add_argument("--build", default=os.path.join(os.path.dirname(__file__), "..", "build"))
ap.add_argument("--steps", type=int, default=200)
args = ap.parse_args()
sys.path.insert(0, os.path.join(args.build, "python"))
import phonegym  # noqa: E402
import websockets  # noqa: E402


def python_steps(n, steps):
    envs = phonegym.make(split="train", num_envs=n, size=(270, 600))
    envs.reset(seed=0)
    rng = 12345

    def nxt():
        nonlocal rng
        rng = (rng * 1664525 + 1013904223) & 0xFFFFFFFF
        return (rng >> 8) % 1001

    t0 = time.perf_counter()
    for _ in range(steps):
        envs.step([{"type": "click", "x": nxt(), "y": nxt()} for _ in range(n)])
    sec = time.perf_counter() - t0
    return {"impl": "python", "num_envs": n, "steps": steps, "seconds": sec, "env_steps_per_s": n * steps / sec}


def cpp_steps(n, steps):
    out = subprocess.run([os.path.join(args.build, "bench", "bench_vec_env"), str(n), str(steps)], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


async def server_round_trips(url, sessions, steps=40):
    async def one():
        lat = []
        async with websockets.connect(url + "/ws", max_size=None) as ws:
            await ws.send(json.dumps({"type": "reset", "data": {"task": "clock.add_alarm", "seed": 0}}))
            await ws.recv()
            for i in range(steps):
                t = time.perf_counter()
                await ws.send(json.dumps({"type": "step", "data": {"type": "wait", "seconds": 1}}))
                await ws.recv()
                lat.append((time.perf_counter() - t) * 1000)
        return lat

    lats = sorted(x for l in await asyncio.gather(*[one() for _ in range(sessions)]) for x in l)
    return {"sessions": sessions, "p50_ms": lats[len(lats) // 2], "p99_ms": lats[int(len(lats) * 0.99) - 1]}


async def fork_time(url, k=8, reps=10):
    async with websockets.connect(url + "/ws", max_size=None) as ws:
        await ws.send(json.dumps({"type": "reset", "data": {"task": "clock.add_alarm", "seed": 0}}))
        await ws.recv()
        times = []
        for _ in range(reps):
            t = time.perf_counter()
            await ws.send(json.dumps({"type": "fork", "data": {"k": k}}))
            await ws.recv()
            times.append((time.perf_counter() - t) * 1000)
    return {"k": k, "median_ms": statistics.median(times)}


def server_bench():
    p = subprocess.Popen([os.path.join(args.build, "tools", "phonegym"), "serve-env", "--host", "native", "--port", "0",
                          "--max-sessions", "200", "--obs", "270x600:png"], stdout=subprocess.PIPE, text=True)
    try:
        url = "ws" + p.stdout.readline().split("server: ")[1].split(" ")[0][4:]
        rt = [asyncio.run(server_round_trips(url, s)) for s in (1, 16, 64)]
        return rt, asyncio.run(fork_time(url))
    finally:
        p.terminate()
        p.wait()


rows = []
for n in (1, 16):
    c, py = cpp_steps(n, args.steps), python_steps(n, args.steps)
    py["overhead_vs_cpp"] = c["env_steps_per_s"] / py["env_steps_per_s"] - 1
    rows += [c, py]
rt, fk = server_bench()
result = {"date": datetime.date.today().isoformat(), "machine": {"cpus": os.cpu_count(), "platform": platform.platform()},
          "vec_env": rows, "server_round_trip": rt, "server_fork": fk}
for r in rows:
    print("%-7s envs=%-3d %8.0f env steps/s%s" % (r["impl"], r["num_envs"], r["env_steps_per_s"],
                                                  "  (python overhead %+.1f%%)" % (100 * r["overhead_vs_cpp"]) if "overhead_vs_cpp" in r else ""))
for r in rt:
    print("server  sessions=%-3d step p50 %.2f ms  p99 %.2f ms" % (r["sessions"], r["p50_ms"], r["p99_ms"]))
print("server  fork of %d: %.2f ms (median)" % (fk["k"], fk["median_ms"]))
out = os.path.join(os.path.dirname(__file__), "results", "python-%s.json" % result["date"])
with open(out, "w") as f:
    json.dump(result, f, indent=2)
print("wrote", out)
