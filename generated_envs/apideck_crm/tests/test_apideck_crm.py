"""The apideck_crm environment's own checks: every tool's success and refusals, seed determinism and gold replay."""

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
    assert len(ENV.manifest.rules) >= 7


@pytest.mark.parametrize("task", ENV.tasks, ids=[t.id for t in ENV.tasks])
def test_gold_calls_replay(task: Any, state: DuckDBState) -> None:
    for call in task.gold_calls:
        run(state, call.name, **call.arguments)


def test_companies_all(state: DuckDBState) -> None:
    result = run(state, "companies_all")
    assert isinstance(result, list) and result

def test_companies_add(state: DuckDBState) -> None:
    result = run(state, "companies_add",
                 abn_branch='ABN-794773',
                 abn_or_tfn='AO-042451',
                 acn='ACN-536111',
                 addresses='{}',
                 annual_revenue='A-499749',
                 bank_accounts='{}',
                 birthday='2026-03-02',
                 currency='UNKNOWN_CURRENCY',
                 custom_fields='[]',
                 custom_mappings='[]',
                 description='Serious inside else memory if six',
                 emails='{}',
                 fax='475-693-8242x1948',
                 first_name='Corey',
                 image='I-214411',
                 industry='I-500182',
                 last_name='Walker',
                 name='Samuel Rivera',
                 number_of_employees='NO-418197',
                 owner_id='O-0019',
                 ownership='O-868288',
                 payee_number='94441304',
                 phone_numbers='[]',
                 read_only=True,
                 row_type='{}',
                 sales_tax_number='10797255',
                 salutation='Mrs',
                 social_links='{}',
                 status='COMPLETED',
                 tags='{}',
                 vat_number='38608705',
                 websites='{}')
    assert result['company_id'] == '12376'
    assert state.db.scalar("SELECT count(*) FROM companies WHERE company_id = ?", ['12376']) == 1

def test_companies_add_refusals(state: DuckDBState) -> None:
    assert_refused(state, "companies_add",
                   re.escape("birthday 'someday' is not a date (use YYYY-MM-DD)"),
                   abn_branch='ABN-794773', abn_or_tfn='AO-042451', acn='ACN-536111', addresses='{}',
                   annual_revenue='A-499749', bank_accounts='{}', birthday='someday', currency='UNKNOWN_CURRENCY',
                   custom_fields='[]', custom_mappings='[]', description='Serious inside else memory if six',
                   emails='{}', fax='475-693-8242x1948', first_name='Corey', image='I-214411', industry='I-500182',
                   last_name='Walker', name='Samuel Rivera', number_of_employees='NO-418197', owner_id='O-0019',
                   ownership='O-868288', payee_number='94441304', phone_numbers='[]', read_only=True, row_type='{}',
                   sales_tax_number='10797255', salutation='Mrs', social_links='{}', status='COMPLETED', tags='{}',
                   vat_number='38608705', websites='{}')
    assert_refused(state, "companies_add",
                   re.escape('name must have at least 1 characters, got 0'),
                   abn_branch='ABN-794773', abn_or_tfn='AO-042451', acn='ACN-536111', addresses='{}',
                   annual_revenue='A-499749', bank_accounts='{}', birthday='2026-03-02',
                   currency='UNKNOWN_CURRENCY', custom_fields='[]', custom_mappings='[]',
                   description='Serious inside else memory if six', emails='{}', fax='475-693-8242x1948',
                   first_name='Corey', image='I-214411', industry='I-500182', last_name='Walker', name='',
                   number_of_employees='NO-418197', owner_id='O-0019', ownership='O-868288',
                   payee_number='94441304', phone_numbers='[]', read_only=True, row_type='{}',
                   sales_tax_number='10797255', salutation='Mrs', social_links='{}', status='COMPLETED', tags='{}',
                   vat_number='38608705', websites='{}')

def test_companies_one(state: DuckDBState) -> None:
    result = run(state, "companies_one", company_id='12345')
    assert result['company_id'] == '12345'

def test_companies_one_refusals(state: DuckDBState) -> None:
    assert_refused(state, "companies_one",
                   re.escape("no company with id '99999' (company ids look like '12345')"),
                   company_id='99999')

