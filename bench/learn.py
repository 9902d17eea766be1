#!/usr/bin/env python3
"""Learning benchmark for `phonegym train` (not a test): does GRPO learn more than behaviour cloning?

(a) Task-level GRPO from a BC warm start. The reward comes from the judge only (the default
    reward=progress); no oracle in the loop. For each seed:
      GRPO        the default configuration (plus --extra): BC warm start, then GRPO;
      warm start  that run's evaluation at iteration 0 (the BC policy GRPO starts from);
      BC-matched  the same seed and bc_instances (the same demonstrations, the same oracle budget),
                  iterations=0 and bc_updates scaled so that behaviour cloning runs about as long
                  as the whole GRPO run did: round(bc_updates * grpo_wall_s / bc_seconds).
    Every SR is greedy, on held-out instances of the train templates (disjoint from every instance
    trained on) and on the test templates (unseen templates), with a Wilson 95% interval over its
    episodes. Gains (GRPO - warm start, GRPO - BC-matched; percentage points) are averaged over
    seeds with a t-interval and two percentile bootstraps (over seeds; over seeds then episodes).
    With 3 seeds the intervals are wide. The "done when" check is recorded with the results.
(b) Oracle-supervised action-level GRPO on the L1 train templates (no warm start): single actions
    sampled on the oracle's path (Mobile-R1 rewards), then trajectory GRPO from it. Its rewards
    compare each action with the oracle's next step, so it is imitation through GRPO's estimator,
    not task-level RL. Reports the final held-out SR on those templates.
(c) AdaGRPO ablations: for each seed, the default configuration with one change (spa=false,
    adapr=false, fcf=false, dynamic_sampling=false, group_size=32 against the default 8); final
    held-out and test SR and the difference to the default runs (part (a)'s GRPO runs of the same
    invocation, else default runs made here).

Each run's command line, wall time and the machine are recorded in bench/results/learn-<date>.json
(entries accumulate over the day). Run directories go to <--runs>/<start time>/. Usage:

  bench/learn.py --phonegym build/tools/phonegym [--part a,b,c|all] [--seeds 0,1,2] [--host chromium]
                 [--iterations N] [--minutes 30] [--ablations spa,adapr,...] [--extra key=value ...]
"""
import argparse
import datetime
import json
import math
import os
import platform
import random
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
Z95 = 1.959964
T975 = {2: 12.706, 3: 4.303, 4: 3.182, 5: 2.776}  # t_{0.975, n-1} by n; 1.96 otherwise
BOOTSTRAP_RESAMPLES = 10000
ABLATIONS = {  # name -> the --set values that differ from the default configuration
    "spa": ["spa=false"],
    "adapr": ["adapr=false"],
    "fcf": ["fcf=false"],
    "dynamic_sampling": ["dynamic_sampling=false"],
    "group_size32": ["group_size=32"],
}
NOTE = ("with 3 seeds the intervals are wide: the t-interval uses t(0.975, 2) = 4.303, and a bootstrap "
        "over 3 seeds has only 10 distinct resamples of seeds")


# ------------------------------------------------------------------------------ machine and runs
def machine():
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "kernel": platform.release(),
            "python": platform.python_version(), "load_avg_at_start": os.getloadavg()[0]}


def read_metrics(run_dir):
    """(evals, iterations, bc line or None) from a run's metrics.jsonl."""
    evals, its, bc = [], [], None
    with open(os.path.join(run_dir, "metrics.jsonl")) as f:
        for line in f:
            m = json.loads(line)
            ph = m.get("phase", "iteration")
            if ph == "eval":
                evals.append(m)
            elif ph == "iteration":
                its.append(m)
            elif ph == "bc":
                bc = m
    return evals, its, bc


def read_config(run_dir):
    with open(os.path.join(run_dir, "config.json")) as f:
        return json.load(f)


