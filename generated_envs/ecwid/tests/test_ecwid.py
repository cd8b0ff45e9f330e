"""The ecwid environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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
    assert len(ENV.manifest.rules) >= 5


@pytest.mark.parametrize("task", ENV.tasks, ids=[t.id for t in ENV.tasks])
def test_gold_calls_replay(task: Any, state: DuckDBState) -> None:
    for call in task.gold_calls:
        run(state, call.name, **call.arguments)


def test_get_bulk_jobs(state: DuckDBState) -> None:
    result = run(state, "get_bulk_jobs")
    assert isinstance(result, list) and result

def test_get_customers(state: DuckDBState) -> None:
    result = run(state, "get_customers")
    assert isinstance(result, list) and result

def test_create_customer(state: DuckDBState) -> None:
    result = run(state, "create_customer",
                 billing_person='{}',
                 customer_group_id=6,
                 email='ntaylor@example.com',
                 shipping_addresses='[]',
                 tax_exempt=True,
                 tax_id=6.0,
                 tax_id_valid=True)
    assert result['customer_id'] == 28
    assert state.db.scalar("SELECT count(*) FROM customers WHERE customer_id = ?", [28]) == 1

def test_get_customer_by_id(state: DuckDBState) -> None:
    result = run(state, "get_customer_by_id", customer_id=1)
    assert result['customer_id'] == 1

def test_get_customer_by_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_customer_by_id",
                   re.escape('no customer with id 999999 (customer ids look like 1)'),
                   customer_id=999999)

def test_update_customer_by_id(state: DuckDBState) -> None:
    result = run(state, "update_customer_by_id",
                 customer_id=1,
                 billing_person='{}',
                 customer_group_id=6,
                 email='ntaylor@example.com',
                 shipping_addresses='[]',
                 tax_exempt=True,
                 tax_id=6.0,
                 tax_id_valid=True)
    assert result['billing_person'] == '{}'
    assert result['customer_group_id'] == 6
    assert result['email'] == 'ntaylor@example.com'
    assert result['shipping_addresses'] == '[]'
    assert result['tax_exempt'] == True
    assert result['tax_id'] == 6.0
    assert result['tax_id_valid'] == True

def test_update_customer_by_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_customer_by_id",
                   re.escape('no customer with id 999999 (customer ids look like 1)'),
                   customer_id=999999, billing_person='{}', customer_group_id=6, email='ntaylor@example.com',
                   shipping_addresses='[]', tax_exempt=True, tax_id=6.0, tax_id_valid=True)
    assert_refused(state, "update_customer_by_id",
                   re.escape('update customer by id needs at least one of billing person, customer group id, email, shipping addresses, tax exempt, tax id or tax id valid'),
                   customer_id=1)

def test_delete_customer_by_id(state: DuckDBState) -> None:
    result = run(state, "delete_customer_by_id", customer_id=1)
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM customers WHERE customer_id = ?", [1]) == 0

def test_delete_customer_by_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_customer_by_id",
                   re.escape('no customer with id 999999 (customer ids look like 1)'),
                   customer_id=999999)

def test_create_order(state: DuckDBState) -> None:
    result = run(state, "create_order")
    assert isinstance(result, list) and result
    rows = run(state, "create_order", tax=1727.02)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['tax']).lower() == '1727.02' for r in rows)

def test_get_order_by_id(state: DuckDBState) -> None:
    result = run(state, "get_order_by_id")
    assert isinstance(result, list) and result
    rows = run(state, "get_order_by_id", item_id=8)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['item_id']).lower() == '8' for r in rows)

def test_update_order_by_id(state: DuckDBState) -> None:
    result = run(state, "update_order_by_id", item_id=1, tax=6.0)
    assert result['tax'] == 6.0

def test_update_order_by_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_order_by_id",
                   re.escape('no item with id 999999 (item ids look like 1)'),
                   item_id=999999, tax=6.0)
    assert_refused(state, "update_order_by_id",
                   re.escape('update order by id needs at least one of tax'),
                   item_id=1)

def test_get_products(state: DuckDBState) -> None:
    result = run(state, "get_products")
    assert isinstance(result, list) and result

def test_create_product(state: DuckDBState) -> None:
    result = run(state, "create_product",
                 attributes='[]',
                 category_ids='{}',
                 compare_at_price=6.0,
                 compare_to_price=6.0,
                 created='2026-03-02T09:00:00',
                 default_category_id=6,
                 description='Receive civil single city quite wall various',
                 dimensions='[]',
                 enabled=True,
                 favorites='[]',
                 fixed_shipping_rate=6.0,
                 fixed_shipping_rate_only=True,
                 gallery_images='[]',
                 google_item_condition='Security Goal',
                 is_shipping_required=True,
                 name='Laura Rogers',
                 options='{}',
                 price=6.0,
                 product_class_id=6,
                 quantity=6,
                 related_products='{}',
                 seo_description='Reach responsibility commercial',
                 seo_title='Human Music High',
                 shipping='{}',
                 show_on_frontpage=6.0,
                 sku='12502202',
                 tax='{}',
                 taxes='[]',
                 warning_limit=6,
                 weight=6.0,
                 wholesale_prices='[]')
    assert result['product_id'] == 30
    assert state.db.scalar("SELECT count(*) FROM products WHERE product_id = ?", [30]) == 1

def test_create_product_refusals(state: DuckDBState) -> None:
    assert_refused(state, "create_product",
                   re.escape("created 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   attributes='[]', category_ids='{}', compare_at_price=6.0, compare_to_price=6.0,
                   created='someday', default_category_id=6,
                   description='Receive civil single city quite wall various', dimensions='[]', enabled=True,
                   favorites='[]', fixed_shipping_rate=6.0, fixed_shipping_rate_only=True, gallery_images='[]',
                   google_item_condition='Security Goal', is_shipping_required=True, name='Laura Rogers',
                   options='{}', price=6.0, product_class_id=6, quantity=6, related_products='{}',
                   seo_description='Reach responsibility commercial', seo_title='Human Music High', shipping='{}',
                   show_on_frontpage=6.0, sku='12502202', tax='{}', taxes='[]', warning_limit=6, weight=6.0,
                   wholesale_prices='[]')

def test_get_product_by_id(state: DuckDBState) -> None:
    result = run(state, "get_product_by_id", product_id=1)
    assert result['product_id'] == 1

def test_get_product_by_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_product_by_id",
                   re.escape('no product with id 999999 (product ids look like 1)'),
                   product_id=999999)

def test_update_product_by_id(state: DuckDBState) -> None:
    result = run(state, "update_product_by_id",
                 product_id=1,
                 attributes='[]',
                 category_ids='{}',
                 compare_at_price=6.0,
                 compare_to_price=6.0,
                 default_category_id=6,
                 description='Receive civil single city quite wall various',
                 dimensions='[]',
                 enabled=True,
                 fixed_shipping_rate=6.0,
                 fixed_shipping_rate_only=True,
                 gallery_images='[]',
                 google_item_condition='Security Goal',
                 is_shipping_required=True,
                 name='Laura Rogers',
                 options='{}',
                 price=6.0,
                 product_class_id=6,
                 quantity=6,
                 related_products='{}',
                 seo_description='Reach responsibility commercial',
                 seo_title='Human Music High',
                 shipping='{}',
                 show_on_frontpage=6.0,
                 sku='12502202',
                 tax='{}',
                 taxes='[]',
                 warning_limit=6,
                 weight=6.0,
                 wholesale_prices='[]')
    assert result['attributes'] == '[]'
    assert result['category_ids'] == '{}'
    assert result['compare_at_price'] == 6.0
    assert result['compare_to_price'] == 6.0
    assert result['default_category_id'] == 6
    assert result['description'] == 'Receive civil single city quite wall various'
    assert result['dimensions'] == '[]'
    assert result['enabled'] == True
    assert result['fixed_shipping_rate'] == 6.0
    assert result['fixed_shipping_rate_only'] == True
    assert result['gallery_images'] == '[]'
    assert result['google_item_condition'] == 'Security Goal'
    assert result['is_shipping_required'] == True
    assert result['name'] == 'Laura Rogers'
    assert result['options'] == '{}'
    assert result['price'] == 6.0
    assert result['product_class_id'] == 6
    assert result['quantity'] == 6
    assert result['related_products'] == '{}'
    assert result['seo_description'] == 'Reach responsibility commercial'
    assert result['seo_title'] == 'Human Music High'
    assert result['shipping'] == '{}'
    assert result['show_on_frontpage'] == 6.0
    assert result['sku'] == '12502202'
    assert result['tax'] == '{}'
    assert result['taxes'] == '[]'
    assert result['warning_limit'] == 6
    assert result['weight'] == 6.0
    assert result['wholesale_prices'] == '[]'

def test_update_product_by_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_product_by_id",
                   re.escape('no product with id 999999 (product ids look like 1)'),
                   product_id=999999, attributes='[]', category_ids='{}', compare_at_price=6.0,
                   compare_to_price=6.0, default_category_id=6,
                   description='Receive civil single city quite wall various', dimensions='[]', enabled=True,
                   fixed_shipping_rate=6.0, fixed_shipping_rate_only=True, gallery_images='[]',
                   google_item_condition='Security Goal', is_shipping_required=True, name='Laura Rogers',
                   options='{}', price=6.0, product_class_id=6, quantity=6, related_products='{}',
                   seo_description='Reach responsibility commercial', seo_title='Human Music High', shipping='{}',
                   show_on_frontpage=6.0, sku='12502202', tax='{}', taxes='[]', warning_limit=6, weight=6.0,
                   wholesale_prices='[]')
    assert_refused(state, "update_product_by_id",
                   re.escape('update product by id needs at least one of attributes, category ids, compare at price, compare to price, default category id, description, dimensions, enabled, fixed shipping rate, fixed shipping rate only, gallery images, google item condition, is shipping required, name, options, price, product class id, quantity, related products, seo description, seo title, shipping, show on frontpage, sku, tax, taxes, warning limit, weight or wholesale prices'),
                   product_id=1)

def test_delete_product_by_id(state: DuckDBState) -> None:
    result = run(state, "delete_product_by_id", product_id=1)
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM products WHERE product_id = ?", [1]) == 0

def test_delete_product_by_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_product_by_id",
                   re.escape('no product with id 999999 (product ids look like 1)'),
                   product_id=999999)
    assert_refused(state, "delete_product_by_id",
                   re.escape('product 2 is still referred to by 3 item row(s)'),
                   product_id=2)
    assert_refused(state, "delete_product_by_id",
                   re.escape('product 6 is still referred to by 1 item row(s)'),
                   product_id=6)
    assert_refused(state, "delete_product_by_id",
                   re.escape('product 7 is still referred to by 1 item row(s)'),
                   product_id=7)
    assert_refused(state, "delete_product_by_id",
                   re.escape('product 10 is still referred to by 1 item row(s)'),
                   product_id=10)
    assert_refused(state, "delete_product_by_id",
                   re.escape('product 18 is still referred to by 1 item row(s)'),
                   product_id=18)
    assert_refused(state, "delete_product_by_id",
                   re.escape('product 20 is still referred to by 1 item row(s)'),
                   product_id=20)
    assert_refused(state, "delete_product_by_id",
                   re.escape('product 23 is still referred to by 1 item row(s)'),
                   product_id=23)
