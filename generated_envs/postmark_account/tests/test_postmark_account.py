"""The postmark_account environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

from __future__ import annotations

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


def test_create_domain(state: DuckDBState) -> None:
    result = run(state, "create_domain", name='Stephanie Sutton', return_path_domain='castro-gomez.com')
    assert result['domain_extended_information_id'] == 41
    assert state.db.scalar("SELECT count(*) FROM domain_extended_information WHERE domain_extended_information_id = ?", [41]) == 1

def test_list_sender_signatures(state: DuckDBState) -> None:
    result = run(state, "list_sender_signatures")
    assert isinstance(result, list) and result

def test_create_sender_signature(state: DuckDBState) -> None:
    result = run(state, "create_sender_signature", name='Manuel Adams', return_path_domain='white-weaver.com')
    assert result['sender_signature_extended_information_id'] == 41
    assert state.db.scalar("SELECT count(*) FROM sender_signature_extended_information WHERE sender_signature_extended_information_id = ?", [41]) == 1

def test_list_servers(state: DuckDBState) -> None:
    result = run(state, "list_servers")
    assert isinstance(result, list) and result
    rows = run(state, "list_servers", name='Angela Woods')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['name']).lower() == 'angela woods' for r in rows)

def test_create_server(state: DuckDBState) -> None:
    result = run(state, "create_server",
                 bounce_hook_url='http://www.hudson.biz/',
                 click_hook_url='http://www.anderson.com/',
                 color='FloralWhite',
                 delivery_hook_url='https://garcia.com/',
                 inbound_domain='graham-wright.com',
                 inbound_hook_url='https://www.jones-franklin.com/',
                 inbound_spam_threshold=6,
                 open_hook_url='http://brown.net/',
                 post_first_open_only=True,
                 raw_email_enabled=True,
                 smtp_api_activated=True,
                 track_links='None',
                 track_opens=True)
    assert result['server_name'] == 'S-0041'
    assert state.db.scalar("SELECT count(*) FROM servers WHERE server_name = ?", ['S-0041']) == 1