def train(phonegym, out, sets):
    """Runs `phonegym train --out OUT --set ...` (log: OUT.log); returns a record of the run."""
    cmd = [phonegym, "train", "--out", out]
    for s in sets:
        cmd += ["--set", s]
    log = out + ".log"
    print(f"  $ {' '.join(cmd)}", flush=True)
    load0, t0 = os.getloadavg()[0], time.time()
    with open(log, "w") as f:
        rc = subprocess.call(cmd, stdout=f, stderr=subprocess.STDOUT)
    wall = time.time() - t0
    if rc != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({rc}); see {log}")
    return {"run_dir": out, "command": " ".join(cmd), "log": log, "wall_s": round(wall, 1),
            "load_avg_start": round(load0, 2), "load_avg_end": round(os.getloadavg()[0], 2)}


# ------------------------------------------------------------------------------ statistics
def wilson(k, n, z=Z95):
    """Wilson score interval of k successes in n trials, as [lo, hi] fractions (None if n == 0)."""
    if not n:
        return None
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def sr_of(ev, name):
    """One evaluation set ('heldout' or 'test') of an eval line: SR, episodes, successes, Wilson 95%."""
    s = ev.get(name) if ev else None
    if not s:
        return None
    n = int(s["episodes"])
    k = int(round(s["sr"] * n))
    return {"sr": s["sr"], "episodes": n, "successes": k, "wilson95": wilson(k, n),
            "sr_by_difficulty": s.get("sr_by_difficulty", {})}


def t_interval(xs):
    """Mean +- t_{0.975, n-1} * sd / sqrt(n) (None with fewer than 2 values)."""
    if len(xs) < 2:
        return None
    m, sd = statistics.mean(xs), statistics.stdev(xs)
    h = T975.get(len(xs), 1.96) * sd / math.sqrt(len(xs))
    return [round(m - h, 2), round(m + h, 2)]


def percentile_interval(values):
    s = sorted(values)
    lo = s[int(round(0.025 * (len(s) - 1)))]
    hi = s[int(round(0.975 * (len(s) - 1)))]
    return [round(lo, 2), round(hi, 2)]


def bootstrap_seeds(gains):
    """Percentile bootstrap of the mean over per-seed gains (resample seeds)."""
    if len(gains) < 2:
        return None
    rng = random.Random(0)
    n = len(gains)
    return percentile_interval([sum(rng.choice(gains) for _ in range(n)) / n for _ in range(BOOTSTRAP_RESAMPLES)])


def _binomial(rng, n, p):
    if p <= 0 or p >= 1:
        return n * (p >= 1)
    return sum(1 for _ in range(n) if rng.random() < p)


def bootstrap_seeds_episodes(pairs):
    """Two-level percentile bootstrap of the mean gain in points: resample seeds, then within each
    seed resample the episodes of both evaluations (unpaired, so conservative: both evaluate the
    same instances). pairs: per seed (successes_a, episodes_a, successes_b, episodes_b), gain a - b."""
    if len(pairs) < 2:
        return None
    rng = random.Random(0)
    n = len(pairs)
    out = []
    for _ in range(BOOTSTRAP_RESAMPLES):
        tot = 0.0
        for _ in range(n):
            ka, na, kb, nb = rng.choice(pairs)
            tot += 100 * (_binomial(rng, na, ka / na) / na - _binomial(rng, nb, kb / nb) / nb)
        out.append(tot / n)
    return percentile_interval(out)


def gain_stats(a_list, b_list):
    """Gain a - b in percentage points over seeds (a_list, b_list: sr_of() per seed; None skipped)."""
    pairs = [(a, b) for a, b in zip(a_list, b_list) if a and b]
    if not pairs:
        return None
    gains = [round(100 * (a["sr"] - b["sr"]), 2) for a, b in pairs]
    return {"per_seed_points": gains, "mean_points": round(statistics.mean(gains), 2),
            "sd_points": round(statistics.stdev(gains), 2) if len(gains) > 1 else None,
            "t95": t_interval(gains),
            "bootstrap95_seeds": bootstrap_seeds(gains),
            "bootstrap95_seeds_episodes": bootstrap_seeds_episodes(
                [(a["successes"], a["episodes"], b["successes"], b["episodes"]) for a, b in pairs])}


