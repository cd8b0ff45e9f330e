"""τ²-bench retail and airline as Gymnasium envs: τ²'s databases, tools, tasks, policy and evaluators, our interface."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from gymnasium.utils import EzPickle

from envfactory_gym.actions import ParsedAction, ToolCall
from envfactory_gym.benchmark_envs.common import PROMPT_STYLES, BenchEnv, BenchTask, tools_section
from envfactory_gym.benchmark_envs.tau2_eval import PACKAGE, Domain, Score, evaluate, load_domain
from envfactory_gym.benchmark_envs.tau2_user import (
    Tau2LLMUser,
    agent_system_prompt,
    scripted_opening,
    user_system_prompt,
)
from envfactory_gym.errors import UnknownSplitError, UnsupportedTaskError
from envfactory_gym.llm_user import AGENT_GREETING, LLMUserSimulator
from envfactory_gym.tasks import GoldCall
from envfactory_gym.user import ScriptedUser, UserSimulator, UserTurn

#: τ²'s default limit on failed tool calls in one simulation (``run --max-errors``).
MAX_ERRORS = 10


class Tau2Env(BenchEnv):
    """A τ²-bench domain (retail or airline) where each episode is one of τ²'s tasks.

    ## Description
    The agent serves a simulated customer by calling τ²'s own tools on τ²'s own database of the domain,
    under τ²'s policy (the system prompt is τ²'s LLM-agent prompt: its agent instruction and the policy).
    The episode is recorded as a τ² trajectory (the agent's greeting, user and assistant messages, tool
    calls and τ²'s tool messages) and scored at the end by τ²'s evaluators: the database reached against the
    one the task's gold actions reach, the gold actions made, the facts communicated, as the task's
    ``reward_basis`` says.

    ## Tasks
    τ²'s task ids (``reset(options={"task_id": "12"})``). ``split`` picks τ²'s split: ``base`` (every task,
    the published benchmark), ``train`` or ``test``; ``tasks`` takes a split name or a list of task ids.

    ## User
    By default a scripted user opens with the task's scenario (reason for calling, what the user knows and
    wants, in the first person) and answers nothing further: it ends the conversation when the agent's
    message asks nothing. An :class:`~envfactory_gym.llm_user.LLMUserSimulator` (``envfactory eval --user
    llm``) plays the customer with τ²'s own user-simulator prompt for the task's scenario.

    ## Action and Observation Spaces
    Those of ``ToolUseEnv``: every action form it accepts, and the conversation as OpenAI chat messages.

    ## Rewards
    0 on every step but the last; the last returns τ²'s reward (0 or 1), with ``info["benchmark"]`` (the
    verdict, τ²'s checks in ``details``) and ``info["reward_components"]`` (state = database match, trace =
    every gold action made, trace_recall = share of them, communicate = facts said).

    ## Episode End
    Terminated when the agent says ``###STOP###``, the user ends the conversation, or ``max_errors`` tool
    calls failed (τ² scores that 0); truncated after ``max_steps`` agent actions (scored 0 too). The default is
    τ²-bench's own budget: its runner's ``DEFAULT_MAX_STEPS`` counts every message (agent, user and tool turns),
    so an agent gets half of it as actions (100 of τ²-bench 26.3's 200).
    """

    benchmark_name = "tau2"
    benchmark_package = PACKAGE

    def __init__(
        self,
        domain: str = "retail",
        split: str | None = "base",
        task_ids: Sequence[str] | None = None,
        tasks: str | Sequence[str] | None = None,
        user: UserSimulator | None = None,
        max_steps: int | None = None,
        max_errors: int = MAX_ERRORS,
        tools_in_system: bool = True,
        prompt: str = "full",
        max_result_chars: int = 32_000,
        max_conversation_chars: int = 1_000_000,
        render_mode: str | None = None,
    ) -> None:
        EzPickle.__init__(self, domain, split=split, task_ids=task_ids, tasks=tasks, user=user, max_steps=max_steps,
                          max_errors=max_errors, tools_in_system=tools_in_system, prompt=prompt,
                          max_result_chars=max_result_chars, max_conversation_chars=max_conversation_chars,
                          render_mode=render_mode)
        if prompt not in PROMPT_STYLES:
            raise ValueError(f"prompt must be one of {PROMPT_STYLES}, got {prompt!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        if max_steps is None:
            max_steps = default_max_steps()
        if max_steps < 1 or max_errors < 1:
            raise ValueError(f"max_steps and max_errors must be at least 1, got {max_steps} and {max_errors}")
        self.domain: Domain = load_domain(domain)
        self.report_domain = f"tau2-{self.domain.name}"
        split, task_ids = _task_selection(self.domain, split, task_ids, tasks)
        self.split = split
        self.tasks = [self._view(self.domain.tasks[t]) for t in self.domain.task_ids(split, task_ids)]
        if user is None:
            user = ScriptedUser()
        elif type(user) is LLMUserSimulator:
            user = Tau2LLMUser.from_user(user)
        self.user: UserSimulator = user
        self.max_steps = max_steps
        self.max_errors = max_errors
        self.render_mode = render_mode
        self.tool_schemas = [dict(s) for s in self.domain.tool_schemas]
        self.system_prompt = agent_system_prompt(self.domain.policy)
        if tools_in_system:
            self.system_prompt += "\n\n" + tools_section(self.tool_schemas, compact=prompt == "compact")
        self._environment: Any = None
        self._trajectory: list[Any] = []
        self._errors = 0
        self._msg = importlib.import_module("tau2.data_model.message")
        self._init_spaces(max_result_chars, max_conversation_chars)

    # -- views of τ²'s tasks -------------------------------------------------------------------

    def _view(self, task: Any) -> BenchTask:
        """The τ² task as our task interface: its gold actions as gold calls, its communicate_info as outputs."""
        criteria = task.evaluation_criteria
        actions = (criteria.actions or []) if criteria is not None else []
        return BenchTask(
            id=str(task.id), instruction=scripted_opening(task.user_scenario.instructions),
            gold_calls=[GoldCall(name=a.name, arguments=dict(a.arguments)) for a in actions
                        if a.requestor == "assistant"],
            outputs=list((criteria.communicate_info or []) if criteria is not None else []),
            user_system_prompt=user_system_prompt(str(task.user_scenario), self.domain.user_guidelines),
            source=task)

    @property
    def tau2_task(self) -> Any:
        """The current episode's τ² task (``tau2.data_model.tasks.Task``)."""
        return self.task.source if self.task is not None else None

    @property
    def trajectory(self) -> list[Any]:
        """The episode so far as τ² messages (what τ²'s evaluators read)."""
        return list(self._trajectory)

    @property
    def environment(self) -> Any:
        """The episode's ``tau2`` Environment (its tools and database)."""
        return self._environment

    # -- hooks ----------------------------------------------------------------------------------

    def _start(self, task: BenchTask, seed: int) -> str:
        initial = task.source.initial_state
        if initial is not None and initial.message_history:
            raise UnsupportedTaskError(f"tau2 {self.domain.name} task {task.id}: tasks that start mid-conversation "
                                       "(initial_state.message_history) are not supported")
        self._environment = self.domain.new_environment()
        if initial is not None:
            self._environment.set_state(initialization_data=initial.initialization_data,
                                        initialization_actions=initial.initialization_actions, message_history=[])
        self._errors = 0
        opening = self.user.start(task, seed)  # type: ignore[arg-type]  # BenchTask has what users read
        self._trajectory = [self._msg.AssistantMessage(role="assistant", content=AGENT_GREETING),
                            self._msg.UserMessage(role="user", content=opening.content)]
        return opening.content

    def _on_message(self, parsed: ParsedAction, calls: list[ToolCall]) -> None:
        if calls:
            tool_calls = [self._msg.ToolCall(id=c.id, name=c.name, arguments=dict(c.arguments), requestor="assistant")
                          for c in calls]
            self._trajectory.append(self._msg.AssistantMessage(role="assistant", content=parsed.aside or None,
                                                               tool_calls=tool_calls))
        else:
            self._trajectory.append(self._msg.AssistantMessage(role="assistant", content=parsed.message or ""))

    def _call(self, call: ToolCall) -> str:
        request = self._msg.ToolCall(id=call.id, name=call.name, arguments=dict(call.arguments), requestor="assistant")
        response = self._environment.get_response(request)  # τ²'s own dispatch: errors come back as text
        self._trajectory.append(response)
        if response.error:
            self._errors += 1
        if self._errors >= self.max_errors:
            self._end("too_many_errors")
        return response.content if response.content is not None else ""

    def _reply(self, message: str) -> UserTurn:
        turn = self.user.respond(message)
        self._trajectory.append(self._msg.UserMessage(role="user", content=turn.content))
        return turn

    def _evaluate(self, reason: str) -> tuple[bool, float, dict[str, Any], dict[str, float | int]]:
        assert self.task is not None
        # τ² has no reason for an outgrown conversation: like a step budget run out, it scores 0.
        termination = "max_steps" if reason == "max_conversation_chars" else reason
        score: Score = evaluate(self.domain, self.task.source, self._trajectory, termination)
        details = {**score.details, "split": self.split, "tool_errors": self._errors}
        return score.passed, score.reward, details, score.components

    def close(self) -> None:
        """Release the episode's τ² environment; safe to call more than once."""
        self._environment = None
        super().close()


def _task_selection(domain: Domain, split: str | None, task_ids: Sequence[str] | None,
                    tasks: str | Sequence[str] | None) -> tuple[str | None, Sequence[str] | None]:
    """``tasks`` (a split name or task ids, as ``envfactory eval --tasks`` passes it) over ``split``/``task_ids``."""
    if tasks is None:
        return split, task_ids
    if isinstance(tasks, str):
        if tasks not in domain.splits:
            raise UnknownSplitError(tasks, domain.splits, f"tau2 {domain.name}: tasks={tasks!r} is not a split of τ² "
                                    f"({', '.join(domain.splits)}); pass a split name or a list of task ids")
        return tasks, None
    return None, [str(t) for t in tasks]


def default_max_steps() -> int:
    """Agent actions per episode in τ²-bench's own runner: half its message budget (``DEFAULT_MAX_STEPS``)."""
    from tau2.config import DEFAULT_MAX_STEPS

    return max(1, int(DEFAULT_MAX_STEPS) // 2)
