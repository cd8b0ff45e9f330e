"""BFCL v3 multi-turn (base) as a Gymnasium env: BFCL's own entries, API classes, tool docs and checker."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gymnasium as gym
from gymnasium.utils import EzPickle

from envfactory_gym.actions import ParsedAction, ToolCall, clip_text
from envfactory_gym.benchmark_envs.bfcl_data import (
    PACKAGE,
    BfclEntry,
    BfclSession,
    bfcl,
    call_string,
    final_state_matches,
    load_entries,
    parse_call,
)
from envfactory_gym.benchmark_envs.common import (
    ENV_ERROR_PREFIX,
    FORMAT_HINT,
    PROMPT_STYLES,
    BenchEnv,
    BenchTask,
    tools_section,
)
from envfactory_gym.errors import DataFileError, UnknownTaskError, UsageError, suggest
from envfactory_gym.reward import CompositeReward, RewardConfig
from envfactory_gym.spaces import render_conversation
from envfactory_gym.tasks import GoldCall
from envfactory_gym.user import STOP_TOKEN

#: What the env says in place of a turn's results when a response cannot be decoded (BFCL ends the turn there).
_NOT_RUN = "Error: not run: the response could not be decoded, so the turn ended"


@dataclass
class BfclTask(BenchTask):
    """A BFCL entry seen through our task interface: its user turns and its ground-truth calls per turn."""

    turns: list[str] = field(default_factory=list)
    #: BFCL's ground truth of each turn as calls (what the oracle plays, one turn after the other).
    gold_turns: list[list[GoldCall]] = field(default_factory=list)


class BfclMultiTurnEnv(BenchEnv):
    """BFCL v3 multi-turn entries played through our conversation interface, scored by BFCL's own checker.

    ## Description
    One episode is one entry of BFCL's ``multi_turn_base`` category (``reset(options={"task_id":
    "multi_turn_base_0"})``). The agent's calls run on fresh instances of BFCL's own API classes
    (``GorillaFileSystem``, ``TwitterAPI``, ``TradingBot``...) loaded from the entry's ``initial_config``, through
    BFCL's own executor, under a key no other episode uses. The user turns come in order, as in BFCL's inference
    loop for function-calling models: a response that makes calls is one step of the turn (its results are
    returned); a response without calls, or one that cannot be decoded, ends the turn and the next user turn
    follows. More than ``MAXIMUM_STEP_LIMIT`` (20) steps in one turn force-quit the episode, as BFCL does.

    ## Action Space
    Every form ``ToolUseEnv`` accepts (``envfactory_gym.actions``): tool calls, OpenAI assistant messages, JSON,
    Hermes ``<tool_call>`` text; text alone ends the turn; ``###STOP###`` ends the episode.

    ## Observation Space
    The conversation as a tuple of OpenAI chat messages. ``tool_schemas`` holds the entry's tools, converted by
    BFCL's ``convert_to_tool`` as for OpenAI FC models. With ``tools_in_system=False`` there is no system
    message (BFCL's FC prompt: the user turns and the tools alone); by default a system message gives BFCL's
    multi-turn instructions and the tools, for models that read tools from the prompt.

    ## Rewards
    0 until the end; then BFCL's verdict (1.0 when every turn passes its state and response checks, else 0.0).
    ``info["benchmark"]`` holds the verdict with one result per turn; ``info["reward_components"]`` adds our
    composite reward's components (gold-call match, final state match with BFCL's state check).

    ## Episode End
    Terminated after the last turn, at ``###STOP###`` or when a turn is force-quit; truncated after
    ``max_steps`` actions or ``max_conversation_chars``. Unplayed turns fail the entry, as in BFCL.
    """

    benchmark_name = "bfcl"
    benchmark_package = PACKAGE

    def __init__(
        self,
        category: str = "multi_turn_base",
        tasks: str | os.PathLike[str] | Sequence[str] | None = None,
        reward: RewardConfig | Mapping[str, Any] | None = None,
        max_steps: int | None = None,
        tools_in_system: bool = True,
        prompt: str = "full",
        max_result_chars: int = 16_000,
        max_conversation_chars: int = 1_000_000,
        render_mode: str | None = None,
        user: Any = None,
    ) -> None:
        EzPickle.__init__(self, category, tasks=tasks, reward=reward, max_steps=max_steps,
                          tools_in_system=tools_in_system, prompt=prompt, max_result_chars=max_result_chars,
                          max_conversation_chars=max_conversation_chars, render_mode=render_mode)
        if prompt not in PROMPT_STYLES:
            raise ValueError(f"prompt must be one of {PROMPT_STYLES}, got {prompt!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        if user is not None:
            gym.logger.warn("BFCL's user turns are scripted by the benchmark; the user simulator is not used")
        self.category = category
        self.report_domain = "bfcl"
        self.entries: dict[str, BfclEntry] = load_entries(category)
        self.tasks: list[BfclTask] = [_task(self.entries[i]) for i in _select(tasks, self.entries)]
        self.reward_fn = CompositeReward(reward)
        self.tools_in_system = tools_in_system
        self.prompt = prompt
        self.render_mode = render_mode
        self.step_limit: int = bfcl().step_limit
        self.max_steps = max_steps or (self.step_limit + 2) * max(len(t.turns) for t in self.tasks)
        # The spaces cover every entry: all tools of the category, and the longest system prompt.
        union: dict[str, dict[str, Any]] = {}
        for task in self.tasks:
            for tool in self.entries[task.id].tools:
                union.setdefault(tool["function"]["name"], tool)
        self.tool_schemas = list(union.values())
        self.system_prompt = self._system_prompt(self.tool_schemas)
        self.entry: BfclEntry | None = None
        self.session: BfclSession | None = None
        self._init_spaces(max_result_chars, max_conversation_chars)

    # -- gymnasium API ------------------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[tuple, dict[str, Any]]:
        """Start an entry: drawn with the seed, ``options={"task_id": "multi_turn_base_0"}`` or ``{"task_index": i}``."""
        obs, info = super().reset(seed=seed, options=options)
        if not self.system_prompt:  # BFCL's FC prompt has no system message
            self._messages = self._messages[1:]
            obs = self.messages
        return obs, self._info()

    def close(self) -> None:
        """Drop the episode's BFCL instances; safe to call more than once."""
        session = getattr(self, "session", None)
        if session is not None:
            session.close()
        super().close()

    def render(self) -> str | None:
        """Render the conversation as text (``ansi``) or print it (``human``)."""
        return render_conversation(self._messages, self.render_mode)

    def episode_record(self) -> dict[str, Any]:
        """The eval record's task fields, with the ground truth per turn."""
        record = super().episode_record()
        task = self.task
        if isinstance(task, BfclTask):
            record["gold_turns"] = [[{"name": c.name, "arguments": c.arguments} for c in turn] for turn in task.gold_turns]
        return record

    # -- BenchEnv hooks -----------------------------------------------------------------------

    def _start(self, task: BenchTask, seed: int) -> str:
        if self.session is not None:
            self.session.close()
        self.entry = self.entries[task.id]
        self.session = BfclSession(self.entry)
        self.tool_schemas = list(self.entry.tools)
        self.system_prompt = self._system_prompt(self.tool_schemas) if self.tools_in_system else ""
        self._turn = 0
        self._turn_open = True
        self._turn_steps: list[list[str]] = []
        self._decoded: list[list[list[str]]] = []
        self._agent_calls: list[tuple[str, dict[str, Any]]] = []
        return _turn_text(self.entry.turns[0])

    def _apply(self, parsed: ParsedAction) -> None:
        self._add_turn(parsed)
        malformed = [c for c in parsed.calls if c.error is not None or not isinstance(c.arguments, Mapping)]
        if parsed.calls and not parsed.errors and not malformed:
            self._run_step(parsed.calls)
            return
        if parsed.calls or parsed.errors:
            # BFCL cannot decode this response (bad arguments, unparsable text): nothing runs and the turn ends.
            self._format_errors += len(malformed)
            for call in parsed.calls:
                self._messages.append({"role": "tool", "tool_call_id": call.id, "name": call.name,
                                       "content": f"{_NOT_RUN}: {call.error}" if call.error else _NOT_RUN})
            errors = parsed.errors + [c.error for c in malformed if c.error]
            self._messages.append({"role": "user", "content": ENV_ERROR_PREFIX + "Error: "
                                   + clip_text("; ".join(errors), 4000) + FORMAT_HINT})
        elif STOP_TOKEN in (parsed.message or ""):
            self._close_turn()
            self._end("agent_stop")
            return
        self._close_turn()
        assert self.entry is not None  # set by reset
        if self._turn >= len(self.entry.turns):
            self._end("completed")
        else:
            self._messages.append({"role": "user", "content": clip_text(_turn_text(self.entry.turns[self._turn]))})
            self._turn_open = True

    def _evaluate(self, reason: str) -> tuple[bool, float, dict[str, Any], dict[str, float | int]]:
        assert self.entry is not None and self.session is not None and isinstance(self.task, BfclTask)
        if self._turn_open:  # ended inside a turn (max_steps): the turn counts as played so far, as in a force quit
            self._close_turn()
        verdict = self.session.check(self._decoded)
        passed = verdict["valid"]
        turns = verdict["turns"]
        ours = self.reward_fn(
            gold_calls=[c for turn in self.task.gold_turns for c in turn], calls=self._agent_calls,
            state_score=1.0 if final_state_matches(self.session) else 0.0, outputs=[], messages=[],
            format_errors=self._format_errors).as_dict()
        ours["composite_reward"] = ours.pop("reward")
        components: dict[str, float | int] = {
            "passed": int(passed), "turns": len(turns), "turns_played": len(self._decoded),
            "turns_passed": sum(t["passed"] for t in turns),
            "turn_accuracy": sum(t["passed"] for t in turns) / len(turns) if turns else 0.0, **ours}
        details = {"category": self.category, "reason": reason, "error_type": verdict["error_type"],
                   "error_message": verdict["error_message"], "error": verdict["error"], "turns": turns}
        return passed, 1.0 if passed else 0.0, details, components

    # -- internals ----------------------------------------------------------------------------

    def _run_step(self, calls: Sequence[ToolCall]) -> None:
        assert self.entry is not None and self.session is not None
        strings, refused = [], []
        for call in calls:
            text, why = call_string(self.entry, call.name, call.arguments)
            strings.append(text)
            refused.append(why)
            self._agent_calls.append((call.name, dict(call.arguments)))
        try:
            results = self.session.execute(strings)
        except Exception as exc:  # BFCL's executor catches call errors itself; this is a guard for the rest
            results = [f"Error during execution: {type(exc).__name__}: {str(exc)[:500]}"] * len(strings)
        for call, why, result in zip(calls, refused, results):
            self._num_calls += 1
            if why is not None:
                self._format_errors += 1
                result = f"Error during execution: {why}." + (
                    suggest(call.name, self.entry.tool_names) if call.name not in self.entry.tool_names else "")
            if len(result) > self.max_result_chars:
                result = result[: self.max_result_chars] + (
                    f"... [truncated {len(result) - self.max_result_chars} characters]")
            self._messages.append({"role": "tool", "tool_call_id": call.id, "name": call.name, "content": result})
        self._turn_steps.append(strings)
        if len(self._turn_steps) > self.step_limit:  # BFCL force-quits the entry after too many steps in a turn
            self._close_turn()
            self._end("force_quit")

    def _close_turn(self) -> None:
        self._decoded.append(self._turn_steps)
        self._turn_steps = []
        self._turn += 1
        self._turn_open = False

    def _system_prompt(self, schemas: Sequence[Mapping[str, Any]]) -> str:
        if not self.tools_in_system:
            return ""
        style = bfcl().prompt_templates["classic"]
        return (f"{style['persona']} {style['task']}\n\n{style['multiturn_behavior']}\n\n"
                + tools_section(schemas, compact=self.prompt == "compact"))

    def _info(self) -> dict[str, Any]:
        info = super()._info()
        if self.entry is not None:
            info["turn"] = min(getattr(self, "_turn", 0), len(self.entry.turns) - 1)
            info["num_turns"] = len(self.entry.turns)
        return info


