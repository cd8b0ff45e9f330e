"""Free text: a concern or note the user describes may be written in the agent's own words, in the call and the row."""

from __future__ import annotations

import json

from envfactory_gym.reward.episode import free_columns, free_texts, without_columns
from envfactory_gym.reward.outcomes import claims_change
from envfactory_gym.tasks import Task


def _row(**values: object) -> str:
    return json.dumps(values, sort_keys=True, separators=(",", ":"))


GOLD = frozenset({("appointments", "A-1", _row(appointment_id="A-1", concern="squealing brakes", slot="09:00")),
                  ("vehicles", "V-1", _row(vehicle_id="V-1", status="booked"))})
TASK = Task(id="t", instruction="Book my car in.", gold_calls=[
    {"name": "book", "arguments": {"vehicle_id": "V-1", "concern": "squealing brakes", "slot": "09:00"},
     "masked": ["concern"]}], tags=["write"])


def test_the_free_columns_are_those_holding_a_masked_text() -> None:
    assert free_texts(TASK) == {"squealing brakes"}
    assert free_columns(GOLD, free_texts(TASK)) == {("appointments", "concern")}


def test_a_paraphrase_matches_and_another_slot_does_not() -> None:
    cols = free_columns(GOLD, free_texts(TASK))
    paraphrase = frozenset({("appointments", "A-1", _row(appointment_id="A-1", concern="brakes squeal when braking",
                                                         slot="09:00")),
                            ("vehicles", "V-1", _row(vehicle_id="V-1", status="booked"))})
    other_slot = frozenset({("appointments", "A-1", _row(appointment_id="A-1", concern="squealing brakes",
                                                         slot="10:00")),
                            ("vehicles", "V-1", _row(vehicle_id="V-1", status="booked"))})
    assert paraphrase != GOLD and without_columns(paraphrase, cols) == without_columns(GOLD, cols)
    assert without_columns(other_slot, cols) != without_columns(GOLD, cols)


def test_no_masked_text_leaves_every_column_compared() -> None:
    plain = Task(id="p", instruction="Book it.", gold_calls=[{"name": "book", "arguments": {"slot": "09:00"}}],
                 tags=["write"])
    assert free_texts(plain) == frozenset() and free_columns(GOLD, free_texts(plain)) == set()


def test_a_change_claimed_in_the_passive_counts_only_when_said_to_be_new() -> None:
    assert claims_change(["Your Tiguan has now been released."])
    assert claims_change(["We have cancelled the appointment."])
    assert not claims_change(["Your order was cancelled on May 2."])  # a record's past, read back
    assert not claims_change(["The invoice is paid in full."])