def pooled(srs):
    """Mean SR over seeds with a Wilson 95% interval over the seeds' episodes pooled (as if independent)."""
    srs = [s for s in srs if s]
    if not srs:
        return None
    k, n = sum(s["successes"] for s in srs), sum(s["episodes"] for s in srs)
    return {"sr_mean": round(statistics.mean(s["sr"] for s in srs), 4), "seeds": len(srs),
            "episodes_pooled": n, "wilson95_pooled": wilson(k, n)}


# ------------------------------------------------------------------------------ formatting
def fmt_sr(s):
    if not s:
        return "-"
    sr = s.get("sr", s.get("sr_mean"))
    ci = s.get("wilson95", s.get("wilson95_pooled"))
    return f"{100 * sr:5.1f}% [{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]"


def fmt_iv(iv):
    return "-" if not iv else f"[{iv[0]:+.1f}, {iv[1]:+.1f}]"


def fmt_gain(g):
    if not g:
        return "-"
    return (f"{g['mean_points']:+.1f} t95 {fmt_iv(g['t95'])} boot95 seeds {fmt_iv(g['bootstrap95_seeds'])}"
            f" seeds+episodes {fmt_iv(g['bootstrap95_seeds_episodes'])}")


# ------------------------------------------------------------------------------ (a)
def base_sets(args, seed):
    """The default configuration of parts (a) and (c) for a seed (then --extra, then --iterations)."""
    sets = [f"host={args.host}", f"seed={seed}", f"eval_instances={args.eval_instances}", "eval_every=0"]
    sets += args.extra
    if args.iterations is not None:
        sets.append(f"iterations={args.iterations}")
    return sets


def grpo_run(args, out, sets):
    """A GRPO run and what parts (a) and (c) read from it."""
    rec = train(args.phonegym, out, sets)
    evals, its, bc = read_metrics(out)
    cfg = read_config(out)
    first, last = evals[0], evals[-1]
    if first["iteration"] != 0:
        raise SystemExit(f"{out}: the first evaluation is at iteration {first['iteration']}, not 0")
    trained = set(bc["instances"] if bc else [])
    for m in its:
        trained.update(m.get("instances", []))
    rec.update({"iterations": len(its), "bc_seconds": bc["seconds"] if bc else 0.0,
                "bc_updates": cfg.get("bc_updates"), "bc_instances": cfg.get("bc_instances"),
                "bc_demonstrations": bc["demonstrations"] if bc else 0,
                "demonstrated_instances": bc["instances"] if bc else [],
                "heldout_instances_trained_on": len(trained & set(last["heldout"].get("instances", []))),
                "templates_left_out": sorted(last["heldout"].get("templates_left_out", {})),
                "warm_start": {"heldout": sr_of(first, "heldout"), "test": sr_of(first, "test")},
                "final": {"heldout": sr_of(last, "heldout"), "test": sr_of(last, "test")}})
    return rec


def bc_matched_run(args, out, seed, grpo):
    """Behaviour cloning alone (iterations=0) from the same demonstrations, for about GRPO's wall time."""
    scale = grpo["wall_s"] / max(1e-9, grpo["bc_seconds"])
    updates = min(10000000, int(round(grpo["bc_updates"] * scale)))
    sets = base_sets(args, seed) + ["iterations=0", f"bc_updates={updates}"]
    rec = train(args.phonegym, out, sets)
    evals, _, bc = read_metrics(out)
    rec.update({"bc_updates": updates, "bc_updates_scale": round(scale, 3),
                "bc_seconds": bc["seconds"] if bc else 0.0,
                "bc_demonstrations": bc["demonstrations"] if bc else 0,
                "same_demonstrations": bool(bc) and bc["instances"] == grpo["demonstrated_instances"],
                "wall_ratio_to_grpo": round(rec["wall_s"] / max(1e-9, grpo["wall_s"]), 3),
                "final": {"heldout": sr_of(evals[-1], "heldout"), "test": sr_of(evals[-1], "test")}})
    return rec


def slim(rec):
    """A run record without the long instance lists."""
    return {k: v for k, v in rec.items() if k != "demonstrated_instances"}


