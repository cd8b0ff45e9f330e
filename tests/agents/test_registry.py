"""Agents by name, and agents of one's own by ``file.py:Class`` or ``module:Class``."""

from __future__ import annotations

from pathlib import Path

import pytest

from envfactory_gym.agents.registry import AGENTS, make_agent
from envfactory_gym.errors import AgentSpecError, UnknownAgentError
from envfactory_gym.runner import run_episodes

EXAMPLE = Path(__file__).resolve().parents[2] / "agents" / "lookup_first.py"


def test_an_unknown_name_suggests_the_nearest() -> None:
    with pytest.raises(UnknownAgentError, match="Did you mean 'oracle'"):
        make_agent("oracel")


def test_the_example_agent_of_ones_own_plays_through_run() -> None:
    agent = make_agent(f"{EXAMPLE}:LookupFirstAgent")
    assert agent.name == "lookup-first" and "lookup-first" not in AGENTS
    results = run_episodes("EnvFactory/retail-v0", agent, episodes=3, progress=False)
    assert len(results) == 3 and all(r.components["num_calls"] <= 1 for r in results)


def test_a_module_path_loads_too() -> None:
    assert type(make_agent("envfactory_gym.agents.oracle:OracleAgent")).__name__ == "OracleAgent"


@pytest.mark.parametrize(("spec", "message"), [
    ("missing.py:Agent", "no file missing.py"),
    (f"{EXAMPLE}:LookupFirst", "has no 'LookupFirst'. Did you mean 'LookupFirstAgent'"),
    ("no_such_module_here:Agent", "no module 'no_such_module_here'"),
])
def test_a_bad_spec_is_one_line_naming_it(spec: str, message: str) -> None:
    with pytest.raises(AgentSpecError, match=message) as info:
        make_agent(spec)
    assert "\n" not in str(info.value) and spec in str(info.value)
