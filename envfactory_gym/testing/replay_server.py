"""A local HTTP server speaking the OpenAI chat-completions protocol, answering with scripted responses."""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Callable, Iterable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

#: One scripted answer: assistant text, or a dict (``content``, ``tool_calls``, ``status``, ``raw``,
#: ``delay_s``, ``usage``).
ResponseItem = str | dict[str, Any]
Script = Iterable[ResponseItem] | Callable[[dict[str, Any]], ResponseItem]


class ReplayServer:
    """Serves ``POST /v1/chat/completions`` from a script, in order, on 127.0.0.1 (a free port).

    ``responses`` is a list of items or a callable ``(request_json) -> item``. An item is the assistant's
    text; or a dict with ``content`` and/or ``tool_calls`` (``[{"name", "arguments"}]`` or OpenAI format);
    ``{"status": 500}`` for an HTTP error; ``{"raw": "..."}`` for a body sent as is; ``delay_s`` to answer
    late. Every request body is kept in :attr:`requests`; :attr:`max_in_flight` is the most requests it was
    serving at once.
    """

    def __init__(self, responses: Script, delay_s: float = 0.0, model: str = "replay") -> None:
        self._script: Callable[[dict[str, Any]], ResponseItem]
        if callable(responses):
            self._script = responses
        else:
            items = iter(list(responses))
            self._script = lambda _request: next(items, {"status": 400, "message": "replay script exhausted"})
        self.delay_s = delay_s
        self.model = model
        self.requests: list[dict[str, Any]] = []
        self.in_flight = 0
        self.max_in_flight = 0
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._ids = itertools.count(1)
        self._httpd = _Server(("127.0.0.1", 0), _Handler)
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

    def _answer(self, request: dict[str, Any]) -> tuple[int, bytes]:
        with self._lock:
            self.requests.append(request)
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            item = self._script(request)
            delay = self.delay_s + (float(item.get("delay_s", 0.0)) if isinstance(item, dict) else 0.0)
            if delay and self._closing.wait(delay):
                return 503, _error_body(503, "server closing")
            return self._render(request, item)
        finally:
            with self._lock:
                self.in_flight -= 1

    def _render(self, request: dict[str, Any], item: ResponseItem) -> tuple[int, bytes]:
        if isinstance(item, str):
            item = {"content": item}
        if "status" in item and int(item["status"]) != 200:
            return int(item["status"]), _error_body(int(item["status"]), item.get("message"))
        if "raw" in item:
            return 200, str(item["raw"]).encode()
        content = item.get("content")
        calls = [_tool_call(c, i) for i, c in enumerate(item.get("tool_calls") or [])]
        message: dict[str, Any] = {"role": "assistant", "content": content if content or not calls else None}
        if calls:
            message["tool_calls"] = calls
        prompt = sum(len(str(m.get("content") or "")) for m in request.get("messages", [])) // 4 + 1
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
            self._send(200, json.dumps({"object": "list", "data": [
                {"id": model, "object": "model", "created": 0, "owned_by": "replay"}]}).encode())
        else:
            self._send(404, _error_body(404, f"no route GET {self.path}"))

    def do_POST(self) -> None:  # noqa: N802
        if self.path.rstrip("/") != "/v1/chat/completions":
            self._send(404, _error_body(404, f"no route POST {self.path}"))
            return
        try:
            request = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
        except json.JSONDecodeError as exc:
            self._send(400, _error_body(400, f"request body is not JSON: {exc}"))
            return
        self._send(*self.server.replay._answer(request))

    def _send(self, status: int, body: bytes) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (timed out) before the reply

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass


def _tool_call(call: dict[str, Any], index: int) -> dict[str, Any]:
    if "function" in call:
        return {"type": "function", "id": call.get("id", f"call_{index}"), **call}
    args = call.get("arguments", {})
    return {"id": call.get("id", f"call_{index}"), "type": "function",
            "function": {"name": call["name"], "arguments": args if isinstance(args, str) else json.dumps(args)}}


def _error_body(status: int, message: str | None = None) -> bytes:
    kind = "server_error" if status >= 500 else "invalid_request_error"
    return json.dumps({"error": {"message": message or f"scripted HTTP {status}", "type": kind,
                                 "code": status}}).encode()
