"""The OpenAI-compatible chat client: bounded retries with backoff, a concurrency limit and token accounting."""

from __future__ import annotations

import json
import os
import random
import re
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import openai
from openai.types.chat import ChatCompletion

from envfactory_gym.errors import ContextLengthError, DeadlineExceeded, LLMError

#: 4xx statuses worth retrying (request timeout, conflict, rate limiting); every other 4xx says the request itself
#: is invalid. 5xx are retried unless their body is a request-validation error.
RETRYABLE_STATUS = frozenset({408, 409, 429})

#: What servers say when the conversation (plus ``max_tokens``) does not fit the model's context: vLLM and
#: OpenAI ("maximum context length ... you requested N tokens", ``context_length_exceeded``), SGLang,
#: llama.cpp (``exceed_context_size_error``), llama-cpp-python ("exceed context window"), TGI.
_CONTEXT_RE = re.compile(r"context[ _](length|window|size)|exceed_context_size|you requested \d+ tokens|"
                         r"prompt is too long|input is too long|max_new_tokens`? must be <=", re.IGNORECASE)
#: A 5xx body that is a validation error of the request (pydantic's wording): sending it again cannot help.
_VALIDATION_RE = re.compile(r"validation errors? for|input should be a valid|field required|"
                            r"none is not an allowed value|extra inputs are not permitted", re.IGNORECASE)
#: Makes the SDK hand back the response unread, so that its body is read under the request's deadline.
_STREAM_BODY = {"X-Stainless-Raw-Response": "stream"}


class _Retryable(Exception):
    """A failure worth another attempt (timeout, 5xx, 429, connection error, malformed body)."""


