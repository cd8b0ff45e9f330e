"""The LLM client against the local replay server: retries, errors, concurrency, tokens and the seed."""

from __future__ import annotations

import pickle
import threading
import time

import pytest

from envfactory_gym.errors import EnvFactoryError, EpisodeTruncated
from envfactory_gym.llm import ContextLengthError, DeadlineExceeded, LLMClient, LLMError
from envfactory_gym.testing import ReplayServer

HI = [{"role": "user", "content": "hi"}]


def _client(server: ReplayServer, **kw) -> LLMClient:
    return LLMClient(server.base_url, "test-model", **{"timeout_s": 2.0, "max_retries": 2, "backoff_s": 0.01, **kw})


def test_retries_on_500_then_succeeds():
    with ReplayServer([{"status": 500}, {"status": 503}, "hello"]) as server:
        result = _client(server).chat(HI)
    assert result.content == "hello"
    assert len(server.requests) == 3


def test_malformed_bodies_are_retried():
    with ReplayServer([{"raw": "not json"}, {"raw": "{}"}, "fine"]) as server:
        client = _client(server)
        assert client.chat(HI).content == "fine"
    with ReplayServer([{"raw": "not json"}] * 3) as server:
        with pytest.raises(LLMError, match="malformed") as err:
            _client(server).chat(HI)
    assert server.base_url in str(err.value)


def test_slow_replies_time_out_then_raise():
    with ReplayServer([{"delay_s": 2}] * 3) as server:
        start = time.perf_counter()
        with pytest.raises(LLMError, match="timed out") as err:
            _client(server, timeout_s=0.2, max_retries=2).chat(HI)
        assert time.perf_counter() - start < 2.0
    assert len(server.requests) == 3 and err.value.attempts == 3
    assert isinstance(err.value, EnvFactoryError)


def test_client_errors_are_not_retried():
    with ReplayServer([{"status": 400, "message": "bad field"}, "never"]) as server:
        with pytest.raises(LLMError, match="HTTP 400.*bad field"):
            _client(server).chat(HI)
    assert len(server.requests) == 1


def test_rate_limit_is_retried():
    with ReplayServer([{"status": 429}, "ok"]) as server:
        assert _client(server).chat(HI).content == "ok"


def test_connection_refused_names_the_endpoint():
    with ReplayServer(["x"]) as server:
        url = server.base_url
    with pytest.raises(LLMError, match="connection error") as err:
        LLMClient(url, "m", timeout_s=0.5, max_retries=1, backoff_s=0.01).chat(HI)
    assert url in str(err.value)


