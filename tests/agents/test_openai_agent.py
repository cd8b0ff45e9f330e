"""The OpenAI-compatible agent against a real local chat-completions server (native and Hermes-text calls)."""

from __future__ import annotations

import json
import time

import gymnasium as gym
import pytest

from envfactory_gym.agents import make_agent
from envfactory_gym.agents.hermes import chat_messages, parse_tool_calls, text_messages, tool_call_text
from envfactory_gym.agents.openai_agent import NO_CALL_WARNING_AFTER, OpenAIAgent
from envfactory_gym.eval.cli import main
from envfactory_gym.eval.harness import plan_episodes, play_spec, run_eval
from envfactory_gym.llm import DeadlineExceeded, LLMClient
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
        record = play_spec(env, OpenAIAgent(client=client_for(server)), spec())
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
        record = play_spec(env, OpenAIAgent(client=client_for(server)), spec())
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
            record = play_spec(e, OpenAIAgent(client=client_for(server), mode="text"), spec())
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
        record = play_spec(env, agent, spec())
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


def title_model(request):
    """Calls get_book when shown tools, answers from the tool result, and says it cannot look things up otherwise."""
    if request["messages"][-1]["role"] == "tool":
        return {"content": "The title is Book about topic 5."}
    if "tools" not in request:
        return {"content": "I am sorry, I cannot look that up."}
    return {"tool_calls": [TITLE_CALL]}


@pytest.mark.parametrize("choice", ["auto", "required"])
def test_tool_choice_is_sent_so_that_servers_render_the_tools(env, choice):
    # The server renders tools only when tool_choice says so (as some do): without it the model sees none.
    with ReplayServer(title_model, tool_choice_default="none") as server:
        record = play_spec(env, OpenAIAgent(client=client_for(server), tool_choice=choice), spec())
        requests = server.requests
    assert all(r["tool_choice"] == choice and r["tools"] for r in requests)
    assert record["reward"] == 1.0 and record["components"]["trace"] == 1.0


def test_tool_choice_is_validated_and_not_sent_without_tools():
    with pytest.raises(ValueError, match="tool_choice must be one of auto, required, none"):
        OpenAIAgent(client=LLMClient("http://127.0.0.1:9/v1", "m"), tool_choice="any")
    e = gym.make(LIBRARY_ID)
    try:
        with ReplayServer(["The title is Book about topic 5."]) as server:
            play_spec(e, OpenAIAgent(client=client_for(server), mode="text"), spec())
            assert "tool_choice" not in server.requests[0] and "tools" not in server.requests[0]
    finally:
        e.close()


def test_endpoint_that_never_calls_a_tool_warns_once(env):
    with ReplayServer(lambda _r: {"content": "Could you tell me more?"}) as server:
        agent = OpenAIAgent(client=client_for(server))
        with pytest.warns(RuntimeWarning, match="without a single native tool call") as caught:
            while len(server.requests) < NO_CALL_WARNING_AFTER + 5:
                play_spec(env, agent, spec())
    assert len([w for w in caught if "native tool call" in str(w.message)]) == 1


def test_tool_call_turns_send_a_string_content(env):
    # A server with strict request models answers HTTP 500 with a validation error to ``"content": null``.
    with ReplayServer(title_model, string_content=True) as server:
        agent = OpenAIAgent(client=client_for(server))
        record = play_spec(env, agent, spec())
        second = server.requests[1]["messages"]
    assert record["reward"] == 1.0 and len(server.requests) == 2
    call_turn = next(m for m in second if m.get("tool_calls"))
    assert call_turn["content"] == "" and all(isinstance(m["content"], str) for m in second)
    assert agent.usage_summary()["failures"] == 0


def test_request_deadline_ends_an_answer_that_never_ends(env):
    # Blanks keep arriving, so the per-read timeout (10 s) never fires; only the overall deadline ends it.
    endless = {"content": "never", "delay_s": 60, "trickle_s": 0.05}
    with ReplayServer(lambda _r: endless) as server:
        agent = OpenAIAgent(client=client_for(server), request_deadline_s=0.5)
        start = time.perf_counter()
        with pytest.raises(DeadlineExceeded, match="0.5 s request deadline.*still arriving"):
            play_spec(env, agent, spec())
        assert time.perf_counter() - start < 5
        assert len(server.requests) == 1  # no retry queued behind the abandoned answer


def test_episode_deadline_bounds_all_the_turns(env):
    looping = {"tool_calls": [TITLE_CALL], "delay_s": 0.2}
    with ReplayServer(lambda _r: looping) as server:
        agent = OpenAIAgent(client=client_for(server), episode_deadline_s=0.5)
        with pytest.raises(DeadlineExceeded, match="episode ran past its 0.5 s deadline"):
            play_spec(env, agent, spec())
        turns = len(server.requests)
    assert 2 <= turns <= 4
    with pytest.raises(ValueError, match="episode_deadline_s must be positive"):
        OpenAIAgent(client=client_for(server), episode_deadline_s=0)


def test_context_length_refusal_truncates_the_episode_and_a_rerun_keeps_it(tmp_path):
    # The server's context holds each task's opening request but not the long tool result that follows.
    with ReplayServer(lambda _r: "ok") as probe:
        client = LLMClient(probe.base_url, "replay")
        opening = max(client.chat(chat_messages(_opening(t))).usage["prompt_tokens"]
                      for t in ("lib-borrow", "lib-return", "lib-title"))

    def model(request):
        return {"tool_calls": [{"name": "search_books", "arguments": {"keyword": "topic", "limit": 20}}]}

    args = ["eval", "--quiet", "--agent", "openai", "--model", "replay", "--envs", LIBRARY_ID, "--limit", "3",
            "--max-tokens", "64", "--report", str(tmp_path / "run")]
    with ReplayServer(model, context_tokens=opening + 64 + 20) as server:
        assert main([*args, "--base-url", server.base_url]) == 0
        played = len(server.requests)
        assert main([*args, "--base-url", server.base_url]) == 0
        assert len(server.requests) == played  # the rerun has nothing left to play
    records = [json.loads(line) for line in (tmp_path / "run" / "episodes.jsonl").read_text().splitlines()]
    assert len(records) == 3
    for record in records:
        assert record["truncated"] and not record["terminated"]
        assert "maximum context length" in record["truncation_reason"]
        assert record["messages"][-1]["role"] == "tool"  # the trajectory as the model left it, scored
        assert 0.0 <= record["reward"] <= 1.0 and record["components"]["num_calls"] >= 1


def test_eval_cli_passes_tool_choice_and_deadlines(tmp_path):
    with ReplayServer(title_model, tool_choice_default="none") as server:
        code = main(["eval", "--quiet", "--agent", "openai", "--base-url", server.base_url, "--model", "replay",
                     "--envs", LIBRARY_ID, "--limit", "3", "--tool-choice", "required", "--request-deadline", "30",
                     "--episode-deadline", "60", "--report", str(tmp_path / "run")])
        choices = {r.get("tool_choice") for r in server.requests}
    assert code == 0 and choices == {"required"}
    assert json.loads((tmp_path / "run" / "config.json").read_text())["tool_choice"] == "required"


def _opening(task_id: str) -> tuple:
    e = gym.make(LIBRARY_ID, tools_in_system=False)
    try:
        return e.reset(options={"task_id": task_id})[0]
    finally:
        e.close()
