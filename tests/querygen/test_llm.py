"""The LLM client against the local replay server: retries, errors, concurrency, tokens and the seed."""

from __future__ import annotations

import pickle
import threading
import time

import pytest

from envfactory_gym.errors import EnvFactoryError
from envfactory_gym.llm import LLMClient, LLMError
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
