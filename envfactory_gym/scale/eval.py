"""``envfactory eval --backend ray``: the harness's episodes played on Ray actors, stored as the local backend does."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tqdm.auto import tqdm

from envfactory_gym.eval.episodes import BAR_FORMAT, AgentFactory, EpisodeSpec, EvalResult, UserFactory, play_spec
from envfactory_gym.eval.store import EpisodeStore
from envfactory_gym.scale.cluster import ray_session, registrations
from envfactory_gym.scale.worker import Job, RayPool


@dataclass
class RayEvalResult(EvalResult):
    """:class:`EvalResult` plus what the cluster did: workers replaced after dying, episodes started again."""

    workers: int = 0
    replaced: int = 0
    reruns: int = 0


def run_eval_ray(specs: Sequence[EpisodeSpec], agent_factory: AgentFactory, run_dir: str | Path, *,
                 workers: int = 2, address: str | None = None, concurrency: int = 1,
                 env_kwargs: Mapping[str, Any] | None = None, user_factory: UserFactory | None = None,
                 progress: bool = True, agent_name: str = "", num_cpus: float = 1.0) -> RayEvalResult:
    """Play every spec not yet in ``run_dir/episodes.jsonl`` on ``workers`` Ray actors (``concurrency`` each).

    ``agent_factory`` and ``user_factory`` are pickled to the actors, which build their own agents (an
    :class:`~envfactory_gym.scale.AgentSpec` is the usual factory); each actor keeps one env per env id and
    resets it per episode. Episodes stream back as they finish into the same :class:`EpisodeStore`, with the
    same records as :func:`~envfactory_gym.eval.harness.run_eval`, so a run can be resumed by either backend.
    Without ``address`` a local cluster with ``workers`` CPUs is started (and shut down); with it, the
    process connects to that cluster. A worker that dies is replaced and its unfinished episodes played again.
    """
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    store = EpisodeStore(run_dir)
    todo = [s for s in specs if s.key not in store]
    if not todo:
        return RayEvalResult([store.records[s.key] for s in specs], 0, len(specs))
    errors: list[dict[str, Any]] = []
    played = turns = 0
    regs = registrations(s.env for s in todo)
    args = {"agent_factory": agent_factory, "runner": play_spec, "env_kwargs": dict(env_kwargs or {}),
            "user_factory": user_factory, "registrations": regs}
    bar = tqdm(total=len(specs), initial=len(specs) - len(todo), desc=f"eval {agent_name} (ray)".strip(),
               unit="ep", disable=not progress, dynamic_ncols=True, bar_format=BAR_FORMAT)
    start = time.perf_counter()
    with ray_session(address, num_cpus=workers) as _ray:
        pool = RayPool(args, workers, concurrency=concurrency, num_cpus=num_cpus)
        try:
            for outcome in pool.run(Job(s.key, s.env, s) for s in todo):
                bar.update(1)
                env_id, task_id, trial = outcome.key
                if not outcome.ok:
                    errors.append({"env": env_id, "task_id": task_id, "trial": trial, "error": outcome.error,
                                   "traceback": outcome.traceback})
                    continue
                record = outcome.result
                record["agent"] = agent_name
                if store.append(record):
                    played += 1
                    turns += int(record["steps"])
        finally:
            bar.close()
            pool.shutdown()
    wall = time.perf_counter() - start
    records = [store.records[s.key] for s in specs if s.key in store]
    return RayEvalResult(records, played, len(specs) - len(todo), errors, wall, turns, workers=pool.workers,
                         replaced=pool.replaced, reruns=pool.reruns)
