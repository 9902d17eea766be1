"""examples/: grpo_tiny learns; the TRL and verl episode code runs against the server with a
scripted model (TRL and verl are not installed here: the protocol calls are the same)."""
import asyncio
import json
import os
import re
import subprocess
import sys
import tempfile

import pytest

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "examples"))
import trl_rollout  # noqa: E402
import verl_agent_loop  # noqa: E402

TASK = "clock.add_alarm"


def scripted_replies(instruction):
    """A scripted 'model': UI-TARS replies that solve clock.add_alarm, read from the instruction."""
    time = re.search(r"\d{1,2}:\d{2}", instruction).group(0)
    return ["Thought: open Clock.\nAction: click(start_box='(375,499)')",
            "Thought: add an alarm.\nAction: click(start_box='(500,785)')",
            "Thought: the time field.\nAction: click(start_box='(500,190)')",
            "Thought: type it.\nAction: type(content='%s')" % time,
            "Thought: save.\nAction: click(start_box='(811,395)')",
            "Thought: done.\nAction: finished(content='')"]


@pytest.fixture(scope="module")
def server():
    p = subprocess.Popen([os.environ.get("PHONEGYM_BIN", "phonegym"), "serve-env", "--host", "native", "--port", "0"],
                         stdout=subprocess.PIPE, text=True)
    url = p.stdout.readline().split("server: ")[1].split(" ")[0]
    yield url
    p.terminate()
    p.wait(timeout=30)


def test_trl_rollout_func_plays_episodes_and_returns_env_rewards(server):
    def generate_turn(trainer, obs):
        assert trainer == "trainer"
        replies = scripted_replies(obs["instruction"])
        reply = replies[obs["step"]]
        return reply, {"prompt_ids": [1, 2], "completion_ids": [3] * len(reply), "logprobs": [-0.1] * len(reply)}

    rollout = trl_rollout.make_rollout_func(server, lambda p: (p.split()[0], int(p.split()[1])), generate_turn)
    out = rollout(["%s 0" % TASK, "%s 1" % TASK], "trainer")
    assert len(out["completion_ids"]) == 12 and out["env_reward"] == [1.0] * 12
    assert trl_rollout.env_reward(["x"] * 12, env_reward=out["env_reward"]) == [1.0] * 12
    # A model that answers garbage ends by the budget with no reward, and no crash.
    ep = trl_rollout.play_episode(server, TASK, 2, lambda obs: ("no idea", None), max_turns=20)
    assert ep["reward"] == 0.0 and not ep["success"] and len(ep["turns"]) == 15


def test_verl_agent_loop_runs_an_episode(server):
    async def generate(obs):
        reply = scripted_replies(obs["instruction"])[obs["step"]]
        return reply, list(range(len(reply)))

    loop = verl_agent_loop.PhoneGymAgentLoop(server)
    async def all_of():
        return await asyncio.gather(*[loop.run_episode(TASK, s, generate) for s in range(4)])

    results = asyncio.run(all_of())
    assert all(r["reward"] == 1.0 and r["success"] for r in results)
    assert all(len(r["response_ids"]) == len(r["response_mask"]) > 0 for r in results)


def test_grpo_tiny_raises_its_success_rate():
    out = os.path.join(tempfile.mkdtemp(prefix="pg_grpo_tiny_"), "result.json")
    subprocess.run([sys.executable, os.path.join(ROOT, "examples", "grpo_tiny.py"), "--iterations", "20", "--seed", "0",
                    "--json", out], check=True, stdout=subprocess.DEVNULL)
    r = json.load(open(out))
    h = r["train_success_rate"]
    assert sum(h[-5:]) / 5 > sum(h[:5]) / 5 + 0.1, h
    assert r["eval_trained"] >= r["eval_untrained"] + 0.2, r
