"""``collect_rollouts``: finished episodes of any policy on the environments, in-process or on Ray, streamed."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal, cast

import gymnasium as gym

from envfactory_gym.conversation import conversation_env
from envfactory_gym.episode import play_episode
from envfactory_gym.errors import UsageError
from envfactory_gym.scale.cluster import check_backend, ray_session, registrations
from envfactory_gym.scale.worker import EpisodeWorker, Job, LocalPool, RayPool

#: ``policy(messages, tools) -> action``: an action as ``env.step`` takes it, or a :class:`PolicyOutput`.
Policy = Callable[[list[dict[str, Any]], list[dict[str, Any]]], Any]


@dataclass(frozen=True)
class RolloutTask:
    """One episode to play: a task of an env (of its own tasks, or of the ``tasks`` JSONL file) and a seed."""

    env_id: str
    task_id: str
    seed: int = 0
    tasks: str | None = None


@dataclass
class PolicyOutput:
    """A policy's turn with its token-level data, for trainers that score the sampled tokens.

    ``action`` is what ``env.step`` gets (text, a tool call, an assistant message...); the other fields are
    kept, per turn, in :attr:`RolloutEpisode.turns`.
    """

    action: Any
    prompt_ids: list[int] | None = None
    completion_ids: list[int] | None = None
    logprobs: list[float] | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class EndpointPolicy:
    """An OpenAI-compatible chat endpoint as the policy (vLLM, SGLang, an inference server of a trainer).

    Each worker builds its own :class:`~envfactory_gym.agents.OpenAIAgent` and client from these fields, with
    the episode's seed sent with every request. The key is ``api_key`` or the worker's ``OPENAI_API_KEY``.
    """

    base_url: str
    model: str
    api_key: str | None = None
    mode: Literal["tools", "text"] = "tools"
    temperature: float = 0.0
    max_tokens: int = 1024
    tool_choice: Literal["auto", "required", "none"] = "auto"
    timeout_s: float = 120.0
    max_retries: int = 3
    concurrency: int = 8

    def __call__(self) -> Any:
        from envfactory_gym.agents.openai_agent import OpenAIAgent

        return OpenAIAgent(base_url=self.base_url, model=self.model, api_key=self.api_key, mode=self.mode,
                           temperature=self.temperature, max_tokens=self.max_tokens, tool_choice=self.tool_choice,
                           timeout_s=self.timeout_s, max_retries=self.max_retries, concurrency=self.concurrency)


@dataclass
class RolloutEpisode:
    """A finished episode: the conversation, the reward and its components, and token data where the policy
    gave it (``turns``: one dict per policy turn with ``prompt_ids``, ``completion_ids``, ``logprobs``).

    ``index`` is the task's position in the list given to :func:`collect_rollouts`. An episode that failed
    (the policy raised, the endpoint stayed down) has ``error`` set and no reward.
    """

    index: int
    env_id: str
    task_id: str
    seed: int
    messages: list[dict[str, Any]] = field(default_factory=list)
    tools: list[dict[str, Any]] = field(default_factory=list)
    reward: float | None = None
    components: dict[str, float] = field(default_factory=dict)
    steps: int = 0
    terminated: bool = False
    truncated: bool = False
    truncation_reason: str | None = None
    turns: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None
    end_reason: str = ""

    @property
    def ok(self) -> bool:
        return self.error is None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class CallablePolicyAgent:
    """Adapts ``policy(messages, tools) -> action`` to the agent interface the workers drive."""

    name = "policy"

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.tools: list[dict[str, Any]] = []
        self.turns: list[dict[str, Any]] = []
        self.env_kwargs = dict(getattr(policy, "env_kwargs", {}) or {})

    def set_episode_seed(self, seed: int) -> None:
        if hasattr(self.policy, "set_episode_seed"):
            self.policy.set_episode_seed(seed)

    def reset(self, env: gym.Env, observation: tuple, info: dict[str, Any]) -> None:
        self.tools = list(conversation_env(env).tool_schemas)
        self.turns = []

    def act(self, observation: tuple, info: dict[str, Any]) -> Any:
        out = self.policy(json.loads(json.dumps(list(observation), default=str)), self.tools)
        if isinstance(out, PolicyOutput):
            self.turns.append({"prompt_ids": out.prompt_ids, "completion_ids": out.completion_ids,
                               "logprobs": out.logprobs, **out.extra})
            return out.action
        self.turns.append({})
        return out


@dataclass(frozen=True)
class _PolicyFactory:
    policy: Policy

    def __call__(self) -> CallablePolicyAgent:
        return CallablePolicyAgent(self.policy)


def play_rollout(env: gym.Env, agent: Any, job: tuple[int, RolloutTask]) -> RolloutEpisode:
    """Play one task to its end with ``agent`` and return the episode (the workers' runner)."""
    index, task = job
    ep = play_episode(env, agent, task.seed, {"task_id": task.task_id})
    return RolloutEpisode(index, task.env_id, task.task_id, task.seed, messages=ep.messages,
                          tools=list(conversation_env(env).tool_schemas), reward=ep.reward,
                          components={k: float(v) for k, v in ep.components.items()}, steps=ep.steps,
                          terminated=ep.terminated, truncated=ep.truncated, truncation_reason=ep.truncation_reason,
                          turns=ep.turns, end_reason=ep.end_reason)


def rollout_tasks(envs: str | Sequence[str], tasks: str | None = None, *, repeat: int = 1, seed: int = 0,
                  limit: int | None = None) -> list[RolloutTask]:
    """Every task of ``envs`` (or of the ``tasks`` file), ``repeat`` times in a row (a GRPO group), each
    episode with its own seed ``seed + position``."""
    from envfactory_gym.registration import resolve_env_id

    if repeat < 1:
        raise UsageError(f"repeat must be at least 1, got {repeat}")
    env_ids = [e.strip() for e in envs.split(",")] if isinstance(envs, str) else list(envs)
    out: list[RolloutTask] = []
    for env_id in dict.fromkeys(resolve_env_id(e) for e in env_ids if e):
        env = gym.make(env_id, tasks=tasks)
        try:
            ids = [t.id for t in conversation_env(env).tasks[:limit]]
        finally:
            env.close()
        out += [RolloutTask(env_id, task_id, 0, tasks) for task_id in ids for _ in range(repeat)]
    return [RolloutTask(t.env_id, t.task_id, seed + i, t.tasks) for i, t in enumerate(out)]


def as_task(item: RolloutTask | Mapping[str, Any] | Sequence[Any], index: int) -> RolloutTask:
    """A task given as a :class:`RolloutTask`, an RL export record (``env_id``, ``task_id``, ``tasks_file``,
    optional ``seed``) or an ``(env_id, task_id[, seed])`` tuple; the seed defaults to its position."""
    from envfactory_gym.registration import resolve_env_id

    if isinstance(item, RolloutTask):
        task = item
    elif isinstance(item, Mapping):
        if "env_id" not in item or "task_id" not in item:
            raise UsageError(f"task {index}: a record needs 'env_id' and 'task_id', got keys {sorted(item)}")
        task = RolloutTask(str(item["env_id"]), str(item["task_id"]), int(item.get("seed", index)),
                           item.get("tasks_file") or item.get("tasks"))
    elif isinstance(item, Sequence) and not isinstance(item, str) and len(item) in (2, 3):
        task = RolloutTask(str(item[0]), str(item[1]), int(item[2]) if len(item) == 3 else index)
    else:
        raise UsageError(f"task {index}: expected a RolloutTask, a record or (env_id, task_id[, seed]), "
                         f"got {item!r}")
    return RolloutTask(resolve_env_id(task.env_id), task.task_id, task.seed,
                       str(Path(task.tasks).resolve()) if task.tasks else None)


def collect_rollouts(policy: Policy | EndpointPolicy | Callable[[], Any],
                     tasks: Iterable[RolloutTask | Mapping[str, Any] | Sequence[Any]], *, backend: str = "local",
                     workers: int = 1, address: str | None = None, concurrency: int = 1,
                     env_kwargs: Mapping[str, Any] | None = None, num_cpus: float = 1.0) -> Iterator[RolloutEpisode]:
    """Play every task with ``policy`` and yield each episode as it finishes (in finishing order).

    ``policy`` is a callable ``(messages, tools) -> action`` (an action as ``env.step`` takes it, or a
    :class:`PolicyOutput` carrying token ids and log-probs), an :class:`EndpointPolicy`, or an agent factory
    (an :class:`~envfactory_gym.scale.AgentSpec` such as ``AgentSpec("oracle")``). ``backend="local"`` plays on
    ``workers`` threads of this process; ``backend="ray"`` on ``workers`` Ray actors (``concurrency``
    episodes each), connecting to ``address`` or starting a local cluster. With Ray the policy is pickled to
    every actor, so a callable must be picklable (cloudpickle): a model server behind an endpoint is the
    usual policy there. Each env is made once per worker (with ``env_kwargs``) and reset per episode, with the
    task's seed, so both backends give the same episodes for a deterministic policy. A worker that dies is
    replaced and its unfinished episodes are played again; every index is yielded once.
    """
    check_backend(backend)
    if workers < 1 or concurrency < 1:
        raise UsageError(f"workers and concurrency must be at least 1, got {workers} and {concurrency}")
    items = [as_task(t, i) for i, t in enumerate(tasks)]
    if not items:
        return
    if isinstance(policy, EndpointPolicy) or _is_agent_factory(policy):
        factory = cast(Callable[[], Any], policy)  # an EndpointPolicy or an AgentSpec: both build the agent
    else:
        factory = _PolicyFactory(cast(Policy, policy))
    jobs = [Job(i, t.env_id, (i, t), (("tasks", t.tasks),) if t.tasks else ()) for i, t in enumerate(items)]
    if backend == "local":
        worker = EpisodeWorker(factory, play_rollout, env_kwargs, threads=workers)
        yield from _episodes(LocalPool(worker, workers).run(jobs), items)
        return
    regs = registrations(t.env_id for t in items)
    with ray_session(address, num_cpus=workers):
        args = {"agent_factory": factory, "runner": play_rollout, "env_kwargs": dict(env_kwargs or {}),
                "registrations": regs}
        pool = RayPool(args, workers, concurrency, num_cpus)
        try:
            yield from _episodes(pool.run(jobs), items)
        finally:
            pool.shutdown()


def _is_agent_factory(policy: Any) -> bool:
    """An AgentSpec (or a subclass), which builds an agent instead of acting."""
    from envfactory_gym.scale.spec import AgentSpec

    return isinstance(policy, AgentSpec)


def _episodes(outcomes: Iterable[Any], items: list[RolloutTask]) -> Iterator[RolloutEpisode]:
    for outcome in outcomes:
        if outcome.ok:
            yield outcome.result
            continue
        task = items[outcome.key]
        yield RolloutEpisode(outcome.key, task.env_id, task.task_id, task.seed, error=outcome.error)
