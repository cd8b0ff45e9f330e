"""Batches of envs stepped by a trainer that generates itself: in this process, or held by Ray actors."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gymnasium as gym

from envfactory_gym.conversation import conversation_env
from envfactory_gym.errors import ClusterError, UsageError
from envfactory_gym.scale.cluster import (
    Registration,
    apply_registrations,
    check_backend,
    is_actor_death,
    kill_quietly,
    ray_session,
    registrations,
    require_ray,
)

#: ``(observation, reward, terminated, truncated, info)``, as ``env.step`` returns it.
StepResult = tuple[tuple, float, bool, bool, dict]
#: Times one call may find its actor dead (and replace it) before the batch gives up.
MAX_REPLACEMENTS = 3


@dataclass
class EnvPlay:
    """One episode of a batch: the env (id and ``gym.make`` options), the task and the reset seed."""

    env_id: str
    task_id: str
    seed: int
    kwargs: dict[str, Any] = field(default_factory=dict)

    @property
    def pool_key(self) -> str:
        """Envs with the same id and options are interchangeable: reset makes them the same episode."""
        return json.dumps([self.env_id, self.kwargs], sort_keys=True, default=str)


class LocalEnvBatch:
    """The plays' envs made in this process (and closed with the batch)."""

    def __init__(self, plays: Sequence[EnvPlay]) -> None:
        self.plays = list(plays)
        self.envs: list[gym.Env] = []
        try:
            for p in self.plays:
                self.envs.append(gym.make(p.env_id, **p.kwargs))
        except BaseException:
            self.close()
            raise

    def tool_schemas(self, index: int = 0) -> list[dict[str, Any]]:
        return list(conversation_env(self.envs[index]).tool_schemas)

    def reset(self) -> list[tuple]:
        return [e.reset(seed=p.seed, options={"task_id": p.task_id})[0] for e, p in zip(self.envs, self.plays)]

    def step(self, actions: Mapping[int, Any]) -> dict[int, StepResult]:
        return {i: tuple(self.envs[i].step(a)) for i, a in actions.items()}

    def close(self) -> None:
        for env in self.envs:
            env.close()
        self.envs = []


class EnvHost:
    """A Ray actor's envs: free envs per id and options, and the slots (episodes) now using one."""

    def __init__(self) -> None:
        self.free: dict[str, list[gym.Env]] = {}
        self.slots: dict[int, tuple[str, gym.Env, EnvPlay]] = {}

    def open(self, plays: Mapping[int, EnvPlay], regs: Sequence[Registration] = ()) -> None:
        apply_registrations(regs)
        for slot, play in plays.items():
            key = play.pool_key
            free = self.free.setdefault(key, [])
            env = free.pop() if free else gym.make(play.env_id, **play.kwargs)
            self.slots[slot] = (key, env, play)

    def tool_schemas(self, slot: int) -> list[dict[str, Any]]:
        return list(conversation_env(self.slots[slot][1]).tool_schemas)

    def reset(self, slots: Sequence[int]) -> dict[int, tuple]:
        out = {}
        for slot in slots:
            _, env, play = self.slots[slot]
            out[slot] = env.reset(seed=play.seed, options={"task_id": play.task_id})[0]
        return out

    def step(self, actions: Mapping[int, Any]) -> dict[int, StepResult]:
        return {slot: tuple(self.slots[slot][1].step(a)) for slot, a in actions.items()}

    def replay(self, histories: Mapping[int, Sequence[Any]]) -> None:
        """Reset each slot and step it through its earlier actions (a replacement actor catching up)."""
        self.reset(list(histories))
        for slot, actions in histories.items():
            for action in actions:
                self.slots[slot][1].step(action)

    def release(self, slots: Sequence[int]) -> None:
        for slot in slots:
            if slot in self.slots:
                key, env, _ = self.slots.pop(slot)
                self.free.setdefault(key, []).append(env)

    def close(self) -> None:
        for env in [e for envs in self.free.values() for e in envs] + [s[1] for s in self.slots.values()]:
            env.close()
        self.free, self.slots = {}, {}


class RayEnvPool:
    """``workers`` Ray actors holding envs; :meth:`batch` spreads a batch's episodes over them.

    Envs are made once per actor, env id and options, and reset per episode. Each batch records every action
    it sent, so when an actor dies its replacement re-creates the episodes it held, replays their actions
    (envs are deterministic given the seed and the actions) and the step goes on as if nothing happened.
    """

    def __init__(self, workers: int, num_cpus: float = 1.0) -> None:
        self.ray = require_ray()
        if workers < 1:
            raise UsageError(f"workers must be at least 1, got {workers}")
        self._cls = self.ray.remote(EnvHost).options(num_cpus=num_cpus, max_restarts=0, max_task_retries=0)
        self.hosts = [self._cls.remote() for _ in range(workers)]
        self.replaced = 0
        self._slots = itertools.count()
        self._batches: list[RayEnvBatch] = []

    def batch(self, plays: Sequence[EnvPlay]) -> RayEnvBatch:
        # A task file named relative to this process's directory means the same file to every actor.
        plays = [EnvPlay(p.env_id, p.task_id, p.seed, {**p.kwargs, "tasks": str(Path(p.kwargs["tasks"]).resolve())})
                 if p.kwargs.get("tasks") else p for p in plays]
        batch = RayEnvBatch(self, plays, [next(self._slots) for _ in plays])
        self._batches.append(batch)
        batch.open()
        return batch

    def call(self, host: int, method: str, *args: Any) -> Any:
        """Run ``method`` on host ``host``; if it died, replace it, restore its episodes and call again."""
        for _ in range(MAX_REPLACEMENTS + 1):
            try:
                return self.ray.get(getattr(self.hosts[host], method).remote(*args))
            except Exception as exc:  # noqa: BLE001
                if not is_actor_death(exc):
                    raise
                self._replace(host)
        raise ClusterError(f"the Ray worker holding envs died {MAX_REPLACEMENTS + 1} times in one call")

    def _replace(self, host: int) -> None:
        kill_quietly(self.hosts[host])
        self.hosts[host] = self._cls.remote()
        self.replaced += 1
        for batch in self._batches:
            batch.restore(host)

    def forget(self, batch: RayEnvBatch) -> None:
        if batch in self._batches:
            self._batches.remove(batch)

    def shutdown(self) -> None:
        hosts, self.hosts = self.hosts, []
        try:
            self.ray.get([h.close.remote() for h in hosts], timeout=10)
        except Exception:  # noqa: BLE001  (a dead actor has nothing left to close)
            pass
        for h in hosts:
            kill_quietly(h)


