"""ToolUseEnv: a verified tool environment as a Gymnasium env (conversation in, tool calls out)."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, SupportsFloat

import gymnasium as gym
from gymnasium.utils import EzPickle

from envfactory_gym.actions import (
    MAX_ACTION_CHARS,
    MAX_CALLS_PER_ACTION,
    ParsedAction,
    ToolCall,
    clip_text,
    parse_action,
)
from envfactory_gym.answers import AnswerKey, DataValues, own_words, user_text, value_forms
from envfactory_gym.errors import ToolCallError, UnknownTaskError, UnknownToolError
from envfactory_gym.outcomes import claims_change, made_up_values
from envfactory_gym.package import EnvPackage, GoldOutcome, identity_values, load_package
from envfactory_gym.reward import (
    CompositeReward,
    RewardBreakdown,
    RewardConfig,
    reached_reads,
    through_reached,
    verification_reads,
)
from envfactory_gym.spaces import Conversation, Message, ToolCallAction, render_conversation
from envfactory_gym.tasks import Task, load_tasks
from envfactory_gym.user import STOP_TOKEN, ScriptedUser, UserSimulator

ENV_ERROR_PREFIX = "[environment] "


class ToolUseEnv(gym.Env[tuple, Any], EzPickle):
    """A stateful tool world where each episode is one customer task.

    ## Description
    The agent serves a simulated user by calling the environment's typed tools, which read and write an
    isolated DuckDB database, and by writing messages to the user. Each episode is a task with a gold
    trajectory and a gold final state. A tool call running longer than ``tool_timeout_s`` seconds is
    interrupted, rolled back and answered with an error result.

    ## Action Space
    :class:`~envfactory_gym.spaces.ToolCallAction`: a tool call ``{"name": ..., "arguments": {...}}``, a list
    of them (parallel calls, run in order), an OpenAI assistant message with ``tool_calls``, a JSON string of
    any of these, or raw model text with Hermes ``<tool_call>{...}</tool_call>`` blocks. Text without tool
    calls is a message to the user. A message containing ``###STOP###`` ends the conversation.

    ## Observation Space
    :class:`~envfactory_gym.spaces.Conversation`: the whole conversation so far as a tuple of OpenAI chat
    messages (system prompt, user turns, the agent's turns, tool results), ready for a chat template.

    ## Rewards
    0 on every step but the last; the last step returns the composite reward of
    :class:`~envfactory_gym.reward.CompositeReward`, with every component in ``info["reward_components"]``.

    ## Episode End
    Terminated when the agent ends the conversation or the user does (the agent's message asked nothing,
    or asked too many things the user cannot answer); truncated after ``max_steps`` actions.
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(
        self,
        env_dir: str | os.PathLike[str],
        tasks: str | os.PathLike[str] | Sequence[Task | Mapping[str, Any]] | None = None,
        reward: RewardConfig | Mapping[str, Any] | None = None,
        user: UserSimulator | None = None,
        max_steps: int | None = None,
        tools_in_system: bool = True,
        prompt: str = "full",
        max_result_chars: int = 4000,
        max_conversation_chars: int = 1_000_000,
        tool_timeout_s: float | None = 10.0,
        render_mode: str | None = None,
    ) -> None:
        EzPickle.__init__(self, env_dir, tasks=tasks, reward=reward, user=user, max_steps=max_steps,
                          tools_in_system=tools_in_system, prompt=prompt, max_result_chars=max_result_chars,
                          max_conversation_chars=max_conversation_chars, tool_timeout_s=tool_timeout_s,
                          render_mode=render_mode)
        if tool_timeout_s is not None and tool_timeout_s <= 0:
            raise ValueError(f"tool_timeout_s must be positive or None, got {tool_timeout_s!r}")
        if prompt not in PROMPT_STYLES:
            raise ValueError(f"prompt must be one of {PROMPT_STYLES}, got {prompt!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        self.package: EnvPackage = load_package(env_dir)
        self.tasks: list[Task] = _resolve_tasks(tasks, self.package)
        self._task_index = {t.id: i for i, t in enumerate(self.tasks)}
        self.reward_fn = CompositeReward(reward)
        self.user: UserSimulator = user if user is not None else ScriptedUser()
        self.max_steps = max_steps or self.package.manifest.max_steps
        self.max_result_chars = max_result_chars
        self.max_conversation_chars = max_conversation_chars
        self.tool_timeout_s = tool_timeout_s
        self.tools_in_system = tools_in_system
        self.prompt = prompt
        self.render_mode = render_mode
        self._tools = self.package.tools
        self.tool_schemas: list[dict[str, Any]] = [t.openai_schema for t in self._tools.values()]
        self._separators = (",", ":") if prompt == "compact" else None
        self.system_prompt: str = self._system_prompt()
        # One step adds at most: the action text, its calls' arguments and results, an error and a reply.
        step_chars = 3 * MAX_ACTION_CHARS + MAX_CALLS_PER_ACTION * (2 * MAX_ACTION_CHARS + max_result_chars + 400)
        bound_chars = max_conversation_chars + step_chars + len(self.system_prompt)
        self.observation_space = Conversation(
            max_messages=(MAX_CALLS_PER_ACTION + 3) * self.max_steps + 2,
            shared_memory_bytes=4 * bound_chars + (1 << 16),  # UTF-8 needs at most 4 bytes a character
        )
        self.action_space = ToolCallAction(self.tool_schemas)
        self.state = self.package.new_state()
        self.task: Task | None = None
        self._gold: GoldOutcome | None = None
        self._reset_episode()

    # -- public API ---------------------------------------------------------------------------

    @property
    def messages(self) -> tuple[Message, ...]:
        """The conversation so far (the current observation): fresh dicts, safe for the caller to keep or edit."""
        return tuple(_copy_message(m) for m in self._messages)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[tuple, dict[str, Any]]:
        """Start an episode: a task drawn with the seed, or ``options={"task_id": ...}``."""
        super().reset(seed=seed)
        options = options or {}
        if "task_id" in options:
            task_id = options["task_id"]
            if task_id not in self._task_index:
                raise UnknownTaskError(str(task_id), self._task_index)
            task = self.tasks[self._task_index[task_id]]
        elif "task_index" in options:
            task = self.tasks[int(options["task_index"]) % len(self.tasks)]
        else:
            task = self.tasks[int(self.np_random.integers(len(self.tasks)))]
        self.state.reset()
        self._reset_episode()
        self.task = task
        self._gold = self.package.gold(task)
        opening = self.user.start(task, int(self.np_random.integers(2**31 - 1)))
        self._messages = [{"role": "system", "content": self.system_prompt},
                          {"role": "user", "content": opening.content}]
        return self.messages, self._info()

    def step(self, action: Any) -> tuple[tuple, SupportsFloat, bool, bool, dict[str, Any]]:
        """Run the action's tool calls or deliver its message to the user; reward on the last step."""
        if self.task is None:
            raise gym.error.ResetNeeded("call reset() before step()")
        if self._terminated or self._truncated:
            info = self._info()
            info["warning"] = "episode already ended; call reset()"
            return self.messages, 0.0, self._terminated, self._truncated, info
        self._steps += 1
        parsed = parse_action(action, call_prefix=f"call_{self._steps}")
        self._format_errors += len(parsed.errors)
        self._apply(parsed)
        if not self._terminated and (self._steps >= self.max_steps or self._conversation_chars() > self.max_conversation_chars):
            self._truncated = True
        reward = 0.0
        info = self._info()
        if self._terminated or self._truncated:
            breakdown = self._final_reward()
            reward = breakdown.reward
            info["reward_components"] = breakdown.as_dict()
            info["state_changes"] = self._state_changes
        return self.messages, reward, self._terminated, self._truncated, info

    def render(self) -> str | None:
        """Render the conversation as text (``ansi``) or print it (``human``)."""
        return render_conversation(self._messages, self.render_mode)

    @property
    def report_domain(self) -> str:
        """The domain eval reports group this env's episodes under: the manifest's."""
        return self.package.manifest.domain

    def episode_record(self) -> dict[str, Any]:
        """What an eval record stores about the episode beside its trajectory: the task's instruction and gold
        calls, and the state diffs of the episode and of the gold trajectory."""
        assert self.task is not None
        gold = self.package.gold(self.task)
        return {"instruction": self.task.instruction, "state_diff": self.state.diff().to_dict(),
                "gold_diff": gold.diff.to_dict(),
                "gold_calls": [{"name": c.name, "arguments": c.arguments} for c in self.task.gold_calls]}

    def close(self) -> None:
        """Release the env's database; safe to call more than once."""
        state = getattr(self, "state", None)
        if state is not None:
            state.close()
        super().close()

    # -- internals ----------------------------------------------------------------------------

    def _conversation_chars(self) -> int:
        while self._counted < len(self._messages):
            m = self._messages[self._counted]
            self._chars += len(m["content"]) + sum(len(c["function"]["arguments"]) for c in m.get("tool_calls", ()))
            self._counted += 1
        return self._chars

    def _reset_episode(self) -> None:
        self._chars = 0
        self._counted = 0
        self._state_changes = 0
        self._messages: list[Message] = []
        self._steps = 0
        self._format_errors = 0
        self._calls: list[tuple[str, Mapping[str, Any]]] = []
        self._results: list[tuple[str, Any]] = []  # (tool, result) of each successful call, for the answer key
        self._result_args: list[Mapping[str, Any]] = []  # the arguments of each successful call
        self._refused: list[int] = []  # indices (in _calls) of the calls that failed
        self._said: list[str] = []
        self._terminated = False
        self._truncated = False

    def _apply(self, parsed: ParsedAction) -> None:
        # A turn with calls keeps only the text around them as content: the calls live in ``tool_calls``, and
        # a template that writes both would show the model each call twice.
        content = parsed.aside if parsed.calls else parsed.message or parsed.raw_text
        assistant: Message = {"role": "assistant", "content": content or ""}
        if parsed.calls:
            assistant["tool_calls"] = [c.to_openai() for c in parsed.calls]
        self._messages.append(assistant)
        for call in parsed.calls:
            self._messages.append({"role": "tool", "tool_call_id": call.id, "name": call.name,
                                   "content": self._run_call(call)})
        if parsed.errors:
            self._messages.append({"role": "user", "content": ENV_ERROR_PREFIX + "Error: "
                                   + clip_text("; ".join(parsed.errors), 4000) + _FORMAT_HINT})
            return
        if parsed.calls:
            if parsed.aside:  # said to the user; what went into call arguments was not
                self._said.append(parsed.aside)
            return
        message = parsed.message or ""
        self._said.append(message)
        if STOP_TOKEN in message:
            self._terminated = True
            return
        turn = self.user.respond(message)
        self._messages.append({"role": "user", "content": clip_text(turn.content)})
        self._terminated = turn.done

    def _run_call(self, call: ToolCall) -> str:
        tool = self._tools.get(call.name)
        self._calls.append((call.name, call.arguments if isinstance(call.arguments, Mapping) else {}))
        try:
            if call.error is not None:
                self._format_errors += 1
                self._refused.append(len(self._calls) - 1)
                return f"Error: {call.error}"
            if tool is None:
                raise UnknownToolError(call.name, self._tools)
            args = tool.validate(call.arguments)
            self._calls[-1] = (call.name, args)
            result = self.state.run_in_transaction(tool.func, writes=tool.writes, timeout_s=self.tool_timeout_s,
                                                    **args)
        except ToolCallError as exc:
            self._refused.append(len(self._calls) - 1)
            if exc.is_format_error:
                self._format_errors += 1
            return clip_text(f"Error: {exc}", 4000)
        except Exception as exc:  # a tool bug or a database error must not end the episode
            self._refused.append(len(self._calls) - 1)
            return f"Error: {call.name} failed: {type(exc).__name__}: {str(exc)[:500]}"
        self._results.append((call.name, result))
        self._result_args.append(args)
        return self._render_result(result)

    def _render_result(self, result: Any) -> str:
        text = result if isinstance(result, str) else json.dumps(result, ensure_ascii=False, default=str,
                                                                  separators=self._separators)
        if len(text) > self.max_result_chars:
            cut = len(text) - self.max_result_chars
            text = text[: self.max_result_chars] + f"... [truncated {cut} characters]"
        return text

    def _agent_changes(self) -> frozenset[tuple[str, str, str]]:
        assert self._gold is not None
        tables = set(self.state.dirty) | self._gold.diff.tables
        return self.state.diff(tables).changes(self.package.template.tables)

    def _matches_gold(self) -> bool:
        # Tables neither side wrote hold the template's rows by construction; the rest compare by
        # fingerprint, so the row diff is only built when the states differ.
        assert self._gold is not None
        tables = self.state.dirty | self._gold.diff.tables
        return self.state.fingerprints(tables) == self._gold.expected_fingerprints(self.package.template, tables)

    def _same_changes_in_another_order(self) -> bool:
        # Independent writes made in another order give new rows other sequential ids: compare without them.
        assert self._gold is not None
        tables = self.package.template.tables
        mine = self.state.diff(set(self.state.dirty) | self._gold.diff.tables).loose_changes(tables)
        return mine == self._gold.diff.loose_changes(tables)

    def _final_reward(self) -> RewardBreakdown:
        assert self.task is not None and self._gold is not None
        gold = self._gold.changes
        if self._matches_gold():
            mine = gold
        else:
            mine = self._agent_changes()
        self._state_changes = len(mine)
        if mine == gold or (len(mine) == len(gold) and self._same_changes_in_another_order()):
            state_score = 1.0
        elif self.reward_fn.config.partial_state_credit:
            state_score = len(mine & gold) / len(mine | gold)
        else:
            state_score = 0.0
        task = self.task
        answer = None
        if task.outputs:  # the facts are judged against the seed data, the gold results and this episode's
            answer = AnswerKey(task.outputs, DataValues.from_template(self.package.template),
                               [*zip((c.name for c in task.gold_calls), self._gold.results), *self._results],
                               user_text(task.instruction, task.user_facts), clock=self.package.manifest.now,
                               free_text=self.package.policy,
                               derived_from=self._gold.results[-1] if self._gold.results else None,
                               read_only=not self._gold.diff)
        writes = self.package.write_tools
        identity = identity_values(task)
        found = list(zip(self._result_args, (r for _, r in self._results)))  # (arguments, result) of each call
        reached = reached_reads(self._gold.needed(task, writes), found,
                                (r for args, r in found
                                 if any(value_forms(v) & identity for v in args.values() if not isinstance(v, dict))),
                                verification_reads(task.gold_calls, identity))
        checks = verification_reads(task.gold_calls, identity)
        needed = {i: f for i, f in self._gold.needed(task, writes).items() if i not in checks}
        reached = through_reached(task.gold_calls, needed, reached, task.outputs)
        said = [own_words(m) for m in self._said]
        wrote = any(name in writes for name, _ in self._results)
        false = int(not wrote and claims_change(said))  # "I've extended it" with no change made
        if self._gold.diff:  # a writing task: the amounts its report states must come from the data
            sources = [*(r for _, r in self._results), *self._gold.results, *(a for _, a in self._calls),
                       user_text(task.instruction, task.user_facts), self.package.policy]
            false += len(made_up_values(said, sources, clock=self.package.manifest.now))
        return self.reward_fn(gold_calls=task.gold_calls, calls=self._calls, state_score=state_score,
                              outputs=task.outputs, messages=self._said, format_errors=self._format_errors,
                              forbidden_calls=task.forbidden_calls, answer=answer, read_only=not self._gold.diff,
                              reached=reached, writes=writes, made_up_values=false, refused=self._refused)

    def _info(self) -> dict[str, Any]:
        return {"task_id": self.task.id if self.task else None, "env_id": self.package.env_id,
                "step": self._steps, "num_calls": len(self._calls), "format_errors": self._format_errors}

    def _system_prompt(self) -> str:
        compact = self.prompt == "compact"
        parts = [self.package.compact_policy if compact else self.package.policy, _CONVERSATION_RULES]
        if self.tools_in_system:
            lines = "\n".join(f"- {t.signature_line(compact=compact)}" for t in self._tools.values())
            parts.append(f"# Tools\n{lines}\n\n{_CALL_FORMAT}")
        return "\n\n".join(parts)


#: ``full``: the policy and every tool with its description; ``compact``: the env's short policy, tool
#: signatures only and tool results as JSON without spaces, for models with small context budgets.
PROMPT_STYLES = ("full", "compact")
_CONVERSATION_RULES = (
    "# Conversation\nCall tools to look things up and make changes. Message the user only to ask for "
    "information you need or to give your final answer: a message that asks no question ends your turn "
    "as the final answer. After a change, the final answer tells the user its outcome: any fee, refund or "
    "charge, and any new confirmation code or tracking number."
)
_CALL_FORMAT = 'Call a tool by replying with <tool_call>{"name": "<tool>", "arguments": {...}}</tool_call>.'
_FORMAT_HINT = (' Call a tool as {"name": "<tool>", "arguments": {...}} (or <tool_call>...</tool_call>), '
                "or write plain text to the user.")


def _copy_message(m: Message) -> Message:
    out = dict(m)
    if "tool_calls" in out:
        out["tool_calls"] = [{**c, "function": dict(c["function"])} for c in out["tool_calls"]]
    return out


def _resolve_tasks(tasks: Any, package: EnvPackage) -> list[Task]:
    if tasks is None:
        return list(package.tasks)
    if isinstance(tasks, (str, os.PathLike, Path)):
        return load_tasks(tasks)
    out = [t if isinstance(t, Task) else Task.model_validate(t) for t in tasks]
    if not out:
        raise ValueError("tasks must not be empty")
    return out
