"""The pipeline without the gate: malformed answers, endpoint errors, resuming a killed run, batch files."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from envfactory_gym.envgen.pipeline import EnvSpec, env_store, generate, generate_batch, read_batch
from envfactory_gym.errors import EnvFactoryError
from envfactory_gym.testing.replay_server import ReplayServer
from tests.envgen._helpers import SKETCH, Script, answer, config, docs_folder, skeleton_files

CODE, TESTS = skeleton_files("desk")


def _spec(tmp_path: Path, name: str = "desk") -> EnvSpec:
    return EnvSpec(resources=str(docs_folder(tmp_path)), name=name, domain="requests")


def test_malformed_answers_are_asked_again_then_rejected_with_reasons(tmp_path: Path) -> None:
    script = Script({("explore", "desk", 0): [{"status": 500}, "Sure! Here is the sketch.", answer(SKETCH)],
                     ("code", "desk", 0): ["def tools(:", {"raw": "not even a completion"}, ""]})
    with ReplayServer(script) as server:
        outcome = generate(_spec(tmp_path), config(tmp_path, server.base_url, parse_retries=1))
    assert outcome.status == "rejected"
    assert outcome.reasons == ["code: no valid answer in 2 attempts (last: empty answer)"]
    assert script.asked[("explore", "desk", 0)] == 3 and script.asked[("code", "desk", 0)] == 3
    second = [r for r in server.requests if "stage=explore" in r["messages"][1]["content"]][-1]
    assert "## Your previous answer was refused" in second["messages"][1]["content"]
    assert "not JSON" in second["messages"][1]["content"]
    store = env_store(tmp_path / "run", "desk")
    assert [a.ok for a in store.load("explore").attempts] == [False, True]
    assert not (tmp_path / "out" / "desk").exists()
    report = json.loads((tmp_path / "run" / "report.json").read_text())
    assert report["stages"]["explore"]["pass_rate"] == 1.0 and report["stages"]["code"]["pass_rate"] == 0.0
    assert report["rejections"] == [{"name": "desk", "status": "rejected", "reasons": outcome.reasons}]
    # A finished environment is not redone.
    again = Script({})
    with ReplayServer(again) as server:
        assert generate(_spec(tmp_path), config(tmp_path, server.base_url)).status == "rejected"
    assert sum(again.asked.values()) == 0


def test_code_that_does_not_parse_is_refused_and_told_to_the_model(tmp_path: Path) -> None:
    broken = {**CODE, "tools.py": CODE["tools.py"].replace("def get_request(", "def get_request(((", 1)}
    script = Script({("explore", "desk", 0): [answer(SKETCH)],
                     ("code", "desk", 0): [answer({"files": broken}), answer({"files": CODE})],
                     ("test", "desk", 0): [answer({"files": {"tests/test_other.py": "x = 1\n"}})] * 2})
    with ReplayServer(script) as server:
        outcome = generate(_spec(tmp_path), config(tmp_path, server.base_url, parse_retries=1))
    retry = [r for r in server.requests if "stage=code" in r["messages"][1]["content"]][1]["messages"][1]["content"]
    assert "tools.py does not parse: line" in retry
    assert outcome.status == "rejected"
    assert outcome.reasons[0].startswith("test: no valid answer in 2 attempts (last: files: expected 'tests/test_desk.py'")


def test_an_endpoint_error_is_rerun_without_redoing_finished_stages(tmp_path: Path) -> None:
    first = Script({("explore", "desk", 0): [answer(SKETCH)]})
    with ReplayServer(first) as server:
        outcome = generate(_spec(tmp_path), config(tmp_path, server.base_url))
    assert outcome.status == "error"
    assert "HTTP 400" in outcome.reasons[0] and "no recorded response for stage=code env=desk round=0" in \
        outcome.reasons[0]
    assert env_store(tmp_path / "run", "desk").load("code") is None
    second = Script({("code", "desk", 0): [answer({"files": CODE})], ("test", "desk", 0): ["nope", "nope", "nope"]})
    with ReplayServer(second) as server:
        outcome = generate(_spec(tmp_path), config(tmp_path, server.base_url))
    assert outcome.status == "rejected" and outcome.reasons[0].startswith("test: no valid answer")
    assert second.asked[("explore", "desk", 0)] == 0 and second.asked[("code", "desk", 0)] == 1


def test_a_killed_run_resumes_where_it_stopped(tmp_path: Path) -> None:
    docs = docs_folder(tmp_path)
    slow = Script({("explore", "desk", 0): [answer(SKETCH)], ("code", "desk", 0): [answer({"files": CODE})],
                   ("test", "desk", 0): [{"content": "late", "delay_s": 60}]})
    run = tmp_path / "run"
    with ReplayServer(slow) as server:
        proc = subprocess.Popen([sys.executable, "-m", "envfactory_gym.cli", "generate", "--resources", str(docs),
                                 "--name", "desk", "--domain", "requests", "--base-url", server.base_url, "--model",
                                 "m", "--out", str(tmp_path / "out"), "--run-dir", str(run), "--quiet"],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            deadline = time.monotonic() + 60
            while not slow.asked[("test", "desk", 0)] and time.monotonic() < deadline and proc.poll() is None:
                time.sleep(0.1)
            assert slow.asked[("test", "desk", 0)] == 1, proc.stdout.read() if proc.poll() is not None else ""
        finally:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    store = env_store(run, "desk")
    assert store.load("code").ok and store.load("test") is None and not (store.root / "result.json").exists()
    resumed = Script({("test", "desk", 0): ["{}", "{}", "{}"]})
    with ReplayServer(resumed) as server:
        outcome = generate(EnvSpec(str(docs), "desk", "requests"), config(tmp_path, server.base_url))
    assert dict(resumed.asked) == {("test", "desk", 0): 2}
    assert outcome.status == "rejected" and "files: Field required" in outcome.reasons[0]


def test_a_run_folder_of_other_resources_is_refused(tmp_path: Path) -> None:
    with ReplayServer(Script({})) as server:
        generate(_spec(tmp_path), config(tmp_path, server.base_url))
        other = EnvSpec(str(tmp_path), "desk", "requests")
        outcome = generate(other, config(tmp_path, server.base_url))
    assert outcome.status == "error" and "use another --run-dir or --name" in outcome.reasons[0]


def test_an_existing_out_folder_is_not_overwritten(tmp_path: Path) -> None:
    (tmp_path / "out" / "desk").mkdir(parents=True)
    with ReplayServer(Script({})) as server:
        outcome = generate(_spec(tmp_path), config(tmp_path, server.base_url))
    assert outcome.status == "error" and "already has a folder 'desk'" in outcome.reasons[0]


def test_batch_files(tmp_path: Path) -> None:
    docs = docs_folder(tmp_path)
    (tmp_path / "b.jsonl").write_text(json.dumps({"resources": "docs", "name": "a", "domain": "x"}) + "\n\n")
    (tmp_path / "b.csv").write_text(f"resources,name,domain\n{docs},a,x\nmcp:python srv.py,b,y\n")
    (tmp_path / "b.yaml").write_text(f"- {{resources: {docs}, name: a, domain: x}}\n")
    assert read_batch(tmp_path / "b.jsonl") == [EnvSpec(str(tmp_path / "docs"), "a", "x")]
    assert [s.resources for s in read_batch(tmp_path / "b.csv")] == [str(docs), "mcp:python srv.py"]
    assert read_batch(tmp_path / "b.yaml")[0].name == "a"
    (tmp_path / "bad.jsonl").write_text(json.dumps({"resources": "docs", "nmae": "a", "domain": "x"}) + "\n")
    with pytest.raises(EnvFactoryError, match=r"bad.jsonl: entry 1: unknown key 'nmae'. Did you mean 'name'"):
        read_batch(tmp_path / "bad.jsonl")
    (tmp_path / "bad.csv").write_text("resources,name,domain\ndocs,,x\n")
    with pytest.raises(EnvFactoryError, match="entry 1: missing name"):
        read_batch(tmp_path / "bad.csv")
    (tmp_path / "b.txt").write_text("docs a x\n")
    with pytest.raises(EnvFactoryError, match=r"unknown format .txt"):
        read_batch(tmp_path / "b.txt")
    with pytest.raises(EnvFactoryError, match=r"missing.jsonl: cannot read \(No such file"):
        read_batch(tmp_path / "missing.jsonl")


def test_batch_names_are_checked_before_anything_runs(tmp_path: Path) -> None:
    cfg = config(tmp_path, "http://127.0.0.1:9/v1")
    with pytest.raises(EnvFactoryError, match="'a' appears twice"):
        generate_batch([EnvSpec("x", "a", "d"), EnvSpec("y", "a", "d")], cfg)
    with pytest.raises(EnvFactoryError, match="name 'Bad-Name'"):
        generate_batch([EnvSpec("x", "Bad-Name", "d")], cfg)
    assert not (tmp_path / "run").exists()
