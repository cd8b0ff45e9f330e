"""The postmark_server environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_get_bounces(state: DuckDBState) -> None:
    result = run(state, "get_bounces")
    assert isinstance(result, list) and result
    rows = run(state, "get_bounces", type='HardBounce')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['type']).lower() == 'hardbounce' for r in rows)
    rows = run(state, "get_bounces", inactive=False)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['inactive']).lower() == 'false' for r in rows)
    rows = run(state, "get_bounces", message_id='OM-0006')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['message_id']).lower() == 'om-0006' for r in rows)
    rows = run(state, "get_bounces", tag='TAG-454478')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['tag']).lower() == 'tag-454478' for r in rows)

def test_get_bounces_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_bounces",
                   re.escape("no outbound message with id 'OM-9999' (outbound message ids look like 'OM-0001')"),
                   message_id='OM-9999')

def test_get_single_bounce(state: DuckDBState) -> None:
    result = run(state, "get_single_bounce", bounce_id='B-0001')
    assert result['bounce_id'] == 'B-0001'

def test_get_single_bounce_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_single_bounce",
                   re.escape("no bounce with id 'B-9999' (bounce ids look like 'B-0001')"),
                   bounce_id='B-9999')

def test_get_bounces_bounceid_dump(state: DuckDBState) -> None:
    result = run(state, "get_bounces_bounceid_dump")
    assert isinstance(result, list) and result
    rows = run(state, "get_bounces_bounceid_dump", bounce_id='B-0021')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['bounce_id']).lower() == 'b-0021' for r in rows)

def test_search_inbound_messages(state: DuckDBState) -> None:
    result = run(state, "search_inbound_messages")
    assert isinstance(result, list) and result
    rows = run(state, "search_inbound_messages", subject='Benefit Crime Style')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['subject']).lower() == 'benefit crime style' for r in rows)
    rows = run(state, "search_inbound_messages", tag='TAG-650653')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['tag']).lower() == 'tag-650653' for r in rows)
    rows = run(state, "search_inbound_messages", status='blocked')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['status']).lower() == 'blocked' for r in rows)

def test_search_outbound_messages(state: DuckDBState) -> None:
    result = run(state, "search_outbound_messages")
    assert isinstance(result, list) and result
    rows = run(state, "search_outbound_messages", tag='TAG-960351')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['tag']).lower() == 'tag-960351' for r in rows)
    rows = run(state, "search_outbound_messages", status='queued')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['status']).lower() == 'queued' for r in rows)

def test_get_outbound_message_details(state: DuckDBState) -> None:
    result = run(state, "get_outbound_message_details")
    assert isinstance(result, list) and result

def test_get_outbound_message_dump(state: DuckDBState) -> None:
    result = run(state, "get_outbound_message_dump")
    assert isinstance(result, list) and result

def test_get_current_server_configuration(state: DuckDBState) -> None:
    result = run(state, "get_current_server_configuration")
    assert isinstance(result, list) and result

def test_get_bounce_counts(state: DuckDBState) -> None:
    result = run(state, "get_bounce_counts")
    assert isinstance(result, list) and result
    rows = run(state, "get_bounce_counts", tag='TAG-454478')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['tag']).lower() == 'tag-454478' for r in rows)

def test_list_templates(state: DuckDBState) -> None:
    result = run(state, "list_templates")
    assert isinstance(result, list) and result

def test_post_templates(state: DuckDBState) -> None:
    result = run(state, "post_templates",
                 alias='A-886129',
                 html_body='College pull whom around put suddenly garden',
                 name='Kyle Ramos',
                 subject='Continue Add Market',
                 text_body='Tonight themselves true power home price')
    assert result['template_id'] == 41
    assert state.db.scalar("SELECT count(*) FROM templates WHERE template_id = ?", [41]) == 1

def test_update_template(state: DuckDBState) -> None:
    result = run(state, "update_template", alias='A-054494', template_record_name='TR-0001')
    assert result['alias'] == 'A-054494'

def test_update_template_refusals(state: DuckDBState) -> None:
    assert_refused(state, "update_template",
                   re.escape("no template record with id 'TR-9999' (template record ids look like 'TR-0001')"),
                   alias='A-054494', template_record_name='TR-9999')
    assert_refused(state, "update_template",
                   re.escape('update template needs at least one of alias'),
                   template_record_name='TR-0001')

def test_create_inbound_rule(state: DuckDBState) -> None:
    result = run(state, "create_inbound_rule")
    assert result['inboundrule2_id'] == 41
    assert state.db.scalar("SELECT count(*) FROM inboundrule2s WHERE inboundrule2_id = ?", [41]) == 1

def test_create_inbound_rule_refusals(state: DuckDBState) -> None:
    assert_refused(state, "create_inbound_rule",
                   re.escape("rule 'not-an-address' is not an email address"),
                   rule='not-an-address')
