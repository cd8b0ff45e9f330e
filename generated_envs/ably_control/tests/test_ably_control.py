"""The ably_control environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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
    assert len(ENV.manifest.rules) >= 9


@pytest.mark.parametrize("task", ENV.tasks, ids=[t.id for t in ENV.tasks])
def test_gold_calls_replay(task: Any, state: DuckDBState) -> None:
    for call in task.gold_calls:
        run(state, call.name, **call.arguments)


def test_get_accounts_account_id_apps(state: DuckDBState) -> None:
    result = run(state, "get_accounts_account_id_apps")
    assert isinstance(result, list) and result
    rows = run(state, "get_accounts_account_id_apps", account_id='A-0266')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['account_id']).lower() == 'a-0266' for r in rows)

def test_post_accounts_account_id_apps(state: DuckDBState) -> None:
    result = run(state, "post_accounts_account_id_apps",
                 account_id='A-4243',
                 apns_use_sandbox_endpoint=True,
                 name='Norma Fisher',
                 status='pending',
                 tls_only=True)
    assert result['app_id'] == 'A-0016'
    assert state.db.scalar("SELECT count(*) FROM apps WHERE app_id = ?", ['A-0016']) == 1

def test_get_apps_app_id_keys(state: DuckDBState) -> None:
    result = run(state, "get_apps_app_id_keys")
    assert isinstance(result, list) and result
    rows = run(state, "get_apps_app_id_keys", app_id='A-0006')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['app_id']).lower() == 'a-0006' for r in rows)

def test_get_apps_app_id_keys_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_apps_app_id_keys",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999')

def test_post_apps_app_id_keys(state: DuckDBState) -> None:
    result = run(state, "post_apps_app_id_keys", app_id='A-0014', capability='{}', name='string')
    assert result['key_id'] == 'K-0040'
    assert state.db.scalar("SELECT count(*) FROM keys WHERE key_id = ?", ['K-0040']) == 1

def test_post_apps_app_id_keys_refusals(state: DuckDBState) -> None:
    assert_refused(state, "post_apps_app_id_keys",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999', capability='{}', name='string')

def test_patch_apps_app_id_keys_key_id(state: DuckDBState) -> None:
    result = run(state, "patch_apps_app_id_keys_key_id",
                 app_id='A-0012',
                 key_id='K-0001',
                 capability='{}',
                 name='string')
    assert result['app_id'] == 'A-0012'
    assert result['capability'] == '{}'
    assert result['name'] == 'string'

def test_patch_apps_app_id_keys_key_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "patch_apps_app_id_keys_key_id",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999', key_id='K-0001', capability='{}', name='string')
    assert_refused(state, "patch_apps_app_id_keys_key_id",
                   re.escape("no key with id 'K-9999' (key ids look like 'K-0001')"),
                   app_id='A-0012', key_id='K-9999', capability='{}', name='string')
    assert_refused(state, "patch_apps_app_id_keys_key_id",
                   re.escape('key K-0001 is not under app A-0001 (it belongs to app A-0012)'),
                   app_id='A-0001', key_id='K-0001', capability='{}', name='string')
    assert_refused(state, "patch_apps_app_id_keys_key_id",
                   re.escape('patch apps app id keys key id needs at least one of capability or name'),
                   app_id='A-0012', key_id='K-0001')

def test_get_apps_app_id_namespaces(state: DuckDBState) -> None:
    result = run(state, "get_apps_app_id_namespaces")
    assert isinstance(result, list) and result
    rows = run(state, "get_apps_app_id_namespaces", app_id='A-0009')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['app_id']).lower() == 'a-0009' for r in rows)

def test_get_apps_app_id_namespaces_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_apps_app_id_namespaces",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999')

def test_post_apps_app_id_namespaces(state: DuckDBState) -> None:
    result = run(state, "post_apps_app_id_namespaces",
                 app_id='A-0007',
                 authenticated=True,
                 expose_timeserial=True,
                 persist_last=True,
                 persisted=True,
                 push_enabled=True,
                 tls_only=True)
    assert result['namespace_id'] == 'N-0041'
    assert state.db.scalar("SELECT count(*) FROM namespaces WHERE namespace_id = ?", ['N-0041']) == 1

def test_post_apps_app_id_namespaces_refusals(state: DuckDBState) -> None:
    assert_refused(state, "post_apps_app_id_namespaces",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999', authenticated=True, expose_timeserial=True, persist_last=True, persisted=True,
                   push_enabled=True, tls_only=True)

def test_patch_apps_app_id_namespaces_namespace_id(state: DuckDBState) -> None:
    result = run(state, "patch_apps_app_id_namespaces_namespace_id",
                 app_id='A-0006',
                 namespace_id='N-0001',
                 authenticated=True,
                 expose_timeserial=True,
                 persist_last=True,
                 persisted=True,
                 push_enabled=True,
                 tls_only=True)
    assert result['app_id'] == 'A-0006'
    assert result['authenticated'] == True
    assert result['expose_timeserial'] == True
    assert result['persist_last'] == True
    assert result['persisted'] == True
    assert result['push_enabled'] == True
    assert result['tls_only'] == True

def test_patch_apps_app_id_namespaces_namespace_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "patch_apps_app_id_namespaces_namespace_id",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999', namespace_id='N-0001', authenticated=True, expose_timeserial=True,
                   persist_last=True, persisted=True, push_enabled=True, tls_only=True)
    assert_refused(state, "patch_apps_app_id_namespaces_namespace_id",
                   re.escape("no namespace with id 'N-9999' (namespace ids look like 'N-0001')"),
                   app_id='A-0006', namespace_id='N-9999', authenticated=True, expose_timeserial=True,
                   persist_last=True, persisted=True, push_enabled=True, tls_only=True)
    assert_refused(state, "patch_apps_app_id_namespaces_namespace_id",
                   re.escape('namespace N-0001 is not under app A-0001 (it belongs to app A-0006)'),
                   app_id='A-0001', namespace_id='N-0001', authenticated=True, expose_timeserial=True,
                   persist_last=True, persisted=True, push_enabled=True, tls_only=True)
    assert_refused(state, "patch_apps_app_id_namespaces_namespace_id",
                   re.escape('patch apps app id namespaces namespace id needs at least one of authenticated, expose timeserial, persist last, persisted, push enabled or tls only'),
                   app_id='A-0006', namespace_id='N-0001')

def test_delete_apps_app_id_namespaces_namespace_id(state: DuckDBState) -> None:
    result = run(state, "delete_apps_app_id_namespaces_namespace_id", app_id='A-0006', namespace_id='N-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM namespaces WHERE namespace_id = ?", ['N-0001']) == 0

def test_delete_apps_app_id_namespaces_namespace_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_apps_app_id_namespaces_namespace_id",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999', namespace_id='N-0001')
    assert_refused(state, "delete_apps_app_id_namespaces_namespace_id",
                   re.escape("no namespace with id 'N-9999' (namespace ids look like 'N-0001')"),
                   app_id='A-0006', namespace_id='N-9999')
    assert_refused(state, "delete_apps_app_id_namespaces_namespace_id",
                   re.escape('namespace N-0001 is not under app A-0001 (it belongs to app A-0006)'),
                   app_id='A-0001', namespace_id='N-0001')

def test_get_apps_app_id_queues(state: DuckDBState) -> None:
    result = run(state, "get_apps_app_id_queues")
    assert isinstance(result, list) and result
    rows = run(state, "get_apps_app_id_queues", app_id='A-0001')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['app_id']).lower() == 'a-0001' for r in rows)

def test_get_apps_app_id_queues_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_apps_app_id_queues",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999')

def test_post_apps_app_id_queues(state: DuckDBState) -> None:
    result = run(state, "post_apps_app_id_queues", app_id='A-0013', max_length=6, region='Colorado', ttl=6)
    assert result['queue_name'] == 'Q-0041'
    assert state.db.scalar("SELECT count(*) FROM queues WHERE queue_name = ?", ['Q-0041']) == 1

def test_post_apps_app_id_queues_refusals(state: DuckDBState) -> None:
    assert_refused(state, "post_apps_app_id_queues",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999', max_length=6, region='Colorado', ttl=6)

def test_delete_apps_app_id_queues_queue_id(state: DuckDBState) -> None:
    result = run(state, "delete_apps_app_id_queues_queue_id", app_id='A-0013', queue_name='Q-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM queues WHERE queue_name = ?", ['Q-0001']) == 0

def test_delete_apps_app_id_queues_queue_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_apps_app_id_queues_queue_id",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999', queue_name='Q-0001')
    assert_refused(state, "delete_apps_app_id_queues_queue_id",
                   re.escape("no queue with id 'Q-9999' (queue ids look like 'Q-0001')"),
                   app_id='A-0013', queue_name='Q-9999')
    assert_refused(state, "delete_apps_app_id_queues_queue_id",
                   re.escape('queue Q-0001 is not under app A-0001 (it belongs to app A-0013)'),
                   app_id='A-0001', queue_name='Q-0001')

def test_get_apps_app_id_rules(state: DuckDBState) -> None:
    result = run(state, "get_apps_app_id_rules")
    assert isinstance(result, list) and result
    rows = run(state, "get_apps_app_id_rules", app_id='A-0011')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['app_id']).lower() == 'a-0011' for r in rows)

def test_get_apps_app_id_rules_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_apps_app_id_rules",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999')

def test_post_apps_app_id_rules(state: DuckDBState) -> None:
    result = run(state, "post_apps_app_id_rules",
                 app_id='A-0015',
                 request_mode='manual',
                 rule_type='http',
                 source='{}',
                 status='active',
                 target='[]')
    assert result['rule_id'] == 'R-0041'
    assert state.db.scalar("SELECT count(*) FROM rules WHERE rule_id = ?", ['R-0041']) == 1

def test_post_apps_app_id_rules_refusals(state: DuckDBState) -> None:
    assert_refused(state, "post_apps_app_id_rules",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999', request_mode='manual', rule_type='http', source='{}', status='active',
                   target='[]')

def test_get_apps_app_id_rules_rule_id(state: DuckDBState) -> None:
    result = run(state, "get_apps_app_id_rules_rule_id", app_id='A-0006', rule_id='R-0001')
    assert result['rule_id'] == 'R-0001'

def test_get_apps_app_id_rules_rule_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_apps_app_id_rules_rule_id",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999', rule_id='R-0001')
    assert_refused(state, "get_apps_app_id_rules_rule_id",
                   re.escape("no rule with id 'R-9999' (rule ids look like 'R-0001')"),
                   app_id='A-0006', rule_id='R-9999')
    assert_refused(state, "get_apps_app_id_rules_rule_id",
                   re.escape('rule R-0001 is not under app A-0001 (it belongs to app A-0006)'),
                   app_id='A-0001', rule_id='R-0001')

def test_patch_apps_app_id_rules_rule_id(state: DuckDBState) -> None:
    result = run(state, "patch_apps_app_id_rules_rule_id",
                 app_id='A-0006',
                 rule_id='R-0001',
                 request_mode='manual',
                 rule_type='http',
                 source='{}',
                 status='active',
                 target='[]')
    assert result['app_id'] == 'A-0006'
    assert result['request_mode'] == 'manual'
    assert result['rule_type'] == 'http'
    assert result['source'] == '{}'
    assert result['status'] == 'active'
    assert result['target'] == '[]'

def test_patch_apps_app_id_rules_rule_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "patch_apps_app_id_rules_rule_id",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999', rule_id='R-0001', request_mode='manual', rule_type='http', source='{}',
                   status='active', target='[]')
    assert_refused(state, "patch_apps_app_id_rules_rule_id",
                   re.escape("no rule with id 'R-9999' (rule ids look like 'R-0001')"),
                   app_id='A-0006', rule_id='R-9999', request_mode='manual', rule_type='http', source='{}',
                   status='active', target='[]')
    assert_refused(state, "patch_apps_app_id_rules_rule_id",
                   re.escape('rule R-0001 is not under app A-0001 (it belongs to app A-0006)'),
                   app_id='A-0001', rule_id='R-0001', request_mode='manual', rule_type='http', source='{}',
                   status='active', target='[]')
    assert_refused(state, "patch_apps_app_id_rules_rule_id",
                   re.escape('patch apps app id rules rule id needs at least one of request mode, rule type, source, status or target'),
                   app_id='A-0006', rule_id='R-0001')

def test_delete_apps_app_id_rules_rule_id(state: DuckDBState) -> None:
    result = run(state, "delete_apps_app_id_rules_rule_id", app_id='A-0006', rule_id='R-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM rules WHERE rule_id = ?", ['R-0001']) == 0

def test_delete_apps_app_id_rules_rule_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_apps_app_id_rules_rule_id",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999', rule_id='R-0001')
    assert_refused(state, "delete_apps_app_id_rules_rule_id",
                   re.escape("no rule with id 'R-9999' (rule ids look like 'R-0001')"),
                   app_id='A-0006', rule_id='R-9999')
    assert_refused(state, "delete_apps_app_id_rules_rule_id",
                   re.escape('rule R-0001 is not under app A-0001 (it belongs to app A-0006)'),
                   app_id='A-0001', rule_id='R-0001')

def test_patch_apps_id(state: DuckDBState) -> None:
    result = run(state, "patch_apps_id",
                 app_id='A-0001',
                 apns_use_sandbox_endpoint=True,
                 name='Norma Fisher',
                 status='pending',
                 tls_only=True)
    assert result['apns_use_sandbox_endpoint'] == True
    assert result['name'] == 'Norma Fisher'
    assert result['status'] == 'pending'
    assert result['tls_only'] == True

def test_patch_apps_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "patch_apps_id",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999', apns_use_sandbox_endpoint=True, name='Norma Fisher', status='pending',
                   tls_only=True)
    assert_refused(state, "patch_apps_id",
                   re.escape('patch apps id needs at least one of apns use sandbox endpoint, name, status or tls only'),
                   app_id='A-0001')
