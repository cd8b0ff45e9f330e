"""Recordings: answers keyed by the request line, served in order; the replay command serves one by hand."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from envfactory_gym.envgen.model import user_message
from envfactory_gym.envgen.replay import load_recording
from envfactory_gym.errors import EnvFactoryError


def _request(stage: str, env: str, round_: int) -> dict:
    return {"messages": [{"role": "system", "content": "prompt"},
                         {"role": "user", "content": user_message(stage, env, round_, [("Files", "x")])}]}


def _write(path: Path, lines: list[object]) -> Path:
    path.write_text("\n".join(json.dumps(line) if not isinstance(line, str) else line for line in lines) + "\n")
    return path


def test_answers_are_served_in_order_per_key(tmp_path: Path) -> None:
    rec = _write(tmp_path / "r.jsonl", [
        {"stage": "code", "env": "desk", "round": 0, "response": {"status": 500, "message": "busy"}},
        {"stage": "explore", "env": "desk", "round": 0, "response": "sketch"},
        {"stage": "code", "env": "desk", "round": 0, "response": "files"}, ""])
    script = load_recording(rec)
    assert script(_request("code", "desk", 0)) == {"status": 500, "message": "busy"}
    assert script(_request("code", "desk", 0)) == "files"
    assert script(_request("explore", "desk", 0)) == "sketch"
    assert script(_request("code", "desk", 0)) == {"status": 400, "message": "no recorded response for stage=code "
                                                                            "env=desk round=0"}
    assert script(_request("repair", "desk", 1))["status"] == 400
    assert "not an EnvGen request" in script({"messages": [{"role": "user", "content": "hi"}]})["message"]


@pytest.mark.parametrize(("line", "reason"), [
    ("{nope", r"r.jsonl:1: not JSON"),
    ({"stage": "cod", "env": "a", "round": 0, "response": "x"}, "stage 'cod' is not one of .* Did you mean 'code'"),
    ({"stage": "code", "env": "", "round": 0, "response": "x"}, "env must be a non-empty string"),
    ({"stage": "code", "env": "a", "round": -1, "response": "x"}, "round must be a non-negative integer"),
    ({"stage": "code", "env": "a", "round": 0, "response": 3}, "response must be"),
    ({"stage": "code", "env": "a", "round": 0, "respons": "x"}, "unknown key 'respons'. Did you mean 'response'"),
])
def test_bad_recordings_are_one_line_errors(tmp_path: Path, line: object, reason: str) -> None:
    with pytest.raises(EnvFactoryError, match=reason):
        load_recording(_write(tmp_path / "r.jsonl", [line]))


def test_missing_and_empty_recordings(tmp_path: Path) -> None:
    with pytest.raises(EnvFactoryError, match="no such recording"):
        load_recording(tmp_path / "none.jsonl")
    with pytest.raises(EnvFactoryError, match="holds no recorded answer"):
        load_recording(_write(tmp_path / "r.jsonl", [""]))


def test_the_replay_command_serves_a_recording(tmp_path: Path) -> None:
    from envfactory_gym.envgen.model import ModelConfig, StageModel

    rec = _write(tmp_path / "r.jsonl", [{"stage": "explore", "env": "desk", "round": 0, "response": "hello"}])
    proc = subprocess.Popen([sys.executable, "-m", "envfactory_gym.envgen.replay", str(rec)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert line.startswith("serving 1 recorded answers of "), line + proc.stderr.read()
        base_url = line.split(" at ")[1].split(" ")[0]
        reply = StageModel(ModelConfig(base_url=base_url, model="m")).ask(
            "explore", "desk", 0, user_message("explore", "desk", 0, []))
        assert reply.text == "hello"
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    bad = subprocess.run([sys.executable, "-m", "envfactory_gym.envgen.replay", str(tmp_path / "no.jsonl")],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and bad.stderr.strip().count("\n") == 0 and "no such recording" in bad.stderr
