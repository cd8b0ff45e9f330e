"""The netlicensing environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_list_licenses(state: DuckDBState) -> None:
    result = run(state, "list_licenses")
    assert isinstance(result, list) and result

def test_create_license(state: DuckDBState) -> None:
    result = run(state, "create_license", active=True, currency='NAD', hidden=True, number='40709945', price=6.0)
    assert result['license_name'] == 'L-0026'
    assert state.db.scalar("SELECT count(*) FROM licenses WHERE license_name = ?", ['L-0026']) == 1

def test_get_license(state: DuckDBState) -> None:
    result = run(state, "get_license", license_name='L-0001')
    assert result['license_name'] == 'L-0001'

def test_get_license_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_license",
                   re.escape("no license with id 'L-9999' (license ids look like 'L-0001')"),
                   license_name='L-9999')

def test_delete_license(state: DuckDBState) -> None:
    result = run(state, "delete_license", license_name='L-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM licenses WHERE license_name = ?", ['L-0001']) == 0

def test_delete_license_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_license",
                   re.escape("no license with id 'L-9999' (license ids look like 'L-0001')"),
                   license_name='L-9999')

def test_create_licensee(state: DuckDBState) -> None:
    result = run(state, "create_licensee",
                 active=True,
                 marked_for_transfer=True,
                 number='33639496',
                 product_number='28047444')
    assert result['licensee2_name'] == 'L-0041'
    assert state.db.scalar("SELECT count(*) FROM licensee2s WHERE licensee2_name = ?", ['L-0041']) == 1

def test_list_license_templates(state: DuckDBState) -> None:
    result = run(state, "list_license_templates")
    assert isinstance(result, list) and result

def test_create_license_template(state: DuckDBState) -> None:
    result = run(state, "create_license_template",
                 active=True,
                 automatic=True,
                 currency='BSD',
                 hidden=True,
                 license_type='FEATURE',
                 number='73626754',
                 price=6.0)
    assert result['license_template_name'] == 'LT-0036'
    assert state.db.scalar("SELECT count(*) FROM license_templates WHERE license_template_name = ?", ['LT-0036']) == 1

def test_get_license_template(state: DuckDBState) -> None:
    result = run(state, "get_license_template", license_template_name='LT-0001')
    assert result['license_template_name'] == 'LT-0001'

def test_get_license_template_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_license_template",
                   re.escape("no license template with id 'LT-9999' (license template ids look like 'LT-0001')"),
                   license_template_name='LT-9999')

def test_delete_license_template(state: DuckDBState) -> None:
    result = run(state, "delete_license_template", license_template_name='LT-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM license_templates WHERE license_template_name = ?", ['LT-0001']) == 0

def test_delete_license_template_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_license_template",
                   re.escape("no license template with id 'LT-9999' (license template ids look like 'LT-0001')"),
                   license_template_name='LT-9999')

def test_list_products(state: DuckDBState) -> None:
    result = run(state, "list_products")
    assert isinstance(result, list) and result

def test_create_product(state: DuckDBState) -> None:
    result = run(state, "create_product",
                 active=True,
                 licensee_auto_create=True,
                 number='39933422',
                 version='Cut Whose')
    assert result['product_name'] == 'P-0025'
    assert state.db.scalar("SELECT count(*) FROM products WHERE product_name = ?", ['P-0025']) == 1

def test_product_number(state: DuckDBState) -> None:
    result = run(state, "product_number", product_name='P-0001')
    assert result['product_name'] == 'P-0001'

def test_product_number_refusals(state: DuckDBState) -> None:
    assert_refused(state, "product_number",
                   re.escape("no product with id 'P-9999' (product ids look like 'P-0001')"),
                   product_name='P-9999')

def test_delete_product(state: DuckDBState) -> None:
    result = run(state, "delete_product", product_name='P-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM products WHERE product_name = ?", ['P-0001']) == 0

def test_delete_product_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_product",
                   re.escape("no product with id 'P-9999' (product ids look like 'P-0001')"),
                   product_name='P-9999')

def test_list_product_modules(state: DuckDBState) -> None:
    result = run(state, "list_product_modules")
    assert isinstance(result, list) and result

def test_create_product_module(state: DuckDBState) -> None:
    result = run(state, "create_product_module", active=True, number='21882488')
    assert result['product_module_name'] == 'PM-0027'
    assert state.db.scalar("SELECT count(*) FROM product_modules WHERE product_module_name = ?", ['PM-0027']) == 1

def test_get_product_module(state: DuckDBState) -> None:
    result = run(state, "get_product_module", product_module_name='PM-0001')
    assert result['product_module_name'] == 'PM-0001'

def test_get_product_module_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_product_module",
                   re.escape("no product module with id 'PM-9999' (product module ids look like 'PM-0001')"),
                   product_module_name='PM-9999')

def test_delete_product_module(state: DuckDBState) -> None:
    result = run(state, "delete_product_module", product_module_name='PM-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM product_modules WHERE product_module_name = ?", ['PM-0001']) == 0

def test_delete_product_module_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_product_module",
                   re.escape("no product module with id 'PM-9999' (product module ids look like 'PM-0001')"),
                   product_module_name='PM-9999')
