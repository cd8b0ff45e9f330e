"""SFT and RL exports of a task set: oracle conversations in the OpenAI chat format, and prompts with gold calls."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import gymnasium as gym

from envfactory_gym.agents.oracle import OracleAgent
from envfactory_gym.conversation import conversation_env
from envfactory_gym.runner import run_episode
from envfactory_gym.tasks import atomic_write_text


def sft_records(env_id: str, tasks_file: str | os.PathLike[str], prompt: str = "full",
                plan: bool = False) -> list[dict[str, Any]]:
    """One ``{"messages", "tools"}`` record per task, from an oracle episode played through ``gym.make``.

    ``prompt`` picks the env's system prompt (``"compact"`` for small context budgets): train with the one
    the policy will be evaluated with. ``plan`` makes the oracle name its tool chain in its first turn
    (:class:`~envfactory_gym.agents.oracle.OracleAgent`).
    """
    env = gym.make(env_id, tasks=str(tasks_file), prompt=prompt)
    try:
        u = conversation_env(env)
        records = []
        for i in range(len(u.tasks)):
            result = run_episode(env, OracleAgent(plan=plan), seed=i, options={"task_index": i}, keep_messages=True)
            records.append({"messages": [_clean(m) for m in result.messages], "tools": u.tool_schemas,
                            "env": env_id, "task_id": result.task_id, "reward": result.reward})
        return records
    finally:
        env.close()


def rl_records(env_id: str, tasks_file: str | os.PathLike[str], prompt: str = "full") -> list[dict[str, Any]]:
    """One prompt record per task: the system and opening user messages, and the gold calls."""
    env = gym.make(env_id, tasks=str(tasks_file), prompt=prompt)
    try:
        u = conversation_env(env)
        records = []
        for task in u.tasks:
            obs, _ = env.reset(seed=0, options={"task_id": task.id})
            records.append({"prompt": [dict(m) for m in obs[:2]], "task_id": task.id,
                            "gold_calls": [c.model_dump() for c in task.gold_calls], "env_id": env_id,
                            "tasks_file": str(tasks_file)})
        return records
    finally:
        env.close()


def write_jsonl(path: str | os.PathLike[str], records: list[dict[str, Any]]) -> None:
    """Write records as JSONL atomically."""
    atomic_write_text(Path(path), "".join(json.dumps(r, ensure_ascii=False, default=str) + "\n" for r in records))


def export_sft(env_id: str, tasks_file: str | os.PathLike[str], out: str | os.PathLike[str],
               prompt: str = "full", plan: bool = False) -> int:
    """Write the SFT file; return the number of records."""
    records = sft_records(env_id, tasks_file, prompt, plan)
    write_jsonl(out, records)
    return len(records)


def export_rl(env_id: str, tasks_file: str | os.PathLike[str], out: str | os.PathLike[str],
              prompt: str = "full") -> int:
    """Write the RL prompt file; return the number of records."""
    records = rl_records(env_id, tasks_file, prompt)
    write_jsonl(out, records)
    return len(records)


def _clean(message: dict[str, Any]) -> dict[str, Any]:
    m = dict(message)
    if m.get("role") == "assistant" and m.get("tool_calls") and not m.get("content"):
        m["content"] = None
    return m
