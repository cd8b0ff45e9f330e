"""Run an agent over every task of several envs, k trials each, in parallel and resumably."""

from __future__ import annotations

import json
import queue
import threading
import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gymnasium as gym
from tqdm.auto import tqdm

from envfactory_gym.agents.base import Agent
from envfactory_gym.errors import EpisodeTruncated
from envfactory_gym.eval.store import EpisodeStore, Key
from envfactory_gym.registration import resolve_env_id
from envfactory_gym.user import STOP_TOKEN

AgentFactory = Callable[[], Agent]
#: How long Ctrl-C waits for the episodes being played to end (threaded agents) before the command stops.
STOP_WAIT_S = 30.0
#: The progress bar: done/total and elapsed time, no ETA (batched episodes end together, so a rate says little).
BAR_FORMAT = "{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} episodes [{elapsed} elapsed]"
UserFactory = Callable[[], Any]


@dataclass(frozen=True)
class EpisodeSpec:
    """One episode to play: a task of an env, in one trial, with its seed."""

    env: str
    domain: str
    task_id: str
    trial: int
    seed: int

    @property
    def key(self) -> Key:
        return (self.env, self.task_id, self.trial)


@dataclass
class EvalResult:
    """What a call of :func:`run_eval` did: every stored record, the episodes it played now, the failures."""

    records: list[dict[str, Any]]
    played: int
    skipped: int
    errors: list[dict[str, Any]] = field(default_factory=list)
    wall_s: float = 0.0
    turns: int = 0

    @property
    def episodes_per_s(self) -> float:
        return self.played / self.wall_s if self.wall_s > 0 else 0.0

    @property
    def turns_per_s(self) -> float:
        return self.turns / self.wall_s if self.wall_s > 0 else 0.0


def plan_episodes(envs: Sequence[str], trials: int = 1, seed: int = 0, env_kwargs: Mapping[str, Any] | None = None,
                  limit: int | None = None) -> list[EpisodeSpec]:
    """Every (env, task, trial) to play, trial-major so that a partial run covers every task once first."""
    if trials < 1:
        raise ValueError(f"trials must be at least 1, got {trials}")
    tasks: list[tuple[str, str, int, str]] = []
    for env_id in dict.fromkeys(resolve_env_id(e) for e in envs):
        env = gym.make(env_id, **dict(env_kwargs or {}))
        try:
            u = env.unwrapped
            tasks += [(env_id, u.report_domain, i, t.id) for i, t in enumerate(u.tasks[:limit])]
        finally:
            env.close()
    return [EpisodeSpec(env_id, domain, task_id, trial, seed + 1000 * trial + index)
            for trial in range(trials) for env_id, domain, index, task_id in tasks]


def play_episode(env: gym.Env, agent: Agent, spec: EpisodeSpec) -> dict[str, Any]:
    """Play one episode to its end and return its full record (trajectory, reward components, state diff)."""
    start = time.perf_counter()
    obs, info = _begin(env, agent, spec)
    agent.reset(env, obs, info)
    reward, done, steps = 0.0, (False, False), 0
    while not any(done):
        try:
            action = agent.act(obs, info)
        except EpisodeTruncated as exc:  # e.g. the conversation outgrew the model's context: score it as it stands
            _obs, reward, _terminated, _truncated, info = env.step(STOP_TOKEN)
            record = _record(env, spec, obs, float(reward), info, steps, (False, True), time.perf_counter() - start)
            record["truncation_reason"] = str(exc)
            return record
        obs, reward, *done, info = env.step(action)
        steps += 1
    return _record(env, spec, obs, float(reward), info, steps, done, time.perf_counter() - start)


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
                ctx.done(play_episode(envs[spec.env], agent, spec))
            except Exception as exc:  # one broken episode must not stop the others
                ctx.failed(spec, exc)
    finally:
        for env in envs.values():
            env.close()


@dataclass
class _Slot:
    env: gym.Env
    spec: EpisodeSpec
    obs: tuple
    info: dict[str, Any]
    start: float
    steps: int = 0


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
                actions = agent.act_batch([(s.env, s.obs, s.info) for s in slots])
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
    busy = {id(s.env) for s in slots}
    index = next(i for i in range(len(slots) + 1) if id(envs.get((i, spec.env))) not in busy)
    if (index, spec.env) not in envs:
        envs[(index, spec.env)] = ctx.make_env(spec.env)
    env = envs[(index, spec.env)]
    try:
        obs, info = _begin(env, agent, spec)
        agent.reset(env, obs, info)
    except Exception as exc:
        ctx.failed(spec, exc)
        return
    slots.append(_Slot(env, spec, obs, info, time.perf_counter()))


def _advance(slot: _Slot, action: Any, ctx: _Context) -> bool:
    """Step one batched episode; False once it has ended (and been stored)."""
    try:
        slot.obs, reward, terminated, truncated, slot.info = slot.env.step(action)
    except Exception as exc:
        ctx.failed(slot.spec, exc)
        return False
    slot.steps += 1
    if not (terminated or truncated):
        return True
    ctx.done(_record(slot.env, slot.spec, slot.obs, float(reward), slot.info, slot.steps, (terminated, truncated),
                     time.perf_counter() - slot.start))
    return False


# -- records -------------------------------------------------------------------------------------


def _begin(env: gym.Env, agent: Agent, spec: EpisodeSpec) -> tuple[tuple, dict[str, Any]]:
    obs, info = env.reset(seed=spec.seed, options={"task_id": spec.task_id})
    if hasattr(agent, "set_episode_seed"):
        agent.set_episode_seed(spec.seed)
    return obs, info


def _record(env: gym.Env, spec: EpisodeSpec, obs: tuple, reward: float, info: dict[str, Any], steps: int,
            done: Sequence[bool], duration_s: float) -> dict[str, Any]:
    u = env.unwrapped
    task_part = u.episode_record()  # our envs' state diffs; a benchmark env's gold (its verdict is in info)
    record = {
        "env": spec.env, "domain": spec.domain, "task_id": spec.task_id, "trial": spec.trial, "seed": spec.seed,
        "reward": reward, "components": dict(info.get("reward_components", {})), "steps": steps,
        "terminated": bool(done[0]), "truncated": bool(done[1]), "duration_s": round(duration_s, 4),
        "instruction": task_part["instruction"], "messages": _jsonable(list(obs)),
        "state_diff": _jsonable(task_part["state_diff"]), "gold_diff": _jsonable(task_part["gold_diff"]),
        "gold_calls": _jsonable(task_part["gold_calls"]),
    }
    if "benchmark" in info:
        record["benchmark"] = _jsonable(info["benchmark"])
    return record


def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str))
