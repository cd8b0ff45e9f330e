"""The QueryGen command line (on a parser of its own) and the SFT/RL exports."""

from __future__ import annotations

import argparse
import json

from envfactory_gym.querygen.cli import register
from envfactory_gym.querygen.export import export_rl, export_sft
from envfactory_gym.tasks import load_tasks, write_tasks

from .conftest import RETAIL_ID


def _run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return args.func(args)


def test_sample_and_report(tmp_path, capsys):
    out = tmp_path / "tasks.jsonl"
    assert _run(["tasks", "sample", "--env", RETAIL_ID, "-n", "8", "--seed", "5", "-o", str(out)]) == 0
    assert len(load_tasks(out)) == 8
    assert "sampled 8 tasks" in capsys.readouterr().out
    assert _run(["tasks", "report", "--env", RETAIL_ID, "--tasks", str(out), "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["oracle_solved_share"] == 1.0


def test_graph_command(tmp_path, capsys):
    assert _run(["graph", RETAIL_ID, "--json", str(tmp_path / "g.json"), "--graphml", str(tmp_path / "g.xml")]) == 0
    assert json.loads((tmp_path / "g.json").read_text())["nodes"]
    assert (tmp_path / "g.xml").stat().st_size > 0
    assert "user-only: find_customer_by_email.email" in capsys.readouterr().out


def test_sft_and_rl_export(retail, sampled, tmp_path):
    tasks_file = tmp_path / "tasks.jsonl"
    write_tasks(tasks_file, sampled[:12])
    assert export_sft(RETAIL_ID, tasks_file, tmp_path / "sft.jsonl") == 12
    calls = 0
    for line in (tmp_path / "sft.jsonl").read_text().splitlines():
        rec = json.loads(line)
        assert rec["reward"] == 1.0
        assert {t["function"]["name"] for t in rec["tools"]} == set(retail.tools)
        for m in rec["messages"]:
            for c in m.get("tool_calls") or []:
                retail.tools[c["function"]["name"]].validate(json.loads(c["function"]["arguments"]))
                calls += 1
    assert calls >= sum(len(t.gold_calls) for t in sampled[:12])
    assert export_rl(RETAIL_ID, tasks_file, tmp_path / "rl.jsonl") == 12
    rec = json.loads((tmp_path / "rl.jsonl").read_text().splitlines()[0])
    assert [m["role"] for m in rec["prompt"]] == ["system", "user"]
    assert rec["env_id"] == RETAIL_ID and rec["gold_calls"]


def test_export_subcommands(sampled, tmp_path, capsys):
    tasks_file = tmp_path / "tasks.jsonl"
    write_tasks(tasks_file, sampled[:3])
    assert _run(["tasks", "export-sft", "--env", RETAIL_ID, "--tasks", str(tasks_file), "-o",
                 str(tmp_path / "sft.jsonl")]) == 0
    assert _run(["tasks", "export-rl", "--env", RETAIL_ID, "--tasks", str(tasks_file), "-o",
                 str(tmp_path / "rl.jsonl")]) == 0
    assert "wrote 3 SFT records" in capsys.readouterr().out
    assert len((tmp_path / "sft.jsonl").read_text().splitlines()) == 3
    assert len((tmp_path / "rl.jsonl").read_text().splitlines()) == 3


def test_sample_with_llm_refiner(tmp_path, capsys):
    from envfactory_gym.testing import ReplayServer

    out = tmp_path / "tasks.jsonl"
    with ReplayServer(lambda _req: "not a JSON answer") as server:
        assert _run(["tasks", "sample", "--env", RETAIL_ID, "-n", "2", "--seed", "1", "-o", str(out),
                     "--refiner", "llm", "--base-url", server.base_url, "--model", "m", "--timeout", "2"]) == 0
    assert all("refiner:offline-fallback" in t.tags for t in load_tasks(out))
    assert server.requests and "0 accepted, 2 fell back" in capsys.readouterr().out


def test_sft_export_loads_with_datasets(sampled, tmp_path, monkeypatch):
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    import datasets

    tasks_file = tmp_path / "tasks.jsonl"
    write_tasks(tasks_file, sampled[:6])
    export_sft(RETAIL_ID, tasks_file, tmp_path / "sft.jsonl")
    ds = datasets.load_dataset("json", data_files=str(tmp_path / "sft.jsonl"), split="train",
                               cache_dir=str(tmp_path / "cache"))
    assert len(ds) == 6
    first = ds[0]
    assert first["messages"][0]["role"] == "system" and first["tools"][0]["type"] == "function"


def test_sft_export_with_plan_names_the_chain_in_the_first_turn_only(sampled, tmp_path, capsys):
    from envfactory_gym.agents.oracle import plan_text

    tasks_file = tmp_path / "tasks.jsonl"
    chosen = [t for t in sampled if t.user_facts][:3] + [t for t in sampled if not t.user_facts][:3]
    write_tasks(tasks_file, chosen)
    assert _run(["tasks", "export-sft", "--env", RETAIL_ID, "--tasks", str(tasks_file), "-o",
                 str(tmp_path / "sft.jsonl"), "--plan"]) == 0
    records = [json.loads(x) for x in (tmp_path / "sft.jsonl").read_text().splitlines()]
    by_id = {t.id: t for t in chosen}
    asked = 0
    for rec in records:
        assert rec["reward"] == 1.0  # the plan text changes nothing the env scores
        turns = [m for m in rec["messages"] if m["role"] == "assistant"]
        plan = plan_text([c.name for c in by_id[rec["task_id"]].gold_calls])
        assert turns[0]["content"].startswith(plan)
        assert not any("Plan:" in (m["content"] or "") for m in turns[1:])
        if turns[0].get("tool_calls"):  # no fact to ask for: the plan rides on the first call
            assert turns[0]["content"] == plan
        else:
            asked += 1
            assert turns[0]["content"].endswith("?")
    assert 0 < asked < len(records)
