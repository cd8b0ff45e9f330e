"""Tools of the apideck_ats environment, compiled from ATS API.

Welcome to the ATS API. You can use this API to access all ATS API endpoints. ## Base URL The base URL for all API
requests is 'https://unify.apideck.com' ## Headers Custom headers that are expected as part of the request. Note
that RFC7230 states header names are case insensitive. | Name | Type | Required | Description | |
--------------------- | ------- | -------- | -----------------------------------------------------------------------
--------------------------------------------------------------------------------------- | | x-apideck-consumer-id |
String | Yes | The id of the...
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import check_day, select_rows, update_row
from envfactory_gym.authoring.kit import next_id

ApplicationStatus = Literal["open", "rejected", "hired", "converted", "other"]
EmploymentTerms = Literal["full-time",
                          "part-time", "internship", "contractor", "employee", "freelance", "temp", "seasonal", "volunteer", "other"]
JobStatus = Literal["draft", "internal", "published", "completed", "on-hold", "private"]
Visibility = Literal["draft", "public", "internal"]

_APPLICANTS_SQL = "SELECT t.* FROM applicants t"
_APPLICANTS_LIST_SQL = "SELECT t.applicant_id, t.name, t.birthday FROM applicants t"
_APPLICATIONS_SQL = ("SELECT t.*, r1.name AS applicant_name, r2.title AS job_title FROM applications t"
                     " LEFT JOIN applicants r1 ON r1.applicant_id = t.applicant_id LEFT JOIN jobs r2 "
                     "ON r2.job_id = t.job_id")
_APPLICATIONS_LIST_SQL = ("SELECT t.application_id, t.applicant_id, t.job_id, t.stage, t.status, "
                          "r1.name AS applicant_name, r2.title AS job_title FROM applications t LEFT "
                          "JOIN applicants r1 ON r1.applicant_id = t.applicant_id LEFT JOIN jobs r2 ON"
                          " r2.job_id = t.job_id")
_JOBS_SQL = "SELECT t.* FROM jobs t"
_JOBS_LIST_SQL = "SELECT t.job_id, t.title, t.closing_date, t.employment_terms, t.status, t.visibility FROM jobs t"


def _applicant(db: Database, applicant_id: str) -> dict[str, Any]:
    row = db.query_one(_APPLICANTS_SQL + " WHERE t.applicant_id = ?", [applicant_id.strip()])
    if row is None:
        raise ToolError(f"no applicant with id {applicant_id!r} (applicant ids look like '12345')")
    return row


def _application(db: Database, application_id: str) -> dict[str, Any]:
    row = db.query_one(_APPLICATIONS_SQL + " WHERE t.application_id = ?", [application_id.strip()])
    if row is None:
        raise ToolError(f"no application with id {application_id!r} (application ids look like '12345')")
    return row


def _job(db: Database, job_id: str) -> dict[str, Any]:
    row = db.query_one(_JOBS_SQL + " WHERE t.job_id = ?", [job_id.strip()])
    if row is None:
        raise ToolError(f"no job with id {job_id!r} (job ids look like '12345')")
    return row


@tool
def applicants_all(db: Database) -> list[dict[str, Any]]:
    """List Applicants.

    List Applicants

    Returns:
        The matching applicant summaries (applicant_id, name, birthday; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _APPLICANTS_LIST_SQL, [], [], "t.applicant_id")


