#!/usr/bin/python3
"""What a verl AgentLoop needs to train a VLM on PhoneGym through the environment server
(docs/env-server.md). verl is not installed here: the loop's core is `PhoneGymAgentLoop.run_episode`,
an asyncio coroutine over the WebSocket protocol that the tests run with a scripted model.

In verl, an AgentLoop's `async run(sampling_params, **kwargs)` calls the rollout server
(`self.server_manager.generate`) once per turn and returns an AgentLoopOutput (prompt_ids,
response_ids, response_mask, reward score). Subclass verl's AgentLoopBase, keep `run_episode`,
and pass `generate` as a call into server_manager.
"""
import json

import websockets


class PhoneGymAgentLoop:
    def __init__(self, url, fmt="uitars", max_turns=15, token=None):
        self.url = url.rstrip("/")
        if self.url.startswith("http"):
            self.url = "ws" + self.url[4:]
        self.url += "/ws" + ("?token=" + token if token else "")
        self.fmt = fmt
        self.max_turns = max_turns

    async def _call(self, ws, type_, data=None):
        await ws.send(json.dumps({"type": type_, "data": data or {}}))
        reply = json.loads(await ws.recv())
        if reply["type"] == "error":
            raise RuntimeError("%s: %s" % (reply["data"]["code"], reply["data"]["message"]))
        return reply["data"]

    async def run_episode(self, task, seed, generate):
        """`await generate(observation) -> (reply, token_ids)` per turn. Returns {"reward",
        "success", "response_ids": all turns' tokens, "response_mask": 1 for model tokens}."""
        response_ids, mask = [], []
        async with websockets.connect(self.url, max_size=None) as ws:
            r = await self._call(ws, "reset", {"task": task, "seed": seed, "format": self.fmt})
            for _ in range(self.max_turns):
                reply, ids = await generate(r["observation"])
                response_ids += ids
                mask += [1] * len(ids)
                r = await self._call(ws, "step", {"text": reply})
                if r["done"]:
                    break
            await ws.send(json.dumps({"type": "close"}))
        return {"reward": r["reward"] or 0.0, "success": bool(r["observation"]["info"].get("success")),
                "response_ids": response_ids, "response_mask": mask}
