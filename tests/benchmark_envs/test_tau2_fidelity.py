"""Fidelity to τ²-bench: our env's verdicts equal τ²'s own ``evaluate_simulation`` on the same trajectories."""

from __future__ import annotations

import contextlib
import functools
import importlib
import sys
import types
from collections.abc import Iterator, Sequence
from typing import Any

import gymnasium as gym
import pytest

pytest.importorskip("tau2")
pytest.importorskip("loguru")

import envfactory_gym  # noqa: E402,F401
from envfactory_gym.agents.oracle import OracleAgent  # noqa: E402
from envfactory_gym.benchmark_envs.tau2_eval import load_domain  # noqa: E402
from envfactory_gym.llm_user import AGENT_GREETING  # noqa: E402

DOMAINS = ("retail", "airline")


#: The modules stood in for (without litellm), and those that import them: removed again afterwards.
_STAND_INS = ("tau2.utils.llm_utils", "tau2.registry", "tau2.evaluator.evaluator_nl_assertions",
              "tau2.evaluator.evaluator")


@contextlib.contextmanager
def official_evaluator() -> Iterator[Any]:
    """``tau2.evaluator.evaluator``, imported as it is.

    Its module imports litellm at module level (the NL-assertion judge, through ``tau2.utils.llm_utils``)
    and ``tau2.registry`` (every agent and user: litellm again). Without litellm, those two modules are
    stood in for while it is imported and used: the judge, never called (no retail or airline task puts
    NL assertions in its reward basis), and the registry's ``get_env_constructor``, which returns τ²'s own
    ``get_environment`` of the domain. Only those modules and the two that import them are removed
    afterwards: every other τ² module stays the one the env uses (one class per message type).
    """
    try:
        module = importlib.import_module("tau2.evaluator.evaluator")
    except ImportError:
        module = None
    if module is not None:
        yield module
        return
    for name in ("tau2.data_model.simulation", "tau2.evaluator.evaluator_env", "tau2.evaluator.evaluator_action",
                 "tau2.evaluator.evaluator_communicate", "tau2.config"):
        importlib.import_module(name)  # the real ones, imported before anything is stood in for
    llm_utils = types.ModuleType("tau2.utils.llm_utils")

    def generate(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("no LLM judge in the fidelity tests")

    llm_utils.generate = generate  # type: ignore[attr-defined]

    class _Registry:
        def get_env_constructor(self, domain: str) -> Any:
            return importlib.import_module(f"tau2.domains.{domain}.environment").get_environment

    registry = types.ModuleType("tau2.registry")
    registry.registry = _Registry()  # type: ignore[attr-defined]
    sys.modules["tau2.utils.llm_utils"] = llm_utils
    sys.modules["tau2.registry"] = registry
    try:
        yield importlib.import_module("tau2.evaluator.evaluator")
    finally:
        for name in _STAND_INS:
            sys.modules.pop(name, None)
            parent, _, child = name.rpartition(".")
            if parent in sys.modules and getattr(sys.modules[parent], child, None) is not None:
                delattr(sys.modules[parent], child)


@pytest.fixture(scope="module")
def evaluator() -> Iterator[Any]:
    with official_evaluator() as module:
        yield module


def reference_reward(evaluator: Any, domain: str, task: Any, actions: Sequence[dict[str, Any]], text: str) -> float:
    """τ²'s reward of a simulation where the agent makes ``actions`` (one call a turn), says ``text`` and the
    user stops; tool results come from a fresh environment built by τ²'s own ``get_environment``."""
    msg = importlib.import_module("tau2.data_model.message")
    sim = importlib.import_module("tau2.data_model.simulation")
    environment = importlib.import_module(f"tau2.domains.{domain}.environment").get_environment()
    messages: list[Any] = [msg.AssistantMessage(role="assistant", content=AGENT_GREETING),
                           msg.UserMessage(role="user", content="Hello, I need help.")]
    for i, action in enumerate(actions):
        call = msg.ToolCall(id=f"ref_{i}", name=action["name"], arguments=dict(action["arguments"]))
        messages.append(msg.AssistantMessage(role="assistant", tool_calls=[call]))
        messages.append(environment.get_response(call))
    messages += [msg.AssistantMessage(role="assistant", content=text),
                 msg.UserMessage(role="user", content="Thanks! ###STOP###")]
    run = sim.SimulationRun(id="reference", task_id=str(task.id), start_time="", end_time="", duration=0.0,
                            termination_reason=sim.TerminationReason.USER_STOP, messages=messages)
    return float(evaluator.evaluate_simulation(run, task, evaluator.EvaluationType.ALL, solo_mode=False,
                                               domain=domain).reward)


def final_text(task: Any) -> str:
    """What the oracle says last: the facts of the task's communicate_info."""
    facts = "; ".join(task.evaluation_criteria.communicate_info or [])
    return f"All done. {facts}." if facts else "All done, your request is complete."


def gold_actions(task: Any) -> list[dict[str, Any]]:
    return [{"name": a.name, "arguments": dict(a.arguments)} for a in task.evaluation_criteria.actions or []]


def play(env: gym.Env, task_id: str, actions: Sequence[dict[str, Any]], text: str) -> dict[str, Any]:
    """Our env's verdict of the agent making ``actions`` (one a step), then saying ``text``."""
    env.reset(seed=0, options={"task_id": task_id})
    for action in actions:
        _, reward, terminated, truncated, info = env.step(action)
        assert not (terminated or truncated), info
    _, reward, terminated, truncated, info = env.step(text)
    assert terminated and info["benchmark"]["score"] == reward
    return info["benchmark"]


def oracle_passes(env: gym.Env, task_id: str) -> bool:
    agent = OracleAgent()
    obs, info = env.reset(seed=0, options={"task_id": task_id})
    agent.reset(env, obs, info)
    done = False
    while not done:
        obs, reward, terminated, truncated, info = env.step(agent.act(obs, info))
        done = terminated or truncated
    assert info["benchmark"]["passed"] == (reward == 1.0)
    return info["benchmark"]["passed"]


def perturbations(domain: str, task: Any) -> dict[str, list[dict[str, Any]]]:
    """The gold actions with one argument of the first write wrong, the last write left out, and an extra
    write (another task's first write: a change of someone else's records) appended."""
    dom = load_domain(domain)
    is_write = _write_tools(domain).__contains__
    actions = gold_actions(task)
    writes = [i for i, a in enumerate(actions) if is_write(a["name"])]
    out: dict[str, list[dict[str, Any]]] = {}
    if writes:
        first = actions[writes[0]]
        key = sorted(first["arguments"])[0]
        wrong = [dict(a, arguments=dict(a["arguments"])) for a in actions]
        wrong[writes[0]]["arguments"][key] = _wrong(first["arguments"][key])
        out["wrong_argument"] = wrong
        out["missing_write"] = [a for i, a in enumerate(actions) if i != writes[-1]]
    other = next(a for t in dom.tasks.values() if t.id != task.id
                 for a in gold_actions(t) if is_write(a["name"]) and a["name"] != "transfer_to_human_agents")
    out["extra_write"] = [*actions, other]
    return out


@functools.cache
def _write_tools(domain: str) -> frozenset[str]:
    tools = load_domain(domain).new_environment().tools
    return frozenset(name for name in tools.get_tools() if tools.tool_type(name).value == "write")


def _wrong(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 1
    if isinstance(value, list):
        return value[:-1] if len(value) > 1 else [*value, value[0] if value else "x"]
    if isinstance(value, dict):
        return {**value, "x": 1}
    return f"{value}0"


def _test_split(domain: str) -> list[Any]:
    dom = load_domain(domain)
    return [dom.tasks[t] for t in dom.task_ids("test")]


#: The quick checks take one task of the retail test split; the slow sweeps take every task of both domains.
SAMPLE = 1


def _check_oracle(evaluator: Any, domain: str, tasks: Sequence[Any]) -> None:
    env = gym.make(f"Bench/tau2-{domain}-v0", split="test")
    try:
        for task in tasks:
            ours = oracle_passes(env, task.id)
            theirs = reference_reward(evaluator, domain, task, gold_actions(task), final_text(task)) == 1.0
            assert ours == theirs, f"{domain} task {task.id}: oracle passed={ours}, τ² scores its gold actions {theirs}"
    finally:
        env.close()


def _check_perturbed(evaluator: Any, domain: str, tasks: Sequence[Any]) -> int:
    env = gym.make(f"Bench/tau2-{domain}-v0", split="test")
    cases = 0
    try:
        for task in tasks:
            for kind, actions in perturbations(domain, task).items():
                ours = play(env, task.id, actions, final_text(task))
                theirs = reference_reward(evaluator, domain, task, actions, final_text(task))
                assert ours["passed"] == (theirs == 1.0), f"{domain} task {task.id} {kind}: ours {ours}, τ² {theirs}"
                cases += 1
    finally:
        env.close()
    return cases


def test_oracle_pass_equals_tau2_score_of_the_gold_actions(evaluator):
    _check_oracle(evaluator, "retail", _test_split("retail")[:SAMPLE])


def test_perturbed_trajectories_get_the_same_verdict_as_tau2(evaluator):
    tasks = [t for t in _test_split("retail") if "wrong_argument" in perturbations("retail", t)][:SAMPLE]
    assert _check_perturbed(evaluator, "retail", tasks) == 3 * len(tasks)


def test_a_wrong_argument_and_a_missing_write_fail_and_the_gold_passes(evaluator):
    task = next(t for t in _test_split("retail") if "wrong_argument" in perturbations("retail", t))
    env = gym.make("Bench/tau2-retail-v0")
    try:
        cases = perturbations("retail", task)
        assert play(env, task.id, gold_actions(task), final_text(task))["passed"]
        assert not play(env, task.id, cases["wrong_argument"], final_text(task))["passed"]
        assert not play(env, task.id, cases["missing_write"], final_text(task))["passed"]
    finally:
        env.close()


#: The slow sweep perturbs every n-th task of a test split that has a write (all perturbations of all tasks
#: take several minutes on two cores: each verdict replays the episode on fresh copies of τ²'s database).
PERTURB_EVERY = {"retail": 6, "airline": 4}


@pytest.mark.slow
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_test_split_task_oracle_agrees_with_tau2(evaluator, domain):
    _check_oracle(evaluator, domain, _test_split(domain))


@pytest.mark.slow
@pytest.mark.parametrize("domain", DOMAINS)
def test_perturbed_test_split_tasks_agree_with_tau2(evaluator, domain):
    tasks = [t for t in _test_split(domain) if "wrong_argument" in perturbations(domain, t)][::PERTURB_EVERY[domain]]
    assert len(tasks) >= 3 and _check_perturbed(evaluator, domain, tasks) == 3 * len(tasks)
