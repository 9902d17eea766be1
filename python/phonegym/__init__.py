"""PhoneGym from Python: the in-process vector env and a client for the environment server.

    import phonegym
    envs = phonegym.make(split="train", num_envs=8, size=(270, 600))
    obs, infos = envs.reset(seed=0)            # obs: numpy uint8 [8, 600, 270, 3]
    obs, reward, terminated, truncated, infos = envs.step([{"type": "home"}] * 8)

Actions are unified actions (docs/actions.md) as dicts or JSON strings. Episodes are PhoneGym's
episode env (budgets, judges, rewards); an env whose episode ended starts a new instance at its
next step (Gymnasium 1.x next-step autoreset: that action is ignored, infos[i]["autoreset"]).
`phonegym.Client(url)` drives `phonegym serve-env` over WebSocket (docs/env-server.md).
Needs only the standard library and numpy (and python3-websockets for Client).
"""
import json
import os

import numpy as np

from . import _phonegym

__all__ = ["make", "make_env", "VectorEnv", "PhoneEnv", "Client", "TaskError"]
__version__ = "0.2.0"

TaskError = _phonegym.TaskError


def _action_text(a):
    if isinstance(a, str):
        return a
    if isinstance(a, dict):
        return json.dumps(a)
    raise TypeError("an action is a dict or a JSON string (docs/actions.md), got %r" % (a,))


class VectorEnv:
    """N phones stepped together (phonegym.make builds one)."""

    metadata = {"render_modes": []}

    def __init__(self, split="train", num_envs=1, size=(270, 600), tasks=None, seed=0, step_budget=0, tasks_dir=None,
                 perturb="nominal"):
        width, height = size
        self._env = _phonegym.NativeVecEnv(tasks_dir or os.environ.get("PHONEGYM_TASKS", _phonegym.TASKS_DIR), split,
                                           list(tasks or []), int(num_envs), int(width), int(height), int(seed),
                                           int(step_budget), str(perturb))
        self._pending = None

    @property
    def num_envs(self):
        return self._env.num_envs

    @property
    def observation_shape(self):
        """(H, W, 3) of one env's observation."""
        return (self._env.height, self._env.width, 3)

    def reset(self, seed=None, options=None):
        """Every env to a new instance. Returns (obs [N, H, W, 3] uint8, infos: list of dicts)."""
        obs, _, _, _, infos = self._env.reset(seed)
        return obs, json.loads(infos)

    def step(self, actions):
        """One action per env. Returns (obs, reward [N] float32, terminated [N], truncated [N], infos)."""
        if len(actions) != self.num_envs:
            raise ValueError("%d actions for %d envs" % (len(actions), self.num_envs))
        obs, reward, terminated, truncated, infos = self._env.step([_action_text(a) for a in actions])
        return obs, reward, terminated, truncated, json.loads(infos)

    def send(self, actions, env_ids=None):
        """EnvPool-style half step: queue actions (all envs; env_ids, when given, must be all of them in order)."""
        if env_ids is not None and list(env_ids) != list(range(self.num_envs)):
            raise ValueError("send: this vector env steps all its envs together; env_ids must be 0..N-1")
        if self._pending is not None:
            raise RuntimeError("send: the previous send has not been received")
        self._pending = self.step(actions)

    def recv(self):
        """The results of the last send(), as step() returns them, plus env_ids."""
        if self._pending is None:
            raise RuntimeError("recv: nothing was sent")
        out, self._pending = self._pending, None
        return out + (np.arange(self.num_envs),)

    def fork(self, env_ids, k):
        """Appends k copies of each env in env_ids (same state, same episode so far: a GRPO group);
        returns the new envs' indices."""
        return self._env.fork(list(env_ids), int(k))

    def close(self):
        self._env = None


def make(split="train", num_envs=1, size=(270, 600), tasks=None, seed=0, step_budget=0, tasks_dir=None, perturb="nominal"):
    """A VectorEnv of `num_envs` native phones drawing instances of `tasks` (template ids) or of
    `split` ("train", "test", "all"); observations are RGB at `size` = (width, height), a size that
    divides 1080x2400 by one integer (270x600, 540x1200, ...). `perturb`: perturbation specs separated
    by ';', one drawn per episode (domain randomization: "nominal", "popup", "drop", "mixed", ...;
    docs/real-device.md)."""
    return VectorEnv(split=split, num_envs=num_envs, size=size, tasks=tasks, seed=seed, step_budget=step_budget, perturb=perturb,
                     tasks_dir=tasks_dir)


