"""The c_ably_net_control environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_get_accounts_account_id_apps(state: DuckDBState) -> None:
    result = run(state, "get_accounts_account_id_apps")
    assert isinstance(result, list) and result
    rows = run(state, "get_accounts_account_id_apps", account_id='A-2480')
    assert rows and all(str(r['account_id']).lower() == 'a-2480' for r in rows)

def test_post_accounts_account_id_apps(state: DuckDBState) -> None:
    result = run(state, "post_accounts_account_id_apps",
                 account_id='A-3330',
                 apns_use_sandbox_endpoint=True,
                 name='Q-0025',
                 status='Local tend employee source nature add rest',
                 tls_only=True)
    assert result['id'] == 'A-0041'
    assert state.db.scalar("SELECT count(*) FROM apps WHERE id = ?", ['A-0041']) == 1

def test_post_accounts_account_id_apps_refusals(state: DuckDBState) -> None:
    assert_refused(state, "post_accounts_account_id_apps",
                   re.escape("no queue with id 'Q-9999' (queue ids look like 'Q-0001')"),
                   account_id='A-3330', apns_use_sandbox_endpoint=True, name='Q-9999',
                   status='Local tend employee source nature add rest', tls_only=True)

def test_get_apps_app_id_keys(state: DuckDBState) -> None:
    result = run(state, "get_apps_app_id_keys")
    assert isinstance(result, list) and result
    rows = run(state, "get_apps_app_id_keys", app_id='A-0026')
    assert rows and all(str(r['app_id']).lower() == 'a-0026' for r in rows)

def test_get_apps_app_id_keys_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_apps_app_id_keys",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999')

def test_post_apps_app_id_keys(state: DuckDBState) -> None:
    result = run(state, "post_apps_app_id_keys", app_id='A-0027', capability='{}', name='Q-0003')
    assert result['id'] == 'K-0040'
    assert state.db.scalar("SELECT count(*) FROM keys WHERE id = ?", ['K-0040']) == 1

def test_post_apps_app_id_keys_refusals(state: DuckDBState) -> None:
    assert_refused(state, "post_apps_app_id_keys",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999', capability='{}', name='Q-0003')
    assert_refused(state, "post_apps_app_id_keys",
                   re.escape("no queue with id 'Q-9999' (queue ids look like 'Q-0001')"),
                   app_id='A-0027', capability='{}', name='Q-9999')

def test_patch_apps_app_id_keys_key_id(state: DuckDBState) -> None:
    result = run(state, "patch_apps_app_id_keys_key_id",
                 app_id='A-0017',
                 id='K-0001',
                 capability='{}',
                 name='Q-0033')
    assert result['app_id'] == 'A-0017'
    assert result['capability'] == '{}'
    assert result['name'] == 'Q-0033'

def test_patch_apps_app_id_keys_key_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "patch_apps_app_id_keys_key_id",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999', id='K-0001', capability='{}', name='Q-0033')
    assert_refused(state, "patch_apps_app_id_keys_key_id",
                   re.escape("no key with id 'K-9999' (key ids look like 'K-0001')"),
                   app_id='A-0017', id='K-9999', capability='{}', name='Q-0033')
    assert_refused(state, "patch_apps_app_id_keys_key_id",
                   re.escape("no queue with id 'Q-9999' (queue ids look like 'Q-0001')"),
                   app_id='A-0017', id='K-0001', capability='{}', name='Q-9999')
    assert_refused(state, "patch_apps_app_id_keys_key_id",
                   re.escape('patch apps app id keys key id needs at least one of app id, capability or name'),
                   id='K-0001')

def test_get_apps_app_id_namespaces(state: DuckDBState) -> None:
    result = run(state, "get_apps_app_id_namespaces")
    assert isinstance(result, list) and result
    rows = run(state, "get_apps_app_id_namespaces", app_id='A-0034')
    assert rows and all(str(r['app_id']).lower() == 'a-0034' for r in rows)

def test_get_apps_app_id_namespaces_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_apps_app_id_namespaces",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999')

def test_post_apps_app_id_namespaces(state: DuckDBState) -> None:
    result = run(state, "post_apps_app_id_namespaces",
                 app_id='A-0032',
                 authenticated=True,
                 expose_timeserial=True,
                 persist_last=True,
                 persisted=True,
                 push_enabled=True,
                 tls_only=True)
    assert result['id'] == 'N-0041'
    assert state.db.scalar("SELECT count(*) FROM namespaces WHERE id = ?", ['N-0041']) == 1

def test_post_apps_app_id_namespaces_refusals(state: DuckDBState) -> None:
    assert_refused(state, "post_apps_app_id_namespaces",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999', authenticated=True, expose_timeserial=True, persist_last=True, persisted=True,
                   push_enabled=True, tls_only=True)

def test_patch_apps_app_id_namespaces_namespace_id(state: DuckDBState) -> None:
    result = run(state, "patch_apps_app_id_namespaces_namespace_id",
                 app_id='A-0026',
                 id='N-0001',
                 authenticated=True,
                 expose_timeserial=True,
                 persist_last=True,
                 persisted=True,
                 push_enabled=True,
                 tls_only=True)
    assert result['app_id'] == 'A-0026'
    assert result['authenticated'] == True
    assert result['expose_timeserial'] == True
    assert result['persist_last'] == True
    assert result['persisted'] == True
    assert result['push_enabled'] == True
    assert result['tls_only'] == True

def test_patch_apps_app_id_namespaces_namespace_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "patch_apps_app_id_namespaces_namespace_id",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999', id='N-0001', authenticated=True, expose_timeserial=True, persist_last=True,
                   persisted=True, push_enabled=True, tls_only=True)
    assert_refused(state, "patch_apps_app_id_namespaces_namespace_id",
                   re.escape("no namespace with id 'N-9999' (namespace ids look like 'N-0001')"),
                   app_id='A-0026', id='N-9999', authenticated=True, expose_timeserial=True, persist_last=True,
                   persisted=True, push_enabled=True, tls_only=True)
    assert_refused(state, "patch_apps_app_id_namespaces_namespace_id",
                   re.escape('patch apps app id namespaces namespace id needs at least one of app id, authenticated, expose timeserial, persist last, persisted, push enabled or tls only'),
                   id='N-0001')

def test_delete_apps_app_id_namespaces_namespace_id(state: DuckDBState) -> None:
    result = run(state, "delete_apps_app_id_namespaces_namespace_id", app_id='A-0020', id='N-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM namespaces WHERE id = ?", ['N-0001']) == 0

def test_delete_apps_app_id_namespaces_namespace_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_apps_app_id_namespaces_namespace_id",
                   re.escape("no namespace with id 'N-9999' (namespace ids look like 'N-0001')"),
                   app_id='A-0020', id='N-9999')

def test_get_apps_app_id_queues(state: DuckDBState) -> None:
    result = run(state, "get_apps_app_id_queues")
    assert isinstance(result, list) and result

def test_post_apps_app_id_queues(state: DuckDBState) -> None:
    result = run(state, "post_apps_app_id_queues", max_length=6, region='Missouri', ttl=6)
    assert result['name'] == 'Q-0041'
    assert state.db.scalar("SELECT count(*) FROM queues WHERE name = ?", ['Q-0041']) == 1

def test_delete_apps_app_id_queues_queue_id(state: DuckDBState) -> None:
    result = run(state, "delete_apps_app_id_queues_queue_id", name='Q-0004')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM queues WHERE name = ?", ['Q-0004']) == 0

def test_delete_apps_app_id_queues_queue_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_apps_app_id_queues_queue_id",
                   re.escape("no queue with id 'Q-9999' (queue ids look like 'Q-0001')"),
                   name='Q-9999')
    assert_refused(state, "delete_apps_app_id_queues_queue_id",
                   re.escape('queue Q-0001 is still referred to by 1 key row(s)'),
                   name='Q-0001')
    assert_refused(state, "delete_apps_app_id_queues_queue_id",
                   re.escape('queue Q-0002 is still referred to by 3 key row(s)'),
                   name='Q-0002')
    assert_refused(state, "delete_apps_app_id_queues_queue_id",
                   re.escape('queue Q-0003 is still referred to by 2 app row(s)'),
                   name='Q-0003')
    assert_refused(state, "delete_apps_app_id_queues_queue_id",
                   re.escape('queue Q-0006 is still referred to by 1 app row(s)'),
                   name='Q-0006')
    assert_refused(state, "delete_apps_app_id_queues_queue_id",
                   re.escape('queue Q-0007 is still referred to by 1 key row(s)'),
                   name='Q-0007')
    assert_refused(state, "delete_apps_app_id_queues_queue_id",
                   re.escape('queue Q-0008 is still referred to by 1 app row(s)'),
                   name='Q-0008')
    assert_refused(state, "delete_apps_app_id_queues_queue_id",
                   re.escape('queue Q-0011 is still referred to by 2 key row(s)'),
                   name='Q-0011')

def test_get_apps_app_id_rules(state: DuckDBState) -> None:
    result = run(state, "get_apps_app_id_rules")
    assert isinstance(result, list) and result
    rows = run(state, "get_apps_app_id_rules", app_id='A-0006')
    assert rows and all(str(r['app_id']).lower() == 'a-0006' for r in rows)

def test_get_apps_app_id_rules_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_apps_app_id_rules",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999')

def test_post_apps_app_id_rules(state: DuckDBState) -> None:
    result = run(state, "post_apps_app_id_rules",
                 app_id='A-0031',
                 request_mode='Majority campaign that various floor',
                 rule_type='http',
                 source='{}',
                 status='Painting movie end discussion budget situation between',
                 target='[]')
    assert result['id'] == 'R-0041'
    assert state.db.scalar("SELECT count(*) FROM rules WHERE id = ?", ['R-0041']) == 1

def test_post_apps_app_id_rules_refusals(state: DuckDBState) -> None:
    assert_refused(state, "post_apps_app_id_rules",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   app_id='A-9999', request_mode='Majority campaign that various floor', rule_type='http',
                   source='{}', status='Painting movie end discussion budget situation between', target='[]')

def test_delete_apps_app_id_rules_rule_id(state: DuckDBState) -> None:
    result = run(state, "delete_apps_app_id_rules_rule_id", app_id='A-0023', id='AER-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM amqp_external_rules WHERE id = ?", ['AER-0001']) == 0

def test_delete_apps_app_id_rules_rule_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_apps_app_id_rules_rule_id",
                   re.escape("no amqp external rule with id 'AER-9999' (amqp external rule ids look like 'AER-0001')"),
                   app_id='A-0023', id='AER-9999')

def test_patch_apps_id(state: DuckDBState) -> None:
    result = run(state, "patch_apps_id",
                 id='A-0001',
                 apns_use_sandbox_endpoint=True,
                 name='Q-0038',
                 status='Local tend employee source nature add rest',
                 tls_only=True)
    assert result['apns_use_sandbox_endpoint'] == True
    assert result['name'] == 'Q-0038'
    assert result['status'] == 'Local tend employee source nature add rest'
    assert result['tls_only'] == True

def test_patch_apps_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "patch_apps_id",
                   re.escape("no app with id 'A-9999' (app ids look like 'A-0001')"),
                   id='A-9999', apns_use_sandbox_endpoint=True, name='Q-0038',
                   status='Local tend employee source nature add rest', tls_only=True)
    assert_refused(state, "patch_apps_id",
                   re.escape("no queue with id 'Q-9999' (queue ids look like 'Q-0001')"),
                   id='A-0001', apns_use_sandbox_endpoint=True, name='Q-9999',
                   status='Local tend employee source nature add rest', tls_only=True)
    assert_refused(state, "patch_apps_id",
                   re.escape('patch apps id needs at least one of apns use sandbox endpoint, name, status or tls only'),
                   id='A-0001')