def summarize_a(res, minutes):
    runs = res["runs"]
    kinds = {"warm_start": lambda r: r["grpo"]["warm_start"], "bc_matched": lambda r: r["bc_matched"]["final"],
             "grpo": lambda r: r["grpo"]["final"]}
    res["mean"] = {k: {s: pooled([f(r)[s] for r in runs]) for s in ("heldout", "test")} for k, f in kinds.items()}
    res["gains"] = {s: {"grpo_minus_warm_start": gain_stats([r["grpo"]["final"][s] for r in runs],
                                                            [r["grpo"]["warm_start"][s] for r in runs]),
                        "grpo_minus_bc_matched": gain_stats([r["grpo"]["final"][s] for r in runs],
                                                            [r["bc_matched"]["final"][s] for r in runs])}
                    for s in ("heldout", "test")}

    def crit(g, aim):
        ok = bool(g and g["t95"] and g["mean_points"] >= aim and g["t95"][0] > 0)
        return {"mean_points": g and g["mean_points"], "t95": g and g["t95"], "met": ok}

    walls = [r["grpo"]["wall_s"] for r in runs]
    dw = {
        "heldout_gain_over_warm_start": dict(aim=">= +10 points, mean of the seeds, t95 excluding 0",
                                             **crit(res["gains"]["heldout"]["grpo_minus_warm_start"], 10)),
        "test_gain_over_warm_start": dict(aim=">= +5 points, mean of the seeds, t95 excluding 0",
                                          **crit(res["gains"]["test"]["grpo_minus_warm_start"], 5)),
        "grpo_run_within_budget": {"aim": f"each seed's GRPO run <= {minutes} min",
                                   "wall_min": [round(w / 60, 1) for w in walls],
                                   "met": bool(walls) and all(w <= 60 * minutes for w in walls)},
        "grpo_beats_bc_matched_heldout": dict(aim="GRPO - BC-matched > 0 on held-out, mean of the seeds, t95 excluding 0",
                                              **crit(res["gains"]["heldout"]["grpo_minus_bc_matched"], 0)),
    }
    dw["all_met"] = all(v["met"] for v in dw.values())
    res["done_when"] = dw
    res["note"] = NOTE


def part_a(args, runs_dir, res, save):
    """Part (a); fills res (saved after each run) and returns it."""
    res.update({"what": "task-level GRPO (reward=progress, judge only) from a BC warm start, against BC "
                        "trained for the same wall time on the same demonstrations",
                "sr": "greedy SR as a fraction; wilson95 over the evaluation's episodes",
                "gains": "percentage points", "runs": []})
    for seed in args.seeds:
        print(f"(a) seed {seed}: GRPO", flush=True)
        g = grpo_run(args, os.path.join(runs_dir, f"a-grpo-seed{seed}"), base_sets(args, seed))
        print(f"(a) seed {seed}: BC-matched ({g['wall_s'] / 60:.1f} min to match)", flush=True)
        b = bc_matched_run(args, os.path.join(runs_dir, f"a-bc-matched-seed{seed}"), seed, g)
        row = {"seed": seed, "grpo": slim(g), "bc_matched": b,
               "gains_points": {s: {"grpo_minus_warm_start": _pts(g["final"][s], g["warm_start"][s]),
                                    "grpo_minus_bc_matched": _pts(g["final"][s], b["final"][s])}
                                for s in ("heldout", "test")}}
        res["runs"].append(row)
        args._a_defaults[seed] = g
        print(f"(a) seed {seed}: held-out warm start {fmt_sr(g['warm_start']['heldout'])}  BC-matched "
              f"{fmt_sr(b['final']['heldout'])}  GRPO {fmt_sr(g['final']['heldout'])}  | test warm start "
              f"{fmt_sr(g['warm_start']['test'])}  BC-matched {fmt_sr(b['final']['test'])}  GRPO "
              f"{fmt_sr(g['final']['test'])}  | GRPO {g['wall_s'] / 60:.1f} min, BC-matched {b['wall_s'] / 60:.1f} min "
              f"({b['bc_updates']} updates)", flush=True)
        summarize_a(res, args.minutes)
        save()
    return res


def _pts(a, b):
    return round(100 * (a["sr"] - b["sr"]), 2) if a and b else None