def test_companies_update(state: DuckDBState) -> None:
    result = run(state, "companies_update",
                 company_id='12345',
                 abn_branch='ABN-794773',
                 abn_or_tfn='AO-042451',
                 acn='ACN-536111',
                 addresses='{}',
                 annual_revenue='A-499749',
                 bank_accounts='{}',
                 birthday='2026-03-02',
                 currency='UNKNOWN_CURRENCY',
                 custom_fields='[]',
                 custom_mappings='[]',
                 description='Serious inside else memory if six',
                 emails='{}',
                 fax='475-693-8242x1948',
                 first_name='Corey',
                 image='I-214411',
                 industry='I-500182',
                 last_name='Walker',
                 name='Samuel Rivera',
                 number_of_employees='NO-418197',
                 owner_id='O-0019',
                 ownership='O-868288',
                 payee_number='94441304',
                 phone_numbers='[]',
                 read_only=True,
                 row_type='{}',
                 sales_tax_number='10797255',
                 salutation='Mrs',
                 social_links='{}',
                 status='COMPLETED',
                 tags='{}',
                 vat_number='38608705',
                 websites='{}')
    assert result['abn_branch'] == 'ABN-794773'
    assert result['abn_or_tfn'] == 'AO-042451'
    assert result['acn'] == 'ACN-536111'
    assert result['addresses'] == '{}'
    assert result['annual_revenue'] == 'A-499749'
    assert result['bank_accounts'] == '{}'
    assert result['birthday'] == '2026-03-02'
    assert result['currency'] == 'UNKNOWN_CURRENCY'
    assert result['custom_fields'] == '[]'
    assert result['custom_mappings'] == '[]'
    assert result['description'] == 'Serious inside else memory if six'
    assert result['emails'] == '{}'
    assert result['fax'] == '475-693-8242x1948'
    assert result['first_name'] == 'Corey'
    assert result['image'] == 'I-214411'
    assert result['industry'] == 'I-500182'
    assert result['last_name'] == 'Walker'
    assert result['name'] == 'Samuel Rivera'
    assert result['number_of_employees'] == 'NO-418197'
    assert result['owner_id'] == 'O-0019'
    assert result['ownership'] == 'O-868288'
    assert result['payee_number'] == '94441304'
    assert result['phone_numbers'] == '[]'
    assert result['read_only'] == True
    assert result['row_type'] == '{}'
    assert result['sales_tax_number'] == '10797255'
    assert result['salutation'] == 'Mrs'
    assert result['social_links'] == '{}'
    assert result['status'] == 'COMPLETED'
    assert result['tags'] == '{}'
    assert result['vat_number'] == '38608705'
    assert result['websites'] == '{}'

def test_companies_update_refusals(state: DuckDBState) -> None:
    assert_refused(state, "companies_update",
                   re.escape("no company with id '99999' (company ids look like '12345')"),
                   company_id='99999', abn_branch='ABN-794773', abn_or_tfn='AO-042451', acn='ACN-536111',
                   addresses='{}', annual_revenue='A-499749', bank_accounts='{}', birthday='2026-03-02',
                   currency='UNKNOWN_CURRENCY', custom_fields='[]', custom_mappings='[]',
                   description='Serious inside else memory if six', emails='{}', fax='475-693-8242x1948',
                   first_name='Corey', image='I-214411', industry='I-500182', last_name='Walker',
                   name='Samuel Rivera', number_of_employees='NO-418197', owner_id='O-0019', ownership='O-868288',
                   payee_number='94441304', phone_numbers='[]', read_only=True, row_type='{}',
                   sales_tax_number='10797255', salutation='Mrs', social_links='{}', status='COMPLETED', tags='{}',
                   vat_number='38608705', websites='{}')
    assert_refused(state, "companies_update",
                   re.escape("birthday 'someday' is not a date (use YYYY-MM-DD)"),
                   company_id='12345', abn_branch='ABN-794773', abn_or_tfn='AO-042451', acn='ACN-536111',
                   addresses='{}', annual_revenue='A-499749', bank_accounts='{}', birthday='someday',
                   currency='UNKNOWN_CURRENCY', custom_fields='[]', custom_mappings='[]',
                   description='Serious inside else memory if six', emails='{}', fax='475-693-8242x1948',
                   first_name='Corey', image='I-214411', industry='I-500182', last_name='Walker',
                   name='Samuel Rivera', number_of_employees='NO-418197', owner_id='O-0019', ownership='O-868288',
                   payee_number='94441304', phone_numbers='[]', read_only=True, row_type='{}',
                   sales_tax_number='10797255', salutation='Mrs', social_links='{}', status='COMPLETED', tags='{}',
                   vat_number='38608705', websites='{}')
    assert_refused(state, "companies_update",
                   re.escape('name must have at least 1 characters, got 0'),
                   company_id='12345', abn_branch='ABN-794773', abn_or_tfn='AO-042451', acn='ACN-536111',
                   addresses='{}', annual_revenue='A-499749', bank_accounts='{}', birthday='2026-03-02',
                   currency='UNKNOWN_CURRENCY', custom_fields='[]', custom_mappings='[]',
                   description='Serious inside else memory if six', emails='{}', fax='475-693-8242x1948',
                   first_name='Corey', image='I-214411', industry='I-500182', last_name='Walker', name='',
                   number_of_employees='NO-418197', owner_id='O-0019', ownership='O-868288',
                   payee_number='94441304', phone_numbers='[]', read_only=True, row_type='{}',
                   sales_tax_number='10797255', salutation='Mrs', social_links='{}', status='COMPLETED', tags='{}',
                   vat_number='38608705', websites='{}')
    assert_refused(state, "companies_update",
                   re.escape('companies update needs at least one of abn branch, abn or tfn, acn, addresses, annual revenue, bank accounts, birthday, currency, custom fields, custom mappings, description, emails, fax, first name, image, industry, last name, name, number of employees, owner id, ownership, payee number, phone numbers, read only, row type, sales tax number, salutation, social links, status, tags, vat number or websites'),
                   company_id='12345')

