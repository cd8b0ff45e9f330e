"""A user simulator played by an LLM, with every turn recordable to JSONL and replayable without an endpoint."""

from __future__ import annotations

import hashlib
import json
import os
import threading
from pathlib import Path
from typing import Any

from envfactory_gym.errors import (
    MissingRecordError,
)
from envfactory_gym.llm import LLMClient
from envfactory_gym.tasks import Task
from envfactory_gym.user import STOP_TOKEN, UserTurn

#: What the simulated user is told the agent said first; it answers with the task's request.
AGENT_GREETING = "Hi! How can I help you today?"

SYSTEM_PROMPT = """You are a customer talking to a customer-service agent. Stay in character; write only what \
the customer says, in one short message per turn.

Your request:
{instruction}

Facts you know (the agent may need them):
{facts}

Rules:
- Open with your request in your own words; do not give the facts above unless the agent asks for them.
- Give a fact only when the agent asks for it, and exactly as written above. Never volunteer the others.
- Never invent information you were not given: if asked for something you do not know, say you don't know.
- When your request has been handled, or the agent says it cannot be done, end your message with {stop}.
"""

_APPEND_LOCK = threading.Lock()


class LLMUserSimulator:
    """Plays the customer with an LLM: temperature 0, the episode seed sent to the endpoint.

    With ``record_path`` every turn is appended to a JSONL file (one line per turn, keyed by task id,
    seed and turn index); with ``replay_path`` turns come from such a file and no endpoint is needed.
    """

    def __init__(self, client: LLMClient | None = None, record_path: str | os.PathLike[str] | None = None,
                 replay_path: str | os.PathLike[str] | None = None, max_tokens: int | None = 512) -> None:
        if client is None and replay_path is None:
            raise ValueError("LLMUserSimulator needs a client, or a replay_path to replay a recording")
        self.client = client
        self.record_path = Path(record_path) if record_path else None
        self.replay_path = Path(replay_path) if replay_path else None
        self.max_tokens = max_tokens
        self._replay: dict[tuple[str, int, int], dict[str, Any]] | None = None
        self._task: Task | None = None
        self._seed = 0
        self._messages: list[dict[str, str]] = []

    def start(self, task: Task, seed: int) -> UserTurn:
        self._task = task
        self._seed = int(seed)
        self._messages = [{"role": "system", "content": system_prompt(task)},
                          {"role": "user", "content": AGENT_GREETING}]
        return self._turn()

    def respond(self, agent_message: str) -> UserTurn:
        if self._task is None:
            raise RuntimeError("respond() called before start()")
        # The simulator's own chat is mirrored: the agent speaks as "user", the customer as "assistant".
        self._messages.append({"role": "user", "content": agent_message})
        return self._turn()

    # -- turns -------------------------------------------------------------------------------------

    def _turn(self) -> UserTurn:
        assert self._task is not None
        index = (len(self._messages) - 2) // 2
        digest = _digest(self._messages)
        if self.replay_path is not None:
            text = self._replayed(index, digest)
        else:
            assert self.client is not None
            result = self.client.chat(self._messages, seed=self._seed, temperature=0.0, max_tokens=self.max_tokens)
            text = result.content or ""
            if self.record_path is not None:
                _append_line(self.record_path, {"task_id": self._task.id, "seed": self._seed, "turn": index,
                                                "prompt_sha256": digest, "content": text, "usage": result.usage})
        self._messages.append({"role": "assistant", "content": text})
        done = STOP_TOKEN in text
        return UserTurn(text.replace(STOP_TOKEN, "").strip() if done else text, done=done)

    def _replayed(self, index: int, digest: str) -> str:
        assert self._task is not None and self.replay_path is not None
        if self._replay is None:
            self._replay = load_recording(self.replay_path)
        record = self._replay.get((self._task.id, self._seed, index))
        where = f"{self.replay_path}: task {self._task.id!r}, seed {self._seed}, turn {index}"
        if record is None:
            raise MissingRecordError(f"{where}: no recorded turn")
        if record.get("prompt_sha256", digest) != digest:
            raise MissingRecordError(f"{where}: the conversation differs from the recorded one")
        return str(record["content"])


def system_prompt(task: Task) -> str:
    """The simulated user's instructions for ``task``."""
    facts = "\n".join(f"- {name.replace('_', ' ')}: {fact.value}" for name, fact in task.user_facts.items())
    return SYSTEM_PROMPT.format(instruction=task.instruction, facts=facts or "- (none beyond your request)",
                                stop=STOP_TOKEN)


def load_recording(path: str | os.PathLike[str]) -> dict[tuple[str, int, int], dict[str, Any]]:
    """The turns of a recording, keyed by ``(task_id, seed, turn)``; the last line of a key wins."""
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise MissingRecordError(f"{path}: recording not found") from None
    out: dict[tuple[str, int, int], dict[str, Any]] = {}
    for lineno, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
            out[(str(rec["task_id"]), int(rec["seed"]), int(rec["turn"]))] = rec
        except (json.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
            raise MissingRecordError(f"{path}: line {lineno} is not a recorded turn ({exc})") from None
    return out


def _append_line(path: Path, record: dict[str, Any]) -> None:
    # One write of one whole line, flushed and synced: a crash leaves complete lines only.
    line = json.dumps(record, ensure_ascii=False) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    with _APPEND_LOCK, open(path, "a", encoding="utf-8") as fh:
        fh.write(line)
        fh.flush()
        os.fsync(fh.fileno())


def _digest(messages: list[dict[str, str]]) -> str:
    return hashlib.sha256(json.dumps(messages, sort_keys=True).encode()).hexdigest()
