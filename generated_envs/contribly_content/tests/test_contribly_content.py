"""The contribly_content environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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


def test_get_assignments(state: DuckDBState) -> None:
    result = run(state, "get_assignments")
    assert isinstance(result, list) and result
    rows = run(state, "get_assignments", url_words='https://www.davidson.com/')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['url_words']).lower() == 'https://www.davidson.com/' for r in rows)
    rows = run(state, "get_assignments", open=False)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['open']).lower() == 'false' for r in rows)
    rows = run(state, "get_assignments", name='Patricia Cruz')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['name']).lower() == 'patricia cruz' for r in rows)

def test_post_assignments(state: DuckDBState) -> None:
    result = run(state, "post_assignments",
                 allows_anonymous_contributions=True,
                 cover='{}',
                 description='Government first policy daughter',
                 embargo='2026-03-02T09:00:00',
                 ends='2026-03-02T09:00:00',
                 featured=True,
                 media_required=True,
                 moderator='Son Voice',
                 name='David Dixon',
                 receipt_message='Truth stop whose group through despite',
                 starts='2026-03-02T09:00:00',
                 tags='[]',
                 url_words='http://campos.com/')
    assert result['assignment_id'] == 'A-0041'
    assert state.db.scalar("SELECT count(*) FROM assignments WHERE assignment_id = ?", ['A-0041']) == 1

def test_post_assignments_refusals(state: DuckDBState) -> None:
    assert_refused(state, "post_assignments",
                   re.escape("embargo 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   allows_anonymous_contributions=True, cover='{}', description='Government first policy daughter',
                   embargo='someday', ends='2026-03-02T09:00:00', featured=True, media_required=True,
                   moderator='Son Voice', name='David Dixon',
                   receipt_message='Truth stop whose group through despite', starts='2026-03-02T09:00:00',
                   tags='[]', url_words='http://campos.com/')
    assert_refused(state, "post_assignments",
                   re.escape("ends 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   allows_anonymous_contributions=True, cover='{}', description='Government first policy daughter',
                   embargo='2026-03-02T09:00:00', ends='someday', featured=True, media_required=True,
                   moderator='Son Voice', name='David Dixon',
                   receipt_message='Truth stop whose group through despite', starts='2026-03-02T09:00:00',
                   tags='[]', url_words='http://campos.com/')
    assert_refused(state, "post_assignments",
                   re.escape("starts 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   allows_anonymous_contributions=True, cover='{}', description='Government first policy daughter',
                   embargo='2026-03-02T09:00:00', ends='2026-03-02T09:00:00', featured=True, media_required=True,
                   moderator='Son Voice', name='David Dixon',
                   receipt_message='Truth stop whose group through despite', starts='someday', tags='[]',
                   url_words='http://campos.com/')
    assert_refused(state, "post_assignments",
                   re.escape('ends 2026-03-01T09:00:00 is before starts 2026-03-02T09:00:00: the ends of an assignment cannot come before its starts'),
                   allows_anonymous_contributions=True, cover='{}', description='Government first policy daughter',
                   embargo='2026-03-02T09:00:00', ends='2026-03-01T09:00:00', featured=True, media_required=True,
                   moderator='Son Voice', name='David Dixon',
                   receipt_message='Truth stop whose group through despite', starts='2026-03-02T09:00:00',
                   tags='[]', url_words='http://campos.com/')

def test_get_assignments_id(state: DuckDBState) -> None:
    result = run(state, "get_assignments_id", assignment_id='A-0001')
    assert result['assignment_id'] == 'A-0001'

def test_get_assignments_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_assignments_id",
                   re.escape("no assignment with id 'A-9999' (assignment ids look like 'A-0001')"),
                   assignment_id='A-9999')

def test_delete_assignments_id(state: DuckDBState) -> None:
    result = run(state, "delete_assignments_id", assignment_id='A-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM assignments WHERE assignment_id = ?", ['A-0001']) == 0

def test_delete_assignments_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_assignments_id",
                   re.escape("no assignment with id 'A-9999' (assignment ids look like 'A-0001')"),
                   assignment_id='A-9999')

def test_get_contributions(state: DuckDBState) -> None:
    result = run(state, "get_contributions")
    assert isinstance(result, list) and result
    rows = run(state, "get_contributions", url_words='https://www.black.com/')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['url_words']).lower() == 'https://www.black.com/' for r in rows)

def test_post_contributions(state: DuckDBState) -> None:
    result = run(state, "post_contributions",
                 assignment='[]',
                 attribution='Attention National',
                 body='Push do pick expert commercial',
                 created='2026-03-02T09:00:00',
                 headline='Take Administration On',
                 media_usages='[]',
                 moderation_history='[]',
                 place='{}',
                 url_words='https://walters.com/',
                 via='[]')
    assert result['contribution_id'] == 'C-0029'
    assert state.db.scalar("SELECT count(*) FROM contributions WHERE contribution_id = ?", ['C-0029']) == 1

def test_post_contributions_refusals(state: DuckDBState) -> None:
    assert_refused(state, "post_contributions",
                   re.escape("created 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   assignment='[]', attribution='Attention National', body='Push do pick expert commercial',
                   created='someday', headline='Take Administration On', media_usages='[]', moderation_history='[]',
                   place='{}', url_words='https://walters.com/', via='[]')

def test_get_contributions_id(state: DuckDBState) -> None:
    result = run(state, "get_contributions_id", contribution_id='C-0001')
    assert result['contribution_id'] == 'C-0001'

def test_get_contributions_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_contributions_id",
                   re.escape("no contribution with id 'C-9999' (contribution ids look like 'C-0001')"),
                   contribution_id='C-9999')

def test_delete_contributions_id(state: DuckDBState) -> None:
    result = run(state, "delete_contributions_id", contribution_id='C-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM contributions WHERE contribution_id = ?", ['C-0001']) == 0

def test_delete_contributions_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_contributions_id",
                   re.escape("no contribution with id 'C-9999' (contribution ids look like 'C-0001')"),
                   contribution_id='C-9999')

def test_post_contributions_id_flag(state: DuckDBState) -> None:
    result = run(state, "post_contributions_id_flag",
                 date='2026-03-02T09:00:00',
                 email='hwells@example.org',
                 notes='Image central challenge term memory',
                 type='standard')
    assert result['flag_id'] == 'F-0041'
    assert state.db.scalar("SELECT count(*) FROM flags WHERE flag_id = ?", ['F-0041']) == 1

def test_post_contributions_id_flag_refusals(state: DuckDBState) -> None:
    assert_refused(state, "post_contributions_id_flag",
                   re.escape("date 'someday' is not a date and time (use YYYY-MM-DDTHH:MM)"),
                   date='someday', email='hwells@example.org', notes='Image central challenge term memory',
                   type='standard')

def test_get_form_responses(state: DuckDBState) -> None:
    result = run(state, "get_form_responses")
    assert isinstance(result, list) and result

def test_get_form_responses_id(state: DuckDBState) -> None:
    result = run(state, "get_form_responses_id", form_id='F-0001')
    assert result['form_id'] == 'F-0001'

def test_get_form_responses_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_form_responses_id",
                   re.escape("no form with id 'F-9999' (form ids look like 'F-0001')"),
                   form_id='F-9999')

def test_get_forms(state: DuckDBState) -> None:
    result = run(state, "get_forms")
    assert isinstance(result, list) and result
    rows = run(state, "get_forms", owned_by='margaret72')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['owned_by']).lower() == 'margaret72' for r in rows)

def test_post_forms(state: DuckDBState) -> None:
    result = run(state, "post_forms",
                 call_to_action='Window Book',
                 css_url='https://jackson.biz/',
                 fields='[]',
                 heading='Cold Performance Why',
                 name='Diane Gordon DVM',
                 no_css=True,
                 tags='{}')
    assert result['form_id'] == 'F-0041'
    assert state.db.scalar("SELECT count(*) FROM forms WHERE form_id = ?", ['F-0041']) == 1

def test_delete_forms_id(state: DuckDBState) -> None:
    result = run(state, "delete_forms_id", form_id='F-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM forms WHERE form_id = ?", ['F-0001']) == 0

def test_delete_forms_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_forms_id",
                   re.escape("no form with id 'F-9999' (form ids look like 'F-0001')"),
                   form_id='F-9999')

def test_get_subscriptions(state: DuckDBState) -> None:
    result = run(state, "get_subscriptions")
    assert isinstance(result, list) and result
    rows = run(state, "get_subscriptions", assignment='Well Career')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['assignment']).lower() == 'well career' for r in rows)
    rows = run(state, "get_subscriptions", email='wsmith@example.com')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['email']).lower() == 'wsmith@example.com' for r in rows)
    rows = run(state, "get_subscriptions", include_body=False)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['include_body']).lower() == 'false' for r in rows)
    rows = run(state, "get_subscriptions", include_thumbenail=False)
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['include_thumbenail']).lower() == 'false' for r in rows)
    rows = run(state, "get_subscriptions", slack_channel='Write Within')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['slack_channel']).lower() == 'write within' for r in rows)

def test_delete_subscriptions_id(state: DuckDBState) -> None:
    result = run(state, "delete_subscriptions_id", subscription_id='S-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM subscriptions WHERE subscription_id = ?", ['S-0001']) == 0

def test_delete_subscriptions_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "delete_subscriptions_id",
                   re.escape("no subscription with id 'S-9999' (subscription ids look like 'S-0001')"),
                   subscription_id='S-9999')

def test_get_tags(state: DuckDBState) -> None:
    result = run(state, "get_tags")
    assert isinstance(result, list) and result
    rows = run(state, "get_tags", url_words='http://burton.com/')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['url_words']).lower() == 'http://burton.com/' for r in rows)

def test_post_tags(state: DuckDBState) -> None:
    result = run(state, "post_tags",
                 colour='Cyan',
                 name='Christy Ferguson',
                 tag_set='{}',
                 url_words='https://www.foley.com/')
    assert result['tag_id'] == 'T-0024'
    assert state.db.scalar("SELECT count(*) FROM tags WHERE tag_id = ?", ['T-0024']) == 1

def test_get_tags_id(state: DuckDBState) -> None:
    result = run(state, "get_tags_id", tag_id='T-0001')
    assert result['tag_id'] == 'T-0001'

def test_get_tags_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_tags_id",
                   re.escape("no tag with id 'T-9999' (tag ids look like 'T-0001')"),
                   tag_id='T-9999')

def test_post_tagsets(state: DuckDBState) -> None:
    result = run(state, "post_tagsets", name='Ashley Cook')
    assert result['tag_set_id'] == 'TS-0041'
    assert state.db.scalar("SELECT count(*) FROM tag_sets WHERE tag_set_id = ?", ['TS-0041']) == 1

def test_get_users(state: DuckDBState) -> None:
    result = run(state, "get_users")
    assert isinstance(result, list) and result
    rows = run(state, "get_users", username='ldickson')
    rows = [r for r in rows if isinstance(r, dict)]  # a cut list ends with how many more
    assert rows and all(str(r['username']).lower() == 'ldickson' for r in rows)

def test_get_users_id(state: DuckDBState) -> None:
    result = run(state, "get_users_id", user_id='U-0001')
    assert result['user_id'] == 'U-0001'

def test_get_users_id_refusals(state: DuckDBState) -> None:
    assert_refused(state, "get_users_id",
                   re.escape("no user with id 'U-9999' (user ids look like 'U-0001')"),
                   user_id='U-9999')