def test_companies_delete(state: DuckDBState) -> None:
    result = run(state, "companies_delete", company_id='12345')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM companies WHERE company_id = ?", ['12345']) == 0

def test_companies_delete_refusals(state: DuckDBState) -> None:
    assert_refused(state, "companies_delete",
                   re.escape("no company with id '99999' (company ids look like '12345')"),
                   company_id='99999')
    assert_refused(state, "companies_delete",
                   re.escape('company 12346 is still referred to by 1 lead row(s)'),
                   company_id='12346')
    assert_refused(state, "companies_delete",
                   re.escape('company 12349 is still referred to by 1 lead row(s)'),
                   company_id='12349')
    assert_refused(state, "companies_delete",
                   re.escape('company 12350 is still referred to by 2 contact row(s)'),
                   company_id='12350')
    assert_refused(state, "companies_delete",
                   re.escape('company 12351 is still referred to by 1 contact row(s)'),
                   company_id='12351')
    assert_refused(state, "companies_delete",
                   re.escape('company 12353 is still referred to by 1 contact row(s)'),
                   company_id='12353')
    assert_refused(state, "companies_delete",
                   re.escape('company 12355 is still referred to by 1 contact row(s)'),
                   company_id='12355')
    assert_refused(state, "companies_delete",
                   re.escape('company 12358 is still referred to by 1 lead row(s)'),
                   company_id='12358')

def test_contacts_all(state: DuckDBState) -> None:
    result = run(state, "contacts_all")
    assert isinstance(result, list) and result

def test_contacts_add(state: DuckDBState) -> None:
    result = run(state, "contacts_add",
                 active=True,
                 addresses='[]',
                 birthday='1985-11-14',
                 company_id='12372',
                 company_name='Chen, Daniels and Cruz',
                 current_balance=6.0,
                 custom_fields='[]',
                 custom_mappings='{}',
                 department='D-743085',
                 description='Entire expect investment yard responsibility watch',
                 email_domain='veronica36@example.org',
                 emails='{}',
                 fax='8825965708',
                 first_name='Rachel',
                 gender='male',
                 image='I-195261',
                 language='lo',
                 last_name='Rice',
                 lead_id='21',
                 lead_source='LEAD-180557',
                 middle_name='Shelly',
                 name='Lynn Burton',
                 owner_id='O-5301',
                 phone_numbers='{}',
                 photo_url='https://placekittens.com/1017/39',
                 prefix='P-663005',
                 social_links='[]',
                 status='pending',
                 suffix='S-418794',
                 tags='{}',
                 title='Simple Enjoy Owner',
                 type='customer',
                 websites='{}')
    assert result['contact_id'] == '12358'
    assert state.db.scalar("SELECT count(*) FROM contacts WHERE contact_id = ?", ['12358']) == 1

