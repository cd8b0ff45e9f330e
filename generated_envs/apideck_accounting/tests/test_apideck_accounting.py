"""The apideck_accounting environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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
    assert len(ENV.manifest.rules) >= 6


@pytest.mark.parametrize("task", ENV.tasks, ids=[t.id for t in ENV.tasks])
def test_gold_calls_replay(task: Any, state: DuckDBState) -> None:
    for call in task.gold_calls:
        run(state, call.name, **call.arguments)


def test_customers_all(state: DuckDBState) -> None:
    result = run(state, "customers_all")
    assert isinstance(result, list) and result

def test_customers_add(state: DuckDBState) -> None:
    result = run(state, "customers_add",
                 account='{}',
                 addresses='[]',
                 bank_accounts='[]',
                 channel='Three Image',
                 company_name='Williams-Sheppard',
                 currency='UNKNOWN_CURRENCY',
                 custom_mappings='{}',
                 display_id='D-8726',
                 display_name='Tracy Howard',
                 emails='{}',
                 first_name='Patricia',
                 individual=True,
                 last_name='Robinson',
                 middle_name='Donald',
                 notes='Sense peace economy travel',
                 parent='{}',
                 payment_method='credit',
                 phone_numbers='{}',
                 project=True,
                 row_version='Official Whole',
                 status='active',
                 suffix='Season Take',
                 tax_number='82127437',
                 tax_rate='{}',
                 title='Play Week Choice',
                 websites='[]')
    assert result['customer_id'] == '12368'
    assert state.db.scalar("SELECT count(*) FROM customers WHERE customer_id = ?", ['12368']) == 1

def test_customers_one(state: DuckDBState) -> None:
    result = run(state, "customers_one", customer_id='12345')
    assert result['customer_id'] == '12345'

def test_customers_one_refusals(state: DuckDBState) -> None:
    assert_refused(state, "customers_one",
                   re.escape("no customer with id '99999' (customer ids look like '12345')"),
                   customer_id='99999')

def test_customers_update(state: DuckDBState) -> None:
    result = run(state, "customers_update",
                 customer_id='12345',
                 account='{}',
                 addresses='[]',
                 bank_accounts='[]',
                 channel='Three Image',
                 company_name='Williams-Sheppard',
                 currency='UNKNOWN_CURRENCY',
                 custom_mappings='{}',
                 display_id='D-8726',
                 display_name='Tracy Howard',
                 emails='{}',
                 first_name='Patricia',
                 individual=True,
                 last_name='Robinson',
                 middle_name='Donald',
                 notes='Sense peace economy travel',
                 parent='{}',
                 payment_method='credit',
                 phone_numbers='{}',
                 project=True,
                 row_version='Official Whole',
                 status='active',
                 suffix='Season Take',
                 tax_number='82127437',
                 tax_rate='{}',
                 title='Play Week Choice',
                 websites='[]')
    assert result['account'] == '{}'
    assert result['addresses'] == '[]'
    assert result['bank_accounts'] == '[]'
    assert result['channel'] == 'Three Image'
    assert result['company_name'] == 'Williams-Sheppard'
    assert result['currency'] == 'UNKNOWN_CURRENCY'
    assert result['custom_mappings'] == '{}'
    assert result['display_id'] == 'D-8726'
    assert result['display_name'] == 'Tracy Howard'
    assert result['emails'] == '{}'
    assert result['first_name'] == 'Patricia'
    assert result['individual'] == True
    assert result['last_name'] == 'Robinson'
    assert result['middle_name'] == 'Donald'
    assert result['notes'] == 'Sense peace economy travel'
    assert result['parent'] == '{}'
    assert result['payment_method'] == 'credit'
    assert result['phone_numbers'] == '{}'
    assert result['project'] == True
    assert result['row_version'] == 'Official Whole'
    assert result['status'] == 'active'
    assert result['suffix'] == 'Season Take'
    assert result['tax_number'] == '82127437'
    assert result['tax_rate'] == '{}'
    assert result['title'] == 'Play Week Choice'
    assert result['websites'] == '[]'

def test_customers_update_refusals(state: DuckDBState) -> None:
    assert_refused(state, "customers_update",
                   re.escape("no customer with id '99999' (customer ids look like '12345')"),
                   customer_id='99999', account='{}', addresses='[]', bank_accounts='[]', channel='Three Image',
                   company_name='Williams-Sheppard', currency='UNKNOWN_CURRENCY', custom_mappings='{}',
                   display_id='D-8726', display_name='Tracy Howard', emails='{}', first_name='Patricia',
                   individual=True, last_name='Robinson', middle_name='Donald', notes='Sense peace economy travel',
                   parent='{}', payment_method='credit', phone_numbers='{}', project=True,
                   row_version='Official Whole', status='active', suffix='Season Take', tax_number='82127437',
                   tax_rate='{}', title='Play Week Choice', websites='[]')
    assert_refused(state, "customers_update",
                   re.escape('customers update needs at least one of account, addresses, bank accounts, channel, company name, currency, custom mappings, display id, display name, emails, first name, individual, last name, middle name, notes, parent, payment method, phone numbers, project, row version, status, suffix, tax number, tax rate, title or websites'),
                   customer_id='12345')

def test_customers_delete(state: DuckDBState) -> None:
    result = run(state, "customers_delete", customer_id='12345')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM customers WHERE customer_id = ?", ['12345']) == 0

def test_customers_delete_refusals(state: DuckDBState) -> None:
    assert_refused(state, "customers_delete",
                   re.escape("no customer with id '99999' (customer ids look like '12345')"),
                   customer_id='99999')
    assert_refused(state, "customers_delete",
                   re.escape('customer 12346 is still referred to by 1 profit and loss row(s)'),
                   customer_id='12346')
    assert_refused(state, "customers_delete",
                   re.escape('customer 12359 is still referred to by 2 profit and loss row(s)'),
                   customer_id='12359')
    assert_refused(state, "customers_delete",
                   re.escape('customer 12360 is still referred to by 1 profit and loss row(s)'),
                   customer_id='12360')
    assert_refused(state, "customers_delete",
                   re.escape('customer 12362 is still referred to by 1 profit and loss row(s)'),
                   customer_id='12362')
    assert_refused(state, "customers_delete",
                   re.escape('customer 12363 is still referred to by 1 profit and loss row(s)'),
                   customer_id='12363')
    assert_refused(state, "customers_delete",
                   re.escape('customer 12364 is still referred to by 2 profit and loss row(s)'),
                   customer_id='12364')

def test_profit_and_loss_one(state: DuckDBState) -> None:
    result = run(state, "profit_and_loss_one")
    assert isinstance(result, list) and result

def test_purchase_orders_all(state: DuckDBState) -> None:
    result = run(state, "purchase_orders_all")
    assert isinstance(result, list) and result

def test_purchase_orders_add(state: DuckDBState) -> None:
    result = run(state, "purchase_orders_add",
                 accounting_by_row=True,
                 bank_account='[]',
                 channel='Including Light',
                 currency='UNKNOWN_CURRENCY',
                 currency_rate=6.0,
                 custom_mappings='[]',
                 delivery_date='2026-03-02',
                 discount_percentage=6.0,
                 due_date='2026-03-02',
                 expected_arrival_date='2026-03-02',
                 issued_date='2026-03-02',
                 ledger_account='{}',
                 line_items='[]',
                 memo='International not type very',
                 payment_method='credit',
                 po_number='97693848',
                 reference='R-690678',
                 row_version='Strategy Project',
                 shipping_address='[]',
                 status='draft',
                 sub_total=6.0,
                 supplier='[]',
                 tax_code='TAX-072371',
                 tax_inclusive=True,
                 template_id='T-6092',
                 total=6.0,
                 total_tax=6.0)
    assert result['purchase_order_id'] == '12376'
    assert state.db.scalar("SELECT count(*) FROM purchase_orders WHERE purchase_order_id = ?", ['12376']) == 1

def test_purchase_orders_add_refusals(state: DuckDBState) -> None:
    assert_refused(state, "purchase_orders_add",
                   re.escape("delivery_date 'someday' is not a date (use YYYY-MM-DD)"),
                   accounting_by_row=True, bank_account='[]', channel='Including Light',
                   currency='UNKNOWN_CURRENCY', currency_rate=6.0, custom_mappings='[]', delivery_date='someday',
                   discount_percentage=6.0, due_date='2026-03-02', expected_arrival_date='2026-03-02',
                   issued_date='2026-03-02', ledger_account='{}', line_items='[]',
                   memo='International not type very', payment_method='credit', po_number='97693848',
                   reference='R-690678', row_version='Strategy Project', shipping_address='[]', status='draft',
                   sub_total=6.0, supplier='[]', tax_code='TAX-072371', tax_inclusive=True, template_id='T-6092',
                   total=6.0, total_tax=6.0)
    assert_refused(state, "purchase_orders_add",
                   re.escape("due_date 'someday' is not a date (use YYYY-MM-DD)"),
                   accounting_by_row=True, bank_account='[]', channel='Including Light',
                   currency='UNKNOWN_CURRENCY', currency_rate=6.0, custom_mappings='[]', delivery_date='2026-03-02',
                   discount_percentage=6.0, due_date='someday', expected_arrival_date='2026-03-02',
                   issued_date='2026-03-02', ledger_account='{}', line_items='[]',
                   memo='International not type very', payment_method='credit', po_number='97693848',
                   reference='R-690678', row_version='Strategy Project', shipping_address='[]', status='draft',
                   sub_total=6.0, supplier='[]', tax_code='TAX-072371', tax_inclusive=True, template_id='T-6092',
                   total=6.0, total_tax=6.0)
    assert_refused(state, "purchase_orders_add",
                   re.escape("expected_arrival_date 'someday' is not a date (use YYYY-MM-DD)"),
                   accounting_by_row=True, bank_account='[]', channel='Including Light',
                   currency='UNKNOWN_CURRENCY', currency_rate=6.0, custom_mappings='[]', delivery_date='2026-03-02',
                   discount_percentage=6.0, due_date='2026-03-02', expected_arrival_date='someday',
                   issued_date='2026-03-02', ledger_account='{}', line_items='[]',
                   memo='International not type very', payment_method='credit', po_number='97693848',
                   reference='R-690678', row_version='Strategy Project', shipping_address='[]', status='draft',
                   sub_total=6.0, supplier='[]', tax_code='TAX-072371', tax_inclusive=True, template_id='T-6092',
                   total=6.0, total_tax=6.0)
    assert_refused(state, "purchase_orders_add",
                   re.escape("issued_date 'someday' is not a date (use YYYY-MM-DD)"),
                   accounting_by_row=True, bank_account='[]', channel='Including Light',
                   currency='UNKNOWN_CURRENCY', currency_rate=6.0, custom_mappings='[]', delivery_date='2026-03-02',
                   discount_percentage=6.0, due_date='2026-03-02', expected_arrival_date='2026-03-02',
                   issued_date='someday', ledger_account='{}', line_items='[]', memo='International not type very',
                   payment_method='credit', po_number='97693848', reference='R-690678',
                   row_version='Strategy Project', shipping_address='[]', status='draft', sub_total=6.0,
                   supplier='[]', tax_code='TAX-072371', tax_inclusive=True, template_id='T-6092', total=6.0,
                   total_tax=6.0)

def test_purchase_orders_one(state: DuckDBState) -> None:
    result = run(state, "purchase_orders_one", purchase_order_id='12345')
    assert result['purchase_order_id'] == '12345'

def test_purchase_orders_one_refusals(state: DuckDBState) -> None:
    assert_refused(state, "purchase_orders_one",
                   re.escape("no purchase order with id '99999' (purchase order ids look like '12345')"),
                   purchase_order_id='99999')

def test_purchase_orders_update(state: DuckDBState) -> None:
    result = run(state, "purchase_orders_update",
                 purchase_order_id='12345',
                 accounting_by_row=True,
                 bank_account='[]',
                 channel='Including Light',
                 currency='UNKNOWN_CURRENCY',
                 currency_rate=6.0,
                 custom_mappings='[]',
                 delivery_date='2026-03-02',
                 discount_percentage=6.0,
                 due_date='2026-03-02',
                 expected_arrival_date='2026-03-02',
                 issued_date='2026-03-02',
                 ledger_account='{}',
                 line_items='[]',
                 memo='International not type very',
                 payment_method='credit',
                 po_number='97693848',
                 reference='R-690678',
                 row_version='Strategy Project',
                 shipping_address='[]',
                 status='draft',
                 sub_total=6.0,
                 supplier='[]',
                 tax_code='TAX-072371',
                 tax_inclusive=True,
                 template_id='T-6092',
                 total=6.0,
                 total_tax=6.0)
    assert result['accounting_by_row'] == True
    assert result['bank_account'] == '[]'
    assert result['channel'] == 'Including Light'
    assert result['currency'] == 'UNKNOWN_CURRENCY'
    assert result['currency_rate'] == 6.0
    assert result['custom_mappings'] == '[]'
    assert result['delivery_date'] == '2026-03-02'
    assert result['discount_percentage'] == 6.0
    assert result['due_date'] == '2026-03-02'
    assert result['expected_arrival_date'] == '2026-03-02'
    assert result['issued_date'] == '2026-03-02'
    assert result['ledger_account'] == '{}'
    assert result['line_items'] == '[]'
    assert result['memo'] == 'International not type very'
    assert result['payment_method'] == 'credit'
    assert result['po_number'] == '97693848'
    assert result['reference'] == 'R-690678'
    assert result['row_version'] == 'Strategy Project'
    assert result['shipping_address'] == '[]'
    assert result['status'] == 'draft'
    assert result['sub_total'] == 6.0
    assert result['supplier'] == '[]'
    assert result['tax_code'] == 'TAX-072371'
    assert result['tax_inclusive'] == True
    assert result['template_id'] == 'T-6092'
    assert result['total'] == 6.0
    assert result['total_tax'] == 6.0

def test_purchase_orders_update_refusals(state: DuckDBState) -> None:
    assert_refused(state, "purchase_orders_update",
                   re.escape("no purchase order with id '99999' (purchase order ids look like '12345')"),
                   purchase_order_id='99999', accounting_by_row=True, bank_account='[]', channel='Including Light',
                   currency='UNKNOWN_CURRENCY', currency_rate=6.0, custom_mappings='[]', delivery_date='2026-03-02',
                   discount_percentage=6.0, due_date='2026-03-02', expected_arrival_date='2026-03-02',
                   issued_date='2026-03-02', ledger_account='{}', line_items='[]',
                   memo='International not type very', payment_method='credit', po_number='97693848',
                   reference='R-690678', row_version='Strategy Project', shipping_address='[]', status='draft',
                   sub_total=6.0, supplier='[]', tax_code='TAX-072371', tax_inclusive=True, template_id='T-6092',
                   total=6.0, total_tax=6.0)
    assert_refused(state, "purchase_orders_update",
                   re.escape("delivery_date 'someday' is not a date (use YYYY-MM-DD)"),
                   purchase_order_id='12345', accounting_by_row=True, bank_account='[]', channel='Including Light',
                   currency='UNKNOWN_CURRENCY', currency_rate=6.0, custom_mappings='[]', delivery_date='someday',
                   discount_percentage=6.0, due_date='2026-03-02', expected_arrival_date='2026-03-02',
                   issued_date='2026-03-02', ledger_account='{}', line_items='[]',
                   memo='International not type very', payment_method='credit', po_number='97693848',
                   reference='R-690678', row_version='Strategy Project', shipping_address='[]', status='draft',
                   sub_total=6.0, supplier='[]', tax_code='TAX-072371', tax_inclusive=True, template_id='T-6092',
                   total=6.0, total_tax=6.0)
    assert_refused(state, "purchase_orders_update",
                   re.escape("due_date 'someday' is not a date (use YYYY-MM-DD)"),
                   purchase_order_id='12345', accounting_by_row=True, bank_account='[]', channel='Including Light',
                   currency='UNKNOWN_CURRENCY', currency_rate=6.0, custom_mappings='[]', delivery_date='2026-03-02',
                   discount_percentage=6.0, due_date='someday', expected_arrival_date='2026-03-02',
                   issued_date='2026-03-02', ledger_account='{}', line_items='[]',
                   memo='International not type very', payment_method='credit', po_number='97693848',
                   reference='R-690678', row_version='Strategy Project', shipping_address='[]', status='draft',
                   sub_total=6.0, supplier='[]', tax_code='TAX-072371', tax_inclusive=True, template_id='T-6092',
                   total=6.0, total_tax=6.0)
    assert_refused(state, "purchase_orders_update",
                   re.escape("expected_arrival_date 'someday' is not a date (use YYYY-MM-DD)"),
                   purchase_order_id='12345', accounting_by_row=True, bank_account='[]', channel='Including Light',
                   currency='UNKNOWN_CURRENCY', currency_rate=6.0, custom_mappings='[]', delivery_date='2026-03-02',
                   discount_percentage=6.0, due_date='2026-03-02', expected_arrival_date='someday',
                   issued_date='2026-03-02', ledger_account='{}', line_items='[]',
                   memo='International not type very', payment_method='credit', po_number='97693848',
                   reference='R-690678', row_version='Strategy Project', shipping_address='[]', status='draft',
                   sub_total=6.0, supplier='[]', tax_code='TAX-072371', tax_inclusive=True, template_id='T-6092',
                   total=6.0, total_tax=6.0)
    assert_refused(state, "purchase_orders_update",
                   re.escape("issued_date 'someday' is not a date (use YYYY-MM-DD)"),
                   purchase_order_id='12345', accounting_by_row=True, bank_account='[]', channel='Including Light',
                   currency='UNKNOWN_CURRENCY', currency_rate=6.0, custom_mappings='[]', delivery_date='2026-03-02',
                   discount_percentage=6.0, due_date='2026-03-02', expected_arrival_date='2026-03-02',
                   issued_date='someday', ledger_account='{}', line_items='[]', memo='International not type very',
                   payment_method='credit', po_number='97693848', reference='R-690678',
                   row_version='Strategy Project', shipping_address='[]', status='draft', sub_total=6.0,
                   supplier='[]', tax_code='TAX-072371', tax_inclusive=True, template_id='T-6092', total=6.0,
                   total_tax=6.0)
    assert_refused(state, "purchase_orders_update",
                   re.escape('purchase orders update needs at least one of accounting by row, bank account, channel, currency, currency rate, custom mappings, delivery date, discount percentage, due date, expected arrival date, issued date, ledger account, line items, memo, payment method, po number, reference, row version, shipping address, status, sub total, supplier, tax code, tax inclusive, template id, total or total tax'),
                   purchase_order_id='12345')

def test_purchase_orders_delete(state: DuckDBState) -> None:
    result = run(state, "purchase_orders_delete", purchase_order_id='12345')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM purchase_orders WHERE purchase_order_id = ?", ['12345']) == 0

def test_purchase_orders_delete_refusals(state: DuckDBState) -> None:
    assert_refused(state, "purchase_orders_delete",
                   re.escape("no purchase order with id '99999' (purchase order ids look like '12345')"),
                   purchase_order_id='99999')

def test_suppliers_all(state: DuckDBState) -> None:
    result = run(state, "suppliers_all")
    assert isinstance(result, list) and result

def test_suppliers_add(state: DuckDBState) -> None:
    result = run(state, "suppliers_add",
                 account='{}',
                 addresses='{}',
                 bank_accounts='[]',
                 channel='Baby Act',
                 company_name='Simpson-Kim',
                 currency='UNKNOWN_CURRENCY',
                 custom_mappings='{}',
                 display_id='D-3518',
                 display_name='Bradley Allen',
                 emails='[]',
                 first_name='Margaret',
                 individual=True,
                 last_name='Moore',
                 middle_name='Nicole',
                 notes='Director respond national example science top',
                 payment_method='credit',
                 phone_numbers='{}',
                 row_version='Different Let',
                 status='active',
                 suffix='Position Ball',
                 tax_number='50387422',
                 tax_rate='[]',
                 title='Television Late Operation',
                 websites='[]')
    assert result['supplier_id'] == '12368'
    assert state.db.scalar("SELECT count(*) FROM suppliers WHERE supplier_id = ?", ['12368']) == 1

def test_suppliers_one(state: DuckDBState) -> None:
    result = run(state, "suppliers_one", supplier_id='12345')
    assert result['supplier_id'] == '12345'

def test_suppliers_one_refusals(state: DuckDBState) -> None:
    assert_refused(state, "suppliers_one",
                   re.escape("no supplier with id '99999' (supplier ids look like '12345')"),
                   supplier_id='99999')

def test_suppliers_update(state: DuckDBState) -> None:
    result = run(state, "suppliers_update",
                 supplier_id='12345',
                 account='{}',
                 addresses='{}',
                 bank_accounts='[]',
                 channel='Baby Act',
                 company_name='Simpson-Kim',
                 currency='UNKNOWN_CURRENCY',
                 custom_mappings='{}',
                 display_id='D-3518',
                 display_name='Bradley Allen',
                 emails='[]',
                 first_name='Margaret',
                 individual=True,
                 last_name='Moore',
                 middle_name='Nicole',
                 notes='Director respond national example science top',
                 payment_method='credit',
                 phone_numbers='{}',
                 row_version='Different Let',
                 status='active',
                 suffix='Position Ball',
                 tax_number='50387422',
                 tax_rate='[]',
                 title='Television Late Operation',
                 websites='[]')
    assert result['account'] == '{}'
    assert result['addresses'] == '{}'
    assert result['bank_accounts'] == '[]'
    assert result['channel'] == 'Baby Act'
    assert result['company_name'] == 'Simpson-Kim'
    assert result['currency'] == 'UNKNOWN_CURRENCY'
    assert result['custom_mappings'] == '{}'
    assert result['display_id'] == 'D-3518'
    assert result['display_name'] == 'Bradley Allen'
    assert result['emails'] == '[]'
    assert result['first_name'] == 'Margaret'
    assert result['individual'] == True
    assert result['last_name'] == 'Moore'
    assert result['middle_name'] == 'Nicole'
    assert result['notes'] == 'Director respond national example science top'
    assert result['payment_method'] == 'credit'
    assert result['phone_numbers'] == '{}'
    assert result['row_version'] == 'Different Let'
    assert result['status'] == 'active'
    assert result['suffix'] == 'Position Ball'
    assert result['tax_number'] == '50387422'
    assert result['tax_rate'] == '[]'
    assert result['title'] == 'Television Late Operation'
    assert result['websites'] == '[]'

def test_suppliers_update_refusals(state: DuckDBState) -> None:
    assert_refused(state, "suppliers_update",
                   re.escape("no supplier with id '99999' (supplier ids look like '12345')"),
                   supplier_id='99999', account='{}', addresses='{}', bank_accounts='[]', channel='Baby Act',
                   company_name='Simpson-Kim', currency='UNKNOWN_CURRENCY', custom_mappings='{}',
                   display_id='D-3518', display_name='Bradley Allen', emails='[]', first_name='Margaret',
                   individual=True, last_name='Moore', middle_name='Nicole',
                   notes='Director respond national example science top', payment_method='credit',
                   phone_numbers='{}', row_version='Different Let', status='active', suffix='Position Ball',
                   tax_number='50387422', tax_rate='[]', title='Television Late Operation', websites='[]')
    assert_refused(state, "suppliers_update",
                   re.escape('suppliers update needs at least one of account, addresses, bank accounts, channel, company name, currency, custom mappings, display id, display name, emails, first name, individual, last name, middle name, notes, payment method, phone numbers, row version, status, suffix, tax number, tax rate, title or websites'),
                   supplier_id='12345')

def test_suppliers_delete(state: DuckDBState) -> None:
    result = run(state, "suppliers_delete", supplier_id='12345')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM suppliers WHERE supplier_id = ?", ['12345']) == 0

def test_suppliers_delete_refusals(state: DuckDBState) -> None:
    assert_refused(state, "suppliers_delete",
                   re.escape("no supplier with id '99999' (supplier ids look like '12345')"),
                   supplier_id='99999')

def test_tax_rates_all(state: DuckDBState) -> None:
    result = run(state, "tax_rates_all")
    assert isinstance(result, list) and result

def test_tax_rates_add(state: DuckDBState) -> None:
    result = run(state, "tax_rates_add",
                 code='CODE-209428',
                 components='[]',
                 custom_mappings='[]',
                 description='Us accept hope soon',
                 effective_tax_rate=6.0,
                 name='Richard Moore',
                 original_tax_rate_id='OTR-0856',
                 report_tax_type='custom',
                 row_version='Response Eight',
                 status='active',
                 tax_payable_account_id='TPA-3757',
                 tax_remitted_account_id='TRA-7947',
                 total_tax_rate=6.0,
                 type='custom')
    assert result['tax_rate_id'] == '1257'
    assert state.db.scalar("SELECT count(*) FROM tax_rates WHERE tax_rate_id = ?", ['1257']) == 1

def test_tax_rates_add_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tax_rates_add",
                   re.escape('name must have at least 1 characters, got 0'),
                   code='CODE-209428', components='[]', custom_mappings='[]', description='Us accept hope soon',
                   effective_tax_rate=6.0, name='', original_tax_rate_id='OTR-0856', report_tax_type='custom',
                   row_version='Response Eight', status='active', tax_payable_account_id='TPA-3757',
                   tax_remitted_account_id='TRA-7947', total_tax_rate=6.0, type='custom')

def test_tax_rates_one(state: DuckDBState) -> None:
    result = run(state, "tax_rates_one", tax_rate_id='1234')
    assert result['tax_rate_id'] == '1234'

def test_tax_rates_one_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tax_rates_one",
                   re.escape("no tax rate with id '9999' (tax rate ids look like '1234')"),
                   tax_rate_id='9999')

def test_tax_rates_update(state: DuckDBState) -> None:
    result = run(state, "tax_rates_update",
                 tax_rate_id='1234',
                 code='CODE-209428',
                 components='[]',
                 custom_mappings='[]',
                 description='Us accept hope soon',
                 effective_tax_rate=6.0,
                 name='Richard Moore',
                 original_tax_rate_id='OTR-0856',
                 report_tax_type='custom',
                 row_version='Response Eight',
                 status='active',
                 tax_payable_account_id='TPA-3757',
                 tax_remitted_account_id='TRA-7947',
                 total_tax_rate=6.0,
                 type='custom')
    assert result['code'] == 'CODE-209428'
    assert result['components'] == '[]'
    assert result['custom_mappings'] == '[]'
    assert result['description'] == 'Us accept hope soon'
    assert result['effective_tax_rate'] == 6.0
    assert result['name'] == 'Richard Moore'
    assert result['original_tax_rate_id'] == 'OTR-0856'
    assert result['report_tax_type'] == 'custom'
    assert result['row_version'] == 'Response Eight'
    assert result['status'] == 'active'
    assert result['tax_payable_account_id'] == 'TPA-3757'
    assert result['tax_remitted_account_id'] == 'TRA-7947'
    assert result['total_tax_rate'] == 6.0
    assert result['type'] == 'custom'

def test_tax_rates_update_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tax_rates_update",
                   re.escape("no tax rate with id '9999' (tax rate ids look like '1234')"),
                   tax_rate_id='9999', code='CODE-209428', components='[]', custom_mappings='[]',
                   description='Us accept hope soon', effective_tax_rate=6.0, name='Richard Moore',
                   original_tax_rate_id='OTR-0856', report_tax_type='custom', row_version='Response Eight',
                   status='active', tax_payable_account_id='TPA-3757', tax_remitted_account_id='TRA-7947',
                   total_tax_rate=6.0, type='custom')
    assert_refused(state, "tax_rates_update",
                   re.escape('name must have at least 1 characters, got 0'),
                   tax_rate_id='1234', code='CODE-209428', components='[]', custom_mappings='[]',
                   description='Us accept hope soon', effective_tax_rate=6.0, name='',
                   original_tax_rate_id='OTR-0856', report_tax_type='custom', row_version='Response Eight',
                   status='active', tax_payable_account_id='TPA-3757', tax_remitted_account_id='TRA-7947',
                   total_tax_rate=6.0, type='custom')
    assert_refused(state, "tax_rates_update",
                   re.escape('tax rates update needs at least one of code, components, custom mappings, description, effective tax rate, name, original tax rate id, report tax type, row version, status, tax payable account id, tax remitted account id, total tax rate or type'),
                   tax_rate_id='1234')

def test_tax_rates_delete(state: DuckDBState) -> None:
    result = run(state, "tax_rates_delete", tax_rate_id='1234')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM tax_rates WHERE tax_rate_id = ?", ['1234']) == 0

def test_tax_rates_delete_refusals(state: DuckDBState) -> None:
    assert_refused(state, "tax_rates_delete",
                   re.escape("no tax rate with id '9999' (tax rate ids look like '1234')"),
                   tax_rate_id='9999')
