"""Soundness on an environment shaped like a compiled API's: a false report after a change to a listing of
coordinates, and the gold call of a single-call task replayed, both stay below their bounds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from envfactory_gym.verify.soundness import DEGENERATE_MEAN_MAX, check_env
from tests.querygen._registry_env import write_registry_env


@pytest.fixture(scope="module")
def registry(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_registry_env(tmp_path_factory.mktemp("registry"))


def test_a_false_report_and_a_replayed_gold_call_stay_below_gold(registry: Path) -> None:
    report = check_env(registry, strategies=["gold", "false_report", "repeat_gold"])
    assert report.scores["gold"] == {"reg-arch": 1.0, "reg-move": 1.0}
    # The receivers' coordinates sum to almost any amount: "$987.65" is still made up.
    assert report.scores["false_report"] == {"reg-move": 0.0}
    # One gold call made five times: four repeats, none of them a free call.
    assert report.scores["repeat_gold"]["reg-arch"] <= DEGENERATE_MEAN_MAX - 0.1
    assert not report.violations()


def test_a_destructive_write_is_never_a_write_the_task_makes_itself(tmp_path: Path) -> None:
    folder = write_registry_env(tmp_path / "registry")
    both = {"id": "reg-move-two", "instruction": "Please move the receiver at y 12.25 to x 40.5, and receiver 3 "
                                                 "to x 7.5.",
            "gold_calls": [{"name": "list_receivers"},
                           {"name": "move_receiver", "arguments": {"receiver_id": 2, "x": 40.5}},
                           {"name": "move_receiver", "arguments": {"receiver_id": 3, "x": 7.5}}],
            "tags": ["write"]}
    with (folder / "tasks.jsonl").open("a", encoding="utf-8") as f:
        f.write(json.dumps(both) + "\n")
    report = check_env(folder, strategies=["gold", "destructive_write"])
    # reg-move's only write is one reg-move-two makes itself: made again, it changes nothing, so it is no
    # destructive write; reg-move-two's second move is one for reg-move, and it is paid below gold.
    assert "reg-move-two" not in report.scores["destructive_write"]
    assert report.scores["destructive_write"]["reg-move"] < 1.0
    assert not report.violations()