def test_contacts_add_refusals(state: DuckDBState) -> None:
    assert_refused(state, "contacts_add",
                   re.escape("no company with id '99999' (company ids look like '12345')"),
                   active=True, addresses='[]', birthday='1985-11-14', company_id='99999',
                   company_name='Chen, Daniels and Cruz', current_balance=6.0, custom_fields='[]',
                   custom_mappings='{}', department='D-743085',
                   description='Entire expect investment yard responsibility watch',
                   email_domain='veronica36@example.org', emails='{}', fax='8825965708', first_name='Rachel',
                   gender='male', image='I-195261', language='lo', last_name='Rice', lead_id='21',
                   lead_source='LEAD-180557', middle_name='Shelly', name='Lynn Burton', owner_id='O-5301',
                   phone_numbers='{}', photo_url='https://placekittens.com/1017/39', prefix='P-663005',
                   social_links='[]', status='pending', suffix='S-418794', tags='{}', title='Simple Enjoy Owner',
                   type='customer', websites='{}')
    assert_refused(state, "contacts_add",
                   re.escape("no lead with id '9999' (lead ids look like '2')"),
                   active=True, addresses='[]', birthday='1985-11-14', company_id='12372',
                   company_name='Chen, Daniels and Cruz', current_balance=6.0, custom_fields='[]',
                   custom_mappings='{}', department='D-743085',
                   description='Entire expect investment yard responsibility watch',
                   email_domain='veronica36@example.org', emails='{}', fax='8825965708', first_name='Rachel',
                   gender='male', image='I-195261', language='lo', last_name='Rice', lead_id='9999',
                   lead_source='LEAD-180557', middle_name='Shelly', name='Lynn Burton', owner_id='O-5301',
                   phone_numbers='{}', photo_url='https://placekittens.com/1017/39', prefix='P-663005',
                   social_links='[]', status='pending', suffix='S-418794', tags='{}', title='Simple Enjoy Owner',
                   type='customer', websites='{}')
    assert_refused(state, "contacts_add",
                   re.escape('name must have at least 1 characters, got 0'),
                   active=True, addresses='[]', birthday='1985-11-14', company_id='12372',
                   company_name='Chen, Daniels and Cruz', current_balance=6.0, custom_fields='[]',
                   custom_mappings='{}', department='D-743085',
                   description='Entire expect investment yard responsibility watch',
                   email_domain='veronica36@example.org', emails='{}', fax='8825965708', first_name='Rachel',
                   gender='male', image='I-195261', language='lo', last_name='Rice', lead_id='21',
                   lead_source='LEAD-180557', middle_name='Shelly', name='', owner_id='O-5301', phone_numbers='{}',
                   photo_url='https://placekittens.com/1017/39', prefix='P-663005', social_links='[]',
                   status='pending', suffix='S-418794', tags='{}', title='Simple Enjoy Owner', type='customer',
                   websites='{}')

def test_contacts_one(state: DuckDBState) -> None:
    result = run(state, "contacts_one", contact_id='12345')
    assert result['contact_id'] == '12345'

def test_contacts_one_refusals(state: DuckDBState) -> None:
    assert_refused(state, "contacts_one",
                   re.escape("no contact with id '99999' (contact ids look like '12345')"),
                   contact_id='99999')

def test_contacts_update(state: DuckDBState) -> None:
    result = run(state, "contacts_update",
                 contact_id='12345',
                 active=True,
                 addresses='[]',
                 birthday='1985-11-14',
                 company_id='12369',
                 company_name='Chen, Daniels and Cruz',
                 current_balance=6.0,
                 custom_fields='[]',
                 custom_mappings='{}',
                 department='D-743085',
                 description='Entire expect investment yard responsibility watch',
                 email_domain='veronica36@example.org',
                 emails='{}',
                 fax='8825965708',
                 first_name='Rachel',
                 gender='male',
                 image='I-195261',
                 language='lo',
                 last_name='Rice',
                 lead_id='3',
                 lead_source='LEAD-180557',
                 middle_name='Shelly',
                 name='Lynn Burton',
                 owner_id='O-5301',
                 phone_numbers='{}',
                 photo_url='https://placekittens.com/1017/39',
                 prefix='P-663005',
                 social_links='[]',
                 status='pending',
                 suffix='S-418794',
                 tags='{}',
                 title='Simple Enjoy Owner',
                 type='customer',
                 websites='{}')
    assert result['active'] == True
    assert result['addresses'] == '[]'
    assert result['birthday'] == '1985-11-14'
    assert result['company_id'] == '12369'
    assert result['company_name'] == 'Edward Reese'
    assert result['current_balance'] == 6.0
    assert result['custom_fields'] == '[]'
    assert result['custom_mappings'] == '{}'
    assert result['department'] == 'D-743085'
    assert result['description'] == 'Entire expect investment yard responsibility watch'
    assert result['email_domain'] == 'veronica36@example.org'
    assert result['emails'] == '{}'
    assert result['fax'] == '8825965708'
    assert result['first_name'] == 'Rachel'
    assert result['gender'] == 'male'
    assert result['image'] == 'I-195261'
    assert result['language'] == 'lo'
    assert result['last_name'] == 'Rice'
    assert result['lead_id'] == '3'
    assert result['lead_source'] == 'LEAD-180557'
    assert result['middle_name'] == 'Shelly'
    assert result['name'] == 'Lynn Burton'
    assert result['owner_id'] == 'O-5301'
    assert result['phone_numbers'] == '{}'
    assert result['photo_url'] == 'https://placekittens.com/1017/39'
    assert result['prefix'] == 'P-663005'
    assert result['social_links'] == '[]'
    assert result['status'] == 'pending'
    assert result['suffix'] == 'S-418794'
    assert result['tags'] == '{}'
    assert result['title'] == 'Simple Enjoy Owner'
    assert result['type'] == 'customer'
    assert result['websites'] == '{}'

