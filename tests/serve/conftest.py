"""Shared helpers of the MCP server tests: real servers in subprocesses, oracle scripts played through the gym."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from envfactory_gym.serve.script import EpisodeScript, oracle_script

ENV_ID = "EnvFactory/retail-v0"

if importlib.util.find_spec("mcp") is None:  # the `mcp` extra is not installed: nothing here can run
    collect_ignore_glob = ["test_*.py"]


def gym_script(task_id: str, seed: int = 0, env_id: str = ENV_ID) -> EpisodeScript:
    return oracle_script(env_id, task_id, seed)


async def play(client: Any, script: EpisodeScript) -> tuple[list[str], dict[str, Any]]:
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
