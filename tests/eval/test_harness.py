"""The eval harness: pass^k, per-env/per-domain scores, the episode log and the report."""

from __future__ import annotations

import json

import pytest

from envfactory_gym.eval.cli import main
from envfactory_gym.eval.harness import plan_episodes, run_eval
from envfactory_gym.eval.report import pass_hat_k, summarize_records
from envfactory_gym.eval.store import EpisodeStore, load_records
from tests.conftest import LIBRARY_ID


def test_pass_hat_k_is_the_tau2_estimator():
    assert pass_hat_k([(4, 4), (4, 0)], 1) == 0.5
    assert pass_hat_k([(4, 3)], 1) == 0.75
    assert pass_hat_k([(4, 3)], 2) == pytest.approx(3 / 6)
    assert pass_hat_k([(4, 3)], 4) == 0.0 and pass_hat_k([(4, 4)], 4) == 1.0
    assert pass_hat_k([(1, 1)], 2) is None


def eval_cli(tmp_path, *args):
    out = tmp_path / "out.json"
    code = main(["eval", "--quiet", "--report", str(tmp_path / "run"), "--json", str(out), *args])
    return code, json.loads(out.read_text())


def test_oracle_scores_pass_hat_k_of_one_per_env_and_domain(tmp_path):
    code, out = eval_cli(tmp_path, "--agent", "oracle", "--envs", f"{LIBRARY_ID},EnvFactory/retail-v0",
                         "--limit", "6", "--trials", "2", "--concurrency", "3")
    assert code == 0 and out["missing"] == 0
    s = out["summary"]
    assert set(s["envs"]) == {LIBRARY_ID, "EnvFactory/retail-v0"} and set(s["domains"]) >= {"retail"}
    assert s["overall"]["pass_hat"] == {"1": 1.0, "2": 1.0} and s["overall"]["episodes"] == 2 * (4 + 6)
    assert s["envs"]["EnvFactory/retail-v0"]["components"]["state"] == 1.0
    report = (tmp_path / "run" / "report.md").read_text()
    # One table: a row per env and one for all; no per-domain table when each domain is one env (it would
    # repeat the per-env rows), and no heading twice.
    assert "pass^2" in report and "| all | `oracle` | 10 | 20 |" in report and "Per domain" not in report
    headings = [line for line in report.splitlines() if line.startswith("#")]
    assert len(headings) == len(set(headings)) and report.count("| `EnvFactory/retail-v0` | `oracle`") == 1
    for png in ("reward_distribution.png", "scores.png"):
        assert (tmp_path / "run" / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    records = load_records(tmp_path / "run")
    assert len(records) == 20 and all(r["messages"] and "state_diff" in r for r in records)


def test_random_agent_scores_near_zero(tmp_path):
    code, out = eval_cli(tmp_path, "--agent", "random", "--envs", "EnvFactory/retail-v0", "--limit", "10",
                         "--trials", "2", "--concurrency", "2")
    assert code == 0
    assert out["summary"]["overall"]["pass_hat"]["2"] <= 0.1
    assert out["summary"]["overall"]["mean_reward"] < 0.1


def test_rerun_skips_finished_episodes_and_other_settings_are_refused(tmp_path, capsys):
    eval_cli(tmp_path, "--agent", "oracle", "--envs", LIBRARY_ID, "--trials", "2")
    code, out = eval_cli(tmp_path, "--agent", "oracle", "--envs", LIBRARY_ID, "--trials", "2")
    assert code == 0 and out["throughput"]["played"] == 0 and out["throughput"]["skipped"] == 8
    code = main(["eval", "--quiet", "--report", str(tmp_path / "run"), "--agent", "random", "--envs", LIBRARY_ID])
    assert code == 2 and "other settings" in capsys.readouterr().err


def test_store_cuts_a_torn_line_and_ignores_duplicates(tmp_path):
    store = EpisodeStore(tmp_path)
    rec = {"env": "E", "task_id": "t", "trial": 0, "reward": 1.0}
    assert store.append(rec) and not store.append(dict(rec, reward=0.0))
    with open(store.path, "ab") as fh:
        fh.write(b'{"env": "E", "task_id": "u", "tri')  # a kill in the middle of a write
    again = EpisodeStore(tmp_path)
    assert list(again.records) == [("E", "t", 0)]
    assert again.append({"env": "E", "task_id": "u", "trial": 0, "reward": 0.5})
    assert [r["task_id"] for r in load_records(tmp_path)] == ["t", "u"]


def test_failed_episodes_are_reported_and_not_stored(tmp_path):
    class Broken:
        name = "broken"

        def reset(self, env, observation, info):
            pass

        def act(self, observation, info):
            raise RuntimeError("endpoint down")

    specs = plan_episodes([LIBRARY_ID])
    result = run_eval(specs, Broken, tmp_path, concurrency=2, progress=False)
    assert result.played == 0 and len(result.errors) == 4 and "endpoint down" in result.errors[0]["error"]
    assert load_records(tmp_path) == []


def test_summary_groups_by_env_and_domain():
    records = [{"env": e, "domain": d, "task_id": t, "trial": k, "reward": r, "steps": 2, "truncated": False,
                "components": {"trace": r}}
               for e, d, t, k, r in [("A", "x", "1", 0, 1.0), ("A", "x", "1", 1, 0.0), ("B", "x", "1", 0, 1.0),
                                     ("B", "x", "1", 1, 1.0)]]
    s = summarize_records(records, trials=2)
    assert s["envs"]["A"]["pass_hat"] == {"1": 0.5, "2": 0.0} and s["envs"]["B"]["pass_hat"]["2"] == 1.0
    assert s["domains"]["x"]["tasks"] == 2 and s["domains"]["x"]["pass_hat"]["2"] == 0.5


def test_task_file_replaces_the_env_tasks(tmp_path):
    from tests.conftest import LIBRARY_DIR

    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text("\n".join((LIBRARY_DIR / "tasks.jsonl").read_text().splitlines()[2:4]) + "\n")
    code, out = eval_cli(tmp_path, "--agent", "oracle", "--envs", LIBRARY_ID, "--tasks", str(tasks), "--trials", "3")
    assert code == 0 and out["summary"]["overall"]["tasks"] == 2 and out["summary"]["overall"]["episodes"] == 6
    assert out["summary"]["overall"]["pass_hat"]["3"] == 1.0
