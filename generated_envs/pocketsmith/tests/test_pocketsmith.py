"""The pocketsmith environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_get_accounts_id_transactions(state: DuckDBState) -> None:
    result = run(state, "get_accounts_id_transactions")
    assert isinstance(result, list) and result
    rows = run(state, "get_accounts_id_transactions", transaction_id=10)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['transaction_id']).lower() == '10' for r in rows)
    rows = run(state, "get_accounts_id_transactions", type='debit')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['type']).lower() == 'debit' for r in rows)

def test_get_categories_id(state: DuckDBState) -> None:
    result = run(state, "get_categories_id", category_id=1)
    assert result['category_id'] == 1

def test_get_categories_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_categories_id",
                   re.escape('no category with id 999999 (category ids look like 1)'),
                   category_id=999999)

def test_put_categories_id(state: DuckDBState) -> None:
    result = run(state, "put_categories_id",
                 category_id=1,
                 colour='OliveDrab',
                 is_bill=True,
                 is_transfer=True,
                 parent_id=6,
                 refund_behaviour='debits_are_deductions',
                 roll_up=True,
                 title='Son Voice Kitchen')
    assert result['colour'] == 'OliveDrab'
    assert result['is_bill'] == True
    assert result['is_transfer'] == True
    assert result['parent_id'] == 6
    assert result['refund_behaviour'] == 'debits_are_deductions'
    assert result['roll_up'] == True
    assert result['title'] == 'Son Voice Kitchen'

def test_put_categories_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "put_categories_id",
                   re.escape('no category with id 999999 (category ids look like 1)'),
                   category_id=999999, colour='OliveDrab', is_bill=True, is_transfer=True, parent_id=6,
                   refund_behaviour='debits_are_deductions', roll_up=True, title='Son Voice Kitchen')
    assert_refused(state, "put_categories_id",
                   re.escape('put categories id needs at least one of colour, is bill, is transfer, parent id, refund behaviour, roll up or title'),
                   category_id=1)

def test_delete_categories_id(state: DuckDBState) -> None:
    result = run(state, "delete_categories_id", category_id=1)
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM categories WHERE category_id = ?", [1]) == 0

def test_delete_categories_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_categories_id",
                   re.escape('no category with id 999999 (category ids look like 1)'),
                   category_id=999999)

def test_get_categories_id_transactions(state: DuckDBState) -> None:
    result = run(state, "get_categories_id_transactions")
    assert isinstance(result, list) and result
    rows = run(state, "get_categories_id_transactions", transaction_id=10)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['transaction_id']).lower() == '10' for r in rows)
    rows = run(state, "get_categories_id_transactions", type='debit')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['type']).lower() == 'debit' for r in rows)

def test_get_events_id(state: DuckDBState) -> None:
    result = run(state, "get_events_id", event_id='42-1601942400')
    assert result['event_id'] == '42-1601942400'

def test_get_events_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_events_id",
                   re.escape("no event with id '42-9999999999' (event ids look like '42-1601942400')"),
                   event_id='42-9999999999')

def test_put_events_id(state: DuckDBState) -> None:
    result = run(state, "put_events_id",
                 event_id='42-1601942400',
                 amount=6.0,
                 note='Drug contain start almost wonder employee attorney',
                 repeat_interval=6,
                 repeat_type='once')
    assert result['amount'] == 6.0
    assert result['note'] == 'Drug contain start almost wonder employee attorney'
    assert result['repeat_interval'] == 6
    assert result['repeat_type'] == 'once'

def test_put_events_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "put_events_id",
                   re.escape("no event with id '42-9999999999' (event ids look like '42-1601942400')"),
                   event_id='42-9999999999', amount=6.0, note='Drug contain start almost wonder employee attorney',
                   repeat_interval=6, repeat_type='once')
    assert_refused(state, "put_events_id",
                   re.escape('put events id needs at least one of amount, note, repeat interval or repeat type'),
                   event_id='42-1601942400')

def test_delete_events_id(state: DuckDBState) -> None:
    result = run(state, "delete_events_id", event_id='42-1601942400')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM events WHERE event_id = ?", ['42-1601942400']) == 0

def test_delete_events_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_events_id",
                   re.escape("no event with id '42-9999999999' (event ids look like '42-1601942400')"),
                   event_id='42-9999999999')

def test_get_institutions_id(state: DuckDBState) -> None:
    result = run(state, "get_institutions_id", institution_id=1)
    assert result['institution_id'] == 1

def test_get_institutions_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_institutions_id",
                   re.escape('no institution with id 999999 (institution ids look like 1)'),
                   institution_id=999999)

def test_put_institutions_id(state: DuckDBState) -> None:
    result = run(state, "put_institutions_id", institution_id=1, currency_code='LBP', title='Range Heavy Important')
    assert result['currency_code'] == 'LBP'
    assert result['title'] == 'Range Heavy Important'

def test_put_institutions_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "put_institutions_id",
                   re.escape('no institution with id 999999 (institution ids look like 1)'),
                   institution_id=999999, currency_code='LBP', title='Range Heavy Important')
    assert_refused(state, "put_institutions_id",
                   re.escape('put institutions id needs at least one of currency code or title'),
                   institution_id=1)

def test_delete_institutions_id(state: DuckDBState) -> None:
    result = run(state, "delete_institutions_id", institution_id=1)
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM institutions WHERE institution_id = ?", [1]) == 0

def test_delete_institutions_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_institutions_id",
                   re.escape('no institution with id 999999 (institution ids look like 1)'),
                   institution_id=999999)

def test_get_scenarios_id_events(state: DuckDBState) -> None:
    result = run(state, "get_scenarios_id_events")
    assert isinstance(result, list) and result
    rows = run(state, "get_scenarios_id_events", event_id='42-1601942413')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['event_id']).lower() == '42-1601942413' for r in rows)

def test_post_scenarios_id_events(state: DuckDBState) -> None:
    result = run(state, "post_scenarios_id_events",
                 amount=6.0,
                 date='2026-03-02',
                 note='Drug contain start almost wonder employee attorney',
                 repeat_interval=6,
                 repeat_type='once')
    assert result['event_id'] == '42-1601942427'
    assert state.db.scalar("SELECT count(*) FROM events WHERE event_id = ?", ['42-1601942427']) == 1

def test_post_scenarios_id_events_refusals(state: DuckDBState) -> None:
    assert_refused(state, "post_scenarios_id_events",
                   re.escape("date 'someday' is not a date (use YYYY-MM-DD)"),
                   amount=6.0, date='someday', note='Drug contain start almost wonder employee attorney',
                   repeat_interval=6, repeat_type='once')

def test_get_transaction_accounts_id_transactions(state: DuckDBState) -> None:
    result = run(state, "get_transaction_accounts_id_transactions")
    assert isinstance(result, list) and result
    rows = run(state, "get_transaction_accounts_id_transactions", transaction_id=10)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['transaction_id']).lower() == '10' for r in rows)
    rows = run(state, "get_transaction_accounts_id_transactions", type='debit')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['type']).lower() == 'debit' for r in rows)

def test_post_transaction_accounts_id_transactions(state: DuckDBState) -> None:
    result = run(state, "post_transaction_accounts_id_transactions",
                 amount=6.0,
                 cheque_number='61561697',
                 date='2026-03-02',
                 is_transfer=True,
                 labels='{}',
                 memo='Woman put partner',
                 needs_review=True,
                 note='Budget power them evidence without',
                 payee='Jennifer Dunn')
    assert result['transaction_id'] == 20
    assert state.db.scalar("SELECT count(*) FROM transactions WHERE transaction_id = ?", [20]) == 1

def test_post_transaction_accounts_id_transactions_refusals(state: DuckDBState) -> None:
    assert_refused(state, "post_transaction_accounts_id_transactions",
                   re.escape("date 'someday' is not a date (use YYYY-MM-DD)"),
                   amount=6.0, cheque_number='61561697', date='someday', is_transfer=True, labels='{}',
                   memo='Woman put partner', needs_review=True, note='Budget power them evidence without',
                   payee='Jennifer Dunn')

def test_get_transactions_id(state: DuckDBState) -> None:
    result = run(state, "get_transactions_id", transaction_id=1)
    assert result['transaction_id'] == 1

def test_get_transactions_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_transactions_id",
                   re.escape('no transaction with id 999999 (transaction ids look like 1)'),
                   transaction_id=999999)

def test_put_transactions_id(state: DuckDBState) -> None:
    result = run(state, "put_transactions_id",
                 transaction_id=1,
                 amount=6.0,
                 cheque_number='61561697',
                 date='2026-03-02',
                 is_transfer=True,
                 labels='{}',
                 memo='Woman put partner',
                 needs_review=True,
                 note='Budget power them evidence without',
                 payee='Jennifer Dunn')
    assert result['amount'] == 6.0
    assert result['cheque_number'] == '61561697'
    assert result['date'] == '2026-03-02'
    assert result['is_transfer'] == True
    assert result['labels'] == '{}'
    assert result['memo'] == 'Woman put partner'
    assert result['needs_review'] == True
    assert result['note'] == 'Budget power them evidence without'
    assert result['payee'] == 'Jennifer Dunn'

def test_put_transactions_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "put_transactions_id",
                   re.escape('no transaction with id 999999 (transaction ids look like 1)'),
                   transaction_id=999999, amount=6.0, cheque_number='61561697', date='2026-03-02', is_transfer=True,
                   labels='{}', memo='Woman put partner', needs_review=True,
                   note='Budget power them evidence without', payee='Jennifer Dunn')
    assert_refused(state, "put_transactions_id",
                   re.escape("date 'someday' is not a date (use YYYY-MM-DD)"),
                   transaction_id=1, amount=6.0, cheque_number='61561697', date='someday', is_transfer=True,
                   labels='{}', memo='Woman put partner', needs_review=True,
                   note='Budget power them evidence without', payee='Jennifer Dunn')
    assert_refused(state, "put_transactions_id",
                   re.escape('put transactions id needs at least one of amount, cheque number, date, is transfer, labels, memo, needs review, note or payee'),
                   transaction_id=1)

def test_delete_transactions_id(state: DuckDBState) -> None:
    result = run(state, "delete_transactions_id", transaction_id=1)
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM transactions WHERE transaction_id = ?", [1]) == 0

def test_delete_transactions_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_transactions_id",
                   re.escape('no transaction with id 999999 (transaction ids look like 1)'),
                   transaction_id=999999)

def test_get_users_id_categories(state: DuckDBState) -> None:
    result = run(state, "get_users_id_categories")
    assert isinstance(result, list) and result
    rows = run(state, "get_users_id_categories", category_id=14)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['category_id']).lower() == '14' for r in rows)

def test_post_users_id_categories(state: DuckDBState) -> None:
    result = run(state, "post_users_id_categories",
                 colour='OliveDrab',
                 is_bill=True,
                 is_transfer=True,
                 parent_id=6,
                 refund_behaviour='debits_are_deductions',
                 roll_up=True,
                 title='Son Voice Kitchen')
    assert result['category_id'] == 27
    assert state.db.scalar("SELECT count(*) FROM categories WHERE category_id = ?", [27]) == 1

def test_get_users_id_events(state: DuckDBState) -> None:
    result = run(state, "get_users_id_events")
    assert isinstance(result, list) and result
    rows = run(state, "get_users_id_events", event_id='42-1601942413')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['event_id']).lower() == '42-1601942413' for r in rows)

def test_get_users_id_institutions(state: DuckDBState) -> None:
    result = run(state, "get_users_id_institutions")
    assert isinstance(result, list) and result
    rows = run(state, "get_users_id_institutions", institution_id=11)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['institution_id']).lower() == '11' for r in rows)

def test_post_users_id_institutions(state: DuckDBState) -> None:
    result = run(state, "post_users_id_institutions", currency_code='LBP', title='Range Heavy Important')
    assert result['institution_id'] == 21
    assert state.db.scalar("SELECT count(*) FROM institutions WHERE institution_id = ?", [21]) == 1

def test_get_users_id_transactions(state: DuckDBState) -> None:
    result = run(state, "get_users_id_transactions")
    assert isinstance(result, list) and result
    rows = run(state, "get_users_id_transactions", transaction_id=10)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['transaction_id']).lower() == '10' for r in rows)
    rows = run(state, "get_users_id_transactions", type='debit')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['type']).lower() == 'debit' for r in rows)
