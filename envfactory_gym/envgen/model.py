"""The model endpoint of EnvGen: the stage prompts, the request messages, and retried chat calls with token counts."""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from envfactory_gym.errors import DataFileError, ModelError, UsageError

PROMPTS_DIR = Path(__file__).resolve().parent / "prompts"
#: The first line of every user message; recordings and the replay server match requests by it alone.
REQUEST_LINE = "EnvGen request: stage={stage} env={env} round={round}"
_REQUEST_RE = re.compile(r"^EnvGen request: stage=([a-z]+) env=(\S+) round=(\d+)\s*$")
_VERSION_RE = re.compile(r"version[:\s]+([\w.-]+)", re.IGNORECASE)


@dataclass(frozen=True)
class Prompt:
    """A stage's system prompt (a file under ``prompts/``) and the version its first line states."""

    stage: str
    text: str
    version: str


@cache
def load_prompt(stage: str) -> Prompt:
    """The prompt file of ``stage``, read once; its first line carries its version."""
    path = PROMPTS_DIR / f"{stage}.md"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataFileError(f"{path}: no prompt for stage {stage!r}") from None
    match = _VERSION_RE.search(text.splitlines()[0] if text else "")
    return Prompt(stage, text, match.group(1) if match else "unversioned")


def prompt_versions() -> dict[str, str]:
    """Every stage's prompt version, for the run report."""
    return {s: load_prompt(s).version for s in ("explore", "code", "test", "repair")}


def request_line(stage: str, env: str, round_: int) -> str:
    """The first line of a stage's user message (what recordings key on)."""
    return REQUEST_LINE.format(stage=stage, env=env, round=round_)


def parse_request_line(text: str) -> tuple[str, str, int] | None:
    """``(stage, env, round)`` of a user message's first line, or None when it is not an EnvGen request."""
    first = (text or "").split("\n", 1)[0]
    match = _REQUEST_RE.match(first)
    return (match.group(1), match.group(2), int(match.group(3))) if match else None


def user_message(stage: str, env: str, round_: int, sections: list[tuple[str, str]]) -> str:
    """The request line, a blank line, then one ``## title`` section per input."""
    parts = [request_line(stage, env, round_), ""]
    for title, body in sections:
        parts += [f"## {title}", "", body.rstrip(), ""]
    return "\n".join(parts)


def fenced(text: str, lang: str = "") -> str:
    """``text`` in a fenced block long enough not to be closed by any fence inside it."""
    ticks = "```"
    while ticks in text:
        ticks += "`"
    return f"{ticks}{lang}\n{text.rstrip()}\n{ticks}"


@dataclass(frozen=True)
class ModelConfig:
    """Where and how to ask: an OpenAI-compatible endpoint and model, and the request settings."""

    base_url: str
    model: str
    api_key: str | None = None
    #: Seconds for one connect or read of a request (a longer answer is retried as a timeout).
    timeout_s: float = 600.0
    #: Retries of a request that failed in a way that may pass (timeout, connection error, HTTP 5xx, 429).
    max_retries: int = 3
    seed: int = 0
    temperature: float = 0.0
    max_tokens: int | None = None
    #: Requests in flight at once over all environments.
    concurrency: int = 4
    backoff_s: float = 0.5


@dataclass(frozen=True)
class Reply:
    """One answer of the model: its text, token usage (from the response's ``usage``) and time."""

    text: str | None
    prompt_tokens: int
    completion_tokens: int
    seconds: float
    finish_reason: str | None = None


@dataclass
class _Totals:
    prompt_tokens: int = 0
    completion_tokens: int = 0
    requests: int = 0
    failures: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)


class StageModel:
    """Sends the stage requests of EnvGen to one endpoint; thread-safe, shared by every environment of a run.

    Each request is the stage's prompt file (system) and its user message. Timeouts, connection errors and
    HTTP 5xx (and 429) are retried with backoff; another HTTP 4xx is not. Token counts come from each
    answer's ``usage``.
    """

    def __init__(self, config: ModelConfig) -> None:
        from envfactory_gym.llm import LLMClient

        if not re.match(r"^https?://", config.base_url):
            raise UsageError(f"--base-url {config.base_url!r}: expected an http:// or https:// URL, "
                             "e.g. http://127.0.0.1:8000/v1")
        self.config = config
        self._client = LLMClient(config.base_url, config.model, api_key=config.api_key, timeout_s=config.timeout_s,
                                 max_retries=config.max_retries, concurrency=config.concurrency,
                                 backoff_s=config.backoff_s, seed=config.seed)
        self._totals = _Totals()

    def ask(self, stage: str, env: str, round_: int, user: str) -> Reply:
        """Send one request; raise :class:`ModelError` (one line) when the endpoint fails for good."""
        from envfactory_gym.llm import LLMError

        messages: list[dict[str, Any]] = [{"role": "system", "content": load_prompt(stage).text},
                                          {"role": "user", "content": user}]
        start = time.monotonic()
        try:
            result = self._client.chat(messages, seed=self.config.seed, temperature=self.config.temperature,
                                       max_tokens=self.config.max_tokens)
        except LLMError as exc:
            with self._totals.lock:
                self._totals.failures += 1
            raise ModelError(f"{stage}: {exc}") from None
        usage = result.usage or {}
        reply = Reply(result.content, int(usage.get("prompt_tokens", 0) or 0),
                      int(usage.get("completion_tokens", 0) or 0), round(time.monotonic() - start, 3),
                      result.finish_reason)
        with self._totals.lock:
            self._totals.prompt_tokens += reply.prompt_tokens
            self._totals.completion_tokens += reply.completion_tokens
            self._totals.requests += 1
        return reply

    def totals(self) -> dict[str, int]:
        """Tokens and requests of this process's successful calls, and its failed ones."""
        with self._totals.lock:
            t = self._totals
            return {"prompt_tokens": t.prompt_tokens, "completion_tokens": t.completion_tokens,
                    "requests": t.requests, "failures": t.failures}