@tool(writes=True)
def applicants_add(
        db: Database,
        addresses: str | None = None,
        anonymized: bool | None = None,
        application_ids: str | None = None,
        applications: str | None = None,
        archived: bool | None = None,
        birthday: str | None = None,
        confidential: bool | None = None,
        coordinator_id: str | None = None,
        cover_letter: str | None = None,
        custom_fields: str | None = None,
        custom_mappings: str | None = None,
        deleted: bool | None = None,
        emails: str | None = None,
        first_name: str | None = None,
        followers: str | None = None,
        headline: str | None = None,
        initials: str | None = None,
        last_name: str | None = None,
        middle_name: str | None = None,
        name: str | None = None,
        owner_id: str | None = None,
        phone_numbers: str | None = None,
        photo_url: str | None = None,
        position_id: str | None = None,
        record_url: str | None = None,
        recruiter_id: str | None = None,
        social_links: str | None = None,
        sources: str | None = None,
        stage_id: str | None = None,
        tags: str | None = None,
        title: str | None = None,
        websites: str | None = None,
) -> dict[str, Any]:
    """Create Applicant.

    Create Applicant

    Args:
        addresses: Addresses.
        anonymized: Anonymized.
        application_ids: Application ids.
        applications: Applications.
        archived: Archived.
        birthday: The date of birth of the person; a date YYYY-MM-DD.
        confidential: Confidential.
        coordinator_id: Coordinator id.
        cover_letter: Cover letter.
        custom_fields: Custom fields.
        custom_mappings: When custom mappings are configured on the resource, the result is included here.
        deleted: Flag to indicate if the object is deleted.
        emails: Emails.
        first_name: The first name of the person.
        followers: Followers.
        headline: Typically a list of previous companies where the contact has worked or schools that the contact
            has attended.
        initials: The initials of the person, usually derived from their first, middle, and last names.
        last_name: The last name of the person.
        middle_name: Middle name of the person.
        name: The name of an applicant.
        owner_id: Owner id.
        phone_numbers: Phone numbers.
        photo_url: The URL of the photo of a person.
        position_id: The PositionId the applicant applied for.
        record_url: Record url.
        recruiter_id: Recruiter id.
        social_links: Social links.
        sources: Sources.
        stage_id: Stage id.
        tags: Tags.
        title: The job title of the person.
        websites: Websites.

    Returns:
        The new applicant.
    """
    if birthday is not None:
        birthday = check_day("birthday", birthday)
    if coordinator_id is not None:
        coordinator_id = coordinator_id.strip()
    if cover_letter is not None:
        cover_letter = cover_letter.strip()
    if first_name is not None:
        first_name = first_name.strip()
    if headline is not None:
        headline = headline.strip()
    if initials is not None:
        initials = initials.strip()
    if last_name is not None:
        last_name = last_name.strip()
    if middle_name is not None:
        middle_name = middle_name.strip()
    if name is not None:
        name = name.strip()
    if owner_id is not None:
        owner_id = owner_id.strip()
    if photo_url is not None:
        photo_url = photo_url.strip()
    if position_id is not None:
        position_id = position_id.strip()
    if record_url is not None:
        record_url = record_url.strip()
    if recruiter_id is not None:
        recruiter_id = recruiter_id.strip()
    if stage_id is not None:
        stage_id = stage_id.strip()
    if title is not None:
        title = title.strip()
    applicant_id = next_id(db, "applicants", "applicant_id", "", 5)
    db.execute("INSERT INTO applicants (addresses, anonymized, application_ids, applications, archived, birthday, "
               "confidential, coordinator_id, cover_letter, created_at, created_by, custom_fields, "
               "custom_mappings, cv_url, deleted, deleted_at, deleted_by, emails, first_name, followers, headline, "
               "applicant_id, initials, job_url, last_interaction_at, last_name, middle_name, name, owner_id, "
               "phone_numbers, photo_url, position_id, record_url, recruiter_id, rejected_at, social_links, "
               "source_id, sourced_by, sources, stage_id, tags, title, updated_at, updated_by, websites) VALUES "
               "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
               "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [addresses, anonymized, application_ids, applications, archived, birthday, confidential, coordinator_id, cover_letter, db.now, None, custom_fields, custom_mappings, None, deleted, db.now, None, emails, first_name, followers, headline, applicant_id, initials, None, db.now, last_name, middle_name, name, owner_id, phone_numbers, photo_url, position_id, record_url, recruiter_id, db.now, social_links, None, None, sources, stage_id, tags, title, db.now, None, websites])
    return db.query_one(_APPLICANTS_SQL + " WHERE t.applicant_id = ?", [applicant_id]) or {}


@tool
def applicants_one(db: Database, applicant_id: str) -> dict[str, Any]:
    """Get Applicant.

    Get Applicant

    Args:
        applicant_id: ID of the record you are acting upon; e.g. "12345" (from applicants_all).

    Returns:
        The applicant with the names of the rows it refers to.
    """
    return _applicant(db, applicant_id)


@tool(writes=True)
def applicants_update(
        db: Database,
        applicant_id: str,
        addresses: str | None = None,
        anonymized: bool | None = None,
        application_ids: str | None = None,
        applications: str | None = None,
        archived: bool | None = None,
        birthday: str | None = None,
        confidential: bool | None = None,
        coordinator_id: str | None = None,
        cover_letter: str | None = None,
        custom_fields: str | None = None,
        custom_mappings: str | None = None,
        deleted: bool | None = None,
        emails: str | None = None,
        first_name: str | None = None,
        followers: str | None = None,
        headline: str | None = None,
        initials: str | None = None,
        last_name: str | None = None,
        middle_name: str | None = None,
        name: str | None = None,
        owner_id: str | None = None,
        phone_numbers: str | None = None,
        photo_url: str | None = None,
        position_id: str | None = None,
        record_url: str | None = None,
        recruiter_id: str | None = None,
        social_links: str | None = None,
        sources: str | None = None,
        stage_id: str | None = None,
        tags: str | None = None,
        title: str | None = None,
        websites: str | None = None,
) -> dict[str, Any]:
    """Update Applicant.

    Update Applicant

    Args:
        applicant_id: ID of the record you are acting upon; e.g. "12345" (from applicants_all).
        addresses: Addresses.
        anonymized: Anonymized.
        application_ids: Application ids.
        applications: Applications.
        archived: Archived.
        birthday: The date of birth of the person; a date YYYY-MM-DD.
        confidential: Confidential.
        coordinator_id: Coordinator id.
        cover_letter: Cover letter.
        custom_fields: Custom fields.
        custom_mappings: When custom mappings are configured on the resource, the result is included here.
        deleted: Flag to indicate if the object is deleted.
        emails: Emails.
        first_name: The first name of the person.
        followers: Followers.
        headline: Typically a list of previous companies where the contact has worked or schools that the contact
            has attended.
        initials: The initials of the person, usually derived from their first, middle, and last names.
        last_name: The last name of the person.
        middle_name: Middle name of the person.
        name: The name of an applicant.
        owner_id: Owner id.
        phone_numbers: Phone numbers.
        photo_url: The URL of the photo of a person.
        position_id: The PositionId the applicant applied for.
        record_url: Record url.
        recruiter_id: Recruiter id.
        social_links: Social links.
        sources: Sources.
        stage_id: Stage id.
        tags: Tags.
        title: The job title of the person.
        websites: Websites.

    Returns:
        The applicant as changed.
    """
    applicant = _applicant(db, applicant_id)
    changes: dict[str, Any] = {}
    if addresses is not None:
        changes["addresses"] = addresses
    if anonymized is not None:
        changes["anonymized"] = anonymized
    if application_ids is not None:
        changes["application_ids"] = application_ids
    if applications is not None:
        changes["applications"] = applications
    if archived is not None:
        changes["archived"] = archived
    if birthday is not None:
        birthday = check_day("birthday", birthday)
        changes["birthday"] = birthday
    if confidential is not None:
        changes["confidential"] = confidential
    if coordinator_id is not None:
        coordinator_id = coordinator_id.strip()
        changes["coordinator_id"] = coordinator_id
    if cover_letter is not None:
        cover_letter = cover_letter.strip()
        changes["cover_letter"] = cover_letter
    if custom_fields is not None:
        changes["custom_fields"] = custom_fields
    if custom_mappings is not None:
        changes["custom_mappings"] = custom_mappings
    if deleted is not None:
        changes["deleted"] = deleted
    if emails is not None:
        changes["emails"] = emails
    if first_name is not None:
        first_name = first_name.strip()
        changes["first_name"] = first_name
    if followers is not None:
        changes["followers"] = followers
    if headline is not None:
        headline = headline.strip()
        changes["headline"] = headline
    if initials is not None:
        initials = initials.strip()
        changes["initials"] = initials
    if last_name is not None:
        last_name = last_name.strip()
        changes["last_name"] = last_name
    if middle_name is not None:
        middle_name = middle_name.strip()
        changes["middle_name"] = middle_name
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if owner_id is not None:
        owner_id = owner_id.strip()
        changes["owner_id"] = owner_id
    if phone_numbers is not None:
        changes["phone_numbers"] = phone_numbers
    if photo_url is not None:
        photo_url = photo_url.strip()
        changes["photo_url"] = photo_url
    if position_id is not None:
        position_id = position_id.strip()
        changes["position_id"] = position_id
    if record_url is not None:
        record_url = record_url.strip()
        changes["record_url"] = record_url
    if recruiter_id is not None:
        recruiter_id = recruiter_id.strip()
        changes["recruiter_id"] = recruiter_id
    if social_links is not None:
        changes["social_links"] = social_links
    if sources is not None:
        changes["sources"] = sources
    if stage_id is not None:
        stage_id = stage_id.strip()
        changes["stage_id"] = stage_id
    if tags is not None:
        changes["tags"] = tags
    if title is not None:
        title = title.strip()
        changes["title"] = title
    if websites is not None:
        changes["websites"] = websites
    if not changes:
        raise ToolError("applicants update needs at least one of addresses, anonymized, application ids, "
                        "applications, archived, birthday, confidential, coordinator id, cover letter, custom "
                        "fields, custom mappings, deleted, emails, first name, followers, headline, initials, last "
                        "name, middle name, name, owner id, phone numbers, photo url, position id, record url, "
                        "recruiter id, social links, sources, stage id, tags, title or websites")
    update_row(db, "applicants", "applicant_id", applicant["applicant_id"], changes)
    return _applicant(db, applicant["applicant_id"])


@tool(writes=True)
def applicants_delete(db: Database, applicant_id: str) -> dict[str, Any]:
    """Delete Applicant.

    Delete Applicant

    Args:
        applicant_id: ID of the record you are acting upon; e.g. "12345" (from applicants_all).

    Returns:
        The removed applicant, marked deleted.
    """
    applicant = _applicant(db, applicant_id)
    used = db.scalar("SELECT count(*) FROM applications WHERE applicant_id = ?", [applicant["applicant_id"]])
    if used:
        raise ToolError(f"applicant {applicant['applicant_id']} is still referred to by {used} application row(s)")
    db.execute("DELETE FROM applicants WHERE applicant_id = ?", [applicant["applicant_id"]])
    return {**applicant, "deleted": True}


@tool
def applications_all(db: Database) -> list[dict[str, Any]]:
    """List Applications.

    List Applications

    Returns:
        The matching application summaries (application_id, applicant_id, job_id, stage, status; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _APPLICATIONS_LIST_SQL, [], [], "t.application_id")


@tool(writes=True)
def applications_add(
        db: Database,
        applicant_id: str,
        job_id: str,
        custom_mappings: str | None = None,
        stage: str | None = None,
        status: ApplicationStatus | None = None,
) -> dict[str, Any]:
    """Create Application.

    Create Application

    Args:
        applicant_id: Applicant id; e.g. "12345" (from applicants_all).
        job_id: Job id; e.g. "12345" (from jobs_all).
        custom_mappings: When custom mappings are configured on the resource, the result is included here.
        stage: Stage.
        status: Status.

    Returns:
        The new application.
    """
    applicant = _applicant(db, applicant_id)
    job = _job(db, job_id)
    application_id = next_id(db, "applications", "application_id", "", 5)
    db.execute("INSERT INTO applications (applicant_id, created_at, created_by, custom_mappings, application_id, "
               "job_id, stage, status, updated_at, updated_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [applicant["applicant_id"], db.now, None, custom_mappings, application_id, job["job_id"], stage, status, db.now, None])
    return db.query_one(_APPLICATIONS_SQL + " WHERE t.application_id = ?", [application_id]) or {}


@tool
def applications_one(db: Database, application_id: str) -> dict[str, Any]:
    """Get Application.

    Get Application

    Args:
        application_id: ID of the record you are acting upon; e.g. "12345" (from applications_all).

    Returns:
        The application with the names of the rows it refers to.
    """
    return _application(db, application_id)


@tool(writes=True)
def applications_update(
        db: Database,
        application_id: str,
        applicant_id: str | None = None,
        custom_mappings: str | None = None,
        job_id: str | None = None,
        stage: str | None = None,
        status: ApplicationStatus | None = None,
) -> dict[str, Any]:
    """Update Application.

    Update Application

    Args:
        application_id: ID of the record you are acting upon; e.g. "12345" (from applications_all).
        applicant_id: Applicant id; e.g. "12345" (from applicants_all).
        custom_mappings: When custom mappings are configured on the resource, the result is included here.
        job_id: Job id; e.g. "12345" (from jobs_all).
        stage: Stage.
        status: Status.

    Returns:
        The application as changed.
    """
    application = _application(db, application_id)
    changes: dict[str, Any] = {}
    if applicant_id is not None:
        applicant = _applicant(db, applicant_id)
        changes["applicant_id"] = applicant["applicant_id"]
    if custom_mappings is not None:
        changes["custom_mappings"] = custom_mappings
    if job_id is not None:
        job = _job(db, job_id)
        changes["job_id"] = job["job_id"]
    if stage is not None:
        changes["stage"] = stage
    if status is not None:
        changes["status"] = status
    if not changes:
        raise ToolError("applications update needs at least one of applicant id, custom mappings, job id, stage or "
                        "status")
    update_row(db, "applications", "application_id", application["application_id"], changes)
    return _application(db, application["application_id"])


@tool(writes=True)
def applications_delete(db: Database, application_id: str) -> dict[str, Any]:
    """Delete Application.

    Delete Application

    Args:
        application_id: ID of the record you are acting upon; e.g. "12345" (from applications_all).

    Returns:
        The removed application, marked deleted.
    """
    application = _application(db, application_id)
    db.execute("DELETE FROM applications WHERE application_id = ?", [application["application_id"]])
    return {**application, "deleted": True}


@tool
def jobs_all(db: Database) -> list[dict[str, Any]]:
    """List Jobs.

    List Jobs

    Returns:
        The matching job summaries (job_id, title, closing_date, employment_terms, status, visibility; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _JOBS_LIST_SQL, [], [], "t.job_id")


@tool
def jobs_one(db: Database, job_id: str) -> dict[str, Any]:
    """Get Job.

    Get Job

    Args:
        job_id: ID of the record you are acting upon; e.g. "12345" (from jobs_all).

    Returns:
        The job with the names of the rows it refers to.
    """
    return _job(db, job_id)
