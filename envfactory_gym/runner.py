"""Run an agent over episodes of a registered env and collect per-episode reward components."""

from __future__ import annotations

import json
import os
import statistics
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import gymnasium as gym
from tqdm.auto import tqdm

from envfactory_gym.agents.base import Agent
from envfactory_gym.conversation import conversation_env
from envfactory_gym.episode import Episode, play_episode
from envfactory_gym.registration import resolve_env_id

#: The record of one finished episode (the name this module has always used for it).
EpisodeResult = Episode


def run_episode(env: gym.Env, agent: Agent, seed: int, options: Mapping[str, Any] | None = None,
                keep_messages: bool = False) -> Episode:
    """Play one episode to its end and return its result (see :func:`~envfactory_gym.episode.play_episode`)."""
    return play_episode(env, agent, seed, options, keep_messages=keep_messages)


def run_episodes(env_id: str, agent: Agent, episodes: int | None = None, seed: int = 0,
                 env_kwargs: Mapping[str, Any] | None = None, progress: bool = True,
                 keep_messages: bool = False, record: str | os.PathLike[str] | None = None) -> list[EpisodeResult]:
    """Run ``episodes`` episodes (default: one per task), cycling through the tasks in order.

    With ``record``, each finished episode is appended to that JSONL file as it ends, and episodes already
    recorded there by an interrupted run with the same arguments are taken from it instead of being played
    again (a torn last line is dropped), so a killed run resumes without duplicates.
    """
    env_id = resolve_env_id(env_id)
    env = gym.make(env_id, **dict(env_kwargs or {}))
    try:
        tasks = conversation_env(env).tasks
        n_tasks = len(tasks)
        episodes = n_tasks if episodes is None else episodes
        log = EpisodeLog(Path(record), run=f"{env_id}|{agent.name}") if record is not None else None
        results = []
        for i in tqdm(range(episodes), desc=f"{agent.name} on {env_id}", disable=not progress, unit="ep"):
            options = {"task_index": i % n_tasks}
            done = log.get(i, tasks[i % n_tasks].id, seed + i) if log is not None else None
            if done is not None:
                # Reset anyway, so that a stateful agent (e.g. one counting episodes) resumes in step.
                obs, info = env.reset(seed=seed + i, options=options)
                agent.reset(env, obs, info)
                results.append(done)
                continue
            # A recorded episode keeps its conversation: the log holds the same record an eval stores.
            result = run_episode(env, agent, seed=seed + i, options=options,
                                 keep_messages=keep_messages or log is not None)
            if log is not None:
                log.append(i, result)
            results.append(result)
        return results
    finally:
        env.close()


class EpisodeLog:
    """An append-only JSONL of finished episodes, keyed by (episode index, task id, seed) and run."""

    def __init__(self, path: Path, run: str) -> None:
        self.path, self.run = path, run
        self._done: dict[tuple[int, str, int], EpisodeResult] = {}
        if not path.exists():
            return
        data = path.read_bytes()
        end = data.rfind(b"\n") + 1
        if end < len(data):  # a torn last line from a killed run: cut it so the next append starts clean
            with open(path, "r+b") as fh:
                fh.truncate(end)
        for line in data[:end].splitlines():
            try:
                rec = json.loads(line)
                if rec.get("run") != run:
                    continue
                result = EpisodeResult(**rec["result"])
            except (ValueError, TypeError, KeyError, AttributeError):
                continue
            self._done[(int(rec["index"]), result.task_id, result.seed)] = result

    def get(self, index: int, task_id: str, seed: int) -> EpisodeResult | None:
        """The recorded result of this episode, if any."""
        return self._done.get((index, task_id, seed))

    def append(self, index: int, result: EpisodeResult) -> None:
        """Record one episode durably: one write of one whole line, then fsync."""
        line = json.dumps({"run": self.run, "index": index, "result": result.as_dict(with_messages=True)},
                          default=str) + "\n"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
        try:
            os.write(fd, line.encode("utf-8"))
            os.fsync(fd)
        finally:
            os.close(fd)
        self._done[(index, result.task_id, result.seed)] = result


def summarize(results: list[EpisodeResult]) -> dict[str, Any]:
    """Mean reward, mean of each component, share of episodes solved (reward 1.0) and mean steps."""
    if not results:
        return {"episodes": 0}
    keys = [k for k, v in results[0].components.items() if isinstance(v, (int, float))]
    return {
        "episodes": len(results),
        "mean_reward": statistics.fmean(r.reward for r in results),
        "solved": sum(1 for r in results if r.reward >= 1.0 - 1e-9) / len(results),
        "mean_steps": statistics.fmean(r.steps for r in results),
        "components": {k: statistics.fmean(float(r.components.get(k, 0)) for r in results) for k in keys},
    }


def no_tool_call_warning(calls_per_episode: Sequence[int]) -> str | None:
    """A warning when no episode made a single tool call (the agent only wrote text), else None."""
    n = len(calls_per_episode)
    if n == 0 or any(calls_per_episode):
        return None
    return (f"no tool call in any of the {n} episode{'s' if n != 1 else ''}: the agent only wrote text. Check "
            "that it emits tool calls in a format the env parses (native tool_calls, Hermes <tool_call> blocks or "
            "JSON) and that its chat template renders the tools.")