def print_a(res):
    print("\n(a) task-level GRPO from a BC warm start, "
          f"{len(res['runs'])} seed(s): mean SR [95% Wilson interval over the seeds' pooled episodes]")
    print(f"  {'run':<12} {'held-out SR':<24} {'test (unseen templates) SR':<24}")
    for k, label in (("warm_start", "warm start"), ("bc_matched", "BC-matched"), ("grpo", "GRPO")):
        print(f"  {label:<12} {fmt_sr(res['mean'][k]['heldout']):<24} {fmt_sr(res['mean'][k]['test']):<24}")
    print("  gains in points: mean, t-interval (t95), percentile bootstraps (10,000 resamples) over seeds and over seeds+episodes")
    for k, label in (("grpo_minus_warm_start", "GRPO - warm start"), ("grpo_minus_bc_matched", "GRPO - BC-matched")):
        for s in ("heldout", "test"):
            print(f"  {label:<18} {s:<8} {fmt_gain(res['gains'][s][k])}")
    print(f"  note: {res['note']}")
    for k, v in res["done_when"].items():
        if k != "all_met":
            print(f"  done when: {v['aim']}: {'met' if v['met'] else 'NOT met'}")


# ------------------------------------------------------------------------------ (c)
def part_c(args, runs_dir, res, save):
    """Part (c): each ablation per seed against the default runs (part (a)'s, else run here)."""
    res.update({"what": "AdaGRPO ablations: the default configuration with one change each",
                "diff": "ablated - default, percentage points (negative: the part helps)",
                "ablations": {}, "default_runs": []})
    defaults = {}
    for seed in args.seeds:
        if seed in args._a_defaults:
            defaults[seed] = args._a_defaults[seed]
            res["default_runs"].append({"seed": seed, "from": "part a", "run_dir": defaults[seed]["run_dir"]})
        else:
            print(f"(c) seed {seed}: default", flush=True)
            defaults[seed] = grpo_run(args, os.path.join(runs_dir, f"c-default-seed{seed}"), base_sets(args, seed))
            res["default_runs"].append(dict(slim(defaults[seed]), seed=seed, **{"from": "part c"}))
            save()
    res["default"] = {s: pooled([defaults[seed]["final"][s] for seed in args.seeds]) for s in ("heldout", "test")}
    for name in args.ablations:
        ab = res["ablations"][name] = {"sets": ABLATIONS[name], "runs": []}
        for seed in args.seeds:
            print(f"(c) {name} seed {seed}", flush=True)
            r = grpo_run(args, os.path.join(runs_dir, f"c-{name}-seed{seed}"), base_sets(args, seed) + ABLATIONS[name])
            d = defaults[seed]
            ab["runs"].append(dict(slim(r), seed=seed, diff_points={s: _pts(r["final"][s], d["final"][s])
                                                                    for s in ("heldout", "test")}))
            print(f"(c) {name} seed {seed}: held-out {fmt_sr(r['final']['heldout'])} (default "
                  f"{fmt_sr(d['final']['heldout'])})  test {fmt_sr(r['final']['test'])} (default "
                  f"{fmt_sr(d['final']['test'])})  {r['wall_s'] / 60:.1f} min", flush=True)
            seeds = [x["seed"] for x in ab["runs"]]
            ab["mean"] = {s: pooled([x["final"][s] for x in ab["runs"]]) for s in ("heldout", "test")}
            ab["diff_vs_default"] = {s: gain_stats([x["final"][s] for x in ab["runs"]],
                                                   [defaults[k]["final"][s] for k in seeds])
                                     for s in ("heldout", "test")}
            save()
    res["note"] = NOTE
    return res


def print_c(res):
    print(f"\n(c) AdaGRPO ablations: final SR [95% Wilson, pooled over seeds]; {res['diff']}")
    print(f"  {'run':<18} {'held-out SR':<24} {'test SR':<24}")
    print(f"  {'default':<18} {fmt_sr(res['default']['heldout']):<24} {fmt_sr(res['default']['test']):<24}")
    for name, ab in res["ablations"].items():
        if "mean" not in ab:
            continue
        print(f"  {name + ' off' if name != 'group_size32' else 'group_size=32':<18} "
              f"{fmt_sr(ab['mean']['heldout']):<24} {fmt_sr(ab['mean']['test']):<24}")
        for s in ("heldout", "test"):
            print(f"    diff {s:<8} {fmt_gain(ab['diff_vs_default'][s])}")
    print(f"  note: {res['note']}")