class RayEnvBatch:
    """A batch of episodes on a :class:`RayEnvPool`: play ``i`` lives on actor ``i % workers``."""

    def __init__(self, pool: RayEnvPool, plays: Sequence[EnvPlay], slots: Sequence[int]) -> None:
        self.pool = pool
        self.plays = list(plays)
        self.slots = list(slots)
        self.regs = registrations(p.env_id for p in self.plays)
        self.history: dict[int, list[Any]] = {}  # slot -> actions sent since its reset
        self.finished: set[int] = set()

    def _host(self, index: int) -> int:
        return index % len(self.pool.hosts)

    def _by_host(self, indices: Sequence[int]) -> dict[int, list[int]]:
        out: dict[int, list[int]] = {}
        for i in indices:
            out.setdefault(self._host(i), []).append(i)
        return out

    def open(self) -> None:
        for host, indices in self._by_host(range(len(self.plays))).items():
            self.pool.call(host, "open", {self.slots[i]: self.plays[i] for i in indices}, self.regs)

    def restore(self, host: int) -> None:
        """Re-create this batch's episodes on a replacement actor ``host`` and replay their actions."""
        indices = self._by_host(range(len(self.plays))).get(host, [])
        if not indices:
            return
        hosted = self.pool.hosts[host]
        self.pool.ray.get(hosted.open.remote({self.slots[i]: self.plays[i] for i in indices}, self.regs))
        live = {self.slots[i]: self.history[self.slots[i]] for i in indices
                if self.slots[i] in self.history and self.slots[i] not in self.finished}
        if live:
            self.pool.ray.get(hosted.replay.remote(live))

    def tool_schemas(self, index: int = 0) -> list[dict[str, Any]]:
        return self.pool.call(self._host(index), "tool_schemas", self.slots[index])

    def reset(self) -> list[tuple]:
        out: dict[int, tuple] = {}
        groups = self._by_host(range(len(self.plays)))
        refs = {host: [self.slots[i] for i in indices] for host, indices in groups.items()}
        for slot in self.slots:
            self.history[slot] = []
        self.finished.clear()
        for host, slots in refs.items():
            out.update(self.pool.call(host, "reset", slots))
        return [out[s] for s in self.slots]

    def step(self, actions: Mapping[int, Any]) -> dict[int, StepResult]:
        """Step the episodes ``actions`` names (index -> action), every actor at once."""
        ray = self.pool.ray
        groups = self._by_host(list(actions))
        refs = {host: self.pool.hosts[host].step.remote({self.slots[i]: actions[i] for i in indices})
                for host, indices in groups.items()}
        out: dict[int, StepResult] = {}
        for host, indices in groups.items():
            payload = {self.slots[i]: actions[i] for i in indices}
            try:
                results = ray.get(refs[host])
            except Exception as exc:  # noqa: BLE001
                if not is_actor_death(exc):
                    raise
                self.pool._replace(host)
                results = self.pool.call(host, "step", payload)
            for i in indices:
                slot = self.slots[i]
                self.history[slot].append(actions[i])
                result = results[slot]
                if result[2] or result[3]:
                    self.finished.add(slot)
                out[i] = result
        return out

    def close(self) -> None:
        self.pool.forget(self)
        for host, indices in self._by_host(range(len(self.plays))).items():
            try:
                self.pool.ray.get(self.pool.hosts[host].release.remote([self.slots[i] for i in indices]))
            except Exception:  # noqa: BLE001  (a dead actor's envs are gone anyway)
                pass


def env_batch(plays: Sequence[EnvPlay], pool: RayEnvPool | None = None) -> LocalEnvBatch | RayEnvBatch:
    """The plays' envs: made here without a pool, else on the pool's Ray actors."""
    return LocalEnvBatch(plays) if pool is None else pool.batch(plays)


@contextmanager
def env_pool(backend: str = "local", workers: int = 2, address: str | None = None) -> Iterator[RayEnvPool | None]:
    """None for the local backend; for ``ray``, a :class:`RayEnvPool` on a session that ends with the block."""
    check_backend(backend)
    if backend == "local":
        if address:
            raise UsageError(f"a Ray address ({address!r}) needs the ray rollout backend (--rollout-backend ray)")
        yield None
        return
    with ray_session(address, num_cpus=workers):
        pool = RayEnvPool(workers)
        try:
            yield pool
        finally:
            pool.shutdown()
