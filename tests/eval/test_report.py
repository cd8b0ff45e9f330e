"""The eval report and run directories: what the agent did, reruns, default folders, file modes, the viewer."""

from __future__ import annotations

import json
import stat

import pytest

from envfactory_gym.agents.registry import AGENTS
from envfactory_gym.eval.cli import main
from envfactory_gym.tasks import current_umask
from tests.conftest import LIBRARY_DIR, LIBRARY_ID


class TalkingAgent:
    """Answers in prose and never calls a tool, like a small model that ignores the tool format."""

    name = "talking"

    def reset(self, env, observation, info):
        pass

    def act(self, observation, info):
        return "Thanks for reaching out. I am sure everything is fine with your order."


@pytest.fixture
def talking(monkeypatch):
    monkeypatch.setitem(AGENTS, "talking", TalkingAgent)


def test_report_says_what_a_toolless_agent_did(tmp_path, talking, capsys):
    run = tmp_path / "run"
    args = ["eval", "--quiet", "--agent", "talking", "--envs", "retail-v0", "--limit", "3", "--report", str(run)]
    assert main(args) == 0
    err = " ".join(capsys.readouterr().err.split())
    assert "warning: no tool call in any of the 3 episodes" in err
    report = (run / "report.md").read_text()
    assert "**Warning:** no tool call in any of the 3 episodes" in report
    assert "No tool call in 3 of 3 episodes" in report
    assert "0.00 tool calls and 1.00 agent turns per episode on average" in report
    assert "Most frequent ending: final answer (a message asking nothing), in 3 of 3 episodes" in report
    # Every component is 0 on these writing tasks: no empty bar chart but a sentence that says why, and a
    # chart of what the agent did instead.
    assert "scores.png" not in report and not (run / "scores.png").exists()
    assert "`talking`: every reward component is 0 in all of its episodes" in report
    assert "![What the agent did](behaviour.png)" in report
    assert (run / "behaviour.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_no_warning_when_the_agent_calls_tools(tmp_path, capsys):
    run = tmp_path / "run"
    assert main(["eval", "--quiet", "--agent", "oracle", "--envs", LIBRARY_ID, "--report", str(run)]) == 0
    assert "warning" not in capsys.readouterr().err
    report = (run / "report.md").read_text()
    assert "Warning" not in report and "No tool call in 0 of 4 episodes" in report
    assert "![Scores](scores.png)" in report


def test_rerun_keeps_the_first_run_throughput(tmp_path):
    run = tmp_path / "run"
    args = ["eval", "--quiet", "--agent", "oracle", "--envs", LIBRARY_ID, "--trials", "2", "--report", str(run)]
    assert main(args) == 0
    first = json.loads((run / "summary.json").read_text())["throughput"]
    assert main(args) == 0
    summary = json.loads((run / "summary.json").read_text())
    assert summary["throughput"]["played"] == 0 and summary["throughput"]["skipped"] == 8
    assert [r["played"] for r in summary["runs"]] == [8, 0] and summary["runs"][0]["wall_s"] == first["wall_s"]
    report = (run / "report.md").read_text()
    assert f"- Run: 8 episodes played in {first['wall_s']:.1f} s" in report
    assert "- Rerun 1: no episode left to play; 8 already done." in report
    assert "0 episodes played" not in report


def test_default_report_folders_of_different_settings_do_not_collide(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["eval", "--quiet", "--agent", "oracle", "--envs", LIBRARY_ID, "--json", "oracle.json"]) == 0
    assert main(["eval", "--quiet", "--agent", "random", "--envs", LIBRARY_ID, "--json", "random.json"]) == 0
    assert main(["eval", "--quiet", "--agent", "random", "--envs", LIBRARY_ID, "--trials", "2"]) == 0
    runs = sorted(p.name for p in (tmp_path / "eval-results").iterdir())
    short = LIBRARY_ID.rsplit("/", 1)[-1]
    assert len(runs) == 3 and [r.rsplit("-", 1)[0] for r in runs] == [f"oracle-{short}", f"random-{short}",
                                                                        f"random-{short}"]
    assert json.loads((tmp_path / "random.json").read_text())["summary"]["overall"]["episodes"] == 4
    # The same command again resumes its own folder.
    assert main(["eval", "--quiet", "--agent", "oracle", "--envs", LIBRARY_ID, "--json", "again.json"]) == 0
    assert json.loads((tmp_path / "again.json").read_text())["throughput"]["skipped"] == 4
    assert len(list((tmp_path / "eval-results").iterdir())) == 3


def test_written_files_get_the_usual_mode(tmp_path):
    run = tmp_path / "run"
    assert main(["eval", "--quiet", "--agent", "oracle", "--envs", LIBRARY_ID, "--report", str(run),
                 "--json", str(tmp_path / "out.json")]) == 0
    assert main(["view", str(run)]) == 0
    usual = 0o666 & ~current_umask()
    for path in (run / "report.md", run / "summary.json", run / "config.json", run / "episodes.jsonl",
                 run / "index.html", tmp_path / "out.json"):
        assert stat.S_IMODE(path.stat().st_mode) == usual, path


def test_view_refuses_a_path_that_is_not_a_run(tmp_path, capsys):
    run = tmp_path / "eval-results"
    assert main(["eval", "--quiet", "--agent", "oracle", "--envs", LIBRARY_ID, "--report", str(run)]) == 0
    capsys.readouterr()
    assert main(["view", str(tmp_path / "eval-reslts")]) == 2
    err = capsys.readouterr().err
    assert "no eval run directory" in err and "Did you mean 'eval-results'" in err
    assert not (tmp_path / "eval-reslts").exists()
    assert main(["view", str(tmp_path)]) == 2
    assert "not an eval run directory" in capsys.readouterr().err
    assert not (tmp_path / "index.html").exists()


def test_report_names_what_was_evaluated_and_explains_every_column(tmp_path):
    tasks = tmp_path / "heldout.jsonl"
    tasks.write_text("\n".join((LIBRARY_DIR / "tasks.jsonl").read_text().splitlines()[:3]) + "\n")
    run = tmp_path / "run"
    assert main(["eval", "--quiet", "--agent", "oracle", "--baseline", "random", "--envs", LIBRARY_ID,
                 "--tasks", str(tasks), "--report", str(run)]) == 0
    report = (run / "report.md").read_text()
    assert f"tasks: `{tasks.resolve()}`" in report and "- Baseline: `random` on the same episodes" in report
    assert json.loads((run / "config.json").read_text())["tasks"] == str(tasks.resolve())
    legend = report.split("### What the columns mean", 1)[1].split("\n## ", 1)[0]
    for column in ("pass^k", "mean reward", "trace", "state", "communicate", "outcome", "length_penalty"):
        assert f"- **{column}**: " in legend
    assert "state and communicate means can be well above 0 while its outcome and reward are 0" in legend
    # The baseline is in the bullets and the plots too, each heading once.
    assert "- `oracle`: no tool call in 0 of 3 episodes" in report and "- `random`: no tool call in" in report
    headings = [line for line in report.splitlines() if line.startswith("#")]
    assert len(headings) == len(set(headings)) and report.count("| `EnvFactory/minilib-v0` | `oracle` |") == 1
    assert all((run / png).is_file() for png in ("scores.png", "behaviour.png", "reward_distribution.png"))


def test_the_adapter_an_agent_plays_with_is_recorded(tmp_path):
    from envfactory_gym.agents.smollm2 import ADAPTERS_DIR, SFT_ADAPTER
    from envfactory_gym.eval.cli import _agent_adapter
    from envfactory_gym.eval.report import _setting

    assert _agent_adapter("smollm2-sft", None) == str(ADAPTERS_DIR / SFT_ADAPTER)  # the shipped one, by default
    assert _agent_adapter("smollm2-sft", str(tmp_path)) == str(tmp_path.resolve())
    assert _agent_adapter("smollm2", None) is None
    summary = {"trials": 1, "envs": {"EnvFactory/retail-v0": {}}, "overall": {"episodes": 20}}
    config = {"agent_adapter": str(ADAPTERS_DIR / SFT_ADAPTER), "tasks": "/x/heldout_tasks.jsonl", "limit": 20}
    lines = _setting({"config": config}, summary, [("smollm2-sft", summary, [])])
    assert f"- Agent: `smollm2-sft`, with the adapter `{ADAPTERS_DIR / SFT_ADAPTER}`" in lines
    assert "- Environments: `EnvFactory/retail-v0`; tasks: `/x/heldout_tasks.jsonl`, the first 20 of each " \
           "environment" in lines
