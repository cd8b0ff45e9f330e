"""Per-session environments of the MCP server: one isolated env per session, its episodes, its release."""

from __future__ import annotations

import json
import math
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

import anyio
import gymnasium as gym

from envfactory_gym.actions import parse_action
from envfactory_gym.database import shared_connection
from envfactory_gym.errors import EpisodeStateError, SessionLimitError, UnknownTaskError
from envfactory_gym.registration import resolve_env_id
from envfactory_gym.user import STOP_TOKEN

#: The control tools: a session's episode is started, talked through and scored with them.
START_TOOL = "episode_start"
SAY_TOOL = "episode_say"
FINISH_TOOL = "episode_finish"
CONTROL_TOOLS = (START_TOOL, SAY_TOOL, FINISH_TOOL)

DEFAULT_MAX_SESSIONS = 1024
DEFAULT_IDLE_TIMEOUT_S = 600.0
#: Steps of different sessions run at once in at most this many worker threads.
DEFAULT_WORKER_THREADS = 16
#: How many released session ids are remembered, to tell a late request why its environment is gone.
_EXPIRED_MEMORY = 10_000

_T = TypeVar("_T")


@dataclass
class Outcome:
    """What a request gives back: the text the agent reads, whether it is an error, and structured fields."""

    text: str
    is_error: bool = False
    structured: dict[str, Any] | None = None
    #: A line to show beside ``text`` without changing it (e.g. the episode ended on this call).
    note: str | None = None


@dataclass(eq=False)
class Session:
    """One MCP session's environment. Its methods run a gym step each and are called from a worker thread;
    the pool never runs two of them for the same session at once."""

    key: str
    env: gym.Env
    lock: anyio.Lock = field(default_factory=anyio.Lock)
    last_used: float = field(default_factory=time.monotonic)
    closed: bool = False
    episodes: int = 0
    _final: dict[str, Any] | None = None
    _started: bool = False

    @property
    def _env(self) -> Any:
        return self.env.unwrapped

    @property
    def in_episode(self) -> bool:
        return self._started and self._final is None

    def start(self, task_id: str | None = None, seed: int | None = None) -> Outcome:
        """Reset the env to a task (``task_id``) or one drawn with ``seed``; the user's opening message."""
        options = {"task_id": task_id} if task_id is not None else None
        if task_id is not None:  # checked first: a reset that raises leaves gym's env checker half-initialised
            known = [t.id for t in self._env.tasks]
            if task_id not in known:
                raise EpisodeStateError(f"{START_TOOL}: {UnknownTaskError(task_id, known)}")
        obs, info = self.env.reset(seed=seed, options=options)
        self._started, self._final = True, None
        self.episodes += 1
        opening = obs[-1]["content"]
        return Outcome(opening, structured={"task_id": info["task_id"], "message": opening})

    def say(self, message: str) -> Outcome:
        """Send ``message`` to the simulated user (the gym's text action); the user's reply."""
        self._require_episode(SAY_TOOL)
        if parse_action(message).calls:
            raise EpisodeStateError(f"{SAY_TOOL} sends text to the user, and this message holds tool calls: "
                                    "call the environment's tools directly instead")
        new, ended = self._step(message)
        reply = "\n".join(m["content"] for m in new if m["role"] == "user")
        structured: dict[str, Any] = {"reply": reply, "done": ended}
        if ended:
            structured.update(self._final or {})
        return Outcome(reply, structured=structured)

    def call(self, name: str, arguments: Mapping[str, Any] | None) -> Outcome:
        """Run one tool call as a gym step ``{"name": name, "arguments": arguments}``; the tool's result."""
        self._require_episode(name)
        new, ended = self._step({"name": name, "arguments": dict(arguments or {})})
        results = [m["content"] for m in new if m["role"] == "tool"]
        # An action the env could not run adds an error turn instead of (or after) a tool result.
        errors = [m["content"] for m in new if m["role"] == "user"]
        text = "\n".join(results + errors)
        is_error = bool(errors) or any(r.startswith("Error: ") for r in results)
        note = None
        if ended:
            assert self._final is not None
            how = "truncated" if self._final["truncated"] else "ended"
            note = f"[the episode {how} with this call: call {FINISH_TOOL} for the reward]"
        return Outcome(text, is_error=is_error, note=note)

    def finish(self) -> Outcome:
        """End the episode (the gym action ``###STOP###``) unless it already ended; its reward and components."""
        if not self._started:
            raise EpisodeStateError(f"{FINISH_TOOL}: no episode in progress: call {START_TOOL} first")
        if self._final is None:
            self._step(STOP_TOKEN)
        assert self._final is not None
        return Outcome(json.dumps(self._final), structured=dict(self._final))

    def close(self) -> None:
        """Release the env (its database); safe to call more than once."""
        if not self.closed:
            self.closed = True
            self.env.close()

    def _require_episode(self, what: str) -> None:
        if not self._started:
            raise EpisodeStateError(f"{what}: no episode in progress: call {START_TOOL} first")
        if self._final is not None:
            raise EpisodeStateError(f"{what}: the episode has ended: call {FINISH_TOOL} for its reward, or "
                                    f"{START_TOOL} for a new one")

    def _step(self, action: Any) -> tuple[list[dict[str, Any]], bool]:
        before = len(self._env.messages)
        obs, reward, terminated, truncated, info = self.env.step(action)
        ended = bool(terminated or truncated)
        if ended:
            self._final = {"task_id": info["task_id"], "reward": float(reward),
                           "reward_components": dict(info.get("reward_components", {})),
                           "terminated": bool(terminated), "truncated": bool(truncated), "steps": info["step"],
                           "state_changes": info.get("state_changes", 0)}
        return list(obs[before + 1:]), ended  # what came after the agent's own turn


