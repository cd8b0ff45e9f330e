"""The taxamo environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_get_countries_dict(state: DuckDBState) -> None:
    result = run(state, "get_countries_dict")
    assert isinstance(result, list) and result
    rows = run(state, "get_countries_dict", tax_supported=False)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['tax_supported']).lower() == 'false' for r in rows)

def test_get_currencies_dict(state: DuckDBState) -> None:
    result = run(state, "get_currencies_dict")
    assert isinstance(result, list) and result

def test_get_transactions_stats(state: DuckDBState) -> None:
    result = run(state, "get_transactions_stats")
    assert isinstance(result, list) and result

def test_get_transactions_stats_by_country(state: DuckDBState) -> None:
    result = run(state, "get_transactions_stats_by_country")
    assert isinstance(result, list) and result

def test_list_transactions(state: DuckDBState) -> None:
    result = run(state, "list_transactions")
    assert isinstance(result, list) and result
    rows = run(state, "list_transactions", currency_code='C-0014')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['currency_code']).lower() == 'c-0014' for r in rows)
    rows = run(state, "list_transactions", invoice_number='32570694')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['invoice_number']).lower() == '32570694' for r in rows)
    rows = run(state, "list_transactions", original_transaction_key='OT-1109')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['original_transaction_key']).lower() == 'ot-1109' for r in rows)
    rows = run(state, "list_transactions", tax_country_code='SK')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['tax_country_code']).lower() == 'sk' for r in rows)

def test_list_transactions_refusals(state: DuckDBState) -> None:
    assert_refused(state, "list_transactions",
                   re.escape("no currency with id 'C-9999' (currency ids look like 'C-0001')"),
                   currency_code='C-9999')

def test_get_transaction(state: DuckDBState) -> None:
    result = run(state, "get_transaction", transaction_key='T-0001')
    assert result['transaction_key'] == 'T-0001'

def test_get_transaction_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_transaction",
                   re.escape("no transaction with id 'T-9999' (transaction ids look like 'T-0001')"),
                   transaction_key='T-9999')

def test_update_transaction(state: DuckDBState) -> None:
    result = run(state, "update_transaction",
                 transaction_key='T-0001',
                 additional_currencies='[]',
                 amount=6.0,
                 billing_country_code='TO',
                 buyer_credit_card_prefix='Protect Where',
                 buyer_email='johnsoncynthia@example.net',
                 buyer_ip='Then Parent',
                 buyer_name='Call Include',
                 buyer_tax_number='05076703',
                 buyer_tax_number_valid=True,
                 comments='Have wonder already against',
                 confirm_timestamp='2026-03-02T09:00:00',
                 countries='{}',
                 create_timestamp='2026-03-02T09:00:00',
                 currency_code='C-0013',
                 custom_data='Crime Serious',
                 custom_fields='[]',
                 custom_id='C-6986',
                 customer_id='C-4749',
                 deducted_tax_amount=6.0,
                 description='Listen subject wish gas look record interview',
                 evidence='[]',
                 external_key='E-4275',
                 force_country_code='CM',
                 fully_informative=True,
                 invoice_address='{}',
                 invoice_date='2026-03-02',
                 invoice_image_url='https://www.owen.biz/',
                 invoice_number='90854795',
                 invoice_place='Port Jordanbury',
                 kind='eu-b2c',
                 manual=True,
                 note='Positive go Congress mean',
                 order_date='2026-03-02T09:00:00',
                 original_transaction_key='OT-5926',
                 refunded_tax_amount=6.0,
                 refunded_total_amount=6.0,
                 source='Among Pick',
                 status='N',
                 sub_account_id='SA-8117',
                 supply_date='2026-03-02',
                 tax_amount=6.0,
                 tax_country_code='BZ',
                 tax_data='{}',
                 tax_deducted=True,
                 tax_entity_name='Scene Include',
                 tax_number_service='Decision Ever',
                 tax_supported=True,
                 tax_timezone='Europe/Skopje',
                 test=True,
                 total_amount=6.0,
                 transaction_lines='[]',
                 verification_token='V-493284')
    assert result['additional_currencies'] == '[]'
    assert result['amount'] == 6.0
    assert result['billing_country_code'] == 'TO'
    assert result['buyer_credit_card_prefix'] == 'Protect Where'
    assert result['buyer_email'] == 'johnsoncynthia@example.net'
    assert result['buyer_ip'] == 'Then Parent'
    assert result['buyer_name'] == 'Call Include'
    assert result['buyer_tax_number'] == '05076703'
    assert result['buyer_tax_number_valid'] == True
    assert result['comments'] == 'Have wonder already against'
    assert result['confirm_timestamp'] == '2026-03-02T09:00:00'
    assert result['countries'] == '{}'
    assert result['create_timestamp'] == '2026-03-02T09:00:00'
    assert result['currency_code'] == 'C-0013'
    assert result['custom_data'] == 'Crime Serious'
    assert result['custom_fields'] == '[]'
    assert result['custom_id'] == 'C-6986'
    assert result['customer_id'] == 'C-4749'
    assert result['deducted_tax_amount'] == 6.0
    assert result['description'] == 'Listen subject wish gas look record interview'
    assert result['evidence'] == '[]'
    assert result['external_key'] == 'E-4275'
    assert result['force_country_code'] == 'CM'
    assert result['fully_informative'] == True
    assert result['invoice_address'] == '{}'
    assert result['invoice_date'] == '2026-03-02'
    assert result['invoice_image_url'] == 'https://www.owen.biz/'
    assert result['invoice_number'] == '90854795'
    assert result['invoice_place'] == 'Port Jordanbury'
    assert result['kind'] == 'eu-b2c'
    assert result['manual'] == True
    assert result['note'] == 'Positive go Congress mean'
    assert result['order_date'] == '2026-03-02T09:00:00'
    assert result['original_transaction_key'] == 'OT-5926'
    assert result['refunded_tax_amount'] == 6.0
    assert result['refunded_total_amount'] == 6.0
    assert result['source'] == 'Among Pick'
    assert result['status'] == 'N'
    assert result['sub_account_id'] == 'SA-8117'
    assert result['supply_date'] == '2026-03-02'
    assert result['tax_amount'] == 6.0
    assert result['tax_country_code'] == 'BZ'
    assert result['tax_data'] == '{}'
    assert result['tax_deducted'] == True
    assert result['tax_entity_name'] == 'Scene Include'
    assert result['tax_number_service'] == 'Decision Ever'
    assert result['tax_supported'] == True
    assert result['tax_timezone'] == 'Europe/Skopje'
    assert result['test'] == True
    assert result['total_amount'] == 6.0
    assert result['transaction_lines'] == '[]'
    assert result['verification_token'] == 'V-493284'

def test_update_transaction_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_transaction",
                   re.escape("no transaction with id 'T-9999' (transaction ids look like 'T-0001')"),
                   transaction_key='T-9999', additional_currencies='[]', amount=6.0, billing_country_code='TO',
                   buyer_credit_card_prefix='Protect Where', buyer_email='johnsoncynthia@example.net',
                   buyer_ip='Then Parent', buyer_name='Call Include', buyer_tax_number='05076703',
                   buyer_tax_number_valid=True, comments='Have wonder already against',
                   confirm_timestamp='2026-03-02T09:00:00', countries='{}', create_timestamp='2026-03-02T09:00:00',
                   currency_code='C-0013', custom_data='Crime Serious', custom_fields='[]', custom_id='C-6986',
                   customer_id='C-4749', deducted_tax_amount=6.0,
                   description='Listen subject wish gas look record interview', evidence='[]',
                   external_key='E-4275', force_country_code='CM', fully_informative=True, invoice_address='{}',
                   invoice_date='2026-03-02', invoice_image_url='https://www.owen.biz/', invoice_number='90854795',
                   invoice_place='Port Jordanbury', kind='eu-b2c', manual=True, note='Positive go Congress mean',
                   order_date='2026-03-02T09:00:00', original_transaction_key='OT-5926', refunded_tax_amount=6.0,
                   refunded_total_amount=6.0, source='Among Pick', status='N', sub_account_id='SA-8117',
                   supply_date='2026-03-02', tax_amount=6.0, tax_country_code='BZ', tax_data='{}',
                   tax_deducted=True, tax_entity_name='Scene Include', tax_number_service='Decision Ever',
                   tax_supported=True, tax_timezone='Europe/Skopje', test=True, total_amount=6.0,
                   transaction_lines='[]', verification_token='V-493284')
    assert_refused(state, "update_transaction",
                   re.escape("confirm_timestamp 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   transaction_key='T-0001', additional_currencies='[]', amount=6.0, billing_country_code='TO',
                   buyer_credit_card_prefix='Protect Where', buyer_email='johnsoncynthia@example.net',
                   buyer_ip='Then Parent', buyer_name='Call Include', buyer_tax_number='05076703',
                   buyer_tax_number_valid=True, comments='Have wonder already against', confirm_timestamp='someday',
                   countries='{}', create_timestamp='2026-03-02T09:00:00', currency_code='C-0013',
                   custom_data='Crime Serious', custom_fields='[]', custom_id='C-6986', customer_id='C-4749',
                   deducted_tax_amount=6.0, description='Listen subject wish gas look record interview',
                   evidence='[]', external_key='E-4275', force_country_code='CM', fully_informative=True,
                   invoice_address='{}', invoice_date='2026-03-02', invoice_image_url='https://www.owen.biz/',
                   invoice_number='90854795', invoice_place='Port Jordanbury', kind='eu-b2c', manual=True,
                   note='Positive go Congress mean', order_date='2026-03-02T09:00:00',
                   original_transaction_key='OT-5926', refunded_tax_amount=6.0, refunded_total_amount=6.0,
                   source='Among Pick', status='N', sub_account_id='SA-8117', supply_date='2026-03-02',
                   tax_amount=6.0, tax_country_code='BZ', tax_data='{}', tax_deducted=True,
                   tax_entity_name='Scene Include', tax_number_service='Decision Ever', tax_supported=True,
                   tax_timezone='Europe/Skopje', test=True, total_amount=6.0, transaction_lines='[]',
                   verification_token='V-493284')
    assert_refused(state, "update_transaction",
                   re.escape("create_timestamp 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   transaction_key='T-0001', additional_currencies='[]', amount=6.0, billing_country_code='TO',
                   buyer_credit_card_prefix='Protect Where', buyer_email='johnsoncynthia@example.net',
                   buyer_ip='Then Parent', buyer_name='Call Include', buyer_tax_number='05076703',
                   buyer_tax_number_valid=True, comments='Have wonder already against',
                   confirm_timestamp='2026-03-02T09:00:00', countries='{}', create_timestamp='someday',
                   currency_code='C-0013', custom_data='Crime Serious', custom_fields='[]', custom_id='C-6986',
                   customer_id='C-4749', deducted_tax_amount=6.0,
                   description='Listen subject wish gas look record interview', evidence='[]',
                   external_key='E-4275', force_country_code='CM', fully_informative=True, invoice_address='{}',
                   invoice_date='2026-03-02', invoice_image_url='https://www.owen.biz/', invoice_number='90854795',
                   invoice_place='Port Jordanbury', kind='eu-b2c', manual=True, note='Positive go Congress mean',
                   order_date='2026-03-02T09:00:00', original_transaction_key='OT-5926', refunded_tax_amount=6.0,
                   refunded_total_amount=6.0, source='Among Pick', status='N', sub_account_id='SA-8117',
                   supply_date='2026-03-02', tax_amount=6.0, tax_country_code='BZ', tax_data='{}',
                   tax_deducted=True, tax_entity_name='Scene Include', tax_number_service='Decision Ever',
                   tax_supported=True, tax_timezone='Europe/Skopje', test=True, total_amount=6.0,
                   transaction_lines='[]', verification_token='V-493284')
    assert_refused(state, "update_transaction",
                   re.escape("no currency with id 'C-9999' (currency ids look like 'C-0001')"),
                   transaction_key='T-0001', additional_currencies='[]', amount=6.0, billing_country_code='TO',
                   buyer_credit_card_prefix='Protect Where', buyer_email='johnsoncynthia@example.net',
                   buyer_ip='Then Parent', buyer_name='Call Include', buyer_tax_number='05076703',
                   buyer_tax_number_valid=True, comments='Have wonder already against',
                   confirm_timestamp='2026-03-02T09:00:00', countries='{}', create_timestamp='2026-03-02T09:00:00',
                   currency_code='C-9999', custom_data='Crime Serious', custom_fields='[]', custom_id='C-6986',
                   customer_id='C-4749', deducted_tax_amount=6.0,
                   description='Listen subject wish gas look record interview', evidence='[]',
                   external_key='E-4275', force_country_code='CM', fully_informative=True, invoice_address='{}',
                   invoice_date='2026-03-02', invoice_image_url='https://www.owen.biz/', invoice_number='90854795',
                   invoice_place='Port Jordanbury', kind='eu-b2c', manual=True, note='Positive go Congress mean',
                   order_date='2026-03-02T09:00:00', original_transaction_key='OT-5926', refunded_tax_amount=6.0,
                   refunded_total_amount=6.0, source='Among Pick', status='N', sub_account_id='SA-8117',
                   supply_date='2026-03-02', tax_amount=6.0, tax_country_code='BZ', tax_data='{}',
                   tax_deducted=True, tax_entity_name='Scene Include', tax_number_service='Decision Ever',
                   tax_supported=True, tax_timezone='Europe/Skopje', test=True, total_amount=6.0,
                   transaction_lines='[]', verification_token='V-493284')
    assert_refused(state, "update_transaction",
                   re.escape("invoice_date 'someday' is not a date (use YYYY-MM-DD)"),
                   transaction_key='T-0001', additional_currencies='[]', amount=6.0, billing_country_code='TO',
                   buyer_credit_card_prefix='Protect Where', buyer_email='johnsoncynthia@example.net',
                   buyer_ip='Then Parent', buyer_name='Call Include', buyer_tax_number='05076703',
                   buyer_tax_number_valid=True, comments='Have wonder already against',
                   confirm_timestamp='2026-03-02T09:00:00', countries='{}', create_timestamp='2026-03-02T09:00:00',
                   currency_code='C-0013', custom_data='Crime Serious', custom_fields='[]', custom_id='C-6986',
                   customer_id='C-4749', deducted_tax_amount=6.0,
                   description='Listen subject wish gas look record interview', evidence='[]',
                   external_key='E-4275', force_country_code='CM', fully_informative=True, invoice_address='{}',
                   invoice_date='someday', invoice_image_url='https://www.owen.biz/', invoice_number='90854795',
                   invoice_place='Port Jordanbury', kind='eu-b2c', manual=True, note='Positive go Congress mean',
                   order_date='2026-03-02T09:00:00', original_transaction_key='OT-5926', refunded_tax_amount=6.0,
                   refunded_total_amount=6.0, source='Among Pick', status='N', sub_account_id='SA-8117',
                   supply_date='2026-03-02', tax_amount=6.0, tax_country_code='BZ', tax_data='{}',
                   tax_deducted=True, tax_entity_name='Scene Include', tax_number_service='Decision Ever',
                   tax_supported=True, tax_timezone='Europe/Skopje', test=True, total_amount=6.0,
                   transaction_lines='[]', verification_token='V-493284')
    assert_refused(state, "update_transaction",
                   re.escape("order_date 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   transaction_key='T-0001', additional_currencies='[]', amount=6.0, billing_country_code='TO',
                   buyer_credit_card_prefix='Protect Where', buyer_email='johnsoncynthia@example.net',
                   buyer_ip='Then Parent', buyer_name='Call Include', buyer_tax_number='05076703',
                   buyer_tax_number_valid=True, comments='Have wonder already against',
                   confirm_timestamp='2026-03-02T09:00:00', countries='{}', create_timestamp='2026-03-02T09:00:00',
                   currency_code='C-0013', custom_data='Crime Serious', custom_fields='[]', custom_id='C-6986',
                   customer_id='C-4749', deducted_tax_amount=6.0,
                   description='Listen subject wish gas look record interview', evidence='[]',
                   external_key='E-4275', force_country_code='CM', fully_informative=True, invoice_address='{}',
                   invoice_date='2026-03-02', invoice_image_url='https://www.owen.biz/', invoice_number='90854795',
                   invoice_place='Port Jordanbury', kind='eu-b2c', manual=True, note='Positive go Congress mean',
                   order_date='someday', original_transaction_key='OT-5926', refunded_tax_amount=6.0,
                   refunded_total_amount=6.0, source='Among Pick', status='N', sub_account_id='SA-8117',
                   supply_date='2026-03-02', tax_amount=6.0, tax_country_code='BZ', tax_data='{}',
                   tax_deducted=True, tax_entity_name='Scene Include', tax_number_service='Decision Ever',
                   tax_supported=True, tax_timezone='Europe/Skopje', test=True, total_amount=6.0,
                   transaction_lines='[]', verification_token='V-493284')
    assert_refused(state, "update_transaction",
                   re.escape("supply_date 'someday' is not a date (use YYYY-MM-DD)"),
                   transaction_key='T-0001', additional_currencies='[]', amount=6.0, billing_country_code='TO',
                   buyer_credit_card_prefix='Protect Where', buyer_email='johnsoncynthia@example.net',
                   buyer_ip='Then Parent', buyer_name='Call Include', buyer_tax_number='05076703',
                   buyer_tax_number_valid=True, comments='Have wonder already against',
                   confirm_timestamp='2026-03-02T09:00:00', countries='{}', create_timestamp='2026-03-02T09:00:00',
                   currency_code='C-0013', custom_data='Crime Serious', custom_fields='[]', custom_id='C-6986',
                   customer_id='C-4749', deducted_tax_amount=6.0,
                   description='Listen subject wish gas look record interview', evidence='[]',
                   external_key='E-4275', force_country_code='CM', fully_informative=True, invoice_address='{}',
                   invoice_date='2026-03-02', invoice_image_url='https://www.owen.biz/', invoice_number='90854795',
                   invoice_place='Port Jordanbury', kind='eu-b2c', manual=True, note='Positive go Congress mean',
                   order_date='2026-03-02T09:00:00', original_transaction_key='OT-5926', refunded_tax_amount=6.0,
                   refunded_total_amount=6.0, source='Among Pick', status='N', sub_account_id='SA-8117',
                   supply_date='someday', tax_amount=6.0, tax_country_code='BZ', tax_data='{}', tax_deducted=True,
                   tax_entity_name='Scene Include', tax_number_service='Decision Ever', tax_supported=True,
                   tax_timezone='Europe/Skopje', test=True, total_amount=6.0, transaction_lines='[]',
                   verification_token='V-493284')
    assert_refused(state, "update_transaction",
                   re.escape('update transaction needs at least one of additional currencies, amount, billing country code, buyer credit card prefix, buyer email, buyer ip, buyer name, buyer tax number, buyer tax number valid, comments, confirm timestamp, countries, create timestamp, currency code, custom data, custom fields, custom id, customer id, deducted tax amount, description, evidence, external key, force country code, fully informative, invoice address, invoice date, invoice image url, invoice number, invoice place, kind, manual, note, order date, original transaction key, refunded tax amount, refunded total amount, source, status, sub account id, supply date, tax amount, tax country code, tax data, tax deducted, tax entity name, tax number service, tax supported, tax timezone, test, total amount, transaction lines or verification token'),
                   transaction_key='T-0001')

def test_cancel_transaction(state: DuckDBState) -> None:
    result = run(state, "cancel_transaction", transaction_key='T-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM transactions WHERE transaction_key = ?", ['T-0001']) == 0

def test_cancel_transaction_refusals(state: DuckDBState) -> None:
    assert_refused(state, "cancel_transaction",
                   re.escape("no transaction with id 'T-9999' (transaction ids look like 'T-0001')"),
                   transaction_key='T-9999')

def test_email_invoice(state: DuckDBState) -> None:
    result = run(state, "email_invoice", buyer_email='johnsoncynthia@example.net')
    assert result['transaction_key'] == 'T-0041'
    assert state.db.scalar("SELECT count(*) FROM transactions WHERE transaction_key = ?", ['T-0041']) == 1
