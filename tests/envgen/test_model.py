"""Stage requests: prompts and their versions, the request line, retries of transient failures, token counts."""

from __future__ import annotations

import pytest

from envfactory_gym.envgen.model import (
    ModelConfig,
    ModelError,
    StageModel,
    load_prompt,
    parse_request_line,
    prompt_versions,
    user_message,
)
from envfactory_gym.testing.replay_server import ReplayServer


def test_prompts_state_a_version_and_their_format() -> None:
    assert set(prompt_versions()) == {"explore", "code", "test", "repair"}
    for stage in prompt_versions():
        prompt = load_prompt(stage)
        assert prompt.version != "unversioned"
        assert "Answer format" in prompt.text and "ONE JSON object" in prompt.text
    assert '"files"' in load_prompt("code").text and "querygen.json" in load_prompt("code").text
    assert '"notes"' in load_prompt("repair").text and '"sketch"' in load_prompt("explore").text


def test_user_message_starts_with_the_request_line() -> None:
    text = user_message("repair", "desk", 2, [("Failures", "- tests: boom")])
    assert text.splitlines()[:3] == ["EnvGen request: stage=repair env=desk round=2", "", "## Failures"]
    assert parse_request_line(text) == ("repair", "desk", 2)
    assert parse_request_line("Hello\nEnvGen request: stage=code env=desk round=0") is None


def _model(server: ReplayServer, **kwargs: object) -> StageModel:
    return StageModel(ModelConfig(base_url=server.base_url, model="m", backoff_s=0.01, **kwargs))  # type: ignore[arg-type]


def test_http_500_is_retried_and_tokens_are_counted() -> None:
    with ReplayServer([{"status": 500, "message": "overloaded"},
                       {"content": "{}", "usage": {"prompt_tokens": 120, "completion_tokens": 7}}]) as server:
        model = _model(server)
        reply = model.ask("code", "desk", 0, user_message("code", "desk", 0, []))
        assert reply.text == "{}" and (reply.prompt_tokens, reply.completion_tokens) == (120, 7)
        assert len(server.requests) == 2
        sent = server.requests[0]
        assert sent["messages"][0]["content"] == load_prompt("code").text
        assert sent["temperature"] == 0 and sent["seed"] == 0
    assert model.totals() == {"prompt_tokens": 120, "completion_tokens": 7, "requests": 1, "failures": 0}


def test_a_timeout_is_retried() -> None:
    with ReplayServer([{"content": "late", "delay_s": 3}, "on time"]) as server:
        reply = _model(server, timeout_s=0.5).ask("explore", "desk", 0, "EnvGen request: stage=explore env=desk round=0")
        assert reply.text == "on time" and len(server.requests) == 2


def test_a_400_is_not_retried() -> None:
    with ReplayServer([{"status": 400, "message": "no recorded response for stage=code env=desk round=0"},
                       "never sent"]) as server:
        model = _model(server)
        with pytest.raises(ModelError, match=r"^code: .*HTTP 400: .*no recorded response for stage=code.*not retried"):
            model.ask("code", "desk", 0, "EnvGen request: stage=code env=desk round=0")
        assert len(server.requests) == 1 and model.totals()["failures"] == 1


def test_retries_exhausted_is_one_line() -> None:
    with ReplayServer([{"status": 503}] * 3) as server:
        with pytest.raises(ModelError, match="after 3 attempts: HTTP 503") as err:
            _model(server, max_retries=2).ask("test", "desk", 0, "EnvGen request: stage=test env=desk round=0")
        assert "\n" not in str(err.value)


def test_base_url_must_be_http() -> None:
    with pytest.raises(Exception, match="--base-url 'localhost:8000': expected an http"):
        StageModel(ModelConfig(base_url="localhost:8000", model="m"))
