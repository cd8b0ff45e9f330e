"""The billingo environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_list_bank_account(state: DuckDBState) -> None:
    result = run(state, "list_bank_account")
    assert isinstance(result, list) and result

def test_create_bank_account(state: DuckDBState) -> None:
    result = run(state, "create_bank_account",
                 account_number='51706750',
                 account_number_iban='AN-441002',
                 currency='AUD',
                 name='Norma Fisher',
                 need_qr=True,
                 swift='S-870164')
    assert result['bank_account_id'] == 18
    assert state.db.scalar("SELECT count(*) FROM bank_accounts WHERE bank_account_id = ?", [18]) == 1

def test_get_bank_account(state: DuckDBState) -> None:
    result = run(state, "get_bank_account", bank_account_id=1)
    assert result['bank_account_id'] == 1

def test_get_bank_account_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_bank_account",
                   re.escape('no bank account with id 999999 (bank account ids look like 1)'),
                   bank_account_id=999999)

def test_update_bank_account(state: DuckDBState) -> None:
    result = run(state, "update_bank_account",
                 bank_account_id=1,
                 account_number='51706750',
                 account_number_iban='AN-441002',
                 currency='AUD',
                 name='Norma Fisher',
                 need_qr=True,
                 swift='S-870164')
    assert result['account_number'] == '51706750'
    assert result['account_number_iban'] == 'AN-441002'
    assert result['currency'] == 'AUD'
    assert result['name'] == 'Norma Fisher'
    assert result['need_qr'] == True
    assert result['swift'] == 'S-870164'

def test_update_bank_account_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_bank_account",
                   re.escape('no bank account with id 999999 (bank account ids look like 1)'),
                   bank_account_id=999999, account_number='51706750', account_number_iban='AN-441002',
                   currency='AUD', name='Norma Fisher', need_qr=True, swift='S-870164')
    assert_refused(state, "update_bank_account",
                   re.escape('update bank account needs at least one of account number, account number iban, currency, name, need qr or swift'),
                   bank_account_id=1)

def test_delete_bank_account(state: DuckDBState) -> None:
    result = run(state, "delete_bank_account", bank_account_id=1)
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM bank_accounts WHERE bank_account_id = ?", [1]) == 0

def test_delete_bank_account_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_bank_account",
                   re.escape('no bank account with id 999999 (bank account ids look like 1)'),
                   bank_account_id=999999)

def test_list_document_block(state: DuckDBState) -> None:
    result = run(state, "list_document_block")
    assert isinstance(result, list) and result

def test_list_document(state: DuckDBState) -> None:
    result = run(state, "list_document")
    assert isinstance(result, list) and result
    rows = run(state, "list_document", block_id=7901)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['block_id']).lower() == '7901' for r in rows)
    rows = run(state, "list_document", payment_method='ep_kartya')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['payment_method']).lower() == 'ep_kartya' for r in rows)
    rows = run(state, "list_document", payment_status='expired')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['payment_status']).lower() == 'expired' for r in rows)

def test_create_document(state: DuckDBState) -> None:
    result = run(state, "create_document",
                 block_id=6,
                 comment='Before year themselves your majority feeling fact',
                 conversion_rate=6.0,
                 currency='AUD',
                 due_date='2026-03-02',
                 electronic=True,
                 fulfillment_date='2026-03-02',
                 items='[]',
                 language='de',
                 payment_method='aruhitel',
                 settings='{}',
                 type='advance')
    assert result['document_id'] == 15
    assert state.db.scalar("SELECT count(*) FROM documents WHERE document_id = ?", [15]) == 1

def test_create_document_refusals(state: DuckDBState) -> None:
    assert_refused(state, "create_document",
                   re.escape("due_date 'someday' is not a date (use YYYY-MM-DD)"),
                   block_id=6, comment='Before year themselves your majority feeling fact', conversion_rate=6.0,
                   currency='AUD', due_date='someday', electronic=True, fulfillment_date='2026-03-02', items='[]',
                   language='de', payment_method='aruhitel', settings='{}', type='advance')
    assert_refused(state, "create_document",
                   re.escape("fulfillment_date 'someday' is not a date (use YYYY-MM-DD)"),
                   block_id=6, comment='Before year themselves your majority feeling fact', conversion_rate=6.0,
                   currency='AUD', due_date='2026-03-02', electronic=True, fulfillment_date='someday', items='[]',
                   language='de', payment_method='aruhitel', settings='{}', type='advance')

def test_get_document(state: DuckDBState) -> None:
    result = run(state, "get_document", document_id=1)
    assert result['document_id'] == 1

def test_get_document_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_document",
                   re.escape('no document with id 999999 (document ids look like 1)'),
                   document_id=999999)

def test_cancel_document(state: DuckDBState) -> None:
    result = run(state, "cancel_document", document_id=1)
    assert result['type'] == 'canceled'

def test_cancel_document_refusals(state: DuckDBState) -> None:
    assert_refused(state, "cancel_document",
                   re.escape('no document with id 999999 (document ids look like 1)'),
                   document_id=999999)
    assert_refused(state, "cancel_document",
                   re.escape('document 2 is canceled: cancel document applies only to a document whose type is advance, cancellation, draft, invoice or proforma'),
                   document_id=2)
    assert_refused(state, "cancel_document",
                   re.escape('document 3 is canceled: cancel document applies only to a document whose type is advance, cancellation, draft, invoice or proforma'),
                   document_id=3)
    assert_refused(state, "cancel_document",
                   re.escape('document 4 is canceled: cancel document applies only to a document whose type is advance, cancellation, draft, invoice or proforma'),
                   document_id=4)
    assert_refused(state, "cancel_document",
                   re.escape('document 11 is canceled: cancel document applies only to a document whose type is advance, cancellation, draft, invoice or proforma'),
                   document_id=11)

def test_download_document(state: DuckDBState) -> None:
    result = run(state, "download_document")
    assert isinstance(result, list) and result
    rows = run(state, "download_document", document_id=8)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['document_id']).lower() == '8' for r in rows)

def test_get_online_szamla_status(state: DuckDBState) -> None:
    result = run(state, "get_online_szamla_status")
    assert isinstance(result, list) and result
    rows = run(state, "get_online_szamla_status", document_id=8)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['document_id']).lower() == '8' for r in rows)

def test_get_organization_data(state: DuckDBState) -> None:
    result = run(state, "get_organization_data")
    assert isinstance(result, list) and result

def test_list_partner(state: DuckDBState) -> None:
    result = run(state, "list_partner")
    assert isinstance(result, list) and result

def test_create_partner(state: DuckDBState) -> None:
    result = run(state, "create_partner",
                 account_number='56369025',
                 address='[]',
                 emails='{}',
                 general_ledger_number='68303271',
                 iban='GB93YBZV22584197207698',
                 name='Mariah Price',
                 phone='+1-742-680-7150x84237',
                 swift='S-197426',
                 taxcode='T-968423')
    assert result['partner_id'] == 41
    assert state.db.scalar("SELECT count(*) FROM partners WHERE partner_id = ?", [41]) == 1

def test_get_partner(state: DuckDBState) -> None:
    result = run(state, "get_partner", partner_id=1)
    assert result['partner_id'] == 1

def test_get_partner_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_partner",
                   re.escape('no partner with id 999999 (partner ids look like 1)'),
                   partner_id=999999)

def test_update_partner(state: DuckDBState) -> None:
    result = run(state, "update_partner",
                 partner_id=1,
                 account_number='56369025',
                 address='[]',
                 emails='{}',
                 general_ledger_number='68303271',
                 iban='GB93YBZV22584197207698',
                 name='Mariah Price',
                 phone='+1-742-680-7150x84237',
                 swift='S-197426',
                 taxcode='T-968423')
    assert result['account_number'] == '56369025'
    assert result['address'] == '[]'
    assert result['emails'] == '{}'
    assert result['general_ledger_number'] == '68303271'
    assert result['iban'] == 'GB93YBZV22584197207698'
    assert result['name'] == 'Mariah Price'
    assert result['phone'] == '+1-742-680-7150x84237'
    assert result['swift'] == 'S-197426'
    assert result['taxcode'] == 'T-968423'

def test_update_partner_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_partner",
                   re.escape('no partner with id 999999 (partner ids look like 1)'),
                   partner_id=999999, account_number='56369025', address='[]', emails='{}',
                   general_ledger_number='68303271', iban='GB93YBZV22584197207698', name='Mariah Price',
                   phone='+1-742-680-7150x84237', swift='S-197426', taxcode='T-968423')
    assert_refused(state, "update_partner",
                   re.escape('update partner needs at least one of account number, address, emails, general ledger number, iban, name, phone, swift or taxcode'),
                   partner_id=1)

def test_delete_partner(state: DuckDBState) -> None:
    result = run(state, "delete_partner", partner_id=1)
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM partners WHERE partner_id = ?", [1]) == 0

def test_delete_partner_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_partner",
                   re.escape('no partner with id 999999 (partner ids look like 1)'),
                   partner_id=999999)

def test_list_product(state: DuckDBState) -> None:
    result = run(state, "list_product")
    assert isinstance(result, list) and result

def test_create_product(state: DuckDBState) -> None:
    result = run(state, "create_product",
                 comment='Safe affect though cover',
                 currency='AUD',
                 general_ledger_number='99766963',
                 general_ledger_taxcode='GL-354519',
                 name='Richard Carr',
                 net_unit_price=6.0,
                 unit='UNIT-402556',
                 vat='0%')
    assert result['product_id'] == 29
    assert state.db.scalar("SELECT count(*) FROM products WHERE product_id = ?", [29]) == 1

def test_get_product(state: DuckDBState) -> None:
    result = run(state, "get_product", product_id=1)
    assert result['product_id'] == 1

def test_get_product_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_product",
                   re.escape('no product with id 999999 (product ids look like 1)'),
                   product_id=999999)

def test_update_product(state: DuckDBState) -> None:
    result = run(state, "update_product",
                 product_id=1,
                 comment='Safe affect though cover',
                 currency='AUD',
                 general_ledger_number='99766963',
                 general_ledger_taxcode='GL-354519',
                 name='Richard Carr',
                 net_unit_price=6.0,
                 unit='UNIT-402556',
                 vat='0%')
    assert result['comment'] == 'Safe affect though cover'
    assert result['currency'] == 'AUD'
    assert result['general_ledger_number'] == '99766963'
    assert result['general_ledger_taxcode'] == 'GL-354519'
    assert result['name'] == 'Richard Carr'
    assert result['net_unit_price'] == 6.0
    assert result['unit'] == 'UNIT-402556'
    assert result['vat'] == '0%'

def test_update_product_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_product",
                   re.escape('no product with id 999999 (product ids look like 1)'),
                   product_id=999999, comment='Safe affect though cover', currency='AUD',
                   general_ledger_number='99766963', general_ledger_taxcode='GL-354519', name='Richard Carr',
                   net_unit_price=6.0, unit='UNIT-402556', vat='0%')
    assert_refused(state, "update_product",
                   re.escape('update product needs at least one of comment, currency, general ledger number, general ledger taxcode, name, net unit price, unit or vat'),
                   product_id=1)

def test_delete_product(state: DuckDBState) -> None:
    result = run(state, "delete_product", product_id=1)
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM products WHERE product_id = ?", [1]) == 0

def test_delete_product_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_product",
                   re.escape('no product with id 999999 (product ids look like 1)'),
                   product_id=999999)