# ------------------------------------------------------------------------------ (b)
def part_b(args, runs_dir, res, save):
    """Part (b), oracle-supervised action-level GRPO then trajectory GRPO, as before (one run)."""
    stage1 = os.path.join(runs_dir, "b-action")
    stage2 = os.path.join(runs_dir, "b-trajectory")
    common = [f"host={args.host}", "max_difficulty=L1", "init=scratch", f"eval_instances={args.eval_instances}"]
    iters = [f"iterations={args.iterations}"] if args.iterations is not None else []
    print("(b) oracle-supervised action-level GRPO (stage 1)", flush=True)
    r1 = train(args.phonegym, stage1, common + ["reward=action", "kl_coef=0"] + args.extra_b1 + iters)
    print("(b) trajectory GRPO from it (stage 2)", flush=True)
    r2 = train(args.phonegym, stage2,
               common + [f"init_from={stage1}/checkpoint.pt", "reward=progress"] + args.extra_b2 + iters)
    e1, its1, _ = read_metrics(stage1)
    e2, _, _ = read_metrics(stage2)
    # Stage 1's sampled step accuracy by template and oracle step over its last 100 iterations.
    acc = {}
    for m in its1[-100:]:
        for g in m.get("groups", []):
            acc.setdefault(f"{g['template']}/{g['step']}", []).append(g["accuracy"])
    step_acc = {k: round(sum(v) / len(v), 3) for k, v in sorted(acc.items())}
    final = e2[-1]["heldout"]
    r1.update({"heldout": sr_of(e1[-1], "heldout"), "test": sr_of(e1[-1], "test")})
    r2.update({"heldout": sr_of(e2[-1], "heldout"), "test": sr_of(e2[-1], "test")})
    wall = r1["wall_s"] + r2["wall_s"]
    res.update({"what": "oracle-supervised action-level GRPO: rewards compare each action with the oracle's next "
                        "step (imitation through GRPO's estimator, not task-level RL), then trajectory GRPO",
                "stages": [r1, r2], "wall_s": round(wall, 1),
                "final_heldout": r2["heldout"], "final_test": r2["test"],
                "final_sr_by_template": final["sr_by_template"],
                "stage1_step_accuracy_last100": step_acc,
                "done_when": f">= 80% held-out SR on the L1 train templates within {args.minutes} min, no warm start",
                "met": bool(final["sr"] >= 0.8 and wall <= 60 * args.minutes)})
    save()
    print(f"(b) oracle-supervised action-level GRPO on L1: held-out SR {fmt_sr(r2['heldout'])} "
          f"in {wall / 60:.1f} min", flush=True)
    return res


