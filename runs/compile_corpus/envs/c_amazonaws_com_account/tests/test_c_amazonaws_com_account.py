"""The c_amazonaws_com_account environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_disable_region(state: DuckDBState) -> None:
    result = run(state, "disable_region", region_name='R-0001')
    assert result['region_opt_status'] == 'DISABLED'

def test_disable_region_refusals(state: DuckDBState) -> None:
    assert_refused(state, "disable_region",
                   re.escape("no region with id 'R-9999' (region ids look like 'R-0001')"),
                   region_name='R-9999')
    assert_refused(state, "disable_region",
                   re.escape('region R-0016 is DISABLED: disable region applies only to a region whose region opt status is ENABLED, ENABLING, DISABLING or ENABLED BY DEFAULT'),
                   region_name='R-0016')
    assert_refused(state, "disable_region",
                   re.escape('region R-0017 is DISABLED: disable region applies only to a region whose region opt status is ENABLED, ENABLING, DISABLING or ENABLED BY DEFAULT'),
                   region_name='R-0017')
    assert_refused(state, "disable_region",
                   re.escape('region R-0021 is None: disable region applies only to a region whose region opt status is ENABLED, ENABLING, DISABLING or ENABLED BY DEFAULT'),
                   region_name='R-0021')
    assert_refused(state, "disable_region",
                   re.escape('region R-0022 is DISABLED: disable region applies only to a region whose region opt status is ENABLED, ENABLING, DISABLING or ENABLED BY DEFAULT'),
                   region_name='R-0022')
    assert_refused(state, "disable_region",
                   re.escape('region R-0026 is DISABLED: disable region applies only to a region whose region opt status is ENABLED, ENABLING, DISABLING or ENABLED BY DEFAULT'),
                   region_name='R-0026')
    assert_refused(state, "disable_region",
                   re.escape('region R-0031 is DISABLED: disable region applies only to a region whose region opt status is ENABLED, ENABLING, DISABLING or ENABLED BY DEFAULT'),
                   region_name='R-0031')
    assert_refused(state, "disable_region",
                   re.escape('region R-0039 is None: disable region applies only to a region whose region opt status is ENABLED, ENABLING, DISABLING or ENABLED BY DEFAULT'),
                   region_name='R-0039')

def test_enable_region(state: DuckDBState) -> None:
    result = run(state, "enable_region", region_name='R-0001')
    assert result['region_opt_status'] == 'ENABLED'

def test_enable_region_refusals(state: DuckDBState) -> None:
    assert_refused(state, "enable_region",
                   re.escape("no region with id 'R-9999' (region ids look like 'R-0001')"),
                   region_name='R-9999')
    assert_refused(state, "enable_region",
                   re.escape('region R-0002 is ENABLED: enable region applies only to a region whose region opt status is ENABLING, DISABLING, DISABLED or ENABLED BY DEFAULT'),
                   region_name='R-0002')
    assert_refused(state, "enable_region",
                   re.escape('region R-0003 is ENABLED: enable region applies only to a region whose region opt status is ENABLING, DISABLING, DISABLED or ENABLED BY DEFAULT'),
                   region_name='R-0003')
    assert_refused(state, "enable_region",
                   re.escape('region R-0004 is ENABLED: enable region applies only to a region whose region opt status is ENABLING, DISABLING, DISABLED or ENABLED BY DEFAULT'),
                   region_name='R-0004')
    assert_refused(state, "enable_region",
                   re.escape('region R-0005 is ENABLED: enable region applies only to a region whose region opt status is ENABLING, DISABLING, DISABLED or ENABLED BY DEFAULT'),
                   region_name='R-0005')
    assert_refused(state, "enable_region",
                   re.escape('region R-0006 is ENABLED: enable region applies only to a region whose region opt status is ENABLING, DISABLING, DISABLED or ENABLED BY DEFAULT'),
                   region_name='R-0006')
    assert_refused(state, "enable_region",
                   re.escape('region R-0008 is ENABLED: enable region applies only to a region whose region opt status is ENABLING, DISABLING, DISABLED or ENABLED BY DEFAULT'),
                   region_name='R-0008')
    assert_refused(state, "enable_region",
                   re.escape('region R-0013 is ENABLED: enable region applies only to a region whose region opt status is ENABLING, DISABLING, DISABLED or ENABLED BY DEFAULT'),
                   region_name='R-0013')

def test_list_regions(state: DuckDBState) -> None:
    result = run(state, "list_regions")
    assert isinstance(result, list) and result