def test_contacts_update_refusals(state: DuckDBState) -> None:
    assert_refused(state, "contacts_update",
                   re.escape("no contact with id '99999' (contact ids look like '12345')"),
                   contact_id='99999', active=True, addresses='[]', birthday='1985-11-14', company_id='12369',
                   company_name='Chen, Daniels and Cruz', current_balance=6.0, custom_fields='[]',
                   custom_mappings='{}', department='D-743085',
                   description='Entire expect investment yard responsibility watch',
                   email_domain='veronica36@example.org', emails='{}', fax='8825965708', first_name='Rachel',
                   gender='male', image='I-195261', language='lo', last_name='Rice', lead_id='3',
                   lead_source='LEAD-180557', middle_name='Shelly', name='Lynn Burton', owner_id='O-5301',
                   phone_numbers='{}', photo_url='https://placekittens.com/1017/39', prefix='P-663005',
                   social_links='[]', status='pending', suffix='S-418794', tags='{}', title='Simple Enjoy Owner',
                   type='customer', websites='{}')
    assert_refused(state, "contacts_update",
                   re.escape("no company with id '99999' (company ids look like '12345')"),
                   contact_id='12345', active=True, addresses='[]', birthday='1985-11-14', company_id='99999',
                   company_name='Chen, Daniels and Cruz', current_balance=6.0, custom_fields='[]',
                   custom_mappings='{}', department='D-743085',
                   description='Entire expect investment yard responsibility watch',
                   email_domain='veronica36@example.org', emails='{}', fax='8825965708', first_name='Rachel',
                   gender='male', image='I-195261', language='lo', last_name='Rice', lead_id='3',
                   lead_source='LEAD-180557', middle_name='Shelly', name='Lynn Burton', owner_id='O-5301',
                   phone_numbers='{}', photo_url='https://placekittens.com/1017/39', prefix='P-663005',
                   social_links='[]', status='pending', suffix='S-418794', tags='{}', title='Simple Enjoy Owner',
                   type='customer', websites='{}')
    assert_refused(state, "contacts_update",
                   re.escape("no lead with id '9999' (lead ids look like '2')"),
                   contact_id='12345', active=True, addresses='[]', birthday='1985-11-14', company_id='12369',
                   company_name='Chen, Daniels and Cruz', current_balance=6.0, custom_fields='[]',
                   custom_mappings='{}', department='D-743085',
                   description='Entire expect investment yard responsibility watch',
                   email_domain='veronica36@example.org', emails='{}', fax='8825965708', first_name='Rachel',
                   gender='male', image='I-195261', language='lo', last_name='Rice', lead_id='9999',
                   lead_source='LEAD-180557', middle_name='Shelly', name='Lynn Burton', owner_id='O-5301',
                   phone_numbers='{}', photo_url='https://placekittens.com/1017/39', prefix='P-663005',
                   social_links='[]', status='pending', suffix='S-418794', tags='{}', title='Simple Enjoy Owner',
                   type='customer', websites='{}')
    assert_refused(state, "contacts_update",
                   re.escape('name must have at least 1 characters, got 0'),
                   contact_id='12345', active=True, addresses='[]', birthday='1985-11-14', company_id='12369',
                   company_name='Chen, Daniels and Cruz', current_balance=6.0, custom_fields='[]',
                   custom_mappings='{}', department='D-743085',
                   description='Entire expect investment yard responsibility watch',
                   email_domain='veronica36@example.org', emails='{}', fax='8825965708', first_name='Rachel',
                   gender='male', image='I-195261', language='lo', last_name='Rice', lead_id='3',
                   lead_source='LEAD-180557', middle_name='Shelly', name='', owner_id='O-5301', phone_numbers='{}',
                   photo_url='https://placekittens.com/1017/39', prefix='P-663005', social_links='[]',
                   status='pending', suffix='S-418794', tags='{}', title='Simple Enjoy Owner', type='customer',
                   websites='{}')
    assert_refused(state, "contacts_update",
                   re.escape('contacts update needs at least one of active, addresses, birthday, company id, company name, current balance, custom fields, custom mappings, department, description, email domain, emails, fax, first name, gender, image, language, last name, lead id, lead source, middle name, name, owner id, phone numbers, photo url, prefix, social links, status, suffix, tags, title, type or websites'),
                   contact_id='12345')

