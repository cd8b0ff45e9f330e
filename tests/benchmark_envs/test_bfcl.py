"""Bench/bfcl-multi-turn-base-v0: BFCL's entries, classes, executor and checker through our Gymnasium interface."""

from __future__ import annotations

import json
import pickle
import threading
from pathlib import Path

import pytest

from envfactory_gym.benchmark_envs import bfcl_data
from envfactory_gym.benchmark_envs.bfcl_data import BenchUnavailableError

try:
    bfcl_data.bfcl()
except BenchUnavailableError as exc:
    pytest.skip(str(exc), allow_module_level=True)

import gymnasium as gym  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

import envfactory_gym  # noqa: E402,F401
from envfactory_gym.benchmark_envs.bfcl import BfclMultiTurnEnv  # noqa: E402
from envfactory_gym.benchmark_envs.bfcl_data import load_entries  # noqa: E402
from envfactory_gym.cli import main  # noqa: E402
from envfactory_gym.errors import EnvFactoryError, UnknownTaskError  # noqa: E402

ENV_ID = "Bench/bfcl-multi-turn-base-v0"


@pytest.fixture(scope="module")
def env():
    e = gym.make(ENV_ID)
    yield e
    e.close()


def executor_globals() -> set[str]:
    return {n for n in vars(bfcl_data.bfcl().utils) if n.startswith("envfactory_")}


def play_gold(env, entry_id: str, skip_turn: int | None = None) -> dict:
    env.reset(options={"task_id": entry_id})
    info: dict = {}
    for t, turn in enumerate(env.unwrapped.task.gold_turns):
        if t != skip_turn:
            for c in turn:
                env.step({"name": c.name, "arguments": c.arguments})
        _obs, _r, _term, _trunc, info = env.step("Done with that.")
    return info


def test_registered_with_bfcl_data_and_tools(env) -> None:
    u = env.unwrapped
    assert ENV_ID in gym.registry
    assert len(u.tasks) == 200 and u.tasks[0].id == "multi_turn_base_0"
    obs, info = env.reset(options={"task_id": "multi_turn_base_0"})
    entry = load_entries()["multi_turn_base_0"]
    assert obs[-1] == {"role": "user", "content": entry.turns[0][0]["content"]}
    assert info["turn"] == 0 and info["num_turns"] == len(entry.turns) == 4
    # The entry's own tools, as BFCL's convert_to_tool gives them to OpenAI FC models (with its Python hint).
    names = {t["function"]["name"] for t in u.tool_schemas}
    assert names == entry.tool_names and {"cd", "mv", "post_tweet"} <= names
    cd = next(t for t in u.tool_schemas if t["function"]["name"] == "cd")
    assert cd["type"] == "function" and cd["function"]["parameters"]["type"] == "object"
    assert cd["function"]["description"].endswith("Note that the provided function is in Python 3 syntax.")
    assert "cd" in obs[0]["content"] and obs[0]["role"] == "system"


def test_check_env_and_pickle(env) -> None:
    check_env(env.unwrapped, skip_render_check=True)
    clone = pickle.loads(pickle.dumps(env.unwrapped))
    obs, _ = clone.reset(options={"task_id": "multi_turn_base_5"})
    assert clone.observation_space.contains(obs)
    clone.close()


def test_gold_turns_pass_with_bfcl_verdict_and_components(env) -> None:
    info = play_gold(env, "multi_turn_base_0")
    bench = info["benchmark"]
    assert bench["name"] == "bfcl" and bench["package"] == "bfcl-eval" and bench["version"] == "2026.3.23"
    assert bench["task_id"] == "multi_turn_base_0" and bench["passed"] is True and bench["score"] == 1.0
    turns = bench["details"]["turns"]
    assert [t["passed"] for t in turns] == [True] * 4
    assert turns[2]["calls"] == ["sort(file_name='final_report.pdf')"]  # the answer's positional argument, named
    assert turns[2]["ground_truth"] == ["sort('final_report.pdf')"]
    comp = info["reward_components"]
    assert comp["reward"] == comp["passed"] == 1 and comp["turns_passed"] == 4
    assert comp["trace"] == comp["state"] == comp["composite_reward"] == 1.0


def test_skipped_turn_fails_at_that_turn_and_later_turns_are_not_checked(env) -> None:
    info = play_gold(env, "multi_turn_base_0", skip_turn=1)
    bench = info["benchmark"]
    assert bench["passed"] is False and bench["score"] == 0.0
    turns = bench["details"]["turns"]
    assert [(t["checked"], t["passed"]) for t in turns] == [(True, True), (True, False), (False, False), (False, False)]
    assert turns[1]["error_type"].startswith("multi_turn:") and turns[1]["calls"] == []
    assert info["reward_components"]["turns_passed"] == 1 and info["reward_components"]["trace"] == 0.0


