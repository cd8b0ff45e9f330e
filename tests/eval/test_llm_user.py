"""``eval --agent openai --user llm``: the agent and the simulated user both played by a local chat server."""

from __future__ import annotations

import json

from envfactory_gym.eval.cli import main
from envfactory_gym.testing.replay_server import ReplayServer
from tests.conftest import LIBRARY_ID


def model(request):
    messages = request["messages"]
    if messages[0]["content"].startswith("You are a customer"):  # the user simulator's prompt
        return "Thanks! ###STOP###" if len(messages) > 2 else "What is the title of book B-005?"
    if messages[-1]["role"] == "tool":
        return {"content": "It is Book about topic 5."}
    return {"tool_calls": [{"name": "get_book", "arguments": {"book_id": "B-005"}}]}


def test_eval_with_an_llm_user_and_the_openai_agent(tmp_path):
    with ReplayServer(model) as server:
        code = main(["eval", "--quiet", "--agent", "openai", "--base-url", server.base_url, "--model", "replay",
                     "--user", "llm", "--envs", LIBRARY_ID, "--limit", "3", "--concurrency", "2",
                     "--report", str(tmp_path / "run"), "--json", str(tmp_path / "out.json")])
        roles = [r["messages"][0]["content"][:20] for r in server.requests]
    assert code == 0
    out = json.loads((tmp_path / "out.json").read_text())
    records = [json.loads(line) for line in (tmp_path / "run" / "episodes.jsonl").read_text().splitlines()]
    title = next(r for r in records if r["task_id"] == "lib-title")
    assert title["reward"] == 1.0 and title["messages"][1]["content"] == "What is the title of book B-005?"
    assert out["summary"]["overall"]["episodes"] == 3 and out["config"]["agent"] == "openai"
    assert sum(role.startswith("You are a customer") for role in roles) >= 6  # opening + reply per episode
