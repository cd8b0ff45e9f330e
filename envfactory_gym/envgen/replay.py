"""Replay recorded model answers for EnvGen: ``python -m envfactory_gym.envgen.replay RECORDING [--port N]``."""

from __future__ import annotations

import json
import sys
import threading
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from envfactory_gym.envgen.model import parse_request_line
from envfactory_gym.envgen.responses import MODEL_STAGES
from envfactory_gym.errors import DataFileError, EnvFactoryError, suggest

Key = tuple[str, str, int]


def read_recording(path: str | Path) -> dict[Key, list[Any]]:
    """The recorded answers per ``(stage, env, round)``, in file order; a bad line is one error naming it."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataFileError(f"{path}: no such recording") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DataFileError(f"{path}: cannot read ({exc})") from None
    answers: dict[Key, list[Any]] = {}
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except ValueError as exc:
            raise DataFileError(f"{path}:{n}: not JSON ({exc})") from None
        if not isinstance(item, dict):
            raise DataFileError(f"{path}:{n}: expected a JSON object")
        unknown = sorted(set(item) - {"stage", "env", "round", "response"})
        if unknown:
            raise DataFileError(f"{path}:{n}: unknown key {unknown[0]!r}."
                                f"{suggest(unknown[0], ['stage', 'env', 'round', 'response'])}")
        stage, env, round_ = item.get("stage"), item.get("env"), item.get("round")
        if stage not in MODEL_STAGES:
            raise DataFileError(f"{path}:{n}: stage {stage!r} is not one of {', '.join(MODEL_STAGES)}."
                                f"{suggest(str(stage), MODEL_STAGES)}")
        if not isinstance(env, str) or not env:
            raise DataFileError(f"{path}:{n}: env must be a non-empty string")
        if not isinstance(round_, int) or isinstance(round_, bool) or round_ < 0:
            raise DataFileError(f"{path}:{n}: round must be a non-negative integer")
        response = item.get("response")
        if not isinstance(response, str | dict):
            raise DataFileError(f"{path}:{n}: response must be the answer text or a ReplayServer item (an object)")
        answers.setdefault((stage, env, round_), []).append(response)
    if not answers:
        raise DataFileError(f"{path}: holds no recorded answer")
    return answers


def load_recording(path: str | Path) -> Callable[[dict[str, Any]], Any]:
    """A ReplayServer script serving a recording: requests are matched by their ``EnvGen request:`` line only.

    Answers with the same key are served in order; a key with none left gets HTTP 400 ``no recorded response
    for stage=... env=... round=...``.
    """
    queues = {key: deque(items) for key, items in read_recording(path).items()}
    lock = threading.Lock()

    def script(request: dict[str, Any]) -> Any:
        key = _key(request)
        if key is None:
            return {"status": 400, "message": "not an EnvGen request: no user message starts with 'EnvGen request: "
                                              "stage=<stage> env=<name> round=<n>'"}
        with lock:
            queue = queues.get(key)
            if queue:
                return queue.popleft()
        stage, env, round_ = key
        return {"status": 400, "message": f"no recorded response for stage={stage} env={env} round={round_}"}

    script.remaining = lambda: {k: len(q) for k, q in queues.items() if q}  # type: ignore[attr-defined]
    return script


def _key(request: dict[str, Any]) -> Key | None:
    for message in request.get("messages") or []:
        if isinstance(message, dict) and message.get("role") == "user" and isinstance(message.get("content"), str):
            key = parse_request_line(message["content"])
            if key is not None:
                return key
    return None


def main(argv: list[str] | None = None) -> int:
    """Serve a recording on 127.0.0.1 until interrupted."""
    from envfactory_gym.cli_types import ArgumentParser, non_negative_int
    from envfactory_gym.testing.replay_server import ReplayServer

    parser = ArgumentParser(prog="python -m envfactory_gym.envgen.replay",
                            description="Serve recorded EnvGen answers as an OpenAI-compatible endpoint.")
    parser.add_argument("recording", help="a recording.jsonl")
    parser.add_argument("--port", type=non_negative_int, default=0, help="port on 127.0.0.1 (default: a free one)")
    parser.add_argument("--model", default="replay", help="the model name the server reports")
    args = parser.parse_args(argv)
    try:
        script = load_recording(args.recording)
        server = ReplayServer(script, model=args.model, port=args.port)
    except EnvFactoryError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"error: --port {args.port}: cannot listen ({exc.strerror or exc})", file=sys.stderr)
        return 2
    n = sum(script.remaining().values())  # type: ignore[attr-defined]
    print(f"serving {n} recorded answers of {args.recording} at {server.base_url} (Ctrl-C to stop)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
