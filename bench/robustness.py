#!/usr/bin/python3
"""The robustness report of agents (docs/real-device.md): each agent runs `phonegym eval --robustness`
on the same instances under nominal and every perturbation condition; the success rate per
condition and the fraction of the nominal SR kept, with 95% intervals, go to
bench/results/robustness-<date>.json with the commands, wall times and the machine.

    python3 bench/robustness.py --phonegym build/tools/phonegym --agent oracle \\
        --agent checkpoint:runs/train/checkpoint.pt --split all --instances 1
"""
import argparse
import datetime
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from learn import machine  # noqa: E402  (one definition of the machine record)


def run(phonegym, agent, args, out):
    cmd = [phonegym, "eval", "--agent", agent, "--host", args.host, "--robustness", "--split", args.split,
           "--instances", str(args.instances), "--seed", str(args.seed), "--out", out]
    if args.conditions:
        cmd += ["--conditions", args.conditions]
    if args.max_steps:
        cmd += ["--max-steps", str(args.max_steps)]
    if args.concurrency > 1:
        cmd += ["--concurrency", str(args.concurrency)]
    t0 = time.time()
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    wall = time.time() - t0
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout[-4000:])
        raise SystemExit(f"robustness: {' '.join(cmd)} exited {proc.returncode}")
    with open(os.path.join(out, "results.json")) as f:
        results = json.load(f)
    return {"agent": agent, "command": cmd, "wall_s": round(wall, 1), "episodes_per_condition":
            results["robustness"]["conditions"]["nominal"]["episodes"], "robustness": results["robustness"],
            "nominal_sr": results["sr"], "commit": results.get("commit")}


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--phonegym", default="build/tools/phonegym")
    p.add_argument("--agent", action="append", required=True, help="oracle, random, checkpoint:PATH (repeatable)")
    p.add_argument("--split", default="all")
    p.add_argument("--instances", type=int, default=1)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--host", default="native")
    p.add_argument("--conditions", default="", help="comma-separated (default: every condition)")
    p.add_argument("--max-steps", type=int, default=0,
                   help="step cap per episode (0: each template's budget); a policy trained with "
                        "max_steps=8 is evaluated as its training evaluations are, with 8")
    p.add_argument("--concurrency", type=int, default=1,
                   help="episodes in flight at once (phonegym eval --concurrency; one core each)")
    p.add_argument("--runs", default="/tmp/bench-robustness", help="where the evaluations write")
    p.add_argument("--results", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "results"))
    args = p.parse_args()
    started = datetime.datetime.now()
    entry = {"started": started.isoformat(timespec="seconds"), "machine": machine(), "host": args.host,
             "split": args.split, "instances": args.instances, "seed": args.seed,
             "max_steps": args.max_steps or "the template's budget", "concurrency": args.concurrency, "agents": []}
    for i, agent in enumerate(args.agent):
        out = os.path.join(args.runs, f"{started:%Y%m%d-%H%M%S}-{i}")
        r = run(args.phonegym, agent, args, out)
        entry["agents"].append(r)
        print(f"\n{agent}  ({r['episodes_per_condition']} episodes per condition, {r['wall_s']} s)")
        print(f"{'condition':<10} {'SR':>6} {'95% CI':>14} {'kept':>6} {'95% CI':>14}")
        rob = r["robustness"]
        for c in rob["order"]:
            m = rob["conditions"][c]
            ci = lambda v: "-" if v is None else f"[{100 * v[0]:.0f}, {100 * v[1]:.0f}]"  # noqa: E731
            kept = "-" if m["kept"] is None else f"{100 * m['kept']:.0f}%"
            print(f"{c:<10} {100 * m['sr']:>5.0f}% {ci(m['sr_ci']):>14} {kept:>6} {ci(m['kept_ci']):>14}")
    path = os.path.join(args.results, f"robustness-{started:%Y-%m-%d}.json")
    doc = {"benchmark": "robustness", "date": f"{started:%Y-%m-%d}", "entries": []}
    if os.path.exists(path):
        with open(path) as f:
            doc = json.load(f)
    doc["entries"].append(entry)
    with open(path, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    print(f"\nrecorded in {path}")


if __name__ == "__main__":
    main()