try:  # Gymnasium is optional (not in Debian): with it, PhoneEnv is a gymnasium.Env with spaces.
    import gymnasium as _gym
except ImportError:  # pragma: no cover - depends on the user's machine
    _gym = None


class PhoneEnv(_gym.Env if _gym else object):
    """One phone as a single (non-vector) Gymnasium-style env: reset(seed, options) -> (obs, info),
    step(action) -> (obs, reward, terminated, truncated, info), obs uint8 [H, W, 3]. With Gymnasium
    installed it is a gymnasium.Env (observation_space Box(0, 255, (H, W, 3), uint8); action_space
    Text: the unified action as JSON) and follows gymnasium.utils.env_checker's rules: seeded
    resets repeat, infos are dicts, rewards floats, flags bools. Episodes do not reset themselves:
    call reset() after terminated or truncated."""

    metadata = {"render_modes": []}
    render_mode = None

    def __init__(self, split="train", size=(270, 600), tasks=None, step_budget=0, tasks_dir=None):
        self._vec = VectorEnv(split=split, num_envs=1, size=size, tasks=tasks, step_budget=step_budget,
                              tasks_dir=tasks_dir)
        self._done = True
        if _gym:
            h, w, _ = self._vec.observation_shape
            self.observation_space = _gym.spaces.Box(0, 255, (h, w, 3), np.uint8)
            self.action_space = _gym.spaces.Text(max_length=4096)

    def reset(self, seed=None, options=None):
        if _gym:
            super().reset(seed=seed)
        obs, infos = self._vec.reset(seed=seed)
        self._done = False
        return obs[0], infos[0]

    def step(self, action):
        if self._done:
            raise RuntimeError("step() after the episode ended: call reset()")
        obs, reward, terminated, truncated, infos = self._vec.step([action])
        self._done = bool(terminated[0] or truncated[0])
        return obs[0], float(reward[0]), bool(terminated[0]), bool(truncated[0]), infos[0]

    def render(self):
        return None

    def close(self):
        self._vec.close()


def make_env(split="train", size=(270, 600), tasks=None, step_budget=0, tasks_dir=None):
    """A PhoneEnv: one phone, Gymnasium's single-env signatures."""
    return PhoneEnv(split=split, size=size, tasks=tasks, step_budget=step_budget, tasks_dir=tasks_dir)


class Client:
    """A session on `phonegym serve-env` (docs/env-server.md), synchronous:

        with phonegym.Client("ws://127.0.0.1:8000") as c:
            r = c.reset(task="clock.add_alarm", seed=0)
            r = c.step({"type": "click", "x": 375, "y": 499})
    Each call returns the reply's data; an error reply raises RuntimeError with its code and message.
    """

    def __init__(self, url, token=None):
        import asyncio
        import websockets  # python3-websockets
        self._loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self._loop)  # websockets 10 binds to the current loop
        base = url.rstrip("/")
        if base.startswith("http"):
            base = "ws" + base[4:]
        if not base.endswith("/ws") and "/ws?" not in base:
            base += "/ws"
        if token:
            base += ("&" if "?" in base else "?") + "token=" + token
        self._ws = self._loop.run_until_complete(websockets.connect(base, max_size=None))

    def _call(self, type_, data=None):
        msg = {"type": type_}
        if data is not None:
            msg["data"] = data
        self._loop.run_until_complete(self._ws.send(json.dumps(msg)))
        reply = json.loads(self._loop.run_until_complete(self._ws.recv()))
        if reply["type"] == "error":
            raise RuntimeError("%s: %s" % (reply["data"].get("code"), reply["data"].get("message")))
        return reply["data"]

    def reset(self, **data):
        return self._call("reset", data)

    def step(self, action=None, text=None):
        return self._call("step", {"text": text} if text is not None else action)

    def state(self):
        return self._call("state")

    def fork(self, k):
        return self._call("fork", {"k": k})["sessions"]

    def batch(self, steps):
        return self._call("batch", {"steps": steps})["results"]

    def judge(self):
        return self._call("judge")

    def close(self):
        if self._ws is not None:
            self._loop.run_until_complete(self._ws.send(json.dumps({"type": "close"})))
            self._loop.run_until_complete(self._ws.close())
            self._ws = None
            self._loop.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
