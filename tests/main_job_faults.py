#!/usr/bin/python3
"""Faults where the user meets them: `phonegym train` and `phonegym eval` lose their browser.

Runs the same command twice, once clean and once with a fault injected from outside (the browser
killed by its pid, or its tab hung by stopping the renderer processes), and checks that the faulty
run finishes with every episode, counts at least one host restart, and ends with exactly the
results of the clean run (metrics.jsonl and checkpoint.pt for train; results.json and
trajectories.jsonl for eval), wall times aside.

usage: main_job_faults.py PHONEGYM {train-kill|eval-kill|eval-hang} WORKDIR
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import time

# Wall-clock fields and the restart counter itself: the only things a fault may change.
VOLATILE = {"seconds", "rollout_s", "steps_per_s", "host_restarts", "latency_ms", "ms"}

TRAIN = ["train", "--iterations", "3", "--set", "groups=2", "--set", "group_size=2", "--set", "bc_instances=1",
         "--set", "bc_updates=2", "--set", "eval_instances=1", "--set", "max_difficulty=L1", "--set", "max_steps=3",
         "--set", "threads=1"]
EVAL = ["eval", "--agent", "random", "--split", "train", "--instances", "1"]


def children(pid):
    """Every descendant pid of `pid` (from /proc)."""
    kids = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        kids.setdefault(ppid, []).append(int(d))
    out, todo = [], [pid]
    while todo:
        for c in kids.get(todo.pop(), []):
            out.append(c)
            todo.append(c)
    return out


def cmdline(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def browser_pids(pid):
    """(main browser processes, renderer processes) started by `pid`."""
    procs = [c for c in children(pid) if "chrom" in cmdline(c)]
    mains = [c for c in procs if "--type=" not in cmdline(c)]
    renderers = [c for c in procs if "--type=renderer" in cmdline(c)]
    return mains, renderers


def lines(path):
    try:
        with open(path) as f:
            return [l for l in f.read().splitlines() if l.strip()]
    except OSError:
        return []


def strip(v):
    if isinstance(v, dict):
        return {k: strip(x) for k, x in v.items() if k not in VOLATILE}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v


def hang_report(p, out):
    """What a run that did not finish was doing: its log's tail, its process tree (state and command
    line of each) and, where gdb is installed, every thread's stack."""
    parts = ["--- the last 40 lines of " + out + ".log:"] + lines(out + ".log")[-40:]
    parts.append("--- processes (pid, state, command line):")
    for pid in [p.pid] + children(p.pid):
        try:
            with open(f"/proc/{pid}/stat") as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            state = "?"
        parts.append(f"{pid} {state} {cmdline(pid)[:160]}")
    if shutil.which("gdb"):
        bt = subprocess.run(["gdb", "-p", str(p.pid), "-batch", "-ex", "thread apply all bt 30"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=120).stdout
        parts.append("--- gdb, every thread of phonegym:")
        parts += [l for l in bt.splitlines() if l.startswith(("#", "Thread"))]
    return "\n".join(parts)


def run(phonegym, args, out, env, fault=None):
    """Runs `phonegym args --out out`; `fault(proc)` is polled until it returns True."""
    shutil.rmtree(out, ignore_errors=True)
    log = open(out + ".log", "w")
    p = subprocess.Popen([phonegym] + args + ["--out", out], stdout=log, stderr=subprocess.STDOUT, env=env)
    injected = fault is None
    deadline = time.time() + 900
    while p.poll() is None:
        if not injected:
            injected = fault(p)
        if time.time() > deadline:
            report = hang_report(p, out)
            p.kill()
            sys.exit(f"FAIL: {' '.join(args)} did not finish in 900 s (log {out}.log)\n{report}")
        time.sleep(0.05)
    log.close()
    if p.returncode != 0:
        sys.exit(f"FAIL: {' '.join(args)} exited {p.returncode}:\n" + open(out + ".log").read()[-3000:])
    if not injected:
        sys.exit(f"FAIL: the run ended before the fault could be injected (log {out}.log)")
    return open(out + ".log").read()


def after(path, n_lines, what, key=None):
    """A fault: once `path` has `n_lines` lines (with `key` in them, if given), "kill" SIGKILLs the
    browser, "hang" SIGSTOPs its renderers (every page call then hangs)."""
    def fault(p):
        if len([l for l in lines(path) if key is None or key in l]) < n_lines:
            return False
        mains, renderers = browser_pids(p.pid)
        targets, sig = (mains, signal.SIGKILL) if what == "kill" else (renderers, signal.SIGSTOP)
        if not targets:
            return False
        for t in targets:
            os.kill(t, sig)
        print(f"{what}: {targets} after {n_lines} lines of {os.path.basename(path)}", flush=True)
        return True
    return fault


def check_train(phonegym, work, env):
    clean, faulty = os.path.join(work, "train-clean"), os.path.join(work, "train-kill")
    run(phonegym, TRAIN, clean, env)
    run(phonegym, TRAIN, faulty, env, after(os.path.join(faulty, "metrics.jsonl"), 1, "kill", '"phase":"iteration"'))
    a = [json.loads(l) for l in lines(os.path.join(clean, "metrics.jsonl"))]
    b = [json.loads(l) for l in lines(os.path.join(faulty, "metrics.jsonl"))]
    its = [m for m in b if m.get("phase") == "iteration"]
    assert len(its) == 3, f"expected 3 iterations, got {len(its)}"
    for m in its:  # K = 2 per group; dynamic sampling may roll out more than B = 2 groups
        assert m["episodes"] == 2 * m["groups_sampled"] and m["groups_sampled"] >= 2, \
            f"iteration {m['iteration']}: {m['episodes']} episodes of {m['groups_sampled']} groups, expected K = 2 each"
    restarts = max(m.get("host_restarts", 0) for m in b)
    assert restarts >= 1, "the faulty run counted no host restart"
    assert strip(a) == strip(b), "metrics.jsonl differs from the clean run's:\n" + \
        "\n".join(json.dumps(x) for x in strip(a)) + "\n---\n" + "\n".join(json.dumps(x) for x in strip(b))
    ca = open(os.path.join(clean, "checkpoint.pt"), "rb").read()
    cb = open(os.path.join(faulty, "checkpoint.pt"), "rb").read()
    assert ca == cb, "checkpoint.pt differs from the clean run's"
    print(f"train: {len(its)} iterations, {sum(m['episodes'] for m in its)} episodes, {restarts} host restart(s), "
          "metrics and checkpoint equal")


def check_eval(phonegym, work, env, mode):
    clean, faulty = os.path.join(work, "eval-clean"), os.path.join(work, f"eval-{mode}")
    run(phonegym, EVAL, clean, env)
    traj = os.path.join(faulty, "trajectories.jsonl")
    run(phonegym, EVAL, faulty, env, after(traj, 3, mode))
    ra = json.load(open(os.path.join(clean, "results.json")))
    rb = json.load(open(os.path.join(faulty, "results.json")))
    assert rb.get("host_restarts", 0) >= 1, f"results.json counts {rb.get('host_restarts')} host restarts"
    assert strip(ra) == strip(rb), "results.json differs from the clean run's"
    ta = sorted(json.dumps(strip(json.loads(l)), sort_keys=True) for l in lines(os.path.join(clean, "trajectories.jsonl")))
    tb = sorted(json.dumps(strip(json.loads(l)), sort_keys=True) for l in lines(traj))
    assert len(tb) == ra["episodes"], f"{len(tb)} trajectories for {ra['episodes']} episodes (lost or counted twice)"
    assert ta == tb, "trajectories differ from the clean run's"
    print(f"eval ({mode}): {len(tb)} episodes, {rb['host_restarts']} host restart(s), results equal")


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    phonegym, mode, work = sys.argv[1:]
    os.makedirs(work, exist_ok=True)
    env = dict(os.environ)
    if mode == "eval-hang":
        env["PHONEGYM_CALL_TIMEOUT_MS"] = "4000"  # a hung page call recycles the browser after 4 s
    if mode == "train-kill":
        check_train(phonegym, work, env)
    elif mode in ("eval-kill", "eval-hang"):
        check_eval(phonegym, work, env, mode.split("-")[1])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
