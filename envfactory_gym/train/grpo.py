"""GRPO on the environments: groups of multi-turn rollouts, the env's composite reward, LoRA updates with KL."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from envfactory_gym.agents.decoding import CALL_END, PrefixCache, SessionCache, generate_batch
from envfactory_gym.conversation import conversation_env
from envfactory_gym.errors import ConfigError, UsageError
from envfactory_gym.train.common import (
    append_jsonl,
    interrupted,
    latest_checkpoint,
    load_checkpoint,
    load_policy,
    load_tokenizer,
    render,
    require_training_stack,
    save_adapter,
    save_checkpoint,
    stop_on_sigterm,
    template_messages,
    trainable_parameters,
    trim_log,
)
from envfactory_gym.train.config import GRPOConfig

TRAINED_ADAPTER = "default"  # peft's name for the adapter get_peft_model / from_pretrained creates
REFERENCE_ADAPTER = "reference"


@dataclass(frozen=True)
class TaskRef:
    """One training task: the env id, the tasks it is made with (None: its own) and the task id."""

    env_id: str
    tasks: str | None
    task_id: str


@dataclass
class Segment:
    """A token sequence of an episode exactly as the model saw it, and where its generated tokens lie.

    Generated tokens are kept verbatim and only the environment's new messages are tokenized (as the chat
    template renders them), so the update scores the very tokens that were sampled in the very context they
    were sampled in, with one forward pass for a whole multi-turn episode. A new segment starts only when the
    template does not render the conversation prefix by prefix or the context limit cuts it.
    """

    ids: list[int]
    spans: list[tuple[int, int]] = field(default_factory=list)
    old_logprobs: Any = None

    @property
    def generated(self) -> int:
        return sum(e - s for s, e in self.spans)


@dataclass
class Episode:
    """One rollout: its token segments, turns, final reward and reward components."""

    segments: list[Segment] = field(default_factory=list)
    turns: int = 0
    reward: float = 0.0
    components: dict[str, float] = field(default_factory=dict)

    @property
    def generated(self) -> int:
        return sum(seg.generated for seg in self.segments)


def resolve_tasks(envs: str, tasks: str = "") -> list[TaskRef]:
    """The training tasks: every task of each env, of a task file, or of an RL export's records."""
    import gymnasium as gym

    env_ids = [e.strip() for e in envs.split(",") if e.strip()]
    if not env_ids:
        raise UsageError("--envs names no environment")
    refs: list[TaskRef] = []
    if tasks:
        lines = [json.loads(x) for x in Path(tasks).read_text(encoding="utf-8").splitlines() if x.strip()]
        if lines and "prompt" in lines[0]:  # an RL export: records name their env, task file and task
            return [TaskRef(r.get("env_id", env_ids[0]), r.get("tasks_file"), r["task_id"]) for r in lines]
    for env_id in env_ids:
        env = gym.make(env_id, tasks=tasks or None)
        try:
            refs += [TaskRef(env_id, tasks or None, t.id) for t in conversation_env(env).tasks]
        finally:
            env.close()
    return refs


def reward_overrides(text: str) -> dict[str, Any] | None:
    """The ``--reward`` JSON as RewardConfig fields (checked now, so a typo fails before any rollout)."""
    if not text:
        return None
    from pydantic import ValidationError

    from envfactory_gym.reward import RewardConfig

    try:
        fields = json.loads(text)
        RewardConfig.model_validate(fields)
    except (json.JSONDecodeError, ValidationError) as exc:
        raise ConfigError(f"--reward {text!r} is not a valid RewardConfig: {exc}") from None
    return fields


def task_for_step(refs: Sequence[TaskRef], seed: int, step: int) -> TaskRef:
    """The ``step``-th task drawn: a seeded shuffle of the tasks, cycled (so a resumed run picks the same ones)."""
    epoch, i = divmod(step, len(refs))
    order = list(range(len(refs)))
    random.Random(seed * 7919 + epoch).shuffle(order)
    return refs[order[i]]


