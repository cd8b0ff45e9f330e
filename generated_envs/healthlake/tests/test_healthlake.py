"""The healthlake environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_describe_fhir_datastore(state: DuckDBState) -> None:
    result = run(state, "describe_fhir_datastore", datastore_id='DP-0001')
    assert result['datastore_id'] == 'DP-0001'

def test_describe_fhir_datastore_refusals(state: DuckDBState) -> None:
    assert_refused(state, "describe_fhir_datastore",
                   re.escape("no datastore property with id 'DP-9999' (datastore property ids look like 'DP-0001')"),
                   datastore_id='DP-9999')

def test_describe_fhir_export_job(state: DuckDBState) -> None:
    result = run(state, "describe_fhir_export_job", job_id='FEJ-0001')
    assert result['job_id'] == 'FEJ-0001'

def test_describe_fhir_export_job_refusals(state: DuckDBState) -> None:
    assert_refused(state, "describe_fhir_export_job",
                   re.escape("no fhir export job with id 'FEJ-9999' (fhir export job ids look like 'FEJ-0001')"),
                   job_id='FEJ-9999')

def test_list_fhir_datastores(state: DuckDBState) -> None:
    result = run(state, "list_fhir_datastores")
    assert isinstance(result, list) and result

def test_list_fhir_export_jobs(state: DuckDBState) -> None:
    result = run(state, "list_fhir_export_jobs")
    assert isinstance(result, list) and result
    rows = run(state, "list_fhir_export_jobs", datastore_id='DP-0002')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['datastore_id']).lower() == 'dp-0002' for r in rows)

def test_list_fhir_export_jobs_refusals(state: DuckDBState) -> None:
    assert_refused(state, "list_fhir_export_jobs",
                   re.escape("no datastore property with id 'DP-9999' (datastore property ids look like 'DP-0001')"),
                   datastore_id='DP-9999')

def test_list_fhir_import_jobs(state: DuckDBState) -> None:
    result = run(state, "list_fhir_import_jobs")
    assert isinstance(result, list) and result
    rows = run(state, "list_fhir_import_jobs", datastore_id='DP-0022')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['datastore_id']).lower() == 'dp-0022' for r in rows)

def test_list_fhir_import_jobs_refusals(state: DuckDBState) -> None:
    assert_refused(state, "list_fhir_import_jobs",
                   re.escape("no datastore property with id 'DP-9999' (datastore property ids look like 'DP-0001')"),
                   datastore_id='DP-9999')

def test_start_fhir_export_job(state: DuckDBState) -> None:
    result = run(state, "start_fhir_export_job", datastore_id='DP-0013')
    assert result['job_id'] == 'SFEJ-0041'
    assert state.db.scalar("SELECT count(*) FROM start_fhir_export_jobs WHERE job_id = ?", ['SFEJ-0041']) == 1

def test_start_fhir_export_job_refusals(state: DuckDBState) -> None:
    assert_refused(state, "start_fhir_export_job",
                   re.escape("no datastore property with id 'DP-9999' (datastore property ids look like 'DP-0001')"),
                   datastore_id='DP-9999')

def test_start_fhir_import_job(state: DuckDBState) -> None:
    result = run(state, "start_fhir_import_job", datastore_id='DP-0014')
    assert result['job_id'] == 'SFIJ-0041'
    assert state.db.scalar("SELECT count(*) FROM start_fhir_import_jobs WHERE job_id = ?", ['SFIJ-0041']) == 1

def test_start_fhir_import_job_refusals(state: DuckDBState) -> None:
    assert_refused(state, "start_fhir_import_job",
                   re.escape("no datastore property with id 'DP-9999' (datastore property ids look like 'DP-0001')"),
                   datastore_id='DP-9999')
