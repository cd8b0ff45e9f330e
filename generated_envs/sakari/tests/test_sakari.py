"""The sakari environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_contacts_fetch_all(state: DuckDBState) -> None:
    result = run(state, "contacts_fetch_all")
    assert isinstance(result, list) and result
    rows = run(state, "contacts_fetch_all", first_name='Marvin')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['first_name']).lower() == 'marvin' for r in rows)
    rows = run(state, "contacts_fetch_all", last_name='Berry')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['last_name']).lower() == 'berry' for r in rows)
    rows = run(state, "contacts_fetch_all", email='dave35@example.org')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['email']).lower() == 'dave35@example.org' for r in rows)

def test_contacts_fetch_all_refusals(state: DuckDBState) -> None:
    assert_refused(state, "contacts_fetch_all",
                   re.escape("account_id 'other-account-1' is not this deployment's: it has only 'account-1' (or leave account_id out)"),
                   account_id='other-account-1')

def test_contacts_create(state: DuckDBState) -> None:
    result = run(state, "contacts_create")
    assert isinstance(result, list) and result
    rows = run(state, "contacts_create", email='dave35@example.org')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['email']).lower() == 'dave35@example.org' for r in rows)
    rows = run(state, "contacts_create", first_name='Marvin')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['first_name']).lower() == 'marvin' for r in rows)
    rows = run(state, "contacts_create", contact_id='C-0021')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['contact_id']).lower() == 'c-0021' for r in rows)
    rows = run(state, "contacts_create", last_name='Berry')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['last_name']).lower() == 'berry' for r in rows)

def test_contacts_create_refusals(state: DuckDBState) -> None:
    assert_refused(state, "contacts_create",
                   re.escape("account_id 'other-account-1' is not this deployment's: it has only 'account-1' (or leave account_id out)"),
                   account_id='other-account-1')

def test_contacts_fetch(state: DuckDBState) -> None:
    result = run(state, "contacts_fetch", contact_id='C-0001')
    assert result['contact_id'] == 'C-0001'

def test_contacts_fetch_refusals(state: DuckDBState) -> None:
    assert_refused(state, "contacts_fetch",
                   re.escape("no contact with id 'C-9999' (contact ids look like 'C-0001')"),
                   contact_id='C-9999')
    assert_refused(state, "contacts_fetch",
                   re.escape("account_id 'other-account-1' is not this deployment's: it has only 'account-1' (or leave account_id out)"),
                   contact_id='C-0001', account_id='other-account-1')

def test_contacts_remove(state: DuckDBState) -> None:
    result = run(state, "contacts_remove", contact_id='C-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM contacts WHERE contact_id = ?", ['C-0001']) == 0

def test_contacts_remove_refusals(state: DuckDBState) -> None:
    assert_refused(state, "contacts_remove",
                   re.escape("no contact with id 'C-9999' (contact ids look like 'C-0001')"),
                   contact_id='C-9999')
    assert_refused(state, "contacts_remove",
                   re.escape("account_id 'other-account-1' is not this deployment's: it has only 'account-1' (or leave account_id out)"),
                   contact_id='C-0001', account_id='other-account-1')

def test_messages_fetch_all(state: DuckDBState) -> None:
    result = run(state, "messages_fetch_all")
    assert isinstance(result, list) and result

def test_messages_fetch_all_refusals(state: DuckDBState) -> None:
    assert_refused(state, "messages_fetch_all",
                   re.escape("account_id 'other-account-1' is not this deployment's: it has only 'account-1' (or leave account_id out)"),
                   account_id='other-account-1')

def test_messages_send(state: DuckDBState) -> None:
    result = run(state, "messages_send", media='[]', template='T-067207')
    assert result['message_id'] == 'M-0041'
    assert state.db.scalar("SELECT count(*) FROM messages WHERE message_id = ?", ['M-0041']) == 1

def test_messages_send_refusals(state: DuckDBState) -> None:
    assert_refused(state, "messages_send",
                   re.escape("account_id 'other-account-1' is not this deployment's: it has only 'account-1' (or leave account_id out)"),
                   media='[]', template='T-067207', account_id='other-account-1')

def test_messages_fetch(state: DuckDBState) -> None:
    result = run(state, "messages_fetch", message_id='M-0001')
    assert result['message_id'] == 'M-0001'

def test_messages_fetch_refusals(state: DuckDBState) -> None:
    assert_refused(state, "messages_fetch",
                   re.escape("no message with id 'M-9999' (message ids look like 'M-0001')"),
                   message_id='M-9999')
    assert_refused(state, "messages_fetch",
                   re.escape("account_id 'other-account-1' is not this deployment's: it has only 'account-1' (or leave account_id out)"),
                   message_id='M-0001', account_id='other-account-1')

def test_templates_fetch_all(state: DuckDBState) -> None:
    result = run(state, "templates_fetch_all")
    assert isinstance(result, list) and result
    rows = run(state, "templates_fetch_all", name='John Castro')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['name']).lower() == 'john castro' for r in rows)

def test_templates_fetch_all_refusals(state: DuckDBState) -> None:
    assert_refused(state, "templates_fetch_all",
                   re.escape("account_id 'other-account-1' is not this deployment's: it has only 'account-1' (or leave account_id out)"),
                   account_id='other-account-1')

def test_templates_create(state: DuckDBState) -> None:
    result = run(state, "templates_create")
    assert isinstance(result, list) and result
    rows = run(state, "templates_create", name='John Castro')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['name']).lower() == 'john castro' for r in rows)
    rows = run(state, "templates_create", type='Web')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['type']).lower() == 'web' for r in rows)

def test_templates_create_refusals(state: DuckDBState) -> None:
    assert_refused(state, "templates_create",
                   re.escape("account_id 'other-account-1' is not this deployment's: it has only 'account-1' (or leave account_id out)"),
                   account_id='other-account-1')

def test_templates_fetch(state: DuckDBState) -> None:
    result = run(state, "templates_fetch", template_id='T-0001')
    assert result['template_id'] == 'T-0001'

def test_templates_fetch_refusals(state: DuckDBState) -> None:
    assert_refused(state, "templates_fetch",
                   re.escape("no template with id 'T-9999' (template ids look like 'T-0001')"),
                   template_id='T-9999')
    assert_refused(state, "templates_fetch",
                   re.escape("account_id 'other-account-1' is not this deployment's: it has only 'account-1' (or leave account_id out)"),
                   template_id='T-0001', account_id='other-account-1')

def test_templates_remove(state: DuckDBState) -> None:
    result = run(state, "templates_remove", template_id='T-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM templates WHERE template_id = ?", ['T-0001']) == 0

def test_templates_remove_refusals(state: DuckDBState) -> None:
    assert_refused(state, "templates_remove",
                   re.escape("no template with id 'T-9999' (template ids look like 'T-0001')"),
                   template_id='T-9999')
    assert_refused(state, "templates_remove",
                   re.escape("account_id 'other-account-1' is not this deployment's: it has only 'account-1' (or leave account_id out)"),
                   template_id='T-0001', account_id='other-account-1')
