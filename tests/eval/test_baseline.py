"""``envfactory eval --baseline``: a second agent on the same episodes, reported beside the evaluated one."""

from __future__ import annotations

import json

import pytest

from envfactory_gym.eval.cli import main
from tests.agents.conftest import tiny_model  # noqa: F401  (the shared tiny-model fixture)
from tests.conftest import LIBRARY_ID


def records(path):
    return {(r["task_id"], r["trial"]): r for r in map(json.loads, path.read_text().splitlines())}


def test_oracle_against_a_random_baseline_is_reported_side_by_side(tmp_path, capsys):
    run = tmp_path / "run"
    argv = ["eval", "--agent", "oracle", "--baseline", "random", "--envs", LIBRARY_ID, "--limit", "3", "--quiet",
            "--report", str(run)]
    assert main(argv) == 0
    payload = json.loads((run / "summary.json").read_text())
    assert payload["config"]["baseline"] == "random"
    assert payload["summary"]["overall"]["mean_reward"] == pytest.approx(1.0)
    base = payload["baseline"]
    assert base["agent"] == "random" and base["missing"] == 0
    assert base["summary"]["overall"]["episodes"] == 3
    assert base["summary"]["overall"]["mean_reward"] < 1.0
    # The baseline plays exactly the agent's episodes (same tasks, same seeds), in its own folder.
    ours, theirs = records(run / "episodes.jsonl"), records(run / "baseline" / "episodes.jsonl")
    assert {k: r["seed"] for k, r in ours.items()} == {k: r["seed"] for k, r in theirs.items()}
    assert {r["agent"] for r in theirs.values()} == {"random"}

    report = (run / "report.md").read_text()
    section = report.split("## Scores", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith(f"| `{LIBRARY_ID}`")]
    assert [row.split(" | ")[1] for row in rows] == ["`oracle`", "`random`"]
    oracle_calls = payload["summary"]["overall"]["components"]["num_calls"]
    assert rows[0].split(" | ")[4:7] == ["1.000", "1.000", f"{oracle_calls:.3f}"]  # pass^1, reward, tool calls
    assert (run / "scores.png").stat().st_size > 0 and "(scores.png)" in report
    out = capsys.readouterr().out
    assert "oracle:" in out and "baseline random:" in out

    # A rerun resumes both runs without playing anything; another baseline is refused in the same folder.
    assert main(argv) == 0
    assert "played 0 episodes (3 already done)" in capsys.readouterr().out
    assert main(argv[:4] + ["oracle"] + argv[5:]) == 2
    assert "(baseline differ)" in capsys.readouterr().err


@pytest.mark.parametrize("baseline, message", [
    ("randm", "--baseline: unknown agent 'randm'. Did you mean 'random'?"),
    ("oracle", "--baseline oracle is the evaluated agent itself"),
])
def test_a_bad_baseline_is_a_one_line_error(tmp_path, capsys, baseline, message):
    argv = ["eval", "--agent", "oracle", "--baseline", baseline, "--envs", LIBRARY_ID, "--limit", "1", "--quiet",
            "--report", str(tmp_path / "run")]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert not (tmp_path / "run" / "episodes.jsonl").exists()


def test_the_baseline_of_a_model_agent_is_the_same_model_without_the_adapter(tiny_model, tmp_path):  # noqa: F811
    torch = pytest.importorskip("torch")
    pytest.importorskip("peft")
    from peft import LoraConfig, get_peft_model
    from transformers import AutoModelForCausalLM

    torch.manual_seed(0)
    lora = get_peft_model(AutoModelForCausalLM.from_pretrained(tiny_model),
                          LoraConfig(r=4, lora_alpha=8, target_modules=["q_proj", "v_proj"],
                                     init_lora_weights=False))
    lora.save_pretrained(tmp_path / "adapter")
    common = ["--envs", LIBRARY_ID, "--limit", "2", "--max-tokens", "6", "--max-steps", "2", "--threads", "1",
              "--concurrency", "2", "--quiet"]
    model = ["--agent", "transformers", "--model", str(tiny_model)]
    run = tmp_path / "run"
    assert main(["eval", *model, "--adapter", str(tmp_path / "adapter"), "--baseline", "transformers", *common,
                 "--report", str(run)]) == 0
    assert main(["eval", *model, *common, "--report", str(tmp_path / "plain")]) == 0
    assert main(["eval", *model, "--adapter", str(tmp_path / "adapter"), *common,
                 "--report", str(tmp_path / "adapted")]) == 0

    def messages(path):
        return {k: r["messages"] for k, r in records(path / "episodes.jsonl").items()}

    assert messages(run / "baseline") == messages(tmp_path / "plain")
    assert messages(run) == messages(tmp_path / "adapted")
    assert messages(run) != messages(run / "baseline")  # the adapter changed what the model says
    payload = json.loads((run / "summary.json").read_text())
    assert payload["config"]["baseline"] == "transformers"
    assert payload["baseline"]["agent"] == f"transformers:{tiny_model} (no adapter)"
    report = (run / "report.md").read_text()
    assert f"| `transformers:{tiny_model}` |" in report and f"| `transformers:{tiny_model} (no adapter)` |" in report