def test_turn_ends_on_text_and_next_user_turn_follows(env) -> None:
    env.reset(options={"task_id": "multi_turn_base_1"})
    entry = load_entries()["multi_turn_base_1"]
    obs, r, term, trunc, info = env.step("<tool_call>" + json.dumps({"name": "ls", "arguments": {"a": True}})
                                         + "</tool_call>")
    assert obs[-1]["role"] == "tool" and "current_directory_content" in obs[-1]["content"] and info["turn"] == 0
    obs, r, term, trunc, info = env.step("Here is the listing.")
    assert obs[-2] == {"role": "assistant", "content": "Here is the listing."}
    assert obs[-1] == {"role": "user", "content": entry.turns[1][0]["content"]}
    assert info["turn"] == 1 and (r, term, trunc) == (0.0, False, False)


def test_parallel_calls_run_in_order_on_one_state(env) -> None:
    env.reset(options={"task_id": "multi_turn_base_0"})
    obs, *_ = env.step({"role": "assistant", "content": "", "tool_calls": [
        {"id": "a", "type": "function", "function": {"name": "cd", "arguments": '{"folder": "document"}'}},
        {"id": "b", "type": "function", "function": {"name": "mkdir", "arguments": '{"dir_name": "temp"}'}},
        {"id": "c", "type": "function", "function": {"name": "ls", "arguments": "{}"}}]})
    results = [m for m in obs if m["role"] == "tool"]
    assert [m["tool_call_id"] for m in results] == ["a", "b", "c"]
    assert "temp" in json.loads(results[2]["content"])["current_directory_content"]


def test_undecodable_response_ends_the_turn_without_running(env) -> None:
    env.reset(options={"task_id": "multi_turn_base_0"})
    entry = load_entries()["multi_turn_base_0"]
    obs, r, term, trunc, info = env.step({"role": "assistant", "content": "", "tool_calls": [
        {"id": "a", "type": "function", "function": {"name": "cd", "arguments": '{"folder": "document"}'}},
        {"id": "b", "type": "function", "function": {"name": "mkdir", "arguments": '{"dir_name": '}}]})
    tool_msgs = [m for m in obs if m["role"] == "tool"]
    assert [m["tool_call_id"] for m in tool_msgs] == ["a", "b"]
    assert all(m["content"].startswith("Error: not run") for m in tool_msgs)
    assert obs[-1]["content"] == entry.turns[1][0]["content"] and info["turn"] == 1
    assert info["format_errors"] == 1 and info["num_calls"] == 0
    # Nothing ran: the file system is still at its root.
    assert env.unwrapped.session.instances["GorillaFileSystem"]._current_dir.name == "workspace"


def test_unknown_names_and_injection_are_never_evaluated(env, tmp_path: Path) -> None:
    env.reset(options={"task_id": "multi_turn_base_0"})
    marker = tmp_path / "pwned"
    evil = f"__import__('os').system('touch {marker}')"
    obs, *_, info = env.step([
        {"name": "lss", "arguments": {}},
        {"name": evil, "arguments": {}},
        {"name": "ls", "arguments": {f"a=__import__('os').system('touch {marker}'),b": 1}},
        {"name": "open", "arguments": {"file": str(marker), "mode": "w"}},
    ])
    results = [m["content"] for m in obs if m["role"] == "tool"]
    assert results[0] == "Error during execution: name 'lss' is not defined. Did you mean 'ls'?"
    assert all(r.startswith("Error during execution:") for r in results)
    assert not marker.exists() and info["format_errors"] == 4


def test_stop_ends_the_episode_and_unplayed_turns_fail(env) -> None:
    env.reset(options={"task_id": "multi_turn_base_0"})
    _obs, r, term, trunc, info = env.step("###STOP###")
    assert term and not trunc and r == 0.0
    details = info["benchmark"]["details"]
    assert details["reason"] == "agent_stop" and details["error_type"] == "multi_turn:force_terminated"
    assert info["reward_components"]["turns_played"] == 1


def test_too_many_steps_in_a_turn_force_quits_as_bfcl_does(env) -> None:
    env.reset(options={"task_id": "multi_turn_base_0"})
    limit = env.unwrapped.step_limit
    for i in range(limit + 1):
        _obs, r, term, trunc, info = env.step({"name": "pwd", "arguments": {}})
        assert term == (i == limit)
    assert info["benchmark"]["details"]["reason"] == "force_quit" and info["benchmark"]["passed"] is False


