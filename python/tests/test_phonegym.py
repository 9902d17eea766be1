"""The phonegym Python package: the in-process vector env and the server client (docs/python.md)."""
import os
import re
import subprocess

import numpy as np
import pytest

import phonegym

CLOCK = "clock.add_alarm"
# Where the oracle taps for clock.add_alarm on a fresh phone (0..1000): Clock on the home screen,
# the add button, the time field; then the text; then Save.
OPEN_CLOCK, ADD, TIME_FIELD, SAVE = (375, 499), (500, 785), (500, 190), (811, 395)


def click(p):
    return {"type": "click", "x": p[0], "y": p[1]}


def solve_clock(instruction):
    """The actions that solve a clock.add_alarm instance, read from its instruction as an agent would."""
    time = re.search(r"\d{1,2}:\d{2}", instruction).group(0)
    return [click(OPEN_CLOCK), click(ADD), click(TIME_FIELD), {"type": "type", "text": time}, click(SAVE),
            {"type": "complete"}]


def test_reset_gives_pixels_and_instances():
    envs = phonegym.make(split="train", num_envs=3, size=(270, 600), seed=0)
    obs, infos = envs.reset(seed=7)
    assert obs.shape == (3, 600, 270, 3) and obs.dtype == np.uint8
    assert envs.observation_shape == (600, 270, 3)
    assert len(infos) == 3 and all(i["instruction"] and i["step"] == 0 for i in infos)
    assert obs.std() > 10  # a drawn home screen, not a blank frame
    # The same seed gives the same instances and pixels; another seed other instances.
    obs2, infos2 = envs.reset(seed=7)
    assert np.array_equal(obs, obs2) and infos == infos2
    _, infos3 = envs.reset(seed=8)
    assert [i["task"] + str(i["seed"]) for i in infos3] != [i["task"] + str(i["seed"]) for i in infos]


def test_an_agent_solves_a_task_and_the_env_resets_itself():
    envs = phonegym.make(tasks=[CLOCK], num_envs=2, seed=3)
    obs, infos = envs.reset()
    plans = [solve_clock(i["instruction"]) for i in infos]
    for t in range(len(plans[0])):
        obs, reward, terminated, truncated, infos = envs.step([p[t] for p in plans])
        last = t == len(plans[0]) - 1
        assert list(terminated) == [last, last] and not truncated.any()
    assert list(reward) == [1.0, 1.0]
    assert all(i["success"] and i["verdict"]["success"] for i in infos)
    # Next-step autoreset: the following action is ignored and a new instance begins.
    obs, reward, terminated, truncated, infos = envs.step([{"type": "home"}] * 2)
    assert all(i["autoreset"] and i["step"] == 0 for i in infos) and not reward.any()


def test_budget_truncates_and_false_completion_earns_nothing():
    envs = phonegym.make(tasks=[CLOCK], num_envs=1, step_budget=2)
    envs.reset(seed=0)
    _, _, terminated, truncated, _ = envs.step([{"type": "home"}])
    assert not terminated[0] and not truncated[0]
    _, reward, terminated, truncated, _ = envs.step([{"type": "home"}])
    assert truncated[0] and not terminated[0] and reward[0] == 0.0
    envs.step([{"type": "home"}])  # autoreset
    _, reward, terminated, _, infos = envs.step(['{"type": "complete"}'])
    assert terminated[0] and reward[0] == 0.0 and not infos[0]["success"]


def test_perturbations_randomize_episodes_and_bad_specs_are_refused():
    # Heads-up banners after every step on an app: the banner shows in the pixels and in info.
    plain = phonegym.make(tasks=[CLOCK], num_envs=1, seed=3)
    noisy = phonegym.make(tasks=[CLOCK], num_envs=1, seed=3, perturb="heads_up=1")
    plain.reset()
    noisy.reset()
    obs_plain, _, _, _, _ = plain.step([click(OPEN_CLOCK)])
    obs_noisy, _, _, _, infos = noisy.step([click(OPEN_CLOCK)])
    assert infos[0]["result"]["info"]["perturbations"] == ["heads_up"]
    top = slice(24, 81)  # rows of the banner at 270x600 (dp 32..108 at 0.75 rows per dp)
    changed = (np.abs(obs_plain[0, top].astype(int) - obs_noisy[0, top].astype(int)).max(axis=2) > 40).sum()
    assert changed > 200, changed  # the banner's icon and text
    with pytest.raises(ValueError, match='unknown condition "popups"'):
        phonegym.make(tasks=[CLOCK], perturb="nominal;popups")


