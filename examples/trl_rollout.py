#!/usr/bin/python3
"""What a TRL GRPOTrainer `rollout_func` needs to train a VLM on PhoneGym through the environment
server (docs/env-server.md; TRL's OpenEnv integration). TRL is not installed here: the episode
logic is `play_episode`, which the tests run against `phonegym serve-env` with a scripted model.

In TRL, `rollout_func(prompts, trainer)` generates completions itself and returns at least
prompt_ids, completion_ids and logprobs; any other key (here env_reward) reaches the reward
functions. A PhoneGym episode is several model turns: each turn's completion is one reply in the
model's native action format (here UI-TARS), stepped as {"text": reply}; the episode's reward
arrives on its last step.
"""
import json

import phonegym


def play_episode(url, task, seed, generate, fmt="uitars", max_turns=15, token=None):
    """One episode on the server: reset, then `generate(observation) -> (reply_text, extra)` per
    turn until done. Returns {"reward", "success", "turns": [(observation, reply, extra)]}."""
    turns = []
    with phonegym.Client(url, token=token) as env:
        r = env.reset(task=task, seed=seed, format=fmt)
        for _ in range(max_turns):
            obs = r["observation"]
            reply, extra = generate(obs)
            turns.append((obs, reply, extra))
            r = env.step(text=reply)
            if r["done"]:
                break
        info = r["observation"]["info"]
        return {"reward": r["reward"] or 0.0, "success": bool(info.get("success")), "turns": turns}


def make_rollout_func(url, task_of_prompt, generate_turn):
    """A TRL rollout_func: each prompt names an instance ("<task> <seed>", say) mapped by
    `task_of_prompt`; `generate_turn(trainer, observation) -> (reply, {"prompt_ids", "completion_ids",
    "logprobs"})` runs the trainer's model on one turn (vLLM in TRL). Multi-turn episodes are
    returned turn by turn, each turn carrying its episode's reward."""

    def rollout_func(prompts, trainer):
        out = {"prompt_ids": [], "completion_ids": [], "logprobs": [], "env_reward": []}
        for p in prompts:
            task, seed = task_of_prompt(p)
            ep = play_episode(url, task, seed, lambda obs: generate_turn(trainer, obs))
            for _, _, extra in ep["turns"]:
                out["prompt_ids"].append(extra["prompt_ids"])
                out["completion_ids"].append(extra["completion_ids"])
                out["logprobs"].append(extra["logprobs"])
                out["env_reward"].append(ep["reward"])
        return out

    return rollout_func


def env_reward(completions, **kwargs):
    """The reward function TRL calls: the environment's reward, as the rollout returned it."""
    return [float(r) for r in kwargs["env_reward"]]


if __name__ == "__main__":
    print(json.dumps({"rollout_func": "make_rollout_func(url, task_of_prompt, generate_turn)",
                      "reward_funcs": "[env_reward]"}))
