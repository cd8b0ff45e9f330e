"""The apideck_ats environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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
    assert len(ENV.manifest.rules) >= 4


@pytest.mark.parametrize("task", ENV.tasks, ids=[t.id for t in ENV.tasks])
def test_gold_calls_replay(task: Any, state: DuckDBState) -> None:
    for call in task.gold_calls:
        run(state, call.name, **call.arguments)


def test_applicants_all(state: DuckDBState) -> None:
    result = run(state, "applicants_all")
    assert isinstance(result, list) and result

def test_applicants_add(state: DuckDBState) -> None:
    result = run(state, "applicants_add",
                 addresses='{}',
                 anonymized=True,
                 application_ids='[]',
                 applications='[]',
                 archived=True,
                 birthday='2026-03-02',
                 confidential=True,
                 coordinator_id='C-8550',
                 cover_letter='Three Image',
                 custom_fields='[]',
                 custom_mappings='{}',
                 deleted=True,
                 emails='[]',
                 first_name='Christine',
                 followers='{}',
                 headline='Enough Where No',
                 initials='Teacher Win',
                 last_name='Johnston',
                 middle_name='Thomas',
                 name='Jeffrey Carr',
                 owner_id='O-5329',
                 phone_numbers='[]',
                 photo_url='https://dummyimage.com/418x976',
                 position_id='P-2335',
                 record_url='https://www.moon.com/',
                 recruiter_id='R-1319',
                 social_links='[]',
                 sources='{}',
                 stage_id='S-9883',
                 tags='[]',
                 title='Fact Nearly Task',
                 websites='[]')
    assert result['applicant_id'] == '12383'
    assert state.db.scalar("SELECT count(*) FROM applicants WHERE applicant_id = ?", ['12383']) == 1

def test_applicants_add_refusals(state: DuckDBState) -> None:
    assert_refused(state, "applicants_add",
                   re.escape("birthday 'someday' is not a date (use YYYY-MM-DD)"),
                   addresses='{}', anonymized=True, application_ids='[]', applications='[]', archived=True,
                   birthday='someday', confidential=True, coordinator_id='C-8550', cover_letter='Three Image',
                   custom_fields='[]', custom_mappings='{}', deleted=True, emails='[]', first_name='Christine',
                   followers='{}', headline='Enough Where No', initials='Teacher Win', last_name='Johnston',
                   middle_name='Thomas', name='Jeffrey Carr', owner_id='O-5329', phone_numbers='[]',
                   photo_url='https://dummyimage.com/418x976', position_id='P-2335',
                   record_url='https://www.moon.com/', recruiter_id='R-1319', social_links='[]', sources='{}',
                   stage_id='S-9883', tags='[]', title='Fact Nearly Task', websites='[]')

def test_applicants_one(state: DuckDBState) -> None:
    result = run(state, "applicants_one", applicant_id='12345')
    assert result['applicant_id'] == '12345'

def test_applicants_one_refusals(state: DuckDBState) -> None:
    assert_refused(state, "applicants_one",
                   re.escape("no applicant with id '99999' (applicant ids look like '12345')"),
                   applicant_id='99999')

def test_applicants_update(state: DuckDBState) -> None:
    result = run(state, "applicants_update",
                 applicant_id='12345',
                 addresses='{}',
                 anonymized=True,
                 application_ids='[]',
                 applications='[]',
                 archived=True,
                 birthday='2026-03-02',
                 confidential=True,
                 coordinator_id='C-8550',
                 cover_letter='Three Image',
                 custom_fields='[]',
                 custom_mappings='{}',
                 deleted=True,
                 emails='[]',
                 first_name='Christine',
                 followers='{}',
                 headline='Enough Where No',
                 initials='Teacher Win',
                 last_name='Johnston',
                 middle_name='Thomas',
                 name='Jeffrey Carr',
                 owner_id='O-5329',
                 phone_numbers='[]',
                 photo_url='https://dummyimage.com/418x976',
                 position_id='P-2335',
                 record_url='https://www.moon.com/',
                 recruiter_id='R-1319',
                 social_links='[]',
                 sources='{}',
                 stage_id='S-9883',
                 tags='[]',
                 title='Fact Nearly Task',
                 websites='[]')
    assert result['addresses'] == '{}'
    assert result['anonymized'] == True
    assert result['application_ids'] == '[]'
    assert result['applications'] == '[]'
    assert result['archived'] == True
    assert result['birthday'] == '2026-03-02'
    assert result['confidential'] == True
    assert result['coordinator_id'] == 'C-8550'
    assert result['cover_letter'] == 'Three Image'
    assert result['custom_fields'] == '[]'
    assert result['custom_mappings'] == '{}'
    assert result['deleted'] == True
    assert result['emails'] == '[]'
    assert result['first_name'] == 'Christine'
    assert result['followers'] == '{}'
    assert result['headline'] == 'Enough Where No'
    assert result['initials'] == 'Teacher Win'
    assert result['last_name'] == 'Johnston'
    assert result['middle_name'] == 'Thomas'
    assert result['name'] == 'Jeffrey Carr'
    assert result['owner_id'] == 'O-5329'
    assert result['phone_numbers'] == '[]'
    assert result['photo_url'] == 'https://dummyimage.com/418x976'
    assert result['position_id'] == 'P-2335'
    assert result['record_url'] == 'https://www.moon.com/'
    assert result['recruiter_id'] == 'R-1319'
    assert result['social_links'] == '[]'
    assert result['sources'] == '{}'
    assert result['stage_id'] == 'S-9883'
    assert result['tags'] == '[]'
    assert result['title'] == 'Fact Nearly Task'
    assert result['websites'] == '[]'

def test_applicants_update_refusals(state: DuckDBState) -> None:
    assert_refused(state, "applicants_update",
                   re.escape("no applicant with id '99999' (applicant ids look like '12345')"),
                   applicant_id='99999', addresses='{}', anonymized=True, application_ids='[]', applications='[]',
                   archived=True, birthday='2026-03-02', confidential=True, coordinator_id='C-8550',
                   cover_letter='Three Image', custom_fields='[]', custom_mappings='{}', deleted=True, emails='[]',
                   first_name='Christine', followers='{}', headline='Enough Where No', initials='Teacher Win',
                   last_name='Johnston', middle_name='Thomas', name='Jeffrey Carr', owner_id='O-5329',
                   phone_numbers='[]', photo_url='https://dummyimage.com/418x976', position_id='P-2335',
                   record_url='https://www.moon.com/', recruiter_id='R-1319', social_links='[]', sources='{}',
                   stage_id='S-9883', tags='[]', title='Fact Nearly Task', websites='[]')
    assert_refused(state, "applicants_update",
                   re.escape("birthday 'someday' is not a date (use YYYY-MM-DD)"),
                   applicant_id='12345', addresses='{}', anonymized=True, application_ids='[]', applications='[]',
                   archived=True, birthday='someday', confidential=True, coordinator_id='C-8550',
                   cover_letter='Three Image', custom_fields='[]', custom_mappings='{}', deleted=True, emails='[]',
                   first_name='Christine', followers='{}', headline='Enough Where No', initials='Teacher Win',
                   last_name='Johnston', middle_name='Thomas', name='Jeffrey Carr', owner_id='O-5329',
                   phone_numbers='[]', photo_url='https://dummyimage.com/418x976', position_id='P-2335',
                   record_url='https://www.moon.com/', recruiter_id='R-1319', social_links='[]', sources='{}',
                   stage_id='S-9883', tags='[]', title='Fact Nearly Task', websites='[]')
    assert_refused(state, "applicants_update",
                   re.escape('applicants update needs at least one of addresses, anonymized, application ids, applications, archived, birthday, confidential, coordinator id, cover letter, custom fields, custom mappings, deleted, emails, first name, followers, headline, initials, last name, middle name, name, owner id, phone numbers, photo url, position id, record url, recruiter id, social links, sources, stage id, tags, title or websites'),
                   applicant_id='12345')

def test_applicants_delete(state: DuckDBState) -> None:
    result = run(state, "applicants_delete", applicant_id='12346')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM applicants WHERE applicant_id = ?", ['12346']) == 0

def test_applicants_delete_refusals(state: DuckDBState) -> None:
    assert_refused(state, "applicants_delete",
                   re.escape("no applicant with id '99999' (applicant ids look like '12345')"),
                   applicant_id='99999')
    assert_refused(state, "applicants_delete",
                   re.escape('applicant 12345 is still referred to by 1 application row(s)'),
                   applicant_id='12345')
    assert_refused(state, "applicants_delete",
                   re.escape('applicant 12353 is still referred to by 1 application row(s)'),
                   applicant_id='12353')
    assert_refused(state, "applicants_delete",
                   re.escape('applicant 12356 is still referred to by 2 application row(s)'),
                   applicant_id='12356')
    assert_refused(state, "applicants_delete",
                   re.escape('applicant 12357 is still referred to by 1 application row(s)'),
                   applicant_id='12357')
    assert_refused(state, "applicants_delete",
                   re.escape('applicant 12358 is still referred to by 2 application row(s)'),
                   applicant_id='12358')
    assert_refused(state, "applicants_delete",
                   re.escape('applicant 12360 is still referred to by 1 application row(s)'),
                   applicant_id='12360')
    assert_refused(state, "applicants_delete",
                   re.escape('applicant 12366 is still referred to by 1 application row(s)'),
                   applicant_id='12366')

def test_applications_all(state: DuckDBState) -> None:
    result = run(state, "applications_all")
    assert isinstance(result, list) and result

def test_applications_add(state: DuckDBState) -> None:
    result = run(state, "applications_add",
                 applicant_id='12369',
                 custom_mappings='[]',
                 job_id='12358',
                 stage='[]',
                 status='open')
    assert result['application_id'] == '12361'
    assert state.db.scalar("SELECT count(*) FROM applications WHERE application_id = ?", ['12361']) == 1

def test_applications_add_refusals(state: DuckDBState) -> None:
    assert_refused(state, "applications_add",
                   re.escape("no applicant with id '99999' (applicant ids look like '12345')"),
                   applicant_id='99999', custom_mappings='[]', job_id='12358', stage='[]', status='open')
    assert_refused(state, "applications_add",
                   re.escape("no job with id '99999' (job ids look like '12345')"),
                   applicant_id='12369', custom_mappings='[]', job_id='99999', stage='[]', status='open')

def test_applications_one(state: DuckDBState) -> None:
    result = run(state, "applications_one", application_id='12345')
    assert result['application_id'] == '12345'

def test_applications_one_refusals(state: DuckDBState) -> None:
    assert_refused(state, "applications_one",
                   re.escape("no application with id '99999' (application ids look like '12345')"),
                   application_id='99999')

def test_applications_update(state: DuckDBState) -> None:
    result = run(state, "applications_update",
                 application_id='12345',
                 applicant_id='12347',
                 custom_mappings='[]',
                 job_id='12353',
                 stage='[]',
                 status='open')
    assert result['applicant_id'] == '12347'
    assert result['custom_mappings'] == '[]'
    assert result['job_id'] == '12353'
    assert result['stage'] == '[]'
    assert result['status'] == 'open'

def test_applications_update_refusals(state: DuckDBState) -> None:
    assert_refused(state, "applications_update",
                   re.escape("no application with id '99999' (application ids look like '12345')"),
                   application_id='99999', applicant_id='12347', custom_mappings='[]', job_id='12353', stage='[]',
                   status='open')
    assert_refused(state, "applications_update",
                   re.escape("no applicant with id '99999' (applicant ids look like '12345')"),
                   application_id='12345', applicant_id='99999', custom_mappings='[]', job_id='12353', stage='[]',
                   status='open')
    assert_refused(state, "applications_update",
                   re.escape("no job with id '99999' (job ids look like '12345')"),
                   application_id='12345', applicant_id='12347', custom_mappings='[]', job_id='99999', stage='[]',
                   status='open')
    assert_refused(state, "applications_update",
                   re.escape('applications update needs at least one of applicant id, custom mappings, job id, stage or status'),
                   application_id='12345')

def test_applications_delete(state: DuckDBState) -> None:
    result = run(state, "applications_delete", application_id='12345')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM applications WHERE application_id = ?", ['12345']) == 0

def test_applications_delete_refusals(state: DuckDBState) -> None:
    assert_refused(state, "applications_delete",
                   re.escape("no application with id '99999' (application ids look like '12345')"),
                   application_id='99999')

def test_jobs_all(state: DuckDBState) -> None:
    result = run(state, "jobs_all")
    assert isinstance(result, list) and result

def test_jobs_one(state: DuckDBState) -> None:
    result = run(state, "jobs_one", job_id='12345')
    assert result['job_id'] == '12345'

def test_jobs_one_refusals(state: DuckDBState) -> None:
    assert_refused(state, "jobs_one",
                   re.escape("no job with id '99999' (job ids look like '12345')"),
                   job_id='99999')