# ------------------------------------------------------------------------------ main
def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--phonegym", default=os.path.join(HERE, "..", "build", "tools", "phonegym"))
    ap.add_argument("--part", default="a,b",
                    help="comma-separated parts: a, b, c, or all (= a,b,c); default a,b")
    ap.add_argument("--seeds", default="0,1,2", help="seeds of parts (a) and (c)")
    ap.add_argument("--host", default="chromium")
    ap.add_argument("--iterations", type=int, default=None,
                    help="GRPO iterations of every run of every part (default: each run's own; for short smoke runs)")
    ap.add_argument("--minutes", type=float, default=30,
                    help="time budget per GRPO run in the done-when checks (default 30)")
    ap.add_argument("--ablations", default=",".join(ABLATIONS),
                    help=f"part (c): comma-separated subset of {','.join(ABLATIONS)}")
    ap.add_argument("--eval-instances", type=int, default=3, help="held-out instances per template")
    ap.add_argument("--extra", nargs="*", default=[], help="more --set key=value for parts (a) and (c)")
    # Stage 1: 64 actions per state (cheap: one forward per state, one what-if call per group),
    # std-scaled advantages over the discrete rewards {0, 0.1, 1} (no near-miss credit: it lets one
    # icon's neighbours win), an entropy bonus of 0.05 (with 0.01 the entropy reached 0 sooner:
    # 31-35% held-out natively, against up to 47%), no FCF (an all-zero action group says nothing
    # about the template). lr 1e-3 annealed linearly and step_priority: docs/training.md has the
    # native ablation table behind them.
    ap.add_argument("--extra-b1", nargs="*",
                    default=["iterations=750", "groups=16", "group_size=64", "minibatch=512", "lr=1e-3",
                             "lr_schedule=linear", "step_priority=true", "scale_by_std=true", "entropy_coef=0.05",
                             "action_type_credit=0.1", "action_distance_credit=0", "fcf=false",
                             "eval_every=250"],
                    help="--set key=value for part (b), stage 1 (oracle-supervised action-level)")
    ap.add_argument("--extra-b2", nargs="*", default=["iterations=30", "groups=8", "group_size=8"],
                    help="--set key=value for part (b), stage 2 (trajectory)")
    ap.add_argument("--runs", default="runs/bench-learn",
                    help="where the run directories go (in a subdirectory named by the start time)")
    ap.add_argument("--results", default=os.path.join(HERE, "results"))
    args = ap.parse_args()
    args.seeds = [int(s) for s in args.seeds.split(",") if s]
    parts = {"a", "b", "c"} if args.part == "all" else {p.strip() for p in args.part.split(",") if p.strip()}
    if not parts or parts - {"a", "b", "c"}:
        ap.error(f"--part {args.part}: expected a comma-separated subset of a, b, c, or all")
    args.ablations = [a.strip() for a in args.ablations.split(",") if a.strip()]
    unknown = [a for a in args.ablations if a not in ABLATIONS]
    if unknown:
        ap.error(f"--ablations: unknown {', '.join(unknown)}; known: {', '.join(ABLATIONS)}")
    if args.iterations is not None and args.iterations < 1:
        ap.error("--iterations: at least 1 (the BC-matched baseline sets iterations=0 itself)")
    args._a_defaults = {}  # seed -> part (a)'s GRPO run, reused as part (c)'s default

    started = datetime.datetime.now()
    runs_dir = os.path.join(args.runs, started.strftime("%Y%m%d-%H%M%S"))
    os.makedirs(runs_dir, exist_ok=True)
    os.makedirs(args.results, exist_ok=True)
    date = started.date().isoformat()
    path = os.path.join(args.results, f"learn-{date}.json")
    doc = {"benchmark": "learn", "date": date, "entries": []}
    if os.path.exists(path):
        with open(path) as f:
            doc = json.load(f)
    entry = {"started": started.isoformat(timespec="seconds"), "machine": machine(), "host": args.host,
             "part": ",".join(sorted(parts)), "seeds": args.seeds, "iterations_override": args.iterations,
             "eval_instances": args.eval_instances, "extra": args.extra, "runs_dir": runs_dir,
             "argv": sys.argv[1:]}
    doc["entries"].append(entry)

    def save():  # after each run, so a benchmark stopped later still leaves what it measured
        entry["wall_s"] = round((datetime.datetime.now() - started).total_seconds(), 1)
        tmp = path + ".tmp"
        with open(tmp, "w") as f:
            json.dump(doc, f, indent=2)
            f.write("\n")
        os.replace(tmp, path)

    save()
    if "a" in parts:
        part_a(args, runs_dir, entry.setdefault("a_task_level_grpo_from_bc", {}), save)
    if "b" in parts:
        part_b(args, runs_dir, entry.setdefault("b_oracle_supervised_action_grpo_l1", {}), save)
    if "c" in parts:
        part_c(args, runs_dir, entry.setdefault("c_adagrpo_ablations", {}), save)
    if "a" in parts:
        print_a(entry["a_task_level_grpo_from_bc"])
    if "c" in parts:
        print_c(entry["c_adagrpo_ablations"])
    print(f"results: {path}")


if __name__ == "__main__":
    sys.exit(main())
