"""The OpenAI-compatible agent against a real local chat-completions server (native and Hermes-text calls)."""

from __future__ import annotations

import json

import gymnasium as gym
import pytest

from envfactory_gym.agents import make_agent
from envfactory_gym.agents.hermes import chat_messages, parse_tool_calls, text_messages, tool_call_text
from envfactory_gym.agents.openai_agent import OpenAIAgent
from envfactory_gym.eval.harness import plan_episodes, play_episode, run_eval
from envfactory_gym.llm import LLMClient
from envfactory_gym.testing.replay_server import ReplayServer
from tests.conftest import LIBRARY_ID

TITLE_CALL = {"name": "get_book", "arguments": {"book_id": "B-005"}}


def client_for(server: ReplayServer, concurrency: int = 4) -> LLMClient:
    return LLMClient(server.base_url, "replay", concurrency=concurrency, max_retries=2, backoff_s=0.01, timeout_s=10)


def spec(task_id: str = "lib-title"):
    return next(s for s in plan_episodes([LIBRARY_ID]) if s.task_id == task_id)


@pytest.fixture
def env():
    e = gym.make(LIBRARY_ID, tools_in_system=False)
    yield e
    e.close()


def test_native_tool_calls_solve_a_task(env):
    def model(request):
        if request["messages"][-1]["role"] == "tool":
            return {"content": "The title is Book about topic 5."}
        return {"tool_calls": [TITLE_CALL]}

    with ReplayServer(model) as server:
        record = play_episode(env, OpenAIAgent(client=client_for(server)), spec())
        first = server.requests[0]
    assert record["reward"] == 1.0, record["components"]
    assert {t["function"]["name"] for t in first["tools"]} >= {"get_book", "search_books"}
    tool_msg = next(m for m in record["messages"] if m["role"] == "tool")
    assert "Book about topic 5" in tool_msg["content"]


def test_malformed_tool_call_json_is_a_format_error_not_a_crash(env):
    replies = iter([
        {"tool_calls": [{"id": "c1", "type": "function",
                         "function": {"name": "get_book", "arguments": '{"book_id": "B-0'}}]},
        {"tool_calls": [TITLE_CALL]},
        {"content": "It is Book about topic 5."},
    ])
    with ReplayServer(lambda _r: next(replies)) as server:
        record = play_episode(env, OpenAIAgent(client=client_for(server)), spec())
        # The broken call went back to the model as an error result, and the episode went on.
        second = server.requests[1]["messages"]
    assert any(m["role"] == "tool" and m["content"].startswith("Error") for m in second)
    assert record["components"]["format_errors"] >= 1 and record["components"]["format_penalty"] > 0
    assert record["components"]["trace"] == 1.0 and record["terminated"]


def test_text_mode_sends_hermes_text_and_parses_calls():
    replies = iter(['Let me check.\n<tool_call>{"name": "get_book", "arguments": {"book_id": "B-005"}}</tool_call>',
                    '<tool_call>{"name": "get_book", "arguments": {"book_id": </tool_call>',
                    "The title is Book about topic 5."])
    e = gym.make(LIBRARY_ID)
    try:
        with ReplayServer(lambda _r: next(replies)) as server:
            record = play_episode(e, OpenAIAgent(client=client_for(server), mode="text"), spec())
            requests = server.requests
    finally:
        e.close()
    assert all("tools" not in r for r in requests)
    assert {m["role"] for r in requests for m in r["messages"]} <= {"system", "user", "assistant"}
    assert "<tool_response>" in requests[1]["messages"][-1]["content"]
    assert "<tool_call>" in requests[1]["messages"][-2]["content"]
    assert record["components"]["format_errors"] == 1 and record["components"]["trace"] == 1.0


def test_server_errors_are_retried_through_the_client(env):
    replies = iter([{"status": 500}, {"raw": "not json"}, {"tool_calls": [TITLE_CALL]},
                    {"status": 503}, {"content": "Book about topic 5."}])
    with ReplayServer(lambda _r: next(replies)) as server:
        agent = OpenAIAgent(client=client_for(server))
        record = play_episode(env, agent, spec())
    assert record["reward"] == 1.0
    assert agent.usage_summary()["requests"] == 2


def test_harness_keeps_the_server_busy(tmp_path):
    def model(request):
        if request["messages"][-1]["role"] == "tool":
            return {"content": "Done. Book about topic 5. B-017."}
        return {"tool_calls": [TITLE_CALL]}

    specs = [s for s in plan_episodes([LIBRARY_ID], trials=3)]
    with ReplayServer(model, delay_s=0.1) as server:
        client = client_for(server, concurrency=4)
        result = run_eval(specs, lambda: make_agent("openai", client=client), tmp_path, concurrency=4, progress=False)
        in_flight = server.max_in_flight
    assert result.played == len(specs) == 12 and not result.errors
    assert in_flight == 4
    assert result.wall_s < 12 * 2 * 0.1  # well under the serial time


def test_missing_model_is_a_clear_error(monkeypatch):
    monkeypatch.delenv("OPENAI_MODEL", raising=False)
    with pytest.raises(ValueError, match="model"):
        OpenAIAgent(base_url="http://127.0.0.1:9/v1")


def test_hermes_rendering_round_trip():
    conv = [{"role": "system", "content": "s"}, {"role": "user", "content": "u"},
            {"role": "assistant", "content": "", "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "get_book", "arguments": '{"book_id": "B-1"}'}}]},
            {"role": "tool", "tool_call_id": "c1", "name": "get_book", "content": '{"title": "T"}'},
            {"role": "tool", "tool_call_id": "c2", "name": "get_book", "content": "r2"}]
    text = text_messages(conv)
    assert [m["role"] for m in text] == ["system", "user", "assistant", "user"]
    assert text[3]["content"].count("<tool_response>") == 2
    message, calls, errors = parse_tool_calls(text[2]["content"])
    assert calls == [{"name": "get_book", "arguments": {"book_id": "B-1"}}] and not errors
    assert "name" not in chat_messages(conv)[3] and chat_messages(conv)[2]["content"] is None
    assert tool_call_text("f", "{bad").startswith("<tool_call>") and "{bad" in tool_call_text("f", "{bad")
    assert json.loads(tool_call_text("f", {"a": 1})[11:-12]) == {"name": "f", "arguments": {"a": 1}}