def tasks_for_update(refs: Sequence[TaskRef], seed: int, step: int, per_step: int) -> list[TaskRef]:
    """The task groups of update ``step``: the next ``per_step`` tasks of the cycled shuffle."""
    return [task_for_step(refs, seed, step * per_step + k) for k in range(per_step)]


def rollout_groups(policy: Any, tokenizer: Any, refs: Sequence[TaskRef], config: GRPOConfig,
                   seed: int, pool: Any = None) -> list[list[Episode]]:
    """Play ``group_size`` episodes of each task; every turn of all live episodes is decoded in one batch.

    The envs live in this process, or on the Ray actors of ``pool`` (``envfactory_gym.scale.RayEnvPool``):
    generation stays here either way, so both give the same episodes for the same seed.
    """
    import torch

    from envfactory_gym.scale.envs import EnvPlay, env_batch

    uses_tools = "tools" in str(tokenizer.chat_template)
    reward = reward_overrides(config.reward)
    plays = [ref for ref in refs for _ in range(config.group_size)]
    options = {"max_steps": config.max_steps_per_episode, "reward": reward, "tools_in_system": not uses_tools,
               "prompt": config.prompt}
    envs = env_batch([EnvPlay(ref.env_id, ref.task_id, seed + i, {"tasks": ref.tasks, **options})
                      for i, ref in enumerate(plays)], pool)
    try:
        tools = envs.tool_schemas(0) if uses_tools else None
        obs = envs.reset()
        episodes = [Episode() for _ in plays]
        for ep, o in zip(episodes, obs):
            ep.segments.append(Segment(_encode(tokenizer, o, tools)))
        live = list(range(len(plays)))
        torch.manual_seed(seed)
        prefix = PrefixCache()  # the prefix every prompt shares (system prompt; request too for one task), once
        sessions = SessionCache()  # each episode's KV cache: a turn prefills only the env's new tokens
        while live:
            for i in live:
                _fit_context(episodes[i], config.max_prompt_tokens)
            completions = generate(policy, tokenizer, [episodes[i].segments[-1].ids for i in live], config, prefix,
                                   sessions, keys=live)
            still, texts = [], {}
            for i, completion in zip(live, completions):
                ep, seg = episodes[i], episodes[i].segments[-1]
                seg.spans.append((len(seg.ids), len(seg.ids) + len(completion)))
                seg.ids += completion
                ep.turns += 1
                texts[i] = tokenizer.decode(completion, skip_special_tokens=True).strip()
            results = envs.step(texts)  # every env's turn at once (in parallel on Ray actors)
            for i in live:
                ep = episodes[i]
                before = len(obs[i])
                obs[i], step_reward, terminated, truncated, info = results[i]
                if terminated or truncated:
                    ep.reward = float(step_reward)
                    ep.components = {k: float(v) for k, v in info.get("reward_components", {}).items()}
                else:
                    _extend(tokenizer, ep, obs[i], before, tools)
                    still.append(i)
            live = still
        return [episodes[g * config.group_size:(g + 1) * config.group_size] for g in range(len(refs))]
    finally:
        envs.close()


def _encode(tokenizer: Any, observation: Sequence[Any], tools: list[dict[str, Any]] | None) -> list[int]:
    text = render(tokenizer, template_messages(tokenizer, observation), tools, add_generation_prompt=True)
    return tokenizer(text, add_special_tokens=False)["input_ids"]


def _extend(tokenizer: Any, episode: Episode, observation: Sequence[Any], before: int,
            tools: list[dict[str, Any]] | None) -> None:
    """Append the environment's answer to the agent's turn (tool results, the user's reply) as tokens."""
    seg = episode.segments[-1]
    eos = tokenizer.eos_token_id
    if seg.ids[-1] != eos:  # the turn was cut (stop string or token limit): close it as the template does
        seg.ids.append(eos)
    # ``before`` messages preceded the agent's turn; the env appended its turn (one message) and the answers.
    head = render(tokenizer, template_messages(tokenizer, observation[: before + 1]), tools)
    full = render(tokenizer, template_messages(tokenizer, observation), tools, add_generation_prompt=True)
    marker = tokenizer.eos_token or ""
    if marker and full.startswith(head) and marker in head:
        # What the template writes after the end-of-turn token (e.g. a newline), then the new messages.
        tail = head.rsplit(marker, 1)[1] + full[len(head):]
        seg.ids += tokenizer(tail, add_special_tokens=False)["input_ids"]
    else:  # the template re-renders earlier turns: continue in a fresh segment
        episode.segments.append(Segment(tokenizer(full, add_special_tokens=False)["input_ids"]))


