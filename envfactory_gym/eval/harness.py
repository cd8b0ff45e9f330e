"""Run an agent over every task of several envs, k trials each, in parallel and resumably."""

from __future__ import annotations

import queue
import threading
import time
import traceback
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import gymnasium as gym
from tqdm.auto import tqdm

from envfactory_gym.agents.base import Agent
from envfactory_gym.episode import EpisodePlay
from envfactory_gym.eval.episodes import (  # noqa: F401  (their old home)
    BAR_FORMAT,
    AgentFactory,
    EpisodeSpec,
    EvalResult,
    UserFactory,
    eval_record,
    plan_episodes,
    play_spec,
)
from envfactory_gym.eval.store import EpisodeStore

#: How long Ctrl-C waits for the episodes being played to end (threaded agents) before the command stops.
STOP_WAIT_S = 30.0


def run_eval(specs: Sequence[EpisodeSpec], agent_factory: AgentFactory, run_dir: str | Path,
             concurrency: int = 1, env_kwargs: Mapping[str, Any] | None = None,
             user_factory: UserFactory | None = None, progress: bool = True, agent_name: str = "",
             backend: str = "local", workers: int = 2, address: str | None = None) -> EvalResult:
    """Play every spec not yet stored in ``run_dir/episodes.jsonl``, appending each finished episode.

    Agents with ``act_batch`` decode ``concurrency`` episodes per call on one thread; other agents run in
    ``concurrency`` threads, each with its own agent and its own env per env id. A failed episode (e.g. an
    endpoint that stays down) is reported in ``errors`` and not stored, so a rerun plays it again.
    ``backend="ray"`` plays them on ``workers`` Ray actors instead (``envfactory_gym.scale.run_eval_ray``).
    """
    if concurrency < 1:
        raise ValueError(f"concurrency must be at least 1, got {concurrency}")
    if backend != "local":
        from envfactory_gym.scale.cluster import check_backend
        from envfactory_gym.scale.eval import run_eval_ray

        check_backend(backend)
        return run_eval_ray(specs, agent_factory, run_dir, workers=workers, address=address, concurrency=concurrency,
                            env_kwargs=env_kwargs, user_factory=user_factory, progress=progress,
                            agent_name=agent_name)
    store = EpisodeStore(run_dir)
    todo = [s for s in specs if s.key not in store]
    if not todo:  # nothing left: no need to build the agent (a local model takes seconds to load)
        return EvalResult([store.records[s.key] for s in specs], 0, len(specs))
    first = agent_factory()
    kwargs = {**getattr(first, "env_kwargs", {}), **dict(env_kwargs or {})}
    bar = tqdm(total=len(specs), initial=len(specs) - len(todo), desc=f"eval {agent_name}".strip(), unit="ep",
               disable=not progress, dynamic_ncols=True, bar_format=BAR_FORMAT)
    ctx = _Context(store, bar, kwargs, user_factory, agent_name)
    start = time.perf_counter()
    try:
        if hasattr(first, "act_batch") and concurrency > 1:
            _run_batched(todo, first, concurrency, ctx)
        else:
            _run_threads(todo, first, agent_factory, concurrency, ctx)
    finally:
        bar.close()
    wall = time.perf_counter() - start
    records = [store.records[s.key] for s in specs if s.key in store]
    return EvalResult(records, ctx.played, len(specs) - len(todo), ctx.errors, wall, ctx.turns)


# -- execution -----------------------------------------------------------------------------------


class _Context:
    def __init__(self, store: EpisodeStore, bar: tqdm, env_kwargs: dict[str, Any], user_factory: UserFactory | None,
                 agent_name: str) -> None:
        self.store = store
        self.bar = bar
        self.env_kwargs = env_kwargs
        self.user_factory = user_factory
        self.agent_name = agent_name
        self.lock = threading.Lock()
        self.errors: list[dict[str, Any]] = []
        self.played = 0
        self.turns = 0

    def make_env(self, env_id: str) -> gym.Env:
        kwargs = dict(self.env_kwargs)
        if self.user_factory is not None:
            kwargs["user"] = self.user_factory()
        return gym.make(env_id, **kwargs)

    def done(self, record: dict[str, Any]) -> None:
        record["agent"] = self.agent_name
        self.store.append(record)
        with self.lock:
            self.played += 1
            self.turns += int(record["steps"])
            self.bar.update(1)

    def failed(self, spec: EpisodeSpec, exc: BaseException) -> None:
        with self.lock:
            self.errors.append({"env": spec.env, "task_id": spec.task_id, "trial": spec.trial,
                                "error": f"{type(exc).__name__}: {exc}",
                                "traceback": traceback.format_exc(limit=5)})
            self.bar.update(1)


