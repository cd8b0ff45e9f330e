"""The truora_checks environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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
    assert len(ENV.manifest.rules) >= 2


@pytest.mark.parametrize("task", ENV.tasks, ids=[t.id for t in ENV.tasks])
def test_gold_calls_replay(task: Any, state: DuckDBState) -> None:
    for call in task.gold_calls:
        run(state, call.name, **call.arguments)


def test_list_checks(state: DuckDBState) -> None:
    result = run(state, "list_checks")
    assert isinstance(result, list) and result
    rows = run(state, "list_checks", report_id='R-0004')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['report_id']).lower() == 'r-0004' for r in rows)

def test_list_checks_refusals(state: DuckDBState) -> None:
    assert_refused(state, "list_checks",
                   re.escape("no report with id 'R-9999' (report ids look like 'R-0001')"),
                   report_id='R-9999')

def test_create_check(state: DuckDBState) -> None:
    result = run(state, "create_check",
                 birth_certificate='sometext',
                 country='ALL',
                 date_of_birth='2026-03-02',
                 diplomatic_id='D-4297',
                 driver_license='sometext',
                 first_name='Stephanie',
                 foreign_id='F-3418',
                 issue_date='2026-03-02',
                 last_name='Stephens',
                 license_plate='sometext',
                 national_id='N-9904',
                 native_country='ad',
                 owner_document_id='OD-2221',
                 owner_document_type='sometext',
                 passport='sometext',
                 payment_date='2026-03-02',
                 pep='sometext',
                 phone_number='001-944-475-9221x1669',
                 professional_card='sometext',
                 ptp='sometext',
                 region='DF',
                 report_id='R-0013',
                 tax_id='T-4243',
                 type='company',
                 vehicle_id='V-0027')
    assert result['check_id'] == 'CHK555c991f53dc70831faf5f6fd853a2c42'
    assert state.db.scalar("SELECT count(*) FROM checks WHERE check_id = ?", ['CHK555c991f53dc70831faf5f6fd853a2c42']) == 1

def test_create_check_refusals(state: DuckDBState) -> None:
    assert_refused(state, "create_check",
                   re.escape("date_of_birth 'someday' is not a date (use YYYY-MM-DD)"),
                   birth_certificate='sometext', country='ALL', date_of_birth='someday', diplomatic_id='D-4297',
                   driver_license='sometext', first_name='Stephanie', foreign_id='F-3418', issue_date='2026-03-02',
                   last_name='Stephens', license_plate='sometext', national_id='N-9904', native_country='ad',
                   owner_document_id='OD-2221', owner_document_type='sometext', passport='sometext',
                   payment_date='2026-03-02', pep='sometext', phone_number='001-944-475-9221x1669',
                   professional_card='sometext', ptp='sometext', region='DF', report_id='R-0013', tax_id='T-4243',
                   type='company', vehicle_id='V-0027')
    assert_refused(state, "create_check",
                   re.escape("issue_date 'someday' is not a date (use YYYY-MM-DD)"),
                   birth_certificate='sometext', country='ALL', date_of_birth='2026-03-02', diplomatic_id='D-4297',
                   driver_license='sometext', first_name='Stephanie', foreign_id='F-3418', issue_date='someday',
                   last_name='Stephens', license_plate='sometext', national_id='N-9904', native_country='ad',
                   owner_document_id='OD-2221', owner_document_type='sometext', passport='sometext',
                   payment_date='2026-03-02', pep='sometext', phone_number='001-944-475-9221x1669',
                   professional_card='sometext', ptp='sometext', region='DF', report_id='R-0013', tax_id='T-4243',
                   type='company', vehicle_id='V-0027')
    assert_refused(state, "create_check",
                   re.escape("payment_date 'someday' is not a date (use YYYY-MM-DD)"),
                   birth_certificate='sometext', country='ALL', date_of_birth='2026-03-02', diplomatic_id='D-4297',
                   driver_license='sometext', first_name='Stephanie', foreign_id='F-3418', issue_date='2026-03-02',
                   last_name='Stephens', license_plate='sometext', national_id='N-9904', native_country='ad',
                   owner_document_id='OD-2221', owner_document_type='sometext', passport='sometext',
                   payment_date='someday', pep='sometext', phone_number='001-944-475-9221x1669',
                   professional_card='sometext', ptp='sometext', region='DF', report_id='R-0013', tax_id='T-4243',
                   type='company', vehicle_id='V-0027')
    assert_refused(state, "create_check",
                   re.escape("no report with id 'R-9999' (report ids look like 'R-0001')"),
                   birth_certificate='sometext', country='ALL', date_of_birth='2026-03-02', diplomatic_id='D-4297',
                   driver_license='sometext', first_name='Stephanie', foreign_id='F-3418', issue_date='2026-03-02',
                   last_name='Stephens', license_plate='sometext', national_id='N-9904', native_country='ad',
                   owner_document_id='OD-2221', owner_document_type='sometext', passport='sometext',
                   payment_date='2026-03-02', pep='sometext', phone_number='001-944-475-9221x1669',
                   professional_card='sometext', ptp='sometext', region='DF', report_id='R-9999', tax_id='T-4243',
                   type='company', vehicle_id='V-0027')
    assert_refused(state, "create_check",
                   re.escape("no vehicle with id 'V-9999' (vehicle ids look like 'V-0001')"),
                   birth_certificate='sometext', country='ALL', date_of_birth='2026-03-02', diplomatic_id='D-4297',
                   driver_license='sometext', first_name='Stephanie', foreign_id='F-3418', issue_date='2026-03-02',
                   last_name='Stephens', license_plate='sometext', national_id='N-9904', native_country='ad',
                   owner_document_id='OD-2221', owner_document_type='sometext', passport='sometext',
                   payment_date='2026-03-02', pep='sometext', phone_number='001-944-475-9221x1669',
                   professional_card='sometext', ptp='sometext', region='DF', report_id='R-0013', tax_id='T-4243',
                   type='company', vehicle_id='V-9999')

def test_get_check(state: DuckDBState) -> None:
    result = run(state, "get_check", check_id='CHK555c991f53dc70831faf5f6fd853a2c10')
    assert result['check_id'] == 'CHK555c991f53dc70831faf5f6fd853a2c10'

def test_get_check_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_check",
                   re.escape("no check with id 'CHK555c991f53dc70831faf5f6fd853a2c9999' (check ids look like 'CHK555c991f53dc70831faf5f6fd853a2c2')"),
                   check_id='CHK555c991f53dc70831faf5f6fd853a2c9999')

def test_list_check_details(state: DuckDBState) -> None:
    result = run(state, "list_check_details")
    assert isinstance(result, list) and result
    rows = run(state, "list_check_details", check_id='CHK555c991f53dc70831faf5f6fd853a2c29')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['check_id']).lower() == 'chk555c991f53dc70831faf5f6fd853a2c29' for r in rows)

def test_get_pdf(state: DuckDBState) -> None:
    result = run(state, "get_pdf")
    assert isinstance(result, list) and result
    rows = run(state, "get_pdf", check_id='CHK555c991f53dc70831faf5f6fd853a2c29')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['check_id']).lower() == 'chk555c991f53dc70831faf5f6fd853a2c29' for r in rows)

def test_list_continuous_checks(state: DuckDBState) -> None:
    result = run(state, "list_continuous_checks")
    assert isinstance(result, list) and result

def test_get_continuous_check(state: DuckDBState) -> None:
    result = run(state, "get_continuous_check", continuous_check_id='CC-0001')
    assert result['continuous_check_id'] == 'CC-0001'

def test_get_continuous_check_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_continuous_check",
                   re.escape("no continuous check with id 'CC-9999' (continuous check ids look like 'CC-0001')"),
                   continuous_check_id='CC-9999')

def test_update_continuous_check(state: DuckDBState) -> None:
    result = run(state, "update_continuous_check", continuous_check_id='CC-0001', frequency='2026-03-02T09:00:00')
    assert result['frequency'] == '2026-03-02T09:00:00'

def test_update_continuous_check_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_continuous_check",
                   re.escape("no continuous check with id 'CC-9999' (continuous check ids look like 'CC-0001')"),
                   continuous_check_id='CC-9999', frequency='2026-03-02T09:00:00')
    assert_refused(state, "update_continuous_check",
                   re.escape("frequency 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   continuous_check_id='CC-0001', frequency='someday')
    assert_refused(state, "update_continuous_check",
                   re.escape('update continuous check needs at least one of frequency'),
                   continuous_check_id='CC-0001')

def test_get_v1_continuous_checks_continuous_check_id_history(state: DuckDBState) -> None:
    result = run(state, "get_v1_continuous_checks_continuous_check_id_history")
    assert isinstance(result, list) and result
    rows = run(state, "get_v1_continuous_checks_continuous_check_id_history", continuous_check_id='CC-0012')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['continuous_check_id']).lower() == 'cc-0012' for r in rows)

def test_list_reports(state: DuckDBState) -> None:
    result = run(state, "list_reports")
    assert isinstance(result, list) and result

def test_create_report(state: DuckDBState) -> None:
    result = run(state, "create_report", name='Vincent Tucker')
    assert result['report_id'] == 'R-0026'
    assert state.db.scalar("SELECT count(*) FROM reports WHERE report_id = ?", ['R-0026']) == 1

def test_get_report(state: DuckDBState) -> None:
    result = run(state, "get_report", report_id='R-0001')
    assert result['report_id'] == 'R-0001'

def test_get_report_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_report",
                   re.escape("no report with id 'R-9999' (report ids look like 'R-0001')"),
                   report_id='R-9999')
