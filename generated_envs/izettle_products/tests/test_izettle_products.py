"""The izettle_products environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_get_product_types(state: DuckDBState) -> None:
    result = run(state, "get_product_types")
    assert isinstance(result, list) and result

def test_get_product_types_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_product_types",
                   re.escape("organization_uuid 'other-organization-uuid-1' is not this deployment's: it has only 'organization-uuid-1' (or leave organization_uuid out)"),
                   organization_uuid='other-organization-uuid-1')

def test_rename_category(state: DuckDBState) -> None:
    result = run(state, "rename_category", category_uuid='C-0001', name='Brandon Yates')
    assert result['name'] == 'Brandon Yates'

def test_rename_category_refusals(state: DuckDBState) -> None:
    assert_refused(state, "rename_category",
                   re.escape("no category with id 'C-9999' (category ids look like 'C-0001')"),
                   category_uuid='C-9999', name='Brandon Yates')
    assert_refused(state, "rename_category",
                   re.escape('name must have 1 to 100 characters, got 101'),
                   category_uuid='C-0001',
                   name='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx')
    assert_refused(state, "rename_category",
                   re.escape('name must have 1 to 100 characters, got 0'),
                   category_uuid='C-0001', name='')
    assert_refused(state, "rename_category",
                   re.escape("organization_uuid 'other-organization-uuid-1' is not this deployment's: it has only 'organization-uuid-1' (or leave organization_uuid out)"),
                   category_uuid='C-0001', name='Brandon Yates', organization_uuid='other-organization-uuid-1')
    assert_refused(state, "rename_category",
                   re.escape('rename category needs at least one of name'),
                   category_uuid='C-0001')

def test_delete_category(state: DuckDBState) -> None:
    result = run(state, "delete_category", category_uuid='C-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM categories WHERE category_uuid = ?", ['C-0001']) == 0

def test_delete_category_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_category",
                   re.escape("no category with id 'C-9999' (category ids look like 'C-0001')"),
                   category_uuid='C-9999')
    assert_refused(state, "delete_category",
                   re.escape("organization_uuid 'other-organization-uuid-1' is not this deployment's: it has only 'organization-uuid-1' (or leave organization_uuid out)"),
                   category_uuid='C-0001', organization_uuid='other-organization-uuid-1')

def test_get_all_discounts(state: DuckDBState) -> None:
    result = run(state, "get_all_discounts")
    assert isinstance(result, list) and result

def test_get_all_discounts_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_all_discounts",
                   re.escape("organization_uuid 'other-organization-uuid-1' is not this deployment's: it has only 'organization-uuid-1' (or leave organization_uuid out)"),
                   organization_uuid='other-organization-uuid-1')

def test_get_discount(state: DuckDBState) -> None:
    result = run(state, "get_discount", discount_uuid='D-0001')
    assert result['discount_uuid'] == 'D-0001'

def test_get_discount_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_discount",
                   re.escape("no discount with id 'D-9999' (discount ids look like 'D-0001')"),
                   discount_uuid='D-9999')
    assert_refused(state, "get_discount",
                   re.escape("organization_uuid 'other-organization-uuid-1' is not this deployment's: it has only 'organization-uuid-1' (or leave organization_uuid out)"),
                   discount_uuid='D-0001', organization_uuid='other-organization-uuid-1')

def test_update_discount(state: DuckDBState) -> None:
    result = run(state, "update_discount",
                 discount_uuid='D-0001',
                 amount='{}',
                 description='Ability court free dream',
                 external_reference='E-721987',
                 image_lookup_keys='[]',
                 name='Jamie Hutchinson',
                 percentage=50.0)
    assert result['amount'] == '{}'
    assert result['description'] == 'Ability court free dream'
    assert result['external_reference'] == 'E-721987'
    assert result['image_lookup_keys'] == '[]'
    assert result['name'] == 'Jamie Hutchinson'
    assert result['percentage'] == 50.0

def test_update_discount_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_discount",
                   re.escape("no discount with id 'D-9999' (discount ids look like 'D-0001')"),
                   discount_uuid='D-9999', amount='{}', description='Ability court free dream',
                   external_reference='E-721987', image_lookup_keys='[]', name='Jamie Hutchinson', percentage=50.0)
    assert_refused(state, "update_discount",
                   re.escape('description must have 0 to 128 characters, got 129'),
                   discount_uuid='D-0001', amount='{}',
                   description='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
                   external_reference='E-721987', image_lookup_keys='[]', name='Jamie Hutchinson', percentage=50.0)
    assert_refused(state, "update_discount",
                   re.escape('external_reference must have 0 to 128 characters, got 129'),
                   discount_uuid='D-0001', amount='{}', description='Ability court free dream',
                   external_reference='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
                   image_lookup_keys='[]', name='Jamie Hutchinson', percentage=50.0)
    assert_refused(state, "update_discount",
                   re.escape('name must have 0 to 64 characters, got 65'),
                   discount_uuid='D-0001', amount='{}', description='Ability court free dream',
                   external_reference='E-721987', image_lookup_keys='[]',
                   name='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', percentage=50.0)
    assert_refused(state, "update_discount",
                   re.escape('percentage must be from 0 to 100, got 101'),
                   discount_uuid='D-0001', amount='{}', description='Ability court free dream',
                   external_reference='E-721987', image_lookup_keys='[]', name='Jamie Hutchinson', percentage=101.0)
    assert_refused(state, "update_discount",
                   re.escape('percentage must be from 0 to 100, got -1'),
                   discount_uuid='D-0001', amount='{}', description='Ability court free dream',
                   external_reference='E-721987', image_lookup_keys='[]', name='Jamie Hutchinson', percentage=-1.0)
    assert_refused(state, "update_discount",
                   re.escape("organization_uuid 'other-organization-uuid-1' is not this deployment's: it has only 'organization-uuid-1' (or leave organization_uuid out)"),
                   discount_uuid='D-0001', amount='{}', description='Ability court free dream',
                   external_reference='E-721987', image_lookup_keys='[]', name='Jamie Hutchinson', percentage=50.0,
                   organization_uuid='other-organization-uuid-1')
    assert_refused(state, "update_discount",
                   re.escape('update discount needs at least one of amount, description, external reference, image lookup keys, name or percentage'),
                   discount_uuid='D-0001')

def test_delete_discount(state: DuckDBState) -> None:
    result = run(state, "delete_discount", discount_uuid='D-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM discounts WHERE discount_uuid = ?", ['D-0001']) == 0

def test_delete_discount_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_discount",
                   re.escape("no discount with id 'D-9999' (discount ids look like 'D-0001')"),
                   discount_uuid='D-9999')
    assert_refused(state, "delete_discount",
                   re.escape("organization_uuid 'other-organization-uuid-1' is not this deployment's: it has only 'organization-uuid-1' (or leave organization_uuid out)"),
                   discount_uuid='D-0001', organization_uuid='other-organization-uuid-1')

def test_get_latest_import_status(state: DuckDBState) -> None:
    result = run(state, "get_latest_import_status")
    assert isinstance(result, list) and result

def test_get_latest_import_status_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_latest_import_status",
                   re.escape("organization_uuid 'other-organization-uuid-1' is not this deployment's: it has only 'organization-uuid-1' (or leave organization_uuid out)"),
                   organization_uuid='other-organization-uuid-1')

def test_get_status_by_uuid(state: DuckDBState) -> None:
    result = run(state, "get_status_by_uuid", import_uuid='I-0001')
    assert result['import_uuid'] == 'I-0001'

def test_get_status_by_uuid_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_status_by_uuid",
                   re.escape("no import with id 'I-9999' (import ids look like 'I-0001')"),
                   import_uuid='I-9999')
    assert_refused(state, "get_status_by_uuid",
                   re.escape("organization_uuid 'other-organization-uuid-1' is not this deployment's: it has only 'organization-uuid-1' (or leave organization_uuid out)"),
                   import_uuid='I-0001', organization_uuid='other-organization-uuid-1')

def test_get_library(state: DuckDBState) -> None:
    result = run(state, "get_library")
    assert isinstance(result, list) and result

def test_get_library_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_library",
                   re.escape("organization_uuid 'other-organization-uuid-1' is not this deployment's: it has only 'organization-uuid-1' (or leave organization_uuid out)"),
                   organization_uuid='other-organization-uuid-1')

def test_get_all_products_in_pos(state: DuckDBState) -> None:
    result = run(state, "get_all_products_in_pos")
    assert isinstance(result, list) and result

def test_get_all_products_in_pos_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_all_products_in_pos",
                   re.escape("organization_uuid 'other-organization-uuid-1' is not this deployment's: it has only 'organization-uuid-1' (or leave organization_uuid out)"),
                   organization_uuid='other-organization-uuid-1')

def test_create_product_slug(state: DuckDBState) -> None:
    result = run(state, "create_product_slug", product_name='Indicate Set')
    assert result['slug_slug'] == 'S-0041'
    assert state.db.scalar("SELECT count(*) FROM slugs WHERE slug_slug = ?", ['S-0041']) == 1

def test_create_product_slug_refusals(state: DuckDBState) -> None:
    assert_refused(state, "create_product_slug",
                   re.escape('product_name must have 1 to 256 characters, got 257'),
                   product_name='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx')
    assert_refused(state, "create_product_slug",
                   re.escape('product_name must have 1 to 256 characters, got 0'),
                   product_name='')
    assert_refused(state, "create_product_slug",
                   re.escape("organization_uuid 'other-organization-uuid-1' is not this deployment's: it has only 'organization-uuid-1' (or leave organization_uuid out)"),
                   product_name='Indicate Set', organization_uuid='other-organization-uuid-1')

def test_get_all_products_v2(state: DuckDBState) -> None:
    result = run(state, "get_all_products_v2")
    assert isinstance(result, list) and result

def test_get_all_products_v2_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_all_products_v2",
                   re.escape("organization_uuid 'other-organization-uuid-1' is not this deployment's: it has only 'organization-uuid-1' (or leave organization_uuid out)"),
                   organization_uuid='other-organization-uuid-1')

def test_count_all_products(state: DuckDBState) -> None:
    result = run(state, "count_all_products")
    assert isinstance(result, list) and result

def test_count_all_products_refusals(state: DuckDBState) -> None:
    assert_refused(state, "count_all_products",
                   re.escape("organization_uuid 'other-organization-uuid-1' is not this deployment's: it has only 'organization-uuid-1' (or leave organization_uuid out)"),
                   organization_uuid='other-organization-uuid-1')

def test_update_product(state: DuckDBState) -> None:
    result = run(state, "update_product",
                 product_uuid='P-0001',
                 categories='[]',
                 category='[]',
                 description='Brother teacher three seven attention team',
                 external_reference='E-704011',
                 image_lookup_keys='[]',
                 metadata='{}',
                 name='Susan Larson',
                 online='[]',
                 presentation='{}',
                 tax_code='TAX-288446',
                 tax_exempt=True,
                 tax_rates='{}',
                 unit_name='Also Avoid',
                 variant_option_definitions='{}',
                 variants='{}',
                 vat_percentage=50.0)
    assert result['categories'] == '[]'
    assert result['category'] == '[]'
    assert result['description'] == 'Brother teacher three seven attention team'
    assert result['external_reference'] == 'E-704011'
    assert result['image_lookup_keys'] == '[]'
    assert result['metadata'] == '{}'
    assert result['name'] == 'Susan Larson'
    assert result['online'] == '[]'
    assert result['presentation'] == '{}'
    assert result['tax_code'] == 'TAX-288446'
    assert result['tax_exempt'] == True
    assert result['tax_rates'] == '{}'
    assert result['unit_name'] == 'Also Avoid'
    assert result['variant_option_definitions'] == '{}'
    assert result['variants'] == '{}'
    assert result['vat_percentage'] == 50.0

def test_update_product_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_product",
                   re.escape("no product with id 'P-9999' (product ids look like 'P-0001')"),
                   product_uuid='P-9999', categories='[]', category='[]',
                   description='Brother teacher three seven attention team', external_reference='E-704011',
                   image_lookup_keys='[]', metadata='{}', name='Susan Larson', online='[]', presentation='{}',
                   tax_code='TAX-288446', tax_exempt=True, tax_rates='{}', unit_name='Also Avoid',
                   variant_option_definitions='{}', variants='{}', vat_percentage=50.0)
    assert_refused(state, "update_product",
                   re.escape('description must have 0 to 1024 characters, got 1025'),
                   product_uuid='P-0001', categories='[]', category='[]',
                   description='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
                   external_reference='E-704011', image_lookup_keys='[]', metadata='{}', name='Susan Larson',
                   online='[]', presentation='{}', tax_code='TAX-288446', tax_exempt=True, tax_rates='{}',
                   unit_name='Also Avoid', variant_option_definitions='{}', variants='{}', vat_percentage=50.0)
    assert_refused(state, "update_product",
                   re.escape('name must have 1 to 256 characters, got 257'),
                   product_uuid='P-0001', categories='[]', category='[]',
                   description='Brother teacher three seven attention team', external_reference='E-704011',
                   image_lookup_keys='[]', metadata='{}',
                   name='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
                   online='[]', presentation='{}', tax_code='TAX-288446', tax_exempt=True, tax_rates='{}',
                   unit_name='Also Avoid', variant_option_definitions='{}', variants='{}', vat_percentage=50.0)
    assert_refused(state, "update_product",
                   re.escape('name must have 1 to 256 characters, got 0'),
                   product_uuid='P-0001', categories='[]', category='[]',
                   description='Brother teacher three seven attention team', external_reference='E-704011',
                   image_lookup_keys='[]', metadata='{}', name='', online='[]', presentation='{}',
                   tax_code='TAX-288446', tax_exempt=True, tax_rates='{}', unit_name='Also Avoid',
                   variant_option_definitions='{}', variants='{}', vat_percentage=50.0)
    assert_refused(state, "update_product",
                   re.escape('vat_percentage must be from 0 to 100, got 101'),
                   product_uuid='P-0001', categories='[]', category='[]',
                   description='Brother teacher three seven attention team', external_reference='E-704011',
                   image_lookup_keys='[]', metadata='{}', name='Susan Larson', online='[]', presentation='{}',
                   tax_code='TAX-288446', tax_exempt=True, tax_rates='{}', unit_name='Also Avoid',
                   variant_option_definitions='{}', variants='{}', vat_percentage=101.0)
    assert_refused(state, "update_product",
                   re.escape('vat_percentage must be from 0 to 100, got -1'),
                   product_uuid='P-0001', categories='[]', category='[]',
                   description='Brother teacher three seven attention team', external_reference='E-704011',
                   image_lookup_keys='[]', metadata='{}', name='Susan Larson', online='[]', presentation='{}',
                   tax_code='TAX-288446', tax_exempt=True, tax_rates='{}', unit_name='Also Avoid',
                   variant_option_definitions='{}', variants='{}', vat_percentage=-1.0)
    assert_refused(state, "update_product",
                   re.escape("organization_uuid 'other-organization-uuid-1' is not this deployment's: it has only 'organization-uuid-1' (or leave organization_uuid out)"),
                   product_uuid='P-0001', categories='[]', category='[]',
                   description='Brother teacher three seven attention team', external_reference='E-704011',
                   image_lookup_keys='[]', metadata='{}', name='Susan Larson', online='[]', presentation='{}',
                   tax_code='TAX-288446', tax_exempt=True, tax_rates='{}', unit_name='Also Avoid',
                   variant_option_definitions='{}', variants='{}', vat_percentage=50.0,
                   organization_uuid='other-organization-uuid-1')
    assert_refused(state, "update_product",
                   re.escape('update product needs at least one of categories, category, description, external reference, image lookup keys, metadata, name, online, presentation, tax code, tax exempt, tax rates, unit name, variant option definitions, variants or vat percentage'),
                   product_uuid='P-0001')

def test_get_product(state: DuckDBState) -> None:
    result = run(state, "get_product", product_uuid='P-0001')
    assert result['product_uuid'] == 'P-0001'

def test_get_product_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_product",
                   re.escape("no product with id 'P-9999' (product ids look like 'P-0001')"),
                   product_uuid='P-9999')
    assert_refused(state, "get_product",
                   re.escape("organization_uuid 'other-organization-uuid-1' is not this deployment's: it has only 'organization-uuid-1' (or leave organization_uuid out)"),
                   product_uuid='P-0001', organization_uuid='other-organization-uuid-1')

def test_delete_product(state: DuckDBState) -> None:
    result = run(state, "delete_product", product_uuid='P-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM products WHERE product_uuid = ?", ['P-0001']) == 0

def test_delete_product_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_product",
                   re.escape("no product with id 'P-9999' (product ids look like 'P-0001')"),
                   product_uuid='P-9999')
    assert_refused(state, "delete_product",
                   re.escape("organization_uuid 'other-organization-uuid-1' is not this deployment's: it has only 'organization-uuid-1' (or leave organization_uuid out)"),
                   product_uuid='P-0001', organization_uuid='other-organization-uuid-1')

def test_create_tax_rates(state: DuckDBState) -> None:
    result = run(state, "create_tax_rates")
    assert isinstance(result, list) and result

def test_get_tax_rate(state: DuckDBState) -> None:
    result = run(state, "get_tax_rate", tax_rate_uuid='TR-0001')
    assert result['tax_rate_uuid'] == 'TR-0001'

def test_get_tax_rate_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_tax_rate",
                   re.escape("no tax rate with id 'TR-9999' (tax rate ids look like 'TR-0001')"),
                   tax_rate_uuid='TR-9999')

def test_update_tax_rate(state: DuckDBState) -> None:
    result = run(state, "update_tax_rate",
                 tax_rate_uuid='TR-0001',
                 default_=True,
                 label='Three Image Son',
                 percentage=50.5)
    assert result['default_'] == True
    assert result['label'] == 'Three Image Son'
    assert result['percentage'] == 50.5

def test_update_tax_rate_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_tax_rate",
                   re.escape("no tax rate with id 'TR-9999' (tax rate ids look like 'TR-0001')"),
                   tax_rate_uuid='TR-9999', default_=True, label='Three Image Son', percentage=50.5)
    assert_refused(state, "update_tax_rate",
                   re.escape('label must have 0 to 512 characters, got 513'),
                   tax_rate_uuid='TR-0001', default_=True,
                   label='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
                   percentage=50.5)
    assert_refused(state, "update_tax_rate",
                   re.escape('percentage must be at most 100, got 101'),
                   tax_rate_uuid='TR-0001', default_=True, label='Three Image Son', percentage=101.0)
    assert_refused(state, "update_tax_rate",
                   re.escape('update tax rate needs at least one of default , label or percentage'),
                   tax_rate_uuid='TR-0001')