#: How a failure caused by the request's deadline begins (the deadline, not the server, ended the attempt).
_LATE = "deadline reached"


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
    pass (timeouts, connection errors, 5xx, 408, 409, 429, malformed bodies) are retried ``max_retries`` times
    with exponential backoff and jitter drawn from a seeded RNG; the rest raise :class:`LLMError` at once: a
    request the server calls invalid (another 4xx, or a 5xx whose body is a validation error), and
    :class:`ContextLengthError` for a conversation the model's context cannot hold. ``timeout_s`` bounds each
    connect or read; ``deadline_s`` (if set) bounds a whole request, its waiting for a slot, its attempts and
    backoffs and the reading of an answer that keeps arriving, and raises :class:`DeadlineExceeded`.
    """

    def __init__(self, base_url: str, model: str, api_key: str | None = None, timeout_s: float = 60.0,
                 max_retries: int = 3, concurrency: int = 8, backoff_s: float = 0.5, max_backoff_s: float = 8.0,
                 seed: int = 0, deadline_s: float | None = None) -> None:
        if concurrency < 1:
            raise ValueError(f"concurrency must be at least 1, got {concurrency}")
        if max_retries < 0:
            raise ValueError(f"max_retries must be non-negative, got {max_retries}")
        if deadline_s is not None and not deadline_s > 0:
            raise ValueError(f"deadline_s must be positive or None, got {deadline_s}")
        self.base_url = base_url.rstrip("/")
        self.model = model
        self.api_key = api_key or os.environ.get("OPENAI_API_KEY") or "EMPTY"
        self.timeout_s = timeout_s
        self.max_retries = max_retries
        self.concurrency = concurrency
        self.backoff_s = backoff_s
        self.max_backoff_s = max_backoff_s
        self.seed = seed
        self.deadline_s = deadline_s
        self._usage = {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0, "requests": 0, "failures": 0,
                       "tool_requests": 0, "tool_call_replies": 0}
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
             tool_choice: str | dict[str, Any] | None = None, response_format: dict[str, Any] | None = None,
             deadline_s: float | None = None) -> ChatResult:
        """Send one chat-completions request and return the first choice.

        ``tool_choice`` is sent only with ``tools``; ``deadline_s`` overrides the client's deadline for this call.
        """
        kwargs: dict[str, Any] = {"model": self.model, "messages": messages, "temperature": temperature}
        for key, value in (("seed", seed), ("max_tokens", max_tokens), ("tools", tools),
                           ("tool_choice", tool_choice if tools else None), ("response_format", response_format)):
            if value is not None:
                kwargs[key] = value
        limit = self.deadline_s if deadline_s is None else deadline_s
        if limit is not None and not limit > 0:
            raise ValueError(f"deadline_s must be positive, got {limit}")
        deadline = None if limit is None else time.monotonic() + limit
        problem, attempts, out_of_time = "", 0, False
        for attempt in range(self.max_retries + 1):
            if attempt:
                pause = self._backoff(attempt)
                if deadline is not None and time.monotonic() + pause >= deadline:
                    out_of_time = True
                    break
                time.sleep(pause)
            attempts += 1
            try:
                result = self._attempt(kwargs, deadline)
            except _Retryable as exc:
                problem = str(exc)
                if deadline is not None and time.monotonic() >= deadline:
                    out_of_time = True
                    break
                continue
            except LLMError:
                self._count_failure()
                raise
            self._account(result, bool(tools))
            return result
        self._count_failure()
        if out_of_time:
            raise DeadlineExceeded(self.base_url, f"no complete answer within the {limit:g} s request deadline "
                                   f"(last problem: {problem})", attempts=attempts)
        raise LLMError(self.base_url, problem, attempts=attempts)

    def usage_summary(self) -> dict[str, int]:
        """Tokens and requests summed over every successful call so far (failures counted apart); of these,
        ``tool_requests`` offered tools and ``tool_call_replies`` came back with a tool call."""
        with self._lock:
            return dict(self._usage)

    def _attempt(self, kwargs: dict[str, Any], deadline: float | None) -> ChatResult:
        """One attempt: a slot, the request and its answer, all before the deadline."""
        wait = None if deadline is None else deadline - time.monotonic()
        if wait is not None and (wait <= 0 or not self._slots.acquire(timeout=wait)):
            raise _Retryable(f"{_LATE} waiting for a free request slot ({self.concurrency} in flight)")
        if wait is None:
            self._slots.acquire()
        try:
            return self._once(kwargs, deadline)
        finally:
            self._slots.release()

    def _once(self, kwargs: dict[str, Any], deadline: float | None) -> ChatResult:
        timeout = self.timeout_s if deadline is None else min(self.timeout_s, max(0.001, deadline - time.monotonic()))
        try:
            # The low-level post skips the SDK's per-request transformation of messages and tool schemas
            # (milliseconds per turn with a dozen tools), which bounds how busy threads can keep a server.
            response = self._client.post("/chat/completions", body=kwargs, cast_to=ChatCompletion,
                                         options={"timeout": timeout, "headers": _STREAM_BODY})
        except openai.APITimeoutError:
            late = deadline is not None and time.monotonic() >= deadline
            raise _Retryable(f"{_LATE} waiting for the answer" if late else f"timed out after {timeout:g} s") from None
        except openai.APIConnectionError as exc:
            raise _Retryable(f"connection error: {exc}") from None
        except openai.APIStatusError as exc:
            raise self._status_failure(exc) from None
        except (ValueError, openai.APIResponseValidationError) as exc:  # a body that is not JSON
            raise _Retryable(f"malformed response body: {_short(str(exc))}") from None
        return _parse(_read_body(response, deadline))

    def _status_failure(self, exc: openai.APIStatusError) -> Exception:
        """What an HTTP error means: retry, the request is invalid, or the conversation outgrew the context."""
        status = exc.status_code
        text = f"{exc.message} {json.dumps(exc.body, default=str) if exc.body is not None else ''}"
        message = f"HTTP {status}: {_short(exc.message)}"
        if status not in RETRYABLE_STATUS and _CONTEXT_RE.search(text):
            return ContextLengthError(self.base_url, message)
        if status in RETRYABLE_STATUS or (status >= 500 and not _VALIDATION_RE.search(text)):
            return _Retryable(message)
        return LLMError(self.base_url, f"{message} (the server calls the request invalid: not retried)")

    def _backoff(self, attempt: int) -> float:
        with self._lock:
            jitter = self._rng.random()
        return min(self.max_backoff_s, self.backoff_s * 2 ** (attempt - 1)) * (0.5 + jitter / 2)

    def _account(self, result: ChatResult, offered_tools: bool) -> None:
        with self._lock:
            for key in ("prompt_tokens", "completion_tokens", "total_tokens"):
                self._usage[key] += int(result.usage.get(key, 0) or 0)
            self._usage["requests"] += 1
            self._usage["tool_requests"] += offered_tools
            self._usage["tool_call_replies"] += bool(result.tool_calls)

    def _count_failure(self) -> None:
        with self._lock:
            self._usage["failures"] += 1


def _read_body(response: Any, deadline: float | None) -> Any:
    """The JSON body of an unread response, read chunk by chunk so that an endless answer meets the deadline."""
    if not hasattr(response, "iter_bytes"):  # an SDK that parsed the body already
        return response.model_dump() if hasattr(response, "model_dump") else response
    chunks: list[bytes] = []
    try:
        for chunk in response.iter_bytes():
            chunks.append(chunk)
            if deadline is not None and time.monotonic() >= deadline:
                raise _Retryable(f"{_LATE} while the answer was still arriving")
    except _Retryable:
        raise
    except Exception as exc:  # the transport's own errors (read timeout, connection reset) while reading
        raise _Retryable(f"reading the answer failed: {type(exc).__name__}: {_short(str(exc))}") from None
    finally:
        response.close()  # an abandoned answer closes its connection: the server can stop generating
    try:
        return json.loads(b"".join(chunks))
    except ValueError as exc:
        raise _Retryable(f"malformed response body: {_short(str(exc))}") from None


def _parse(body: Any) -> ChatResult:
    """The first choice of a chat-completion body; anything else is a malformed (retryable) response."""
    if not isinstance(body, dict):
        raise _Retryable(f"malformed response: expected a JSON object, got {_short(str(body))!r}")
    choices = body.get("choices")
    if not isinstance(choices, list) or not choices:
        raise _Retryable("malformed response: no choices")
    message = choices[0].get("message") if isinstance(choices[0], dict) else None
    if not isinstance(message, dict):
        raise _Retryable("malformed response: the first choice has no message")
    calls = message.get("tool_calls") or []
    if not isinstance(calls, list) or not all(isinstance(c, dict) for c in calls):
        raise _Retryable("malformed response: tool_calls is not a list of objects")
    content = message.get("content")
    raw_usage = body.get("usage")
    if not isinstance(raw_usage, dict):
        raw_usage = {}
    usage = {k: int(v) for k, v in raw_usage.items() if isinstance(v, int) and not isinstance(v, bool)}
    return ChatResult(content if content is None else str(content), [dict(c) for c in calls], usage,
                      choices[0].get("finish_reason"))


def _short(text: str, limit: int = 300) -> str:
    text = " ".join(text.split())  # one line: server messages (validation errors) span several
    return text if len(text) <= limit else text[:limit] + "..."