def test_concurrency_limit_is_respected():
    with ReplayServer(lambda _req: "ok", delay_s=0.2) as server:
        client = _client(server, concurrency=2)
        threads = [threading.Thread(target=client.chat, args=(HI,)) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert len(server.requests) == 8
    assert server.max_in_flight == 2
    assert client.usage_summary()["requests"] == 8


def test_token_accounting_sums_usage():
    usage = {"prompt_tokens": 7, "completion_tokens": 3, "total_tokens": 10}
    with ReplayServer([{"content": "a", "usage": usage}, {"status": 500}, {"content": "b", "usage": usage}]) as server:
        client = _client(server)
        client.chat(HI)
        client.chat(HI)
    summary = client.usage_summary()
    assert (summary["prompt_tokens"], summary["completion_tokens"], summary["total_tokens"]) == (14, 6, 20)
    assert summary["requests"] == 2


def test_request_carries_seed_messages_and_options():
    tools = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object", "properties": {}}}}]
    with ReplayServer([{"tool_calls": [{"name": "f", "arguments": {"x": 1}}]}]) as server:
        result = _client(server).chat(HI, seed=1234, max_tokens=50, tools=tools)
    req = server.requests[0]
    assert req["seed"] == 1234 and req["temperature"] == 0.0 and req["max_tokens"] == 50
    assert req["messages"] == HI and req["model"] == "test-model" and req["tools"] == tools
    assert result.tool_calls[0]["function"] == {"name": "f", "arguments": '{"x": 1}'}


def test_models_endpoint():
    import openai

    with ReplayServer([]) as server:
        models = openai.OpenAI(base_url=server.base_url, api_key="EMPTY").models.list()
    assert [m.id for m in models] == ["replay"]


def test_client_pickles():
    with ReplayServer(["one", "two"]) as server:
        client = _client(server)
        client.chat(HI)
        clone = pickle.loads(pickle.dumps(client))
        assert clone.chat(HI).content == "two"
    assert clone.usage_summary()["requests"] == 2


def test_a_request_the_server_calls_invalid_is_not_retried():
    # A strict server answers HTTP 500 with a validation error: the same request would fail the same way.
    call_turn = [*HI, {"role": "assistant", "content": None,
                       "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
                 {"role": "tool", "tool_call_id": "c1", "content": "{}"}]
    with ReplayServer(["never"], string_content=True) as server:
        client = _client(server)
        with pytest.raises(LLMError, match=r"HTTP 500.*validation error.*messages\.1\.content.*not retried") as err:
            client.chat(call_turn)
        assert len(server.requests) == 1 and err.value.attempts == 1
        call_turn[1]["content"] = ""
        assert client.chat(call_turn).content == "never"
    with ReplayServer([{"status": 422, "message": "bad"}, {"status": 413}, "never"]) as server:
        for _ in range(2):
            with pytest.raises(LLMError, match="not retried"):
                _client(server).chat(HI)
        assert len(server.requests) == 2


@pytest.mark.parametrize("status", [408, 409, 429, 502])
def test_transient_statuses_are_retried(status):
    with ReplayServer([{"status": status}, "ok"]) as server:
        assert _client(server).chat(HI).content == "ok"
    assert len(server.requests) == 2


@pytest.mark.parametrize("message", [
    "This model's maximum context length is 8192 tokens. However, you requested 9216 tokens (8192 in the messages, "
    "1024 in the completion). Please reduce the length of the messages or completion.",
    "the request exceeds the available context size, try increasing it",
    "Requested tokens (9216) exceed context window of 8192",
    "Input validation error: `inputs` tokens + `max_new_tokens` must be <= 4096. Given: 4000 `inputs` tokens "
    "and 1024 `max_new_tokens`",
])
def test_a_conversation_too_long_for_the_context_is_its_own_error(message):
    with ReplayServer([{"status": 400, "message": message}, "never"]) as server:
        with pytest.raises(ContextLengthError) as err:
            _client(server).chat(HI)
    assert len(server.requests) == 1 and isinstance(err.value, EpisodeTruncated)


def test_context_length_refusal_of_the_replay_server():
    with ReplayServer(["fits", "never"], context_tokens=100) as server:
        client = _client(server)
        assert client.chat(HI, max_tokens=50).content == "fits"
        with pytest.raises(ContextLengthError, match="maximum context length is 100 tokens.*requested 151 tokens"):
            client.chat([{"role": "user", "content": "x" * 400}], max_tokens=50)
    assert len(server.requests) == 2


def test_deadline_bounds_an_answer_that_keeps_arriving():
    # Blanks arrive every 50 ms: the 2 s per-read timeout never fires, only the overall deadline does.
    endless = {"content": "never", "delay_s": 60, "trickle_s": 0.05}
    with ReplayServer([endless, "next"]) as server:
        client = _client(server, deadline_s=0.5)
        start = time.perf_counter()
        with pytest.raises(DeadlineExceeded, match="0.5 s request deadline.*still arriving") as err:
            client.chat(HI)
        assert time.perf_counter() - start < 5
        assert err.value.attempts == 1 and len(server.requests) == 1
        assert client.chat(HI, deadline_s=5).content == "next"  # the abandoned answer holds up nothing
    with ReplayServer([{"content": "slow but whole", "delay_s": 0.3, "trickle_s": 0.05}]) as server:
        assert _client(server, deadline_s=5).chat(HI).content == "slow but whole"


def test_deadline_bounds_retries_and_backoff():
    with ReplayServer([{"delay_s": 30}] * 10) as server:
        client = _client(server, timeout_s=0.3, max_retries=9, deadline_s=0.8)
        start = time.perf_counter()
        with pytest.raises(DeadlineExceeded, match="0.8 s request deadline") as err:
            client.chat(HI)
        assert time.perf_counter() - start < 5
    assert 2 <= err.value.attempts <= 3 and len(server.requests) == err.value.attempts
    assert client.usage_summary()["failures"] == 1
    with pytest.raises(ValueError, match="deadline_s must be positive"):
        LLMClient("http://127.0.0.1:9/v1", "m", deadline_s=0)


def test_tool_choice_goes_with_tools_only():
    tools = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object", "properties": {}}}}]
    with ReplayServer(["a", "b"]) as server:
        client = _client(server)
        client.chat(HI, tools=tools, tool_choice="required")
        client.chat(HI, tool_choice="required")
    assert server.requests[0]["tool_choice"] == "required" and "tool_choice" not in server.requests[1]


def test_replay_server_renders_no_tools_without_tool_choice_when_told():
    tools = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object", "properties": {}}}}]
    seen = []

    def model(request):
        seen.append("tools" in request)
        return {"tool_calls": [{"name": "f", "arguments": {}}]}

    with ReplayServer(model, tool_choice_default="none") as server:
        client = _client(server)
        hidden = client.chat(HI, tools=tools)
        shown = client.chat(HI, tools=tools, tool_choice="auto")
        none = client.chat(HI, tools=tools, tool_choice="none")
    assert seen == [False, True, False] and all("tools" in r for r in server.requests)
    assert hidden.tool_calls == [] == none.tool_calls and hidden.content == ""
    assert shown.tool_calls[0]["function"]["name"] == "f"
    assert client.usage_summary()["tool_requests"] == 3 and client.usage_summary()["tool_call_replies"] == 1