def test_contacts_delete(state: DuckDBState) -> None:
    result = run(state, "contacts_delete", contact_id='12345')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM contacts WHERE contact_id = ?", ['12345']) == 0

def test_contacts_delete_refusals(state: DuckDBState) -> None:
    assert_refused(state, "contacts_delete",
                   re.escape("no contact with id '99999' (contact ids look like '12345')"),
                   contact_id='99999')

def test_leads_all(state: DuckDBState) -> None:
    result = run(state, "leads_all")
    assert isinstance(result, list) and result

def test_leads_add(state: DuckDBState) -> None:
    result = run(state, "leads_add",
                 addresses='{}',
                 company_id='12346',
                 company_name='King Ltd',
                 currency='UNKNOWN_CURRENCY',
                 custom_fields='{}',
                 custom_mappings='[]',
                 description='Fine team effort gas Republican',
                 emails='[]',
                 fax='812.263.7916',
                 first_name='Bradley',
                 language='sk',
                 last_name='Jones',
                 lead_source='LEAD-091987',
                 monetary_amount=6.0,
                 name='Nathaniel Williams',
                 owner_id='O-8303',
                 phone_numbers='{}',
                 prefix='P-211301',
                 social_links='[]',
                 status='ACTIVE',
                 tags='{}',
                 title='Table Itself Minute',
                 websites='[]')
    assert result['lead_id'] == '22'
    assert state.db.scalar("SELECT count(*) FROM leads WHERE lead_id = ?", ['22']) == 1

def test_leads_add_refusals(state: DuckDBState) -> None:
    assert_refused(state, "leads_add",
                   re.escape("no company with id '99999' (company ids look like '12345')"),
                   addresses='{}', company_id='99999', company_name='King Ltd', currency='UNKNOWN_CURRENCY',
                   custom_fields='{}', custom_mappings='[]', description='Fine team effort gas Republican',
                   emails='[]', fax='812.263.7916', first_name='Bradley', language='sk', last_name='Jones',
                   lead_source='LEAD-091987', monetary_amount=6.0, name='Nathaniel Williams', owner_id='O-8303',
                   phone_numbers='{}', prefix='P-211301', social_links='[]', status='ACTIVE', tags='{}',
                   title='Table Itself Minute', websites='[]')
    assert_refused(state, "leads_add",
                   re.escape('name must have at least 1 characters, got 0'),
                   addresses='{}', company_id='12346', company_name='King Ltd', currency='UNKNOWN_CURRENCY',
                   custom_fields='{}', custom_mappings='[]', description='Fine team effort gas Republican',
                   emails='[]', fax='812.263.7916', first_name='Bradley', language='sk', last_name='Jones',
                   lead_source='LEAD-091987', monetary_amount=6.0, name='', owner_id='O-8303', phone_numbers='{}',
                   prefix='P-211301', social_links='[]', status='ACTIVE', tags='{}', title='Table Itself Minute',
                   websites='[]')

def test_leads_one(state: DuckDBState) -> None:
    result = run(state, "leads_one", lead_id='10')
    assert result['lead_id'] == '10'

def test_leads_one_refusals(state: DuckDBState) -> None:
    assert_refused(state, "leads_one",
                   re.escape("no lead with id '9999' (lead ids look like '2')"),
                   lead_id='9999')

