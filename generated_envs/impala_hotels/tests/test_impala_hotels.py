"""The impala_hotels environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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
    assert len(ENV.manifest.rules) >= 3


@pytest.mark.parametrize("task", ENV.tasks, ids=[t.id for t in ENV.tasks])
def test_gold_calls_replay(task: Any, state: DuckDBState) -> None:
    for call in task.gold_calls:
        run(state, call.name, **call.arguments)


def test_list_bookings(state: DuckDBState) -> None:
    result = run(state, "list_bookings")
    assert isinstance(result, list) and result

def test_retrieve_booking(state: DuckDBState) -> None:
    result = run(state, "retrieve_booking", booking_id='IM-0199-00000103')
    assert result['booking_id'] == 'IM-0199-00000103'

def test_retrieve_booking_refusals(state: DuckDBState) -> None:
    assert_refused(state, "retrieve_booking",
                   re.escape("no booking with id 'IM-0199-99999999' (booking ids look like 'IM-0199-00000103')"),
                   booking_id='IM-0199-99999999')

def test_update_booking(state: DuckDBState) -> None:
    result = run(state, "update_booking",
                 booking_id='IM-0199-00000103',
                 end_='2026-03-02',
                 notes='{}',
                 start='2026-03-02')
    assert result['end_'] == '2026-03-02'
    assert result['notes'] == '{}'
    assert result['start'] == '2026-03-02'

def test_update_booking_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_booking",
                   re.escape("no booking with id 'IM-0199-99999999' (booking ids look like 'IM-0199-00000103')"),
                   booking_id='IM-0199-99999999', end_='2026-03-02', notes='{}', start='2026-03-02')
    assert_refused(state, "update_booking",
                   re.escape("end_ 'someday' is not a date (use YYYY-MM-DD)"),
                   booking_id='IM-0199-00000103', end_='someday', notes='{}', start='2026-03-02')
    assert_refused(state, "update_booking",
                   re.escape("start 'someday' is not a date (use YYYY-MM-DD)"),
                   booking_id='IM-0199-00000103', end_='2026-03-02', notes='{}', start='someday')
    assert_refused(state, "update_booking",
                   re.escape('update booking needs at least one of end , notes or start'),
                   booking_id='IM-0199-00000103')

def test_cancel_booking(state: DuckDBState) -> None:
    result = run(state, "cancel_booking", booking_id='IM-0199-00000104')
    assert result['status'] == 'CANCELLED'

def test_cancel_booking_refusals(state: DuckDBState) -> None:
    assert_refused(state, "cancel_booking",
                   re.escape("no booking with id 'IM-0199-99999999' (booking ids look like 'IM-0199-00000103')"),
                   booking_id='IM-0199-99999999')
    assert_refused(state, "cancel_booking",
                   re.escape('booking IM-0199-00000103 is CANCELLED: cancel booking applies only to a booking whose status is PENDING, ACCEPTED, PAYMENT REQUIRED or PAYMENT ABANDONED'),
                   booking_id='IM-0199-00000103')
    assert_refused(state, "cancel_booking",
                   re.escape('booking IM-0199-00000105 is CANCELLED: cancel booking applies only to a booking whose status is PENDING, ACCEPTED, PAYMENT REQUIRED or PAYMENT ABANDONED'),
                   booking_id='IM-0199-00000105')
    assert_refused(state, "cancel_booking",
                   re.escape('booking IM-0199-00000106 is CANCELLED: cancel booking applies only to a booking whose status is PENDING, ACCEPTED, PAYMENT REQUIRED or PAYMENT ABANDONED'),
                   booking_id='IM-0199-00000106')
    assert_refused(state, "cancel_booking",
                   re.escape('booking IM-0199-00000108 is CANCELLED: cancel booking applies only to a booking whose status is PENDING, ACCEPTED, PAYMENT REQUIRED or PAYMENT ABANDONED'),
                   booking_id='IM-0199-00000108')
    assert_refused(state, "cancel_booking",
                   re.escape('booking IM-0199-00000109 is CANCELLED: cancel booking applies only to a booking whose status is PENDING, ACCEPTED, PAYMENT REQUIRED or PAYMENT ABANDONED'),
                   booking_id='IM-0199-00000109')
    assert_refused(state, "cancel_booking",
                   re.escape('booking IM-0199-00000110 is CANCELLED: cancel booking applies only to a booking whose status is PENDING, ACCEPTED, PAYMENT REQUIRED or PAYMENT ABANDONED'),
                   booking_id='IM-0199-00000110')
    assert_refused(state, "cancel_booking",
                   re.escape('booking IM-0199-00000113 is CANCELLED: cancel booking applies only to a booking whose status is PENDING, ACCEPTED, PAYMENT REQUIRED or PAYMENT ABANDONED'),
                   booking_id='IM-0199-00000113')

def test_list_hotels(state: DuckDBState) -> None:
    result = run(state, "list_hotels")
    assert isinstance(result, list) and result

def test_retrieve_hotel(state: DuckDBState) -> None:
    result = run(state, "retrieve_hotel", hotel_id='HF-0001')
    assert result['hotel_id'] == 'HF-0001'

def test_retrieve_hotel_refusals(state: DuckDBState) -> None:
    assert_refused(state, "retrieve_hotel",
                   re.escape("no hotel full with id 'HF-9999' (hotel full ids look like 'HF-0001')"),
                   hotel_id='HF-9999')
