"""Shared helpers of the MCP server tests: real servers in subprocesses, oracle scripts played through the gym."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import gymnasium as gym
import pytest

from envfactory_gym.agents.oracle import OracleAgent

ENV_ID = "EnvFactory/retail-v0"

if importlib.util.find_spec("mcp") is None:  # the `mcp` extra is not installed: nothing here can run
    collect_ignore_glob = ["test_*.py"]


@dataclass
class Script:
    """The oracle's actions on one task and seed, with the gym's answer to each and the final reward."""

    task_id: str
    seed: int
    actions: list[Any]
    answers: list[str]
    reward: float
    components: dict[str, Any]


def gym_script(task_id: str, seed: int = 0, env_id: str = ENV_ID) -> Script:
    env = gym.make(env_id)
    try:
        obs, info = env.reset(seed=seed, options={"task_id": task_id})
        agent = OracleAgent()
        agent.reset(env, obs, info)
        actions, answers = [], []
        while True:
            action = agent.act(obs, info)
            before = len(obs)
            obs, reward, terminated, truncated, info = env.step(action)
            actions.append(action)
            answers.append("\n".join(m["content"] for m in obs[before + 1:] if m["role"] in ("tool", "user")))
            if terminated or truncated:
                return Script(task_id, seed, actions, answers, float(reward), dict(info["reward_components"]))
    finally:
        env.close()


async def play(client: Any, script: Script) -> tuple[list[str], dict[str, Any]]:
    """Play ``script`` over an MCP client session; the text of each answer and episode_finish's result."""
    start = await client.call_tool("episode_start", {"task_id": script.task_id, "seed": script.seed})
    assert not start.is_error, start.content[0].text
    answers = []
    for action in script.actions:
        if isinstance(action, str):
            result = await client.call_tool("episode_say", {"message": action})
        else:
            result = await client.call_tool(action["name"], action["arguments"])
        answers.append(result.content[0].text)
    final = await client.call_tool("episode_finish", {})
    assert not final.is_error, final.content[0].text
    return answers, final.structured_content


def start_server(*args: str) -> tuple[subprocess.Popen, str]:
    """``python -m envfactory_gym.serve retail-v0 --transport http --port 0 ARGS``; the process and its URL."""
    cmd = [sys.executable, "-m", "envfactory_gym.serve", ENV_ID, "--transport", "http", "--port", "0", *args]
    proc = subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True)
    line = proc.stderr.readline()
    match = re.search(r"(http://\S+/mcp)", line)
    if match is None:
        proc.kill()
        raise AssertionError(f"server did not start: {line}{proc.stderr.read()[-2000:]}")
    threading.Thread(target=proc.stderr.read, daemon=True).start()
    return proc, match.group(1)


def stop_server(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


@pytest.fixture(scope="module")
def http_url() -> Iterator[str]:
    proc, url = start_server()
    yield url
    stop_server(proc)