def test_fork_makes_identical_groups():
    envs = phonegym.make(tasks=[CLOCK], num_envs=2, seed=5)
    obs, infos = envs.reset()
    envs.step([click(OPEN_CLOCK)] * 2)
    new = envs.fork([0], 3)
    assert new == [2, 3, 4] and envs.num_envs == 5
    obs, _, _, _, infos = envs.step([click(ADD)] * 5)
    for j in new:
        assert np.array_equal(obs[j], obs[0]) and infos[j]["instruction"] == infos[0]["instruction"]
        assert infos[j]["step"] == infos[0]["step"] == 2


def test_send_recv_and_bad_input():
    envs = phonegym.make(split="test", num_envs=2)
    envs.reset(seed=0)
    envs.send([{"type": "home"}] * 2)
    obs, reward, terminated, truncated, infos, ids = envs.recv()
    assert list(ids) == [0, 1] and obs.shape[0] == 2
    with pytest.raises(ValueError, match="action 1: .*teleport"):
        envs.step([{"type": "home"}, {"type": "teleport"}])
    with pytest.raises(ValueError, match="3 actions for 2 envs"):
        envs.step([{"type": "home"}] * 3)
    with pytest.raises(ValueError, match='unknown task "clock.nope"'):
        phonegym.make(tasks=["clock.nope"])
    with pytest.raises(ValueError, match="unknown split"):
        phonegym.make(split="holdout")


def test_client_drives_the_environment_server():
    binary = os.environ.get("PHONEGYM_BIN", "phonegym")
    p = subprocess.Popen([binary, "serve-env", "--host", "native", "--port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        url = p.stdout.readline().split("server: ")[1].split(" ")[0]
        with phonegym.Client(url) as c:
            r = c.reset(task=CLOCK, seed=0)
            plan = solve_clock(r["observation"]["instruction"])
            for a in plan:
                r = c.step(a)
            assert r["done"] and r["reward"] == 1.0
            with pytest.raises(RuntimeError, match="VALIDATION_ERROR"):
                c.step({"type": "home"})  # the episode is over
            assert c.state()["step_count"] == len(plan)
    finally:
        p.terminate()
        p.wait(timeout=30)


def test_single_env_follows_gymnasiums_env_checker_rules():
    """The rules of gymnasium.utils.env_checker.check_env, checked without Gymnasium (not in
    Debian): reset(seed=, options=) returns (obs, dict); a seeded reset repeats, another seed
    differs; step returns (obs, float, bool, bool, dict); observations keep their dtype and shape."""
    env = phonegym.make_env(tasks=[CLOCK])
    obs, info = env.reset(seed=11, options=None)
    assert isinstance(info, dict) and obs.dtype == np.uint8 and obs.shape == (600, 270, 3)
    obs_again, info_again = env.reset(seed=11)
    assert np.array_equal(obs, obs_again) and info == info_again
    _, info_other = env.reset(seed=12)
    assert info_other["instruction"] != info["instruction"] or info_other["seed"] != info["seed"]
    env.reset(seed=11)
    for a in solve_clock(info["instruction"]):
        out = env.step(a)
        assert len(out) == 5
        obs, reward, terminated, truncated, info_step = out
        assert isinstance(reward, float) and isinstance(terminated, bool) and isinstance(truncated, bool)
        assert isinstance(info_step, dict) and obs.shape == (600, 270, 3) and obs.dtype == np.uint8
    assert terminated and reward == 1.0
    with pytest.raises(RuntimeError, match="call reset"):
        env.step({"type": "home"})
    env.close()