def _run_threads(todo: list[EpisodeSpec], first: Agent, factory: AgentFactory, concurrency: int,
                 ctx: _Context) -> None:
    jobs: queue.SimpleQueue[EpisodeSpec | None] = queue.SimpleQueue()
    for spec in todo:
        jobs.put(spec)
    workers = min(concurrency, max(1, len(todo)))
    for _ in range(workers):
        jobs.put(None)
    agents = [first] + [factory() for _ in range(workers - 1)]
    threads = [threading.Thread(target=_worker, args=(jobs, agents[i], ctx), name=f"eval-{i}", daemon=True)
               for i in range(workers)]
    try:
        for t in threads:
            t.start()
        for t in threads:
            while t.is_alive():
                t.join(0.2)  # short joins keep the main thread responsive to Ctrl-C
    except KeyboardInterrupt:
        # Drop the episodes not started; each worker stores the one it plays, closes its envs and ends, so the
        # process exits cleanly (threads still inside native code at exit can abort it).
        while True:
            try:
                jobs.get_nowait()
            except queue.Empty:
                break
        for _ in threads:
            jobs.put(None)
        deadline = time.monotonic() + STOP_WAIT_S
        for t in threads:
            if t.ident is not None:  # started
                t.join(max(0.0, deadline - time.monotonic()))
        raise


def _worker(jobs: queue.SimpleQueue, agent: Agent, ctx: _Context) -> None:
    envs: dict[str, gym.Env] = {}
    try:
        while (spec := jobs.get()) is not None:
            try:
                if spec.env not in envs:
                    envs[spec.env] = ctx.make_env(spec.env)
                ctx.done(play_spec(envs[spec.env], agent, spec))
            except Exception as exc:  # one broken episode must not stop the others
                ctx.failed(spec, exc)
    finally:
        for env in envs.values():
            env.close()


@dataclass
class _Slot:
    play: EpisodePlay
    spec: EpisodeSpec


def _run_batched(todo: list[EpisodeSpec], agent: Any, batch: int, ctx: _Context) -> None:
    pending = list(reversed(todo))
    slots: list[_Slot] = []
    envs: dict[tuple[int, str], gym.Env] = {}
    try:
        while pending or slots:
            while pending and len(slots) < batch:
                _open_slot(pending.pop(), slots, envs, agent, ctx)
            if not slots:
                continue
            try:
                actions = agent.act_batch([(s.play.env, s.play.obs, s.play.info) for s in slots])
            except Exception as exc:
                for s in slots:
                    ctx.failed(s.spec, exc)
                slots.clear()
                continue
            slots[:] = [s for s, a in zip(list(slots), actions) if _advance(s, a, ctx)]
    finally:
        for env in envs.values():
            env.close()


def _open_slot(spec: EpisodeSpec, slots: list[_Slot], envs: dict[tuple[int, str], gym.Env], agent: Any,
               ctx: _Context) -> None:
    busy = {id(s.play.env) for s in slots}
    index = next(i for i in range(len(slots) + 1) if id(envs.get((i, spec.env))) not in busy)
    if (index, spec.env) not in envs:
        envs[(index, spec.env)] = ctx.make_env(spec.env)
    env = envs[(index, spec.env)]
    try:
        play = EpisodePlay(env, agent, spec.seed, {"task_id": spec.task_id})
    except Exception as exc:
        ctx.failed(spec, exc)
        return
    slots.append(_Slot(play, spec))


def _advance(slot: _Slot, action: Any, ctx: _Context) -> bool:
    """Step one batched episode; False once it has ended (and been stored)."""
    try:
        if not slot.play.advance(action):
            return True
    except Exception as exc:
        ctx.failed(slot.spec, exc)
        return False
    ctx.done(eval_record(slot.play.env, slot.spec, slot.play.result()))
    return False
