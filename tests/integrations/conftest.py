"""Shared pieces of the trainer-adapter tests: catalog envs, reference episodes played on gym.make, a chat tokenizer."""

from __future__ import annotations

import json
from typing import Any

import gymnasium as gym
import pytest

import envfactory_gym
from envfactory_gym.agents.oracle import OracleAgent

#: Two catalog environments: the acceptance runs on retail, the mixed dataset on both.
RETAIL = "EnvFactory/retail-v0"
BANKING = "EnvFactory/banking-v0"
CATALOG = (RETAIL, BANKING)


@pytest.fixture(scope="session", autouse=True)
def catalog() -> tuple[str, ...]:
    """The catalog envs, registered (an author's checkout mid-edit has them unverified: load them as authors do)."""
    from envfactory_gym.registration import shipped_envs_dir

    for env_id in CATALOG:
        if env_id not in envfactory_gym.registered_env_ids():
            name = env_id.split("/")[1].rsplit("-v", 1)[0]
            envfactory_gym.register_env_dir(shipped_envs_dir() / name, allow_unverified=True)
    return CATALOG


def first_task(env_id: str) -> str:
    env = gym.make(env_id)
    try:
        return env.unwrapped.tasks[0].id
    finally:
        env.close()


def as_text(action: Any) -> str:
    """An oracle action as the model text a policy would write (Hermes ``<tool_call>`` blocks, or a message)."""
    if isinstance(action, str):
        return action
    if "tool_calls" in action:
        calls = [c.get("function", c) for c in action["tool_calls"]]
        return (action.get("content") or "") + "".join(
            f"<tool_call>{json.dumps({'name': c['name'], 'arguments': c['arguments']})}</tool_call>" for c in calls)
    return f"<tool_call>{json.dumps({'name': action['name'], 'arguments': action['arguments']})}</tool_call>"


class Reference:
    """The oracle's actions for one task, as model text, and the reward and components gym.make gives them."""

    def __init__(self, env_id: str, task_id: str) -> None:
        self.env_id, self.task_id = env_id, task_id
        env = gym.make(env_id)
        try:
            obs, info = env.reset(options={"task_id": task_id})
            agent = OracleAgent()
            agent.reset(env, obs, info)
            self.actions: list[str] = []
            done = False
            while not done:
                text = as_text(agent.act(obs, info))
                self.actions.append(text)
                obs, reward, terminated, truncated, info = env.step(text)  # the same text the adapters get
                done = terminated or truncated
            self.reward = float(reward)
            self.components = dict(info["reward_components"])
        finally:
            env.close()


_refs: dict[tuple[str, str], Reference] = {}


def reference(env_id: str, task_id: str | None = None) -> Reference:
    task_id = task_id or first_task(env_id)
    if (env_id, task_id) not in _refs:
        _refs[env_id, task_id] = Reference(env_id, task_id)
    return _refs[env_id, task_id]


class ChatTokenizer:
    """A ChatML tokenizer stand-in (one id per character; ``<|im_end|>`` is one special id), with
    ``apply_chat_template`` like Hugging Face's: tools go into the system turn, tool results into ``tool`` turns."""

    eos_token = "<|im_end|>"
    eos_token_id = 0x110000

    def apply_chat_template(self, messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None,
                            tokenize: bool = True, add_generation_prompt: bool = False, **_: Any) -> Any:
        text = ""
        for i, m in enumerate(messages):
            content = str(m.get("content") or "")
            if i == 0 and m["role"] == "system" and tools:
                content += "\n<tools>" + json.dumps(tools) + "</tools>"
            text += f"<|im_start|>{m['role']}\n{content}<|im_end|>\n"
        if add_generation_prompt:
            text += "<|im_start|>assistant\n"
        return self.encode(text) if tokenize else text

    def encode(self, text: str, add_special_tokens: bool = False) -> list[int]:
        ids: list[int] = []
        for i, part in enumerate(text.split(self.eos_token)):
            if i:
                ids.append(self.eos_token_id)
            ids += [ord(c) for c in part]
        return ids

    def __call__(self, text: str, add_special_tokens: bool = False, return_tensors: str | None = None) -> Any:
        import torch

        ids = self.encode(text)
        return {"input_ids": torch.tensor([ids]) if return_tensors == "pt" else ids}

    def decode(self, ids: list[int], skip_special_tokens: bool = False) -> str:
        return "".join(chr(i) if i < self.eos_token_id else ("" if skip_special_tokens else self.eos_token)
                       for i in ids)


@pytest.fixture
def tokenizer() -> ChatTokenizer:
    return ChatTokenizer()