def test_leads_update(state: DuckDBState) -> None:
    result = run(state, "leads_update",
                 lead_id='10',
                 addresses='{}',
                 company_id='12353',
                 company_name='King Ltd',
                 currency='UNKNOWN_CURRENCY',
                 custom_fields='{}',
                 custom_mappings='[]',
                 description='Fine team effort gas Republican',
                 emails='[]',
                 fax='812.263.7916',
                 first_name='Bradley',
                 language='sk',
                 last_name='Jones',
                 lead_source='LEAD-091987',
                 monetary_amount=6.0,
                 name='Nathaniel Williams',
                 owner_id='O-8303',
                 phone_numbers='{}',
                 prefix='P-211301',
                 social_links='[]',
                 status='ACTIVE',
                 tags='{}',
                 title='Table Itself Minute',
                 websites='[]')
    assert result['addresses'] == '{}'
    assert result['company_id'] == '12353'
    assert result['company_name'] == 'Michael Mccullough'
    assert result['currency'] == 'UNKNOWN_CURRENCY'
    assert result['custom_fields'] == '{}'
    assert result['custom_mappings'] == '[]'
    assert result['description'] == 'Fine team effort gas Republican'
    assert result['emails'] == '[]'
    assert result['fax'] == '812.263.7916'
    assert result['first_name'] == 'Bradley'
    assert result['language'] == 'sk'
    assert result['last_name'] == 'Jones'
    assert result['lead_source'] == 'LEAD-091987'
    assert result['monetary_amount'] == 6.0
    assert result['name'] == 'Nathaniel Williams'
    assert result['owner_id'] == 'O-8303'
    assert result['phone_numbers'] == '{}'
    assert result['prefix'] == 'P-211301'
    assert result['social_links'] == '[]'
    assert result['status'] == 'ACTIVE'
    assert result['tags'] == '{}'
    assert result['title'] == 'Table Itself Minute'
    assert result['websites'] == '[]'

def test_leads_update_refusals(state: DuckDBState) -> None:
    assert_refused(state, "leads_update",
                   re.escape("no lead with id '9999' (lead ids look like '2')"),
                   lead_id='9999', addresses='{}', company_id='12353', company_name='King Ltd',
                   currency='UNKNOWN_CURRENCY', custom_fields='{}', custom_mappings='[]',
                   description='Fine team effort gas Republican', emails='[]', fax='812.263.7916',
                   first_name='Bradley', language='sk', last_name='Jones', lead_source='LEAD-091987',
                   monetary_amount=6.0, name='Nathaniel Williams', owner_id='O-8303', phone_numbers='{}',
                   prefix='P-211301', social_links='[]', status='ACTIVE', tags='{}', title='Table Itself Minute',
                   websites='[]')
    assert_refused(state, "leads_update",
                   re.escape("no company with id '99999' (company ids look like '12345')"),
                   lead_id='10', addresses='{}', company_id='99999', company_name='King Ltd',
                   currency='UNKNOWN_CURRENCY', custom_fields='{}', custom_mappings='[]',
                   description='Fine team effort gas Republican', emails='[]', fax='812.263.7916',
                   first_name='Bradley', language='sk', last_name='Jones', lead_source='LEAD-091987',
                   monetary_amount=6.0, name='Nathaniel Williams', owner_id='O-8303', phone_numbers='{}',
                   prefix='P-211301', social_links='[]', status='ACTIVE', tags='{}', title='Table Itself Minute',
                   websites='[]')
    assert_refused(state, "leads_update",
                   re.escape('name must have at least 1 characters, got 0'),
                   lead_id='10', addresses='{}', company_id='12353', company_name='King Ltd',
                   currency='UNKNOWN_CURRENCY', custom_fields='{}', custom_mappings='[]',
                   description='Fine team effort gas Republican', emails='[]', fax='812.263.7916',
                   first_name='Bradley', language='sk', last_name='Jones', lead_source='LEAD-091987',
                   monetary_amount=6.0, name='', owner_id='O-8303', phone_numbers='{}', prefix='P-211301',
                   social_links='[]', status='ACTIVE', tags='{}', title='Table Itself Minute', websites='[]')
    assert_refused(state, "leads_update",
                   re.escape('leads update needs at least one of addresses, company id, company name, currency, custom fields, custom mappings, description, emails, fax, first name, language, last name, lead source, monetary amount, name, owner id, phone numbers, prefix, social links, status, tags, title or websites'),
                   lead_id='10')

def test_leads_delete(state: DuckDBState) -> None:
    result = run(state, "leads_delete", lead_id='10')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM leads WHERE lead_id = ?", ['10']) == 0