def test_fc_prompt_has_no_system_message_and_text_prompt_lists_the_tools() -> None:
    fc = gym.make(ENV_ID, tools_in_system=False)
    obs, _ = fc.reset(options={"task_id": "multi_turn_base_3"})
    assert [m["role"] for m in obs] == ["user"] and fc.unwrapped.system_prompt == ""
    fc.close()
    compact = gym.make(ENV_ID, prompt="compact")
    obs, _ = compact.reset(options={"task_id": "multi_turn_base_3"})
    assert "Once you have no more functions to call" in obs[0]["content"]  # BFCL's multi-turn instruction
    assert "<tool_call>" in obs[0]["content"]
    compact.close()


def test_sessions_are_isolated_across_envs_and_threads_and_cleaned_up() -> None:
    before = executor_globals()
    a, b = BfclMultiTurnEnv(tasks=["multi_turn_base_0"]), BfclMultiTurnEnv(tasks=["multi_turn_base_0"])
    a.reset(options={"task_id": "multi_turn_base_0"})
    b.reset(options={"task_id": "multi_turn_base_0"})
    a.step({"name": "mkdir", "arguments": {"dir_name": "only_in_a"}})
    obs, *_ = b.step({"name": "ls", "arguments": {}})
    assert "only_in_a" not in obs[-1]["content"]
    assert a.session.instances["GorillaFileSystem"] is not b.session.instances["GorillaFileSystem"]
    a.close()
    b.close()
    assert executor_globals() == before

    verdicts: list[bool] = []

    def worker(skip: int | None) -> None:
        e = BfclMultiTurnEnv(tasks=["multi_turn_base_0"])
        for _ in range(5):
            verdicts.append((skip is None) == play_gold(e, "multi_turn_base_0", skip)["benchmark"]["passed"])
        e.close()

    threads = [threading.Thread(target=worker, args=(s,)) for s in (None, 1, None, 3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert verdicts == [True] * 20 and executor_globals() == before


def test_bad_task_selection_errors_name_the_problem(tmp_path: Path) -> None:
    with pytest.raises(UnknownTaskError, match="multi_turn_base_1"):
        BfclMultiTurnEnv(tasks=["multi_turn_base_1x"])
    with pytest.raises(EnvFactoryError, match="cannot read"):
        BfclMultiTurnEnv(tasks=str(tmp_path / "missing.txt"))
    ids = tmp_path / "ids.jsonl"
    ids.write_text('{"id": "multi_turn_base_7"}\nmulti_turn_base_9\n')
    assert [t.id for t in BfclMultiTurnEnv(tasks=str(ids)).tasks] == ["multi_turn_base_7", "multi_turn_base_9"]
    with pytest.raises(EnvFactoryError, match="unsupported BFCL category 'multi_turn_long_context'"):
        BfclMultiTurnEnv(category="multi_turn_long_context")


def test_eval_cli_reports_bfcl_accuracy(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = tmp_path / "run"
    assert main(["eval", "--agent", "oracle", "--envs", ENV_ID, "--limit", "6", "--report", str(run), "--quiet"]) == 0
    records = [json.loads(line) for line in (run / "episodes.jsonl").read_text().splitlines()]
    assert len(records) == 6 and all(r["benchmark"]["passed"] for r in records)
    assert "| `Bench/bfcl-multi-turn-base-v0` | bfcl | `bfcl-eval==2026.3.23` | 6 | 6 | 1.000 |" in (
        run / "report.md").read_text()


def test_openai_fc_agent_plays_an_entry_over_http_like_bfcls_inference_loop() -> None:
    from envfactory_gym.agents.openai_agent import OpenAIAgent
    from envfactory_gym.eval.harness import plan_episodes, play_spec
    from envfactory_gym.llm import LLMClient
    from envfactory_gym.testing.replay_server import ReplayServer

    e = gym.make(ENV_ID, tools_in_system=False)
    gold = next(t for t in e.unwrapped.tasks if t.id == "multi_turn_base_1").gold_turns

    def model(request: dict) -> dict:
        turn = sum(m["role"] == "user" for m in request["messages"]) - 1
        if request["messages"][-1]["role"] == "tool" or not gold[turn]:
            return {"content": "Done."}  # no calls: BFCL moves on to the next turn
        return {"tool_calls": [{"name": c.name, "arguments": c.arguments} for c in gold[turn]]}

    spec = next(s for s in plan_episodes([ENV_ID], limit=2) if s.task_id == "multi_turn_base_1")
    try:
        with ReplayServer(model) as server:
            client = LLMClient(server.base_url, "replay", max_retries=1, timeout_s=10)
            record = play_spec(e, OpenAIAgent(client=client), spec)
            first = server.requests[0]
    finally:
        e.close()
    assert record["benchmark"]["passed"] is True and record["reward"] == 1.0
    assert [m["role"] for m in first["messages"]] == ["user"]  # BFCL's FC prompt: no system message
    assert {t["function"]["name"] for t in first["tools"]} == load_entries()["multi_turn_base_1"].tool_names
