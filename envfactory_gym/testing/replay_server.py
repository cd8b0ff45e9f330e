"""A local HTTP server speaking the OpenAI chat-completions protocol, answering with scripted responses."""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections.abc import Callable, Iterable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal

#: One scripted answer: assistant text, or a dict (``content``, ``tool_calls``, ``status``, ``message``, ``raw``,
#: ``delay_s``, ``trickle_s``, ``usage``).
ResponseItem = str | dict[str, Any]
Script = Iterable[ResponseItem] | Callable[[dict[str, Any]], ResponseItem]


class ReplayServer:
    """Serves ``POST /v1/chat/completions`` from a script, in order, on 127.0.0.1 (a free port).

    ``responses`` is a list of items or a callable ``(request_json) -> item``. An item is the assistant's
    text; or a dict with ``content`` and/or ``tool_calls`` (``[{"name", "arguments"}]`` or OpenAI format);
    ``{"status": 500, "message": ...}`` for an HTTP error; ``{"raw": "..."}`` for a body sent as is;
    ``delay_s`` to answer late; ``trickle_s`` to send the headers at once and then a blank every
    ``trickle_s`` seconds during the delay (an answer that keeps arriving, which no per-read timeout catches).
    Every request body is kept in :attr:`requests`, as received; :attr:`max_in_flight` is the most requests
    it was serving at once.

    The keyword options make it behave like servers that differ from OpenAI's API:

    - ``tool_choice_default="none"``: ``tools`` sent without ``tool_choice`` are not rendered for the model
      (as ``tool_choice="none"`` always is): the script sees the request without ``tools``, and scripted
      tool calls are not returned.
    - ``string_content=True``: a message whose ``content`` is not a string (``null`` included) is refused
      with HTTP 500 and a request-validation error, as servers with strict request models do.
    - ``context_tokens=N``: a request whose prompt (estimated as characters / 4) plus ``max_tokens`` exceeds
      ``N`` tokens is refused with HTTP 400 and the maximum-context-length message of vLLM and OpenAI.

    A refused request consumes no scripted item. ``port`` picks the port (default: a free one).
    """

    def __init__(self, responses: Script, delay_s: float = 0.0, model: str = "replay", *,
                 tool_choice_default: Literal["auto", "none"] = "auto", string_content: bool = False,
                 context_tokens: int | None = None, port: int = 0) -> None:
        if tool_choice_default not in ("auto", "none"):
            raise ValueError(f"tool_choice_default must be 'auto' or 'none', got {tool_choice_default!r}")
        if context_tokens is not None and context_tokens < 1:
            raise ValueError(f"context_tokens must be positive, got {context_tokens}")
        self._script: Callable[[dict[str, Any]], ResponseItem]
        if callable(responses):
            self._script = responses
        else:
            items = iter(list(responses))
            self._script = lambda _request: next(items, {"status": 400, "message": "replay script exhausted"})
        self.delay_s = delay_s
        self.model = model
        self.tool_choice_default = tool_choice_default
        self.string_content = string_content
        self.context_tokens = context_tokens
        self.requests: list[dict[str, Any]] = []
        self.in_flight = 0
        self.max_in_flight = 0
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._ids = itertools.count(1)
        self._httpd = _Server(("127.0.0.1", port), _Handler)
        self._httpd.replay = self
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.05,), name="replay-server", daemon=True)
        self._thread.start()

    @property
    def base_url(self) -> str:
        """The OpenAI ``base_url`` of this server, e.g. ``http://127.0.0.1:PORT/v1``."""
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    def close(self) -> None:
        """Stop serving; replies still sleeping give up at once."""
        self._closing.set()
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> ReplayServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- serving -----------------------------------------------------------------------------------

    def _answer(self, request: dict[str, Any], handler: _Handler) -> None:
        with self._lock:
            self.requests.append(request)
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
        done = threading.Event()

        def leave() -> None:
            # A request stops counting before its last byte is sent: once the client holds the reply it may
            # send its next request at once, and that one must not be counted beside this one.
            if not done.is_set():
                done.set()
                with self._lock:
                    self.in_flight -= 1

        try:
            refusal = self._refusal(request)
            if refusal is not None:
                leave()
                handler.send(*refusal)
                return
            shown = self._as_rendered(request)
            item = self._script(shown)
            item = {"content": item} if isinstance(item, str) else dict(item)
            delay = self.delay_s + float(item.get("delay_s", 0.0))
            trickle = float(item.get("trickle_s", 0.0))
            if trickle > 0:
                if not handler.trickle(delay, trickle, self._closing):
                    return  # the client left, or the server is closing
                body = self._render(request, item)[1]
                leave()
                handler.finish_body(body)
                return
            if delay and self._closing.wait(delay):
                leave()
                handler.send(503, _error_body(503, "server closing"))
                return
            reply = self._render(request, item)
            leave()
            handler.send(*reply)
        finally:
            leave()

    def _refusal(self, request: dict[str, Any]) -> tuple[int, bytes] | None:
        """The error a strict or small-context server answers this request with, if any."""
        if self.string_content:
            bad = [i for i, m in enumerate(request.get("messages") or []) if not isinstance(m.get("content"), str)]
            if bad:
                lines = [f"messages.{i}.content\n  Input should be a valid string [type=string_type, "
                         f"input_value={_py_repr(request['messages'][i].get('content'))}, "
                         f"input_type={type(request['messages'][i].get('content')).__name__}]" for i in bad]
                plural = "s" if len(bad) > 1 else ""
                text = f"{len(bad)} validation error{plural} for ChatCompletionRequest\n" + "\n".join(lines)
                return 500, _error_body(500, text)
        if self.context_tokens is not None:
            prompt = _prompt_tokens(request)
            completion = int(request.get("max_tokens") or request.get("max_completion_tokens") or 0)
            if prompt + completion > self.context_tokens:
                text = (f"This model's maximum context length is {self.context_tokens} tokens. However, you "
                        f"requested {prompt + completion} tokens ({prompt} in the messages, {completion} in the "
                        "completion). Please reduce the length of the messages or completion.")
                return 400, _error_body(400, text)
        return None

    def _as_rendered(self, request: dict[str, Any]) -> dict[str, Any]:
        """The request as the model sees it: without ``tools`` when the server does not render them."""
        if "tools" not in request:
            return request
        choice = request.get("tool_choice", self.tool_choice_default)
        if choice != "none":
            return request
        return {k: v for k, v in request.items() if k != "tools"}

    def _render(self, request: dict[str, Any], item: dict[str, Any]) -> tuple[int, bytes]:
        if "status" in item and int(item["status"]) != 200:
            return int(item["status"]), _error_body(int(item["status"]), item.get("message"))
        if "raw" in item:
            return 200, str(item["raw"]).encode()
        content = item.get("content")
        # Tools sent but not rendered: the model was shown none, so it made no call.
        hidden = "tools" in request and "tools" not in self._as_rendered(request)
        calls = [] if hidden else [_tool_call(c, i) for i, c in enumerate(item.get("tool_calls") or [])]
        if hidden:
            content = content or ""
        message: dict[str, Any] = {"role": "assistant", "content": content if content or not calls else None}
        if calls:
            message["tool_calls"] = calls
        prompt = _prompt_tokens(request)
        completion = len(content or "") // 4 + 1 + 10 * len(calls)
        usage = item.get("usage") or {"prompt_tokens": prompt, "completion_tokens": completion,
                                      "total_tokens": prompt + completion}
        body = {"id": f"chatcmpl-replay-{next(self._ids)}", "object": "chat.completion", "created": 0,
                "model": request.get("model", self.model), "usage": usage,
                "choices": [{"index": 0, "message": message, "logprobs": None,
                             "finish_reason": "tool_calls" if calls else "stop"}]}
        return 200, json.dumps(body).encode()


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False  # a reply sleeping past a client's timeout must not hold up close()
    replay: ReplayServer


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        if self.path.rstrip("/") == "/v1/models":
            model = self.server.replay.model
            self.send(200, json.dumps({"object": "list", "data": [
                {"id": model, "object": "model", "created": 0, "owned_by": "replay"}]}).encode())
        else:
            self.send(404, _error_body(404, f"no route GET {self.path}"))

    def do_POST(self) -> None:  # noqa: N802
        if self.path.rstrip("/") != "/v1/chat/completions":
            self.send(404, _error_body(404, f"no route POST {self.path}"))
            return
        try:
            request = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
        except json.JSONDecodeError as exc:
            self.send(400, _error_body(400, f"request body is not JSON: {exc}"))
            return
        self.server.replay._answer(request, self)

    def send(self, status: int, body: bytes) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (timed out) before the reply

    def trickle(self, duration_s: float, every_s: float, closing: threading.Event) -> bool:
        """Send a 200's headers, then a blank every ``every_s`` for ``duration_s``; False once the client left."""
        try:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Connection", "close")  # no length: the body ends when the connection does
            self.end_headers()
            self.wfile.flush()
            end = time.monotonic() + duration_s
            while time.monotonic() < end:
                if closing.wait(min(every_s, max(0.0, end - time.monotonic()))):
                    return False
                self.wfile.write(b" ")  # JSON allows leading whitespace
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            return False
        return True

    def finish_body(self, body: bytes) -> None:
        try:
            self.wfile.write(body)
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass


def _prompt_tokens(request: dict[str, Any]) -> int:
    """A rough token count of a request's messages (characters / 4, tool-call arguments included)."""
    chars = 0
    for m in request.get("messages") or []:
        chars += len(str(m.get("content") or ""))
        for call in m.get("tool_calls") or []:
            chars += len(str((call.get("function") or {}).get("arguments") or ""))
    return chars // 4 + 1


def _tool_call(call: dict[str, Any], index: int) -> dict[str, Any]:
    if "function" in call:
        return {"type": "function", "id": call.get("id", f"call_{index}"), **call}
    args = call.get("arguments", {})
    return {"id": call.get("id", f"call_{index}"), "type": "function",
            "function": {"name": call["name"], "arguments": args if isinstance(args, str) else json.dumps(args)}}


def _py_repr(value: Any) -> str:
    return repr(value) if len(repr(value)) <= 60 else repr(value)[:57] + "..."


def _error_body(status: int, message: str | None = None) -> bytes:
    kind = "server_error" if status >= 500 else "invalid_request_error"
    return json.dumps({"error": {"message": message or f"scripted HTTP {status}", "type": kind,
                                 "code": status}}).encode()
