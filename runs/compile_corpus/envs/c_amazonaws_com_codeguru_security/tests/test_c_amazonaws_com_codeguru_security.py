"""The c_amazonaws_com_codeguru_security environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from envfactory_gym.database import DuckDBState
from envfactory_gym.testing import EnvUnderTest

ENV = EnvUnderTest(__file__)
state = ENV.state_fixture()
run, assert_refused = ENV.run, ENV.assert_refused


def test_every_parameter_is_described() -> None:
    for tool in ENV.tools.values():
        fn = tool.openai_schema["function"]
        assert fn["description"].strip(), tool.name
        for name, prop in fn["parameters"]["properties"].items():
            assert prop.get("description"), (tool.name, name)


def test_seed_script_is_deterministic(tmp_path: Path) -> None:
    subprocess.run([sys.executable, str(ENV.root / "seed" / "generate.py"), "--out", str(tmp_path)], check=True)
    for csv in (ENV.root / "seed").glob("*.csv"):
        assert (tmp_path / csv.name).read_bytes() == csv.read_bytes(), csv.name


def test_manifest_states_the_rules() -> None:
    assert len(ENV.manifest.rules) >= 1


@pytest.mark.parametrize("task", ENV.tasks, ids=[t.id for t in ENV.tasks])
def test_gold_calls_replay(task: Any, state: DuckDBState) -> None:
    for call in task.gold_calls:
        run(state, call.name, **call.arguments)


def test_batch_get_findings(state: DuckDBState) -> None:
    result = run(state, "batch_get_findings")
    assert isinstance(result, list) and result

def test_list_scans(state: DuckDBState) -> None:
    result = run(state, "list_scans")
    assert isinstance(result, list) and result

def test_create_scan(state: DuckDBState) -> None:
    result = run(state, "create_scan", analysis_type='Security')
    assert result['scan_name'] == 'S-0041'
    assert state.db.scalar("SELECT count(*) FROM scans WHERE scan_name = ?", ['S-0041']) == 1

def test_get_findings(state: DuckDBState) -> None:
    result = run(state, "get_findings")
    assert isinstance(result, list) and result
    rows = run(state, "get_findings", id='F-0021')
    assert rows and all(str(r['id']).lower() == 'f-0021' for r in rows)
    rows = run(state, "get_findings", status='Closed')
    assert rows and all(str(r['status']).lower() == 'closed' for r in rows)

def test_get_scan(state: DuckDBState) -> None:
    result = run(state, "get_scan", scan_name='S-0001')
    assert result['scan_name'] == 'S-0001'

def test_get_scan_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_scan",
                   re.escape("no scan with id 'S-9999' (scan ids look like 'S-0001')"),
                   scan_name='S-9999')