class SessionPool:
    """The sessions of one server: each key (an MCP session) owns one env made with ``gym.make(env_id)``.

    A session's env is made when the session starts its first episode and closed when the session ends
    (:meth:`release`), after ``idle_timeout_s`` seconds without a request (:meth:`sweep`), or when the pool
    closes. At most ``max_sessions`` envs live at once; a start past the cap is refused with
    :class:`SessionLimitError`. Steps run in worker threads, one at a time per session, so a slow session
    never blocks the others.
    """

    def __init__(self, env_id: str, *, max_sessions: int = DEFAULT_MAX_SESSIONS,
                 idle_timeout_s: float = DEFAULT_IDLE_TIMEOUT_S, worker_threads: int = DEFAULT_WORKER_THREADS,
                 env_kwargs: Mapping[str, Any] | None = None, cap_hint: str = "--max-sessions") -> None:
        if max_sessions < 1:
            raise ValueError(f"max_sessions must be at least 1, got {max_sessions!r}")
        if not (math.isfinite(idle_timeout_s) and idle_timeout_s > 0):
            raise ValueError(f"idle_timeout_s must be a positive number of seconds, got {idle_timeout_s!r}")
        if worker_threads < 1:
            raise ValueError(f"worker_threads must be at least 1, got {worker_threads!r}")
        self.env_id = resolve_env_id(env_id)
        # Hand memory that DuckDB freed (a closed session's tables) back to the OS instead of keeping it
        # for reuse, so a server's resident memory falls back after a burst of sessions.
        shared_connection().execute("SET allocator_background_threads = true")
        self.max_sessions = max_sessions
        self.idle_timeout_s = float(idle_timeout_s)
        self.worker_threads = worker_threads
        #: MCP clients list the tools themselves, so the system prompt does not repeat them.
        self.env_kwargs = {"tools_in_system": False, **(env_kwargs or {})}
        self.cap_hint = cap_hint
        self._sessions: dict[str, Session] = {}
        self._creating = 0
        self._expired: OrderedDict[str, str] = OrderedDict()
        self._limiter: anyio.CapacityLimiter | None = None
        self.created = 0
        self.released = 0

    # -- requests -------------------------------------------------------------------------------

    async def start(self, key: str, task_id: str | None = None, seed: int | None = None) -> Outcome:
        """Start an episode in the session ``key``, making its env first if it has none."""
        session = self._sessions.get(key)
        if session is None:
            session = await self._create(key)
        return await self._run(session, lambda s: s.start(task_id, seed))

    async def say(self, key: str, message: str) -> Outcome:
        return await self._run(self._existing(key, SAY_TOOL), lambda s: s.say(message))

    async def call(self, key: str, name: str, arguments: Mapping[str, Any] | None) -> Outcome:
        return await self._run(self._existing(key, name), lambda s: s.call(name, arguments))

    async def finish(self, key: str) -> Outcome:
        return await self._run(self._existing(key, FINISH_TOOL), lambda s: s.finish())

    # -- lifetime -------------------------------------------------------------------------------

    @property
    def open_sessions(self) -> int:
        """Sessions that hold an env now."""
        return len(self._sessions)

    def __contains__(self, key: object) -> bool:
        return key in self._sessions

    async def release(self, key: str, reason: str = "the session ended") -> bool:
        """Close the env of session ``key`` (after its running step, if any); whether it had one."""
        session = self._sessions.pop(key, None)
        if session is None:
            return False
        self._remember(key, reason)
        async with session.lock:
            await anyio.to_thread.run_sync(session.close, limiter=self._threads())
        self.released += 1
        return True

    async def sweep(self) -> int:
        """Release every session idle for longer than the idle timeout; how many were released."""
        now = time.monotonic()
        idle = [k for k, s in self._sessions.items()
                if not s.lock.locked() and now - s.last_used > self.idle_timeout_s]
        reason = f"it had no request for {self.idle_timeout_s:g} s (the server's idle timeout)"
        for key in idle:
            await self.release(key, reason)
        return len(idle)

    async def run_sweeper(self, interval_s: float | None = None) -> None:
        """Sweep idle sessions forever (run it in a task group and cancel it to stop)."""
        interval = interval_s if interval_s is not None else min(30.0, max(0.05, self.idle_timeout_s / 4))
        while True:
            await anyio.sleep(interval)
            await self.sweep()

    async def aclose(self) -> None:
        """Release every session (at server shutdown)."""
        for key in list(self._sessions):
            await self.release(key, "the server shut down")

    # -- internals ------------------------------------------------------------------------------

    def _threads(self) -> anyio.CapacityLimiter:
        if self._limiter is None:  # made inside the event loop that uses it
            self._limiter = anyio.CapacityLimiter(self.worker_threads)
        return self._limiter

    def _existing(self, key: str, what: str) -> Session:
        session = self._sessions.get(key)
        if session is None:
            why = self._expired.get(key)
            if why is not None:
                raise EpisodeStateError(f"{what}: this session's environment was released because {why}: call "
                                        f"{START_TOOL} to begin a new episode")
            raise EpisodeStateError(f"{what}: no episode in progress: call {START_TOOL} first")
        session.last_used = time.monotonic()
        return session

    async def _create(self, key: str) -> Session:
        if len(self._sessions) + self._creating >= self.max_sessions:
            raise SessionLimitError(
                f"session cap reached: {self.max_sessions} sessions already hold an environment of "
                f"{self.env_id}; end one (or let it idle out after {self.idle_timeout_s:g} s), or restart the "
                f"server with a larger {self.cap_hint}")
        self._creating += 1
        try:
            env = await anyio.to_thread.run_sync(lambda: gym.make(self.env_id, **self.env_kwargs),
                                                 limiter=self._threads())
        finally:
            self._creating -= 1
        existing = self._sessions.get(key)
        if existing is not None:  # two first requests of one session raced: keep the first env
            await anyio.to_thread.run_sync(env.close, limiter=self._threads())
            return existing
        session = Session(key, env)
        self._sessions[key] = session
        self._expired.pop(key, None)
        self.created += 1
        return session

    async def _run(self, session: Session, op: Callable[[Session], _T]) -> _T:
        session.last_used = time.monotonic()
        async with session.lock:
            if session.closed:
                raise EpisodeStateError(f"this session's environment was released because "
                                        f"{self._expired.get(session.key, 'the session ended')}: call "
                                        f"{START_TOOL} to begin a new episode")
            try:
                return await anyio.to_thread.run_sync(op, session, limiter=self._threads())
            finally:
                session.last_used = time.monotonic()

    def _remember(self, key: str, reason: str) -> None:
        self._expired[key] = reason
        self._expired.move_to_end(key)
        while len(self._expired) > _EXPIRED_MEMORY:
            self._expired.popitem(last=False)