def _turn_text(messages: Sequence[Mapping[str, Any]]) -> str:
    return "\n\n".join(str(m.get("content", "")) for m in messages)


def _task(entry: BfclEntry) -> BfclTask:
    gold_turns = [[GoldCall(name=n, arguments=a) for n, a in (parse_call(entry, c) for c in turn)]
                  for turn in entry.ground_truth]
    turns = [_turn_text(t) for t in entry.turns]
    return BfclTask(id=entry.id, instruction=turns[0], gold_calls=[c for t in gold_turns for c in t],
                    turns=turns, gold_turns=gold_turns, source=entry)


def _select(tasks: str | os.PathLike[str] | Sequence[str] | None, entries: Mapping[str, BfclEntry]) -> list[str]:
    if tasks is None:
        return list(entries)
    if isinstance(tasks, (str, os.PathLike)):
        path = Path(tasks)
        try:
            lines = [ln.strip() for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip()]
        except OSError as exc:
            raise DataFileError(f"{path}: cannot read the BFCL entry ids ({exc.strerror})") from None
        ids = []
        for line in lines:  # one id per line, or JSON lines with an "id"
            try:
                value = json.loads(line) if line[0] in "{\"" else line
            except json.JSONDecodeError:
                raise DataFileError(f"{path}: not an entry id or a JSON object with an 'id': {line[:80]!r}") from None
            ids.append(str(value.get("id", "")) if isinstance(value, dict) else str(value))
    else:
        ids = [str(t) for t in tasks]
    if not ids:
        raise UsageError("tasks must name at least one BFCL entry")
    for task_id in ids:
        if task_id not in entries:
            raise UnknownTaskError(task_id, entries)
    return list(dict.fromkeys(ids))
