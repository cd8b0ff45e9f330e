"""The episode worker (one per Ray actor, or per local pool) and the pools that feed it jobs and stream results."""

from __future__ import annotations

import json
import threading
import traceback
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

import gymnasium as gym

from envfactory_gym.errors import AgentBuildError, ClusterError
from envfactory_gym.scale.cluster import Registration, apply_registrations, is_actor_death, kill_quietly, require_ray

#: ``runner(env, agent, payload) -> result``: plays one episode on a ready env with a ready agent.
Runner = Callable[[gym.Env, Any, Any], Any]
#: How many times an episode is started on a worker that then dies before it is given up (reported as failed).
MAX_ATTEMPTS = 3


@dataclass(frozen=True)
class Job:
    """One episode for a worker: a key that names it in the run, the env to play it on, and the runner's payload."""

    key: Any
    env_id: str
    payload: Any
    env_overrides: tuple[tuple[str, Any], ...] = ()


@dataclass
class Outcome:
    """What came back for a job: the runner's result, or the error that stopped the episode (not both)."""

    key: Any
    result: Any = None
    error: str | None = None
    traceback: str = ""

    @property
    def ok(self) -> bool:
        return self.error is None


class EpisodeWorker:
    """Holds a pool of environments (made once per env id and options, reset per episode) and agents.

    Every thread that plays (a Ray actor runs ``max_concurrency`` at once) has its own agent and its own envs.
    The agent is built from ``agent_factory`` in this process, so a Ray actor never receives a live agent.
    """

    def __init__(self, agent_factory: Callable[[], Any], runner: Runner, env_kwargs: Mapping[str, Any] | None = None,
                 user_factory: Callable[[], Any] | None = None, registrations: Iterable[Registration] = (),
                 threads: int = 1) -> None:
        self.agent_factory = agent_factory
        self.threads = threads
        self.runner = runner
        self.env_kwargs = dict(env_kwargs or {})
        self.user_factory = user_factory
        self._local = threading.local()
        self._all_envs: list[gym.Env] = []
        self._lock = threading.Lock()
        self._setup_error: str | None = None
        try:
            apply_registrations(registrations)
        except Exception as exc:  # noqa: BLE001  (reported by ready() as one line, instead of killing the actor)
            self._setup_error = f"{type(exc).__name__}: {exc}"

    def ready(self) -> str | None:
        """Build this thread's agent now: None if it works, else the one-line reason (so a driver fails fast)."""
        if self._setup_error:
            return self._setup_error
        try:
            agent = self._agent()
        except Exception as exc:  # noqa: BLE001
            return f"{type(exc).__name__}: {exc}"
        if self.threads > 1 and hasattr(agent, "act_batch"):
            # Every thread would load its own copy of the model: one episode at a time per worker instead.
            return (f"{getattr(agent, 'name', 'this agent')} decodes a local model: play it with concurrency 1 "
                    f"on each worker (not {self.threads}) and add workers instead")
        return None

    def play(self, job: Job) -> Outcome:
        """Play one job; an exception becomes a failed outcome, never a dead worker."""
        try:
            if self._setup_error:
                raise RuntimeError(self._setup_error)
            agent = self._agent()
            env = self._env(job, agent)
            return Outcome(job.key, self.runner(env, agent, job.payload))
        except Exception as exc:  # noqa: BLE001  (one broken episode must not stop the others)
            return Outcome(job.key, error=f"{type(exc).__name__}: {exc}", traceback=traceback.format_exc(limit=5))

    def close(self) -> None:
        with self._lock:
            envs, self._all_envs = self._all_envs, []
        for env in envs:
            env.close()

    def _agent(self) -> Any:
        agent = getattr(self._local, "agent", None)
        if agent is None:
            agent = self._local.agent = self.agent_factory()
            self._local.envs = {}
        return agent

    def _env(self, job: Job, agent: Any) -> gym.Env:
        key = (job.env_id, json.dumps(job.env_overrides, sort_keys=True, default=str))
        envs: dict[tuple[str, str], gym.Env] = self._local.envs
        if key not in envs:
            kwargs = {**getattr(agent, "env_kwargs", {}), **self.env_kwargs, **dict(job.env_overrides)}
            if self.user_factory is not None:
                kwargs["user"] = self.user_factory()
            envs[key] = gym.make(job.env_id, **kwargs)
            with self._lock:
                self._all_envs.append(envs[key])
        return envs[key]


class LocalPool:
    """Plays jobs in this process on ``workers`` threads, each with its own agent and envs; yields as they end."""

    def __init__(self, worker: EpisodeWorker, workers: int = 1) -> None:
        self.worker = worker
        self.workers = max(1, workers)

    def run(self, jobs: Iterable[Job]) -> Iterator[Outcome]:
        todo = deque(jobs)
        with ThreadPoolExecutor(self.workers, thread_name_prefix="rollout") as pool:
            error = pool.submit(self.worker.ready).result()  # builds that thread's agent, which it keeps
            if error:
                self.worker.close()
                raise AgentBuildError(f"the agent could not be built: {error}")
            running: set[Future[Any]] = set()
            try:
                while todo or running:
                    while todo and len(running) < self.workers:
                        running.add(pool.submit(self.worker.play, todo.popleft()))
                    done, running = wait(running, timeout=0.5, return_when=FIRST_COMPLETED)
                    for future in done:
                        yield future.result()
            finally:
                todo.clear()
                for future in running:
                    future.cancel()
                self.worker.close()


