"""The ynab environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_get_budgets(state: DuckDBState) -> None:
    result = run(state, "get_budgets")
    assert isinstance(result, list) and result

def test_get_budget_by_id(state: DuckDBState) -> None:
    result = run(state, "get_budget_by_id", budget_id='B-0001')
    assert result['budget_id'] == 'B-0001'

def test_get_budget_by_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_budget_by_id",
                   re.escape("no budget with id 'B-9999' (budget ids look like 'B-0001')"),
                   budget_id='B-9999')

def test_get_accounts(state: DuckDBState) -> None:
    result = run(state, "get_accounts")
    assert isinstance(result, list) and result

def test_get_accounts_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_accounts",
                   re.escape("budget_id 'other-budget-1' is not this deployment's: it has only 'budget-1' (or leave budget_id out)"),
                   budget_id='other-budget-1')

def test_create_account(state: DuckDBState) -> None:
    result = run(state, "create_account", balance=6, name='Norma Fisher', type='checking')
    assert result['account_id'] == 'A-0027'
    assert state.db.scalar("SELECT count(*) FROM accounts WHERE account_id = ?", ['A-0027']) == 1

def test_create_account_refusals(state: DuckDBState) -> None:
    assert_refused(state, "create_account",
                   re.escape("budget_id 'other-budget-1' is not this deployment's: it has only 'budget-1' (or leave budget_id out)"),
                   balance=6, name='Norma Fisher', type='checking', budget_id='other-budget-1')

def test_get_account_by_id(state: DuckDBState) -> None:
    result = run(state, "get_account_by_id", account_id='A-0001')
    assert result['account_id'] == 'A-0001'

def test_get_account_by_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_account_by_id",
                   re.escape("no account with id 'A-9999' (account ids look like 'A-0001')"),
                   account_id='A-9999')
    assert_refused(state, "get_account_by_id",
                   re.escape("budget_id 'other-budget-1' is not this deployment's: it has only 'budget-1' (or leave budget_id out)"),
                   account_id='A-0001', budget_id='other-budget-1')

def test_get_transactions_by_account(state: DuckDBState) -> None:
    result = run(state, "get_transactions_by_account")
    assert isinstance(result, list) and result
    rows = run(state, "get_transactions_by_account", account_id='A-0018')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['account_id']).lower() == 'a-0018' for r in rows)

def test_get_transactions_by_account_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_transactions_by_account",
                   re.escape("no account with id 'A-9999' (account ids look like 'A-0001')"),
                   account_id='A-9999')
    assert_refused(state, "get_transactions_by_account",
                   re.escape("budget_id 'other-budget-1' is not this deployment's: it has only 'budget-1' (or leave budget_id out)"),
                   budget_id='other-budget-1')

def test_get_categories(state: DuckDBState) -> None:
    result = run(state, "get_categories")
    assert isinstance(result, list) and result

def test_get_categories_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_categories",
                   re.escape("budget_id 'other-budget-1' is not this deployment's: it has only 'budget-1' (or leave budget_id out)"),
                   budget_id='other-budget-1')

def test_get_category_by_id(state: DuckDBState) -> None:
    result = run(state, "get_category_by_id", category_id='C-0001')
    assert result['category_id'] == 'C-0001'

def test_get_category_by_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_category_by_id",
                   re.escape("no category with id 'C-9999' (category ids look like 'C-0001')"),
                   category_id='C-9999')
    assert_refused(state, "get_category_by_id",
                   re.escape("budget_id 'other-budget-1' is not this deployment's: it has only 'budget-1' (or leave budget_id out)"),
                   category_id='C-0001', budget_id='other-budget-1')

def test_get_transactions_by_category(state: DuckDBState) -> None:
    result = run(state, "get_transactions_by_category")
    assert isinstance(result, list) and result
    rows = run(state, "get_transactions_by_category", category_id='C-0005')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['category_id']).lower() == 'c-0005' for r in rows)

def test_get_transactions_by_category_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_transactions_by_category",
                   re.escape("no category with id 'C-9999' (category ids look like 'C-0001')"),
                   category_id='C-9999')
    assert_refused(state, "get_transactions_by_category",
                   re.escape("budget_id 'other-budget-1' is not this deployment's: it has only 'budget-1' (or leave budget_id out)"),
                   budget_id='other-budget-1')

def test_get_month_category_by_id(state: DuckDBState) -> None:
    result = run(state, "get_month_category_by_id", category_id='C-0001')
    assert result['category_id'] == 'C-0001'

def test_get_month_category_by_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_month_category_by_id",
                   re.escape("no category with id 'C-9999' (category ids look like 'C-0001')"),
                   category_id='C-9999')
    assert_refused(state, "get_month_category_by_id",
                   re.escape("budget_id 'other-budget-1' is not this deployment's: it has only 'budget-1' (or leave budget_id out)"),
                   category_id='C-0001', budget_id='other-budget-1')

def test_update_month_category(state: DuckDBState) -> None:
    result = run(state, "update_month_category", category_id='C-0001', budgeted=6)
    assert result['budgeted'] == 6

def test_update_month_category_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_month_category",
                   re.escape("no category with id 'C-9999' (category ids look like 'C-0001')"),
                   category_id='C-9999', budgeted=6)
    assert_refused(state, "update_month_category",
                   re.escape("budget_id 'other-budget-1' is not this deployment's: it has only 'budget-1' (or leave budget_id out)"),
                   category_id='C-0001', budgeted=6, budget_id='other-budget-1')
    assert_refused(state, "update_month_category",
                   re.escape('update month category needs at least one of budgeted'),
                   category_id='C-0001')

def test_get_payee_locations(state: DuckDBState) -> None:
    result = run(state, "get_payee_locations")
    assert isinstance(result, list) and result

def test_get_payee_locations_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_payee_locations",
                   re.escape("budget_id 'other-budget-1' is not this deployment's: it has only 'budget-1' (or leave budget_id out)"),
                   budget_id='other-budget-1')

def test_get_payee_location_by_id(state: DuckDBState) -> None:
    result = run(state, "get_payee_location_by_id", payee_location_id='PL-0001')
    assert result['payee_location_id'] == 'PL-0001'

def test_get_payee_location_by_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_payee_location_by_id",
                   re.escape("no payee location with id 'PL-9999' (payee location ids look like 'PL-0001')"),
                   payee_location_id='PL-9999')
    assert_refused(state, "get_payee_location_by_id",
                   re.escape("budget_id 'other-budget-1' is not this deployment's: it has only 'budget-1' (or leave budget_id out)"),
                   payee_location_id='PL-0001', budget_id='other-budget-1')

def test_get_payee_locations_by_payee(state: DuckDBState) -> None:
    result = run(state, "get_payee_locations_by_payee")
    assert isinstance(result, list) and result
    rows = run(state, "get_payee_locations_by_payee", payee_id='P-0040')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['payee_id']).lower() == 'p-0040' for r in rows)

def test_get_payee_locations_by_payee_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_payee_locations_by_payee",
                   re.escape("no payee with id 'P-9999' (payee ids look like 'P-0001')"),
                   payee_id='P-9999')
    assert_refused(state, "get_payee_locations_by_payee",
                   re.escape("budget_id 'other-budget-1' is not this deployment's: it has only 'budget-1' (or leave budget_id out)"),
                   budget_id='other-budget-1')

def test_get_transactions_by_payee(state: DuckDBState) -> None:
    result = run(state, "get_transactions_by_payee")
    assert isinstance(result, list) and result
    rows = run(state, "get_transactions_by_payee", payee_id='P-0008')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['payee_id']).lower() == 'p-0008' for r in rows)

def test_get_transactions_by_payee_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_transactions_by_payee",
                   re.escape("no payee with id 'P-9999' (payee ids look like 'P-0001')"),
                   payee_id='P-9999')
    assert_refused(state, "get_transactions_by_payee",
                   re.escape("budget_id 'other-budget-1' is not this deployment's: it has only 'budget-1' (or leave budget_id out)"),
                   budget_id='other-budget-1')

def test_get_scheduled_transactions(state: DuckDBState) -> None:
    result = run(state, "get_scheduled_transactions")
    assert isinstance(result, list) and result

def test_get_scheduled_transactions_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_scheduled_transactions",
                   re.escape("budget_id 'other-budget-1' is not this deployment's: it has only 'budget-1' (or leave budget_id out)"),
                   budget_id='other-budget-1')

def test_get_scheduled_transaction_by_id(state: DuckDBState) -> None:
    result = run(state, "get_scheduled_transaction_by_id", scheduled_transaction_id='ST-0001')
    assert result['scheduled_transaction_id'] == 'ST-0001'

def test_get_scheduled_transaction_by_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_scheduled_transaction_by_id",
                   re.escape("no scheduled transaction with id 'ST-9999' (scheduled transaction ids look like 'ST-0001')"),
                   scheduled_transaction_id='ST-9999')
    assert_refused(state, "get_scheduled_transaction_by_id",
                   re.escape("budget_id 'other-budget-1' is not this deployment's: it has only 'budget-1' (or leave budget_id out)"),
                   scheduled_transaction_id='ST-0001', budget_id='other-budget-1')

def test_get_transactions(state: DuckDBState) -> None:
    result = run(state, "get_transactions")
    assert isinstance(result, list) and result

def test_get_transactions_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_transactions",
                   re.escape("budget_id 'other-budget-1' is not this deployment's: it has only 'budget-1' (or leave budget_id out)"),
                   budget_id='other-budget-1')

def test_get_transaction_by_id(state: DuckDBState) -> None:
    result = run(state, "get_transaction_by_id", transaction_id='T-0001')
    assert result['transaction_id'] == 'T-0001'

def test_get_transaction_by_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_transaction_by_id",
                   re.escape("no transaction with id 'T-9999' (transaction ids look like 'T-0001')"),
                   transaction_id='T-9999')
    assert_refused(state, "get_transaction_by_id",
                   re.escape("budget_id 'other-budget-1' is not this deployment's: it has only 'budget-1' (or leave budget_id out)"),
                   transaction_id='T-0001', budget_id='other-budget-1')

def test_update_transaction(state: DuckDBState) -> None:
    result = run(state, "update_transaction",
                 transaction_id='T-0001',
                 account_id='A-0013',
                 amount=6,
                 approved=True,
                 category_id='C-0025',
                 cleared='cleared',
                 date='2026-03-02',
                 flag_color='red',
                 import_id='I-2835',
                 memo='Special network foreign one',
                 payee_id='P-0027',
                 payee_name='Myself Later',
                 subtransactions='[]')
    assert result['account_id'] == 'A-0013'
    assert result['amount'] == 6
    assert result['approved'] == True
    assert result['category_id'] == 'C-0025'
    assert result['cleared'] == 'cleared'
    assert result['date'] == '2026-03-02'
    assert result['flag_color'] == 'red'
    assert result['import_id'] == 'I-2835'
    assert result['memo'] == 'Special network foreign one'
    assert result['payee_id'] == 'P-0027'
    assert result['payee_name'] == 'Travis Brown'
    assert result['subtransactions'] == '[]'

def test_update_transaction_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_transaction",
                   re.escape("no transaction with id 'T-9999' (transaction ids look like 'T-0001')"),
                   transaction_id='T-9999', account_id='A-0013', amount=6, approved=True, category_id='C-0025',
                   cleared='cleared', date='2026-03-02', flag_color='red', import_id='I-2835',
                   memo='Special network foreign one', payee_id='P-0027', payee_name='Myself Later',
                   subtransactions='[]')
    assert_refused(state, "update_transaction",
                   re.escape("no account with id 'A-9999' (account ids look like 'A-0001')"),
                   transaction_id='T-0001', account_id='A-9999', amount=6, approved=True, category_id='C-0025',
                   cleared='cleared', date='2026-03-02', flag_color='red', import_id='I-2835',
                   memo='Special network foreign one', payee_id='P-0027', payee_name='Myself Later',
                   subtransactions='[]')
    assert_refused(state, "update_transaction",
                   re.escape("no category with id 'C-9999' (category ids look like 'C-0001')"),
                   transaction_id='T-0001', account_id='A-0013', amount=6, approved=True, category_id='C-9999',
                   cleared='cleared', date='2026-03-02', flag_color='red', import_id='I-2835',
                   memo='Special network foreign one', payee_id='P-0027', payee_name='Myself Later',
                   subtransactions='[]')
    assert_refused(state, "update_transaction",
                   re.escape("date 'someday' is not a date (use YYYY-MM-DD)"),
                   transaction_id='T-0001', account_id='A-0013', amount=6, approved=True, category_id='C-0025',
                   cleared='cleared', date='someday', flag_color='red', import_id='I-2835',
                   memo='Special network foreign one', payee_id='P-0027', payee_name='Myself Later',
                   subtransactions='[]')
    assert_refused(state, "update_transaction",
                   re.escape('import_id must have at most 36 characters, got 37'),
                   transaction_id='T-0001', account_id='A-0013', amount=6, approved=True, category_id='C-0025',
                   cleared='cleared', date='2026-03-02', flag_color='red',
                   import_id='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', memo='Special network foreign one',
                   payee_id='P-0027', payee_name='Myself Later', subtransactions='[]')
    assert_refused(state, "update_transaction",
                   re.escape('memo must have at most 200 characters, got 201'),
                   transaction_id='T-0001', account_id='A-0013', amount=6, approved=True, category_id='C-0025',
                   cleared='cleared', date='2026-03-02', flag_color='red', import_id='I-2835',
                   memo='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
                   payee_id='P-0027', payee_name='Myself Later', subtransactions='[]')
    assert_refused(state, "update_transaction",
                   re.escape("no payee with id 'P-9999' (payee ids look like 'P-0001')"),
                   transaction_id='T-0001', account_id='A-0013', amount=6, approved=True, category_id='C-0025',
                   cleared='cleared', date='2026-03-02', flag_color='red', import_id='I-2835',
                   memo='Special network foreign one', payee_id='P-9999', payee_name='Myself Later',
                   subtransactions='[]')
    assert_refused(state, "update_transaction",
                   re.escape('payee_name must have at most 50 characters, got 51'),
                   transaction_id='T-0001', account_id='A-0013', amount=6, approved=True, category_id='C-0025',
                   cleared='cleared', date='2026-03-02', flag_color='red', import_id='I-2835',
                   memo='Special network foreign one', payee_id='P-0027',
                   payee_name='xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', subtransactions='[]')
    assert_refused(state, "update_transaction",
                   re.escape("budget_id 'other-budget-1' is not this deployment's: it has only 'budget-1' (or leave budget_id out)"),
                   transaction_id='T-0001', account_id='A-0013', amount=6, approved=True, category_id='C-0025',
                   cleared='cleared', date='2026-03-02', flag_color='red', import_id='I-2835',
                   memo='Special network foreign one', payee_id='P-0027', payee_name='Myself Later',
                   subtransactions='[]', budget_id='other-budget-1')
    assert_refused(state, "update_transaction",
                   re.escape('update transaction needs at least one of account id, amount, approved, category id, cleared, date, flag color, import id, memo, payee id, payee name or subtransactions'),
                   transaction_id='T-0001')