def _fit_context(episode: Episode, limit: int) -> None:
    """Keep the next prompt within ``limit`` tokens: a fresh segment holds the newest ones."""
    seg = episode.segments[-1]
    if limit and len(seg.ids) > limit:
        episode.segments.append(Segment(seg.ids[-limit:]))


def generate(policy: Any, tokenizer: Any, prompts: list[list[int]], config: GRPOConfig,
             prefix: PrefixCache | None = None, sessions: SessionCache | None = None,
             keys: Sequence[int] | None = None) -> list[list[int]]:
    """Sample one completion per prompt; each ends at the first EOS (kept) or stop string."""
    kwargs: dict[str, Any] = {}
    if config.stop_after_call:
        kwargs.update(stop_strings=[CALL_END], tokenizer=tokenizer)
    policy.eval()
    rows = generate_batch(policy, prompts, tokenizer.pad_token_id, prefix, sessions, keys,
                          max_new_tokens=config.max_new_tokens,
                          do_sample=True, temperature=config.temperature, top_p=config.top_p, top_k=0,
                          min_p=config.min_p or None, **kwargs)
    completions = []
    eos = {tokenizer.eos_token_id} | set(_as_list(getattr(policy.generation_config, "eos_token_id", None)))
    for row in rows:
        cut = next((k + 1 for k, t in enumerate(row) if t in eos), len(row))
        row = row[:cut]
        if config.stop_after_call:
            row = _cut_after(tokenizer, row, CALL_END)
        completions.append(row or [tokenizer.eos_token_id])
    return completions


def _cut_after(tokenizer: Any, ids: list[int], stop: str) -> list[int]:
    """The shortest prefix of ``ids`` whose text contains ``stop`` (all of ``ids`` if none does).

    Finished rows of a batch are padded with the pad token, which may be the EOS: this drops that padding.
    """
    text = ""
    for k, t in enumerate(ids):
        text += tokenizer.decode([t])
        if stop in text:
            return ids[: k + 1]
    return ids


def sequence_logprobs(model: Any, segment: Segment, temperature: float = 1.0) -> Any:
    """Log-probabilities of a segment's generated tokens (one 1-D tensor, spans in order), one forward pass.

    ``temperature`` is the sampling temperature: the ratio, the KL and the gradient are those of the
    distribution the rollouts were drawn from (logits divided by it), not of the raw logits.
    """
    import torch

    device = next(model.parameters()).device
    ids = torch.tensor([segment.ids], device=device)
    # Logits only where they predict a generated token: the vocabulary projection of the rest is wasted work.
    positions = torch.tensor([p - 1 for s, e in segment.spans for p in range(s, e)], device=device)
    targets = torch.tensor([segment.ids[p] for s, e in segment.spans for p in range(s, e)], device=device)
    logits = model(input_ids=ids, logits_to_keep=positions).logits[0].float() / temperature
    return torch.log_softmax(logits, -1).gather(-1, targets[:, None]).squeeze(-1)


def group_advantages(rewards: Sequence[float]) -> list[float]:
    """Rewards normalised within the group: (r - mean) / (std + 1e-4); all zero when every reward is equal."""
    mean = sum(rewards) / len(rewards)
    std = math.sqrt(sum((r - mean) ** 2 for r in rewards) / len(rewards))
    return [(r - mean) / (std + 1e-4) for r in rewards]