class RayPool:
    """Plays jobs on ``workers`` Ray actors, each an :class:`EpisodeWorker`; yields outcomes as they finish.

    Each actor runs ``concurrency`` jobs at once and is kept ``concurrency + 1`` jobs ahead. An actor that
    dies (crash, OOM, ``ray.kill``, lost node) is replaced by a fresh one, and every job it had not finished
    goes back to the queue; a job whose worker died ``max_attempts`` times is given up and reported as failed.
    Every key is yielded once. ``replaced`` counts the replacements and ``reruns`` the jobs started again.
    """

    def __init__(self, worker_kwargs: Mapping[str, Any], workers: int, concurrency: int = 1, num_cpus: float = 1.0,
                 max_attempts: int = MAX_ATTEMPTS) -> None:
        self.ray = require_ray()
        self.workers = max(1, workers)
        self.concurrency = max(1, concurrency)
        self.num_cpus = num_cpus
        self.max_attempts = max_attempts
        self.actors: dict[int, Any] = {}
        self.generation: dict[int, int] = {}
        self.replaced = 0
        self.reruns = 0
        #: :class:`EpisodeWorker` arguments; its thread count is the actor's concurrency.
        self.worker_kwargs = {**dict(worker_kwargs), "threads": self.concurrency}
        self._actor_cls = self.ray.remote(EpisodeWorker).options(
            num_cpus=num_cpus, max_restarts=0, max_task_retries=0, max_concurrency=self.concurrency)

    def start(self, count: int | None = None) -> None:
        """Start the actors and check that each builds its agent (a one-line error otherwise)."""
        for slot in range(min(self.workers, count or self.workers)):
            if slot not in self.actors:
                self.actors[slot] = self._actor_cls.remote(**self.worker_kwargs)
                self.generation[slot] = 0
        try:
            problems = self.ray.get([a.ready.remote() for a in self.actors.values()])
        except Exception as exc:  # noqa: BLE001  (e.g. the package is not installed on a cluster's nodes)
            self.shutdown()
            raise ClusterError(f"a Ray worker did not start: {type(exc).__name__}: "
                               f"{str(exc).strip().splitlines()[-1] if str(exc).strip() else ''}") from None
        problem = next((p for p in problems if p), None)
        if problem:
            self.shutdown()
            raise AgentBuildError(f"a Ray worker could not build the agent: {problem}")

    def run(self, jobs: Iterable[Job]) -> Iterator[Outcome]:
        pending = deque(jobs)
        if not pending:
            return
        if not self.actors:
            self.start(len(pending))
        attempts: Counter[Any] = Counter()
        done: set[Any] = set()
        in_flight: dict[Any, tuple[int, int, Job]] = {}  # ref -> (slot, generation, job)
        load: Counter[int] = Counter()
        try:
            while pending or in_flight:
                for slot, actor in list(self.actors.items()):
                    while pending and load[slot] < self.concurrency + 1:
                        job = pending.popleft()
                        attempts[job.key] += 1
                        in_flight[actor.play.remote(job)] = (slot, self.generation[slot], job)
                        load[slot] += 1
                ready, _ = self.ray.wait(list(in_flight), num_returns=1, timeout=0.5)
                for ref in ready:
                    slot, generation, job = in_flight.pop(ref)
                    if generation == self.generation[slot]:
                        load[slot] -= 1
                    try:
                        outcome = self.ray.get(ref)
                    except Exception as exc:  # noqa: BLE001
                        if not is_actor_death(exc):
                            first = (str(exc).splitlines() or [""])[0]
                            outcome = Outcome(job.key, error=f"{type(exc).__name__}: {first}")
                        else:
                            if generation == self.generation[slot]:
                                self._replace(slot)
                                load[slot] = 0
                            if attempts[job.key] >= self.max_attempts:
                                outcome = Outcome(job.key, error=f"WorkerDied: the Ray worker playing it died "
                                                                 f"{attempts[job.key]} times")
                            else:
                                self.reruns += 1
                                pending.appendleft(job)
                                continue
                    if outcome.key in done:
                        continue
                    done.add(outcome.key)
                    yield outcome
        finally:  # the caller stopped early: drop what is still queued
            for ref in in_flight:
                try:
                    self.ray.cancel(ref, force=False)
                except Exception:  # noqa: BLE001  (already finished, or its actor is gone)
                    pass

    def _replace(self, slot: int) -> None:
        kill_quietly(self.actors[slot])
        self.actors[slot] = self._actor_cls.remote(**self.worker_kwargs)
        self.generation[slot] += 1
        self.replaced += 1

    def shutdown(self) -> None:
        """Close every actor's envs and end the actors."""
        actors, self.actors = list(self.actors.values()), {}
        try:
            self.ray.get([a.close.remote() for a in actors], timeout=10)
        except Exception:  # noqa: BLE001  (a dead actor has nothing left to close)
            pass
        for actor in actors:
            kill_quietly(actor)

