"""ToolUseEnv: a verified tool environment as a Gymnasium env (conversation in, tool calls out)."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from gymnasium.utils import EzPickle

from envfactory_gym.actions import ParsedAction, ToolCall, clip_text
from envfactory_gym.conversation import CALL_FORMAT, ENV_ERROR_PREFIX, ConversationEnv  # noqa: F401
from envfactory_gym.errors import ToolCallError, ToolError, UnknownToolError
from envfactory_gym.package import EnvPackage, GoldOutcome, load_package
from envfactory_gym.read_cache import ReadCache
from envfactory_gym.reward import CompositeReward, EpisodeTrace, RewardConfig, score_episode
from envfactory_gym.tasks import Task, load_tasks
from envfactory_gym.user import STOP_TOKEN, ScriptedUser, UserSimulator, UserTurn


class ToolUseEnv(ConversationEnv, EzPickle):
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
    0 on every step but the last; the last step returns the composite reward of the episode
    (:func:`~envfactory_gym.reward.score_episode`), with every component in ``info["reward_components"]``.

    ## Episode End
    Terminated when the agent ends the conversation or the user does (the agent's message asked nothing,
    or asked too many things the user cannot answer); truncated after ``max_steps`` actions or when the
    conversation outgrows ``max_conversation_chars``. The last ``info["end_reason"]`` says which.
    The loop itself is :class:`~envfactory_gym.conversation.ConversationEnv`, shared with the benchmark envs.
    """

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
        storage: str = "copy",
        read_cache: bool = True,
    ) -> None:
        EzPickle.__init__(self, env_dir, tasks=tasks, reward=reward, user=user, max_steps=max_steps,
                          tools_in_system=tools_in_system, prompt=prompt, max_result_chars=max_result_chars,
                          max_conversation_chars=max_conversation_chars, tool_timeout_s=tool_timeout_s,
                          render_mode=render_mode, storage=storage, read_cache=read_cache)
        if tool_timeout_s is not None and tool_timeout_s <= 0:
            raise ValueError(f"tool_timeout_s must be positive or None, got {tool_timeout_s!r}")
        if prompt not in PROMPT_STYLES:
            raise ValueError(f"prompt must be one of {PROMPT_STYLES}, got {prompt!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        self.package: EnvPackage = load_package(env_dir)
        self.tasks: list[Task] = _resolve_tasks(tasks, self.package)
        self.reward_fn = CompositeReward(reward)
        self.user: UserSimulator = user if user is not None else ScriptedUser()
        self.max_steps = max_steps or self.package.manifest.max_steps
        self.tool_timeout_s = tool_timeout_s
        self.tools_in_system = tools_in_system
        self.prompt = prompt
        self.render_mode = render_mode
        self._tools = self.package.tools
        self.tool_schemas: list[dict[str, Any]] = [t.openai_schema for t in self._tools.values()]
        self._separators = (",", ":") if prompt == "compact" else None
        self.system_prompt: str = self._system_prompt()
        self._init_loop(max_result_chars, max_conversation_chars)
        self.state = self.package.new_state(storage)
        #: Read calls on the untouched initial state are answered from the package's cache (see ReadCache).
        self.read_cache = read_cache
        self._gold: GoldOutcome | None = None
        self._trace = EpisodeTrace()

    # -- the conversation loop's hooks ---------------------------------------------------------

    @property
    def env_id(self) -> str:
        """The id ``info["env_id"]`` reports: the package's."""
        return self.package.env_id

    def _start(self, task: Task, seed: int) -> str:
        self.state.reset()
        self._gold = self.package.gold(task)
        self._trace = EpisodeTrace()
        return self.user.start(task, seed).content

    def _on_message(self, parsed: ParsedAction, calls: list[ToolCall]) -> None:
        if calls:
            if parsed.aside and not parsed.errors:  # said to the user; what went into call arguments was not
                self._trace.said.append(parsed.aside)
        else:
            self._trace.said.append((parsed.message or "").replace(STOP_TOKEN, " "))  # the token says nothing

    def _bad_call(self, call: ToolCall) -> str:
        trace = self._trace
        trace.calls.append((call.name, call.arguments if isinstance(call.arguments, Mapping) else {}))
        trace.refused.append(len(trace.calls) - 1)
        return super()._bad_call(call)

    def _call(self, call: ToolCall) -> str:
        trace = self._trace
        tool = self._tools.get(call.name)
        trace.calls.append((call.name, call.arguments))
        key: tuple[Any, ...] | None = None
        try:
            if tool is None:
                raise UnknownToolError(call.name, self._tools)
            args = tool.validate(call.arguments)
            trace.calls[-1] = (call.name, args)
            if self.read_cache and not tool.writes and not self.state.dirty:  # the template's state: a pure read
                key = ReadCache.key(call.name, args, self.state.db.now, self._separators)
                hit = self.package.read_cache.get(key) if key is not None else None
                if hit is not None:
                    trace.results.append((call.name, hit[0]))
                    trace.result_args.append(args)
                    return hit[1]
            result = self.state.run_in_transaction(tool.func, writes=tool.writes, timeout_s=self.tool_timeout_s,
                                                    **args)
        except ToolCallError as exc:
            trace.refused.append(len(trace.calls) - 1)
            if exc.is_format_error:
                self._format_errors += 1
            elif isinstance(exc, ToolError):  # a business refusal states facts (a balance, a limit) the agent read
                trace.refusals.append((trace.calls[-1][1], str(exc)))
            return clip_text(f"Error: {exc}", 4000)
        except Exception as exc:  # a tool bug or a database error must not end the episode
            trace.refused.append(len(trace.calls) - 1)
            return f"Error: {call.name} failed: {type(exc).__name__}: {str(exc)[:500]}"
        trace.results.append((call.name, result))
        trace.result_args.append(args)
        text = result if isinstance(result, str) else json.dumps(result, ensure_ascii=False, default=str,
                                                                 separators=self._separators)
        if key is not None:
            self.package.read_cache.put(key, result, text)
        return text

    def _reply(self, message: str) -> UserTurn:
        turn = self.user.respond(message)
        trace = self._trace
        if turn.gave is None:
            trace.agreed = None  # the simulator does not say what it gave: consent gates go unchecked
        elif trace.agreed is not None:
            for name in turn.gave:
                trace.agreed.setdefault(name, len(trace.calls))
        return turn

    def _score(self, reason: str) -> tuple[float, dict[str, Any]]:
        assert self.task is not None and self._gold is not None
        self._trace.format_errors = self._format_errors
        breakdown, changes = score_episode(self.package, self.task, self._gold, self.state, self._trace,
                                           self.reward_fn)
        return breakdown.reward, {"reward_components": breakdown.as_dict(), "state_changes": changes}

    # -- beyond gymnasium ---------------------------------------------------------------------

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

    def _system_prompt(self) -> str:
        compact = self.prompt == "compact"
        budget = (f" You have {self.max_steps} actions in all (tool calls and messages together): look records up "
                  "with the filters the tools offer rather than one by one.")
        parts = [self.package.compact_policy if compact else self.package.policy, _CONVERSATION_RULES + budget]
        if self.tools_in_system:
            lines = "\n".join(f"- {t.signature_line(compact=compact)}" for t in self._tools.values())
            parts.append(f"# Tools\n{lines}\n\n{CALL_FORMAT}")
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


def _resolve_tasks(tasks: Any, package: EnvPackage) -> list[Task]:
    if tasks is None:
        return list(package.tasks)
    if isinstance(tasks, (str, os.PathLike, Path)):
        return load_tasks(tasks)
    out = [t if isinstance(t, Task) else Task.model_validate(t) for t in tasks]
    if not out:
        raise ValueError("tasks must not be empty")
    return out