def token_weights(lengths: Sequence[int], loss_agg: str) -> list[float]:
    """The loss weight of each generated token of each episode, given the episodes' generated lengths.

    ``token``: every token weighs the same, so a long episode weighs by its length. ``sequence``: every episode
    weighs the same, so the tokens a success and a failure of a group share (call syntax, tool names) cancel
    out instead of being pushed down by a long failing episode's many turns.
    """
    if loss_agg == "token":
        return [1 / sum(lengths)] * len(lengths)
    if loss_agg == "sequence":
        return [1 / (n * len(lengths)) for n in lengths]
    raise UsageError(f"loss_agg must be 'token' or 'sequence', not {loss_agg!r}")


def update(policy: Any, optimizer: Any, groups: list[list[Episode]], config: GRPOConfig) -> dict[str, float]:
    """Clipped policy-gradient steps on the groups' generated tokens with a KL penalty to the reference.

    Advantages are normalised within each group; the loss is the mean over every generated token of the
    groups (``loss_agg="token"``: a long episode weighs by its tokens) or over episodes of their token means
    (``"sequence"``, as in the original GRPO). A group whose rewards are all equal has no advantage
    signal: it is left out (``skipped`` is the fraction of such groups) rather than spending a backward pass
    on the KL term alone.
    """
    import torch

    stats = {"loss": 0.0, "kl": 0.0, "clip_frac": 0.0, "skipped": 0.0}
    scored = []  # (episode, advantage) of the groups with a signal
    for episodes in groups:
        advantages = group_advantages([e.reward for e in episodes])
        if not any(advantages):
            stats["skipped"] += 1 / len(groups)
            continue
        scored += [(e, adv) for e, adv in zip(episodes, advantages) if e.generated]
    if not scored:
        return stats
    tokens = sum(e.generated for e, _ in scored)
    weights = token_weights([e.generated for e, _ in scored], config.loss_agg)
    # (segment, advantage, weight of each of its tokens in the loss)
    samples = [(seg, adv, w) for (e, adv), w in zip(scored, weights) for seg in e.segments if seg.spans]
    temperature = config.temperature if config.temperature > 0 else 1.0
    policy.train()
    # With one pass the rollout policy is the current one: its log-probs are the detached new ones, which
    # saves a forward pass per segment.
    reuse = config.inner_epochs == 1
    with torch.no_grad():
        for seg, _, _ in samples:
            if seg.old_logprobs is None and not reuse:
                seg.old_logprobs = sequence_logprobs(policy, seg, temperature)
        with reference_policy(policy):
            refs = [sequence_logprobs(policy, seg, temperature) for seg, _, _ in samples]
    for _ in range(config.inner_epochs):
        optimizer.zero_grad(set_to_none=True)
        for (seg, adv, weight), ref in zip(samples, refs):
            new = sequence_logprobs(policy, seg, temperature)
            old = new.detach() if reuse else seg.old_logprobs
            ratio = torch.exp(new - old)
            clipped = torch.clamp(ratio, 1 - config.clip, 1 + config.clip)
            pg = -torch.minimum(ratio * adv, clipped * adv)
            # k3 estimator of KL(policy || reference): non-negative, unbiased, low variance.
            kl = torch.exp(ref - new) - (ref - new) - 1
            loss = (pg + config.kl_coef * kl).sum() * weight
            loss.backward()
            stats["loss"] += loss.item() / config.inner_epochs
            stats["kl"] += float(kl.detach().sum()) / tokens / config.inner_epochs
            stats["clip_frac"] += float((ratio != clipped).float().sum()) / tokens / config.inner_epochs
        torch.nn.utils.clip_grad_norm_(trainable_parameters(policy), 1.0)
        optimizer.step()
    return stats


@contextmanager
def reference_policy(policy: Any) -> Iterator[None]:
    """Switch ``policy`` to the KL reference: the frozen ``reference`` adapter if loaded, else no adapter."""
    if REFERENCE_ADAPTER not in policy.peft_config:
        with policy.disable_adapter():
            yield
        return
    policy.set_adapter(REFERENCE_ADAPTER, inference_mode=True)
    try:
        yield
    finally:
        policy.set_adapter(TRAINED_ADAPTER)  # active and trainable again


