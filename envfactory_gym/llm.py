"""The OpenAI-compatible chat client: bounded retries with backoff, a concurrency limit and token accounting."""

from __future__ import annotations

import os
import random
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import openai
from openai.types.chat import ChatCompletion

from envfactory_gym.errors import EnvFactoryError

#: 4xx statuses worth retrying (rate limiting); every other 4xx is the caller's bug. 5xx are always retried.
RETRYABLE_STATUS = frozenset({429})


class LLMError(EnvFactoryError):
    """A chat request that failed for good: a non-retryable error, or retries exhausted."""

    def __init__(self, endpoint: str, problem: str, attempts: int = 1) -> None:
        self.endpoint = endpoint
        self.problem = problem
        self.attempts = attempts
        tries = f" after {attempts} attempt{'s' if attempts != 1 else ''}"
        super().__init__(f"chat request to {endpoint} failed{tries}: {problem}")


class _Retryable(Exception):
    """A failure worth another attempt (timeout, 5xx, 429, connection error, malformed body)."""


@dataclass(frozen=True)
class ChatResult:
    """One assistant reply: its text, its tool calls (OpenAI format) and its token usage."""

    content: str | None
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    usage: dict[str, int] = field(default_factory=dict)
    finish_reason: str | None = None


class LLMClient:
    """A thread-safe client of one OpenAI-compatible endpoint and model.

    Many threads may share it: at most ``concurrency`` requests are in flight at once. Failures that may
    pass (timeouts, connection errors, 5xx, 429, malformed bodies) are retried ``max_retries`` times with
    exponential backoff and jitter drawn from a seeded RNG; the rest raise :class:`LLMError` at once.
    """

    def __init__(self, base_url: str, model: str, api_key: str | None = None, timeout_s: float = 60.0,
                 max_retries: int = 3, concurrency: int = 8, backoff_s: float = 0.5, max_backoff_s: float = 8.0,
                 seed: int = 0) -> None:
        if concurrency < 1:
            raise ValueError(f"concurrency must be at least 1, got {concurrency}")
        if max_retries < 0:
            raise ValueError(f"max_retries must be non-negative, got {max_retries}")
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.api_key = api_key or os.environ.get("OPENAI_API_KEY") or "EMPTY"
        self.timeout_s = timeout_s
        self.max_retries = max_retries
        self.concurrency = concurrency
        self.backoff_s = backoff_s
        self.max_backoff_s = max_backoff_s
        self.seed = seed
        self._usage = {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0, "requests": 0, "failures": 0}
        self._build()

    def _build(self) -> None:
        self._client = openai.OpenAI(base_url=self.base_url, api_key=self.api_key, timeout=self.timeout_s,
                                     max_retries=0)
        self._slots = threading.BoundedSemaphore(self.concurrency)
        self._lock = threading.Lock()
        self._rng = random.Random(self.seed)

    # The OpenAI client, locks and semaphore cannot be pickled: a copy rebuilds its own.
    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        for key in ("_client", "_slots", "_lock", "_rng"):
            state.pop(key, None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._build()

    def __repr__(self) -> str:
        return f"LLMClient(base_url={self.base_url!r}, model={self.model!r})"

    def chat(self, messages: list[dict[str, Any]], *, seed: int | None = None, temperature: float = 0.0,
             max_tokens: int | None = None, tools: list[dict[str, Any]] | None = None,
             response_format: dict[str, Any] | None = None) -> ChatResult:
        """Send one chat-completions request and return the first choice."""
        kwargs: dict[str, Any] = {"model": self.model, "messages": messages, "temperature": temperature}
        for key, value in (("seed", seed), ("max_tokens", max_tokens), ("tools", tools),
                           ("response_format", response_format)):
            if value is not None:
                kwargs[key] = value
        problem = ""
        for attempt in range(self.max_retries + 1):
            if attempt:
                time.sleep(self._backoff(attempt))
            try:
                with self._slots:
                    result = self._once(kwargs)
            except _Retryable as exc:
                problem = str(exc)
                continue
            except LLMError:
                self._count_failure()
                raise
            self._account(result.usage)
            return result
        self._count_failure()
        raise LLMError(self.base_url, problem, attempts=self.max_retries + 1)

    def usage_summary(self) -> dict[str, int]:
        """Tokens and requests summed over every successful call so far (failures counted apart)."""
        with self._lock:
            return dict(self._usage)

    def _once(self, kwargs: dict[str, Any]) -> ChatResult:
        try:
            # The low-level post skips the SDK's per-request transformation of messages and tool schemas
            # (milliseconds per turn with a dozen tools), which bounds how busy threads can keep a server.
            response = self._client.post("/chat/completions", body=kwargs, cast_to=ChatCompletion)
        except openai.APITimeoutError as exc:
            raise _Retryable(f"timed out after {self.timeout_s:g} s ({exc})") from None
        except openai.APIConnectionError as exc:
            raise _Retryable(f"connection error: {exc}") from None
        except openai.APIStatusError as exc:
            message = f"HTTP {exc.status_code}: {_short(exc.message)}"
            if exc.status_code >= 500 or exc.status_code in RETRYABLE_STATUS:
                raise _Retryable(message) from None
            raise LLMError(self.base_url, message) from None
        except (ValueError, openai.APIResponseValidationError) as exc:  # a body that is not JSON
            raise _Retryable(f"malformed response body: {_short(str(exc))}") from None
        return _parse(response)

    def _backoff(self, attempt: int) -> float:
        with self._lock:
            jitter = self._rng.random()
        return min(self.max_backoff_s, self.backoff_s * 2 ** (attempt - 1)) * (0.5 + jitter / 2)

    def _account(self, usage: dict[str, int]) -> None:
        with self._lock:
            for key in ("prompt_tokens", "completion_tokens", "total_tokens"):
                self._usage[key] += int(usage.get(key, 0) or 0)
            self._usage["requests"] += 1

    def _count_failure(self) -> None:
        with self._lock:
            self._usage["failures"] += 1


def _parse(response: Any) -> ChatResult:
    """The first choice of a ChatCompletion; anything else is a malformed (retryable) response."""
    if isinstance(response, (str, bytes)):
        raise _Retryable(f"malformed response: expected a JSON object, got {_short(str(response))!r}")
    choices = getattr(response, "choices", None)
    if not choices:
        raise _Retryable("malformed response: no choices")
    message = getattr(choices[0], "message", None)
    if message is None:
        raise _Retryable("malformed response: the first choice has no message")
    calls = [c.model_dump() if hasattr(c, "model_dump") else dict(c) for c in (message.tool_calls or [])]
    usage = response.usage.model_dump() if getattr(response, "usage", None) is not None else {}
    usage = {k: int(v) for k, v in usage.items() if isinstance(v, int)}
    return ChatResult(message.content, calls, usage, getattr(choices[0], "finish_reason", None))


def _short(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[:limit] + "..."
