"""The vtex_reviews environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

from __future__ import annotations

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


def test_save_review(state: DuckDBState) -> None:
    result = run(state, "save_review",
                 product_id='P-9773',
                 rating=6.0,
                 reviewer_name='Arturo',
                 text='It is the best product that I have seen',
                 title='Good Product')
    assert result['review_id'] == '5323fdaa-c012-11ec-835d-0ebee58edbb43'
    assert state.db.scalar("SELECT count(*) FROM reviews WHERE review_id = ?", ['5323fdaa-c012-11ec-835d-0ebee58edbb43']) == 1

def test_getalistof_reviews(state: DuckDBState) -> None:
    result = run(state, "getalistof_reviews")
    assert isinstance(result, list) and result
    rows = run(state, "getalistof_reviews", product_id='P-9796')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['product_id']).lower() == 'p-9796' for r in rows)