def step_record(step: int, refs: Sequence[TaskRef], groups: list[list[Episode]],
                stats: dict[str, float]) -> dict[str, Any]:
    """The log line of one update: rewards, mean reward components, KL, episode lengths."""
    episodes = [e for group in groups for e in group]
    rewards = [e.reward for e in episodes]
    keys = sorted({k for e in episodes for k in e.components})
    return {"step": step, "env_id": refs[0].env_id, "task_id": refs[0].task_id,
            "task_ids": [ref.task_id for ref in refs], "reward": sum(rewards) / len(rewards),
            "rewards": rewards,
            "components": {k: sum(e.components.get(k, 0.0) for e in episodes) / len(episodes) for k in keys},
            "episode_len": sum(e.turns for e in episodes) / len(episodes),
            "generated_tokens": sum(e.generated for e in episodes), **stats}


def train_grpo(config: GRPOConfig) -> dict[str, Any]:
    """Run the updates; return a summary (steps, last mean reward, output folder)."""
    require_training_stack()
    import torch
    from tqdm.auto import tqdm

    from envfactory_gym.scale.envs import env_pool

    if config.threads:
        torch.set_num_threads(config.threads)
    if config.group_size < 2:
        raise UsageError("--group-size must be at least 2 (advantages are relative to the group)")
    if config.tasks_per_step < 1:
        raise UsageError(f"--tasks-per-step must be at least 1, not {config.tasks_per_step}")
    torch.manual_seed(config.seed)
    out = Path(config.out)
    out.mkdir(parents=True, exist_ok=True)
    reward_overrides(config.reward)
    refs = resolve_tasks(config.envs, config.tasks)
    tokenizer = load_tokenizer(config.model)
    policy = load_policy(config.model, config, adapter=config.adapter or None,
                         device="cuda" if torch.cuda.is_available() else "cpu")
    if config.adapter and config.kl_ref == "start":
        # The KL anchor is the policy RL starts from: the SFT adapter, not the base model it moved away from.
        policy.load_adapter(config.adapter, adapter_name=REFERENCE_ADAPTER, is_trainable=False)
    optimizer = torch.optim.AdamW(trainable_parameters(policy), lr=config.lr)
    step, log = 0, out / "log.jsonl"
    checkpoint = latest_checkpoint(out) if config.resume else None
    if checkpoint is not None:
        step = int(load_checkpoint(checkpoint, policy, optimizer)["step"])
        trim_log(log, step)
    elif log.exists():
        log.unlink()
    bar = tqdm(total=config.steps, initial=step, desc="grpo", disable=not config.progress)
    record: dict[str, Any] = {}
    try:
        with stop_on_sigterm(), env_pool(config.rollout_backend, config.rollout_workers,
                                         config.ray_address or None) as pool:
            while step < config.steps:
                chosen = tasks_for_update(refs, config.seed, step, config.tasks_per_step)
                groups = rollout_groups(policy, tokenizer, chosen, config, seed=config.seed * 100_003 + step * 101,
                                        pool=pool)
                stats = update(policy, optimizer, groups, config)
                step += 1
                record = step_record(step, chosen, groups, stats)
                append_jsonl(log, record)
                bar.update(1)
                bar.set_postfix(reward=f"{record['reward']:.3f}", kl=f"{record['kl']:.4f}")
                if config.save_steps and step % config.save_steps == 0 and step < config.steps:
                    save_checkpoint(out, policy, optimizer, {"step": step, "config": asdict(config)})
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM: keep the adapter of the last finished update
        bar.close()
        raise interrupted(out, policy, optimizer, {"step": step, "config": asdict(config)}, config.steps,
                          selected_adapters=[TRAINED_ADAPTER]) from None
    bar.close()
    save_checkpoint(out, policy, optimizer, {"step": step, "config": asdict(config)})
    save_adapter(policy, out, selected_adapters=[TRAINED_ADAPTER])
    return {"steps": step, "reward": record.get("reward"), "out": str(out)}


def _as_list(value: Any) -> list[int]:
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [int(value)]