def test_leads_delete_refusals(state: DuckDBState) -> None:
    assert_refused(state, "leads_delete",
                   re.escape("no lead with id '9999' (lead ids look like '2')"),
                   lead_id='9999')
    assert_refused(state, "leads_delete",
                   re.escape('lead 12 is still referred to by 1 contact row(s)'),
                   lead_id='12')
    assert_refused(state, "leads_delete",
                   re.escape('lead 14 is still referred to by 1 contact row(s)'),
                   lead_id='14')
    assert_refused(state, "leads_delete",
                   re.escape('lead 16 is still referred to by 2 contact row(s)'),
                   lead_id='16')
    assert_refused(state, "leads_delete",
                   re.escape('lead 18 is still referred to by 1 contact row(s)'),
                   lead_id='18')
    assert_refused(state, "leads_delete",
                   re.escape('lead 20 is still referred to by 1 contact row(s)'),
                   lead_id='20')
    assert_refused(state, "leads_delete",
                   re.escape('lead 3 is still referred to by 1 contact row(s)'),
                   lead_id='3')
    assert_refused(state, "leads_delete",
                   re.escape('lead 5 is still referred to by 1 contact row(s)'),
                   lead_id='5')

def test_pipelines_all(state: DuckDBState) -> None:
    result = run(state, "pipelines_all")
    assert isinstance(result, list) and result

def test_pipelines_add(state: DuckDBState) -> None:
    result = run(state, "pipelines_add",
                 active=True,
                 archived=True,
                 currency='UNKNOWN_CURRENCY',
                 display_order=6,
                 name='Michael Sullivan',
                 stages='[]',
                 win_probability_enabled=True)
    assert result['pipeline_id'] == 'P-0032'
    assert state.db.scalar("SELECT count(*) FROM pipelines WHERE pipeline_id = ?", ['P-0032']) == 1

def test_pipelines_add_refusals(state: DuckDBState) -> None:
    assert_refused(state, "pipelines_add",
                   re.escape('name must have at least 1 characters, got 0'),
                   active=True, archived=True, currency='UNKNOWN_CURRENCY', display_order=6, name='', stages='[]',
                   win_probability_enabled=True)

def test_pipelines_one(state: DuckDBState) -> None:
    result = run(state, "pipelines_one", pipeline_id='P-0001')
    assert result['pipeline_id'] == 'P-0001'

def test_pipelines_one_refusals(state: DuckDBState) -> None:
    assert_refused(state, "pipelines_one",
                   re.escape("no pipeline with id 'P-9999' (pipeline ids look like 'P-0001')"),
                   pipeline_id='P-9999')

def test_pipelines_update(state: DuckDBState) -> None:
    result = run(state, "pipelines_update",
                 pipeline_id='P-0001',
                 active=True,
                 archived=True,
                 currency='UNKNOWN_CURRENCY',
                 display_order=6,
                 name='Michael Sullivan',
                 stages='[]',
                 win_probability_enabled=True)
    assert result['active'] == True
    assert result['archived'] == True
    assert result['currency'] == 'UNKNOWN_CURRENCY'
    assert result['display_order'] == 6
    assert result['name'] == 'Michael Sullivan'
    assert result['stages'] == '[]'
    assert result['win_probability_enabled'] == True

def test_pipelines_update_refusals(state: DuckDBState) -> None:
    assert_refused(state, "pipelines_update",
                   re.escape("no pipeline with id 'P-9999' (pipeline ids look like 'P-0001')"),
                   pipeline_id='P-9999', active=True, archived=True, currency='UNKNOWN_CURRENCY', display_order=6,
                   name='Michael Sullivan', stages='[]', win_probability_enabled=True)
    assert_refused(state, "pipelines_update",
                   re.escape('name must have at least 1 characters, got 0'),
                   pipeline_id='P-0001', active=True, archived=True, currency='UNKNOWN_CURRENCY', display_order=6,
                   name='', stages='[]', win_probability_enabled=True)
    assert_refused(state, "pipelines_update",
                   re.escape('pipelines update needs at least one of active, archived, currency, display order, name, stages or win probability enabled'),
                   pipeline_id='P-0001')

def test_pipelines_delete(state: DuckDBState) -> None:
    result = run(state, "pipelines_delete", pipeline_id='P-0001')
    assert result['deleted']
    assert state.db.scalar("SELECT count(*) FROM pipelines WHERE pipeline_id = ?", ['P-0001']) == 0

def test_pipelines_delete_refusals(state: DuckDBState) -> None:
    assert_refused(state, "pipelines_delete",
                   re.escape("no pipeline with id 'P-9999' (pipeline ids look like 'P-0001')"),
                   pipeline_id='P-9999')
