"""Tools of the truora_checks environment, compiled from Checks API.

**NOTE:** This is a preview of the API and it is not considered stable since refinements are still being made. #
Introduction Welcome to the **Truora Check** **RESTful API** reference. You may also want to check out our
**Validations API docs** or our **Signals API docs**. Truora Check API allows performing full background checks on
people, vehicles and companies. There are three main types of background checks: - **Personal background check**:
Verifies national IDs in multiple databases of public and legal entities in the LATAM region. For every national ID,
returns information on...
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import check_day, check_moment, select_rows, update_row
from envfactory_gym.authoring.kit import next_id

Country = Literal["ALL", "BR", "CL", "CO", "CR", "EC", "MX", "PE", "AR"]
NativeCountry = Literal["ad",
                        "ae", "af", "ag", "ai", "al", "am", "an", "ao", "aq", "ar", "as", "at", "au", "aw", "ax", "az", "ba", "bb", "bd", "be", "bf", "bg", "bh", "bi", "bj", "bm", "bn", "bo", "br", "bs", "bt", "bv", "bw", "by", "bz", "ca", "cc", "cd", "cf", "cg", "ch", "ci", "ck", "cl", "cm", "cn", "co", "cr", "cu", "cv", "cx", "cy", "cz", "de", "dj", "dk", "dm", "do", "dz", "ea", "ec", "ee", "eg", "eh", "er", "es", "et", "fi", "fj", "fk", "fm", "fo", "fr", "ga", "gb", "gd", "ge", "gf", "gg", "gh", "gi", "gl", "gm", "gn", "gp", "gq", "gr", "gs", "gt", "gu", "gw", "gy", "hk", "hm", "hn", "hr", "ht", "hu", "id", "ie", "il", "im", "in", "io", "iq", "ir", "is", "it", "je", "jm", "jo", "jp", "ke", "kg", "kh", "ki", "km", "kn", "kp", "kr", "kw", "ky", "kz", "la", "lb", "lc", "li", "lk", "lr", "ls", "lt", "lu", "lv", "ly", "ma", "mc", "md", "me", "mg", "mh", "mk", "ml", "mm", "mn", "mo", "mp", "mq", "mr", "ms", "mt", "mu", "mv", "mw", "mx", "my", "mz", "na", "nc", "ne", "nf", "ng", "ni", "nl", "no", "np", "nr", "nu", "nz", "om", "pa", "pe", "pf", "pg", "ph", "pk", "pl", "pm", "pn", "pr", "ps", "pt", "pw", "py", "qa", "re", "ro", "rs", "ru", "rw", "sa", "sb", "sc", "sd", "se", "sg", "sh", "si", "sj", "sk", "sl", "sm", "sn", "so", "sr", "st", "sv", "sy", "sz", "tc", "td", "tf", "tg", "th", "tj", "tk", "tl", "tm", "tn", "to", "tr", "tt", "tv", "tw", "tz", "ua", "ug", "um", "us", "uy", "uz", "va", "vc", "ve", "vg", "vi", "vn", "vu", "wf", "ws", "ye", "yt", "za", "zm", "zw"]
Region = Literal["DF",
                 "AC", "AL", "AP", "AM", "BA", "CE", "ES", "GO", "MA", "MT", "MS", "MG", "PA", "PB", "PR", "PE", "PI", "RJ", "RN", "RS", "RO", "RR", "SC", "SP", "SE", "TO"]
CheckStatus = Literal["not_started", "in_progress", "completed", "error", "delayed"]
CheckType = Literal["company", "person", "vehicle"]
ContinuousCheckStatus = Literal["new", "up", "down", "same"]

_CHECKS_SQL = "SELECT t.*, r1.name AS report_name FROM checks t LEFT JOIN reports r1 ON r1.report_id = t.report_id"
_CHECKS_LIST_SQL = ("SELECT t.check_id, t.first_name, t.last_name, t.country, t.creation_date, "
                    "t.native_country, t.region, t.report_id, t.status, t.type, t.vehicle_id, r1.name "
                    "AS report_name FROM checks t LEFT JOIN reports r1 ON r1.report_id = t.report_id")
_CONFIGS_SQL = "SELECT t.* FROM configs t"
_CONTINUOUS_CHECKS_SQL = "SELECT t.* FROM continuous_checks t"
_CONTINUOUS_CHECKS_LIST_SQL = ("SELECT t.continuous_check_id, t.frequency, t.continuous_check_status, "
                               "t.creation_date FROM continuous_checks t")
_REPORTS_SQL = "SELECT t.* FROM reports t"
_REPORTS_LIST_SQL = "SELECT t.report_id, t.name, t.created_checks_count, t.creation_date FROM reports t"
_DATABASES_SQL = "SELECT t.* FROM databases t"
_VEHICLES_SQL = "SELECT t.* FROM vehicles t"


def _check(db: Database, check_id: str) -> dict[str, Any]:
    row = db.query_one(_CHECKS_SQL + " WHERE t.check_id = ?", [check_id.strip()])
    if row is None:
        raise ToolError(f"no check with id {check_id!r} (check ids look like 'CHK555c991f53dc70831faf5f6fd853a2c2')")
    return row


def _continuous_check(db: Database, continuous_check_id: str) -> dict[str, Any]:
    row = db.query_one(_CONTINUOUS_CHECKS_SQL + " WHERE t.continuous_check_id = ?",
                                                [continuous_check_id.strip().upper()])
    if row is None:
        raise ToolError(f"no continuous check with id {continuous_check_id!r} (continuous check ids look like "
                        f"'CC-0001')")
    return row


def _report(db: Database, report_id: str) -> dict[str, Any]:
    row = db.query_one(_REPORTS_SQL + " WHERE t.report_id = ?", [report_id.strip().upper()])
    if row is None:
        raise ToolError(f"no report with id {report_id!r} (report ids look like 'R-0001')")
    return row


def _vehicle(db: Database, vehicle_id: str) -> dict[str, Any]:
    row = db.query_one(_VEHICLES_SQL + " WHERE t.vehicle_id = ?", [vehicle_id.strip().upper()])
    if row is None:
        raise ToolError(f"no vehicle with id {vehicle_id!r} (vehicle ids look like 'V-0001')")
    return row


@tool
def list_checks(db: Database, report_id: str | None = None) -> list[dict[str, Any]]:
    """List Checks.

    Lists the existing checks in the account or in a specified report.

    Args:
        report_id: Report id checks to be returned; e.g. "R-0001".

    Returns:
        The matching check summaries (check_id, first_name, last_name, country, creation_date, native_country, region, report_id, status, type, vehicle_id; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if report_id is not None:
        report = _report(db, report_id)
        where.append("t.report_id = ?")
        params.append(report["report_id"])
    return select_rows(db, _CHECKS_LIST_SQL, where, params, "t.check_id")


@tool(writes=True)
def create_check(
        db: Database,
        country: Country,
        type: CheckType,
        birth_certificate: str | None = None,
        date_of_birth: str | None = None,
        diplomatic_id: str | None = None,
        driver_license: str | None = None,
        first_name: str | None = None,
        foreign_id: str | None = None,
        issue_date: str | None = None,
        last_name: str | None = None,
        license_plate: str | None = None,
        national_id: str | None = None,
        native_country: NativeCountry | None = None,
        owner_document_id: str | None = None,
        owner_document_type: str | None = None,
        passport: str | None = None,
        payment_date: str | None = None,
        pep: str | None = None,
        phone_number: str | None = None,
        professional_card: str | None = None,
        ptp: str | None = None,
        region: Region | None = None,
        report_id: str | None = None,
        tax_id: str | None = None,
        vehicle_id: str | None = None,
) -> dict[str, Any]:
    """Create a background check.

    Creates a background check and queues it to start collecting information. The full details of background
    checks can be retrieved with their respective Check IDs using getCheck endpoint. Keep in mind that, depending
    on the check type, input document, and country of a search, certain inputs are required. You should always
    provide as many inputs as possible in order to get the highest accuracy. If your check type is not referenced
    in the following table, please reach out to find out the fields...

    Args:
        country: Document country.
        type: Background check type.
        birth_certificate: Person birth certificate.
        date_of_birth: Person birthdate. This date is used to get some additional information about a person and
            to filter homonyms in some cases. YYYY-MM-DD format, Required for complete background checks in Brazil; a
            date YYYY-MM-DD.
        diplomatic_id: Diplomatic ID.
        driver_license: Driver's license number.
        first_name: Person or entity first name. If the document type and number are not provided, the report
            might include homonyms. Required when searching by first name, Required in order to get complete
            background checks in Brazil.
        foreign_id: Person foreign ID.
        issue_date: Person document issue date in "YYYY-mm-dd" format (e.g. 2008-12-31) . This date is used to get
            some additional information about a person in some cases; a date YYYY-MM-DD.
        last_name: Person or entity last name. If the document type and number are not provided, the report might
            include homonyms. Required when searching by last name. Required in order to get complete background
            checks in Brazil.
        license_plate: Vehicle license plate.
        national_id: National ID.
        native_country: Country of birth.
        owner_document_id: National ID of the vehicle owner.
        owner_document_type: National ID, foreign ID, or tax ID.
        passport: Person passport.
        payment_date: Payment day of a vehicle circulation permit (Chile only); a date YYYY-MM-DD.
        pep: ID for Venezuelans working in Colombia.
        phone_number: Person phone number. Required by law to notify the person their background is being checked.
        professional_card: Professional ID card.
        ptp: ID for Venezuelans working in Peru.
        region: Region where the background is to be checked in addition to the region where the person is from.
            By default, background checks in Brazil are performed in the region where the person is from. Required for
            Brazil only. Allowed values are: DF: Distrito Federal, AC: Acre, AL: Alagoas, AP: Amapá, AM.
        report_id: Report ID the background check will be inserted into; e.g. "R-0001" (from list_reports).
        tax_id: Company ID used for tax payments.
        vehicle_id: Vehicle license plate; e.g. "V-0001".

    Returns:
        The new check.
    """
    if birth_certificate is not None:
        birth_certificate = birth_certificate.strip()
    if date_of_birth is not None:
        date_of_birth = check_day("date_of_birth", date_of_birth)
    if diplomatic_id is not None:
        diplomatic_id = diplomatic_id.strip()
    if driver_license is not None:
        driver_license = driver_license.strip()
    if first_name is not None:
        first_name = first_name.strip()
    if foreign_id is not None:
        foreign_id = foreign_id.strip()
    if issue_date is not None:
        issue_date = check_day("issue_date", issue_date)
    if last_name is not None:
        last_name = last_name.strip()
    if license_plate is not None:
        license_plate = license_plate.strip()
    if national_id is not None:
        national_id = national_id.strip()
    if owner_document_id is not None:
        owner_document_id = owner_document_id.strip()
    if owner_document_type is not None:
        owner_document_type = owner_document_type.strip()
    if passport is not None:
        passport = passport.strip()
    if payment_date is not None:
        payment_date = check_day("payment_date", payment_date)
    if pep is not None:
        pep = pep.strip()
    if phone_number is not None:
        phone_number = phone_number.strip()
    if professional_card is not None:
        professional_card = professional_card.strip()
    if ptp is not None:
        ptp = ptp.strip()
    if report_id is not None:
        report = _report(db, report_id)
    if tax_id is not None:
        tax_id = tax_id.strip()
    if vehicle_id is not None:
        vehicle = _vehicle(db, vehicle_id)
    check_id = next_id(db, "checks", "check_id", "CHK555c991f53dc70831faf5f6fd853a2c", 1)
    db.execute("INSERT INTO checks (birth_certificate, check_id, company_summary, country, creation_date, "
               "date_of_birth, diplomatic_id, driver_license, first_name, foreign_id, homonym_probability, "
               "homonym_score, homonym_scores, id_score, issue_date, last_name, license_plate, national_id, "
               "native_country, owner_document_id, owner_document_type, passport, payment_date, pep, phone_number, "
               "professional_card, ptp, region, report_id, score, scores, status, statuses, summary, tax_id, type, "
               "update_date, vehicle_id, vehicle_summary, wrong_inputs) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
               "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [birth_certificate, check_id, None, country, db.now, date_of_birth, diplomatic_id, driver_license, first_name, foreign_id, None, None, None, 0.0, issue_date, last_name, license_plate, national_id, native_country, owner_document_id, owner_document_type, passport, payment_date, pep, phone_number, professional_card, ptp, region, report["report_id"] if report_id is not None else None, 0.0, None, "not_started", "", "", tax_id, type, db.now, vehicle["vehicle_id"] if vehicle_id is not None else None, None, None])
    return db.query_one(_CHECKS_SQL + " WHERE t.check_id = ?", [check_id]) or {}


@tool
def get_check(db: Database, check_id: str) -> dict[str, Any]:
    """Get Background Check.

    Returns the results of the check that matches the ID provided, complete with a set of scores explained below.
    ### Scores: - **Global Score**: Average risk associated with a person, company or vehicle, according to the
    background check results. The global score considers results that are validated with the ID number provided.
    The score ranges from 0 to 1, where 0 represents high risk and 1 low risk. - **ID Score**: Average risk
    associated with a person according to the background check...

    Args:
        check_id: Check ID; e.g. "CHK555c991f53dc70831faf5f6fd853a2c2" (from list_checks).

    Returns:
        The check with the names of the rows it refers to.
    """
    return _check(db, check_id)


@tool
def list_check_details(db: Database, check_id: str | None = None) -> list[dict[str, Any]]:
    """List Check Details.

    Lists all details associated with a Check. It can be paginated.

    Args:
        check_id: ID of the Check.

    Returns:
        The matching check summaries (check_id, first_name, last_name, country, creation_date, native_country, region, report_id, status, type, vehicle_id; given check_id, the whole row), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if check_id is not None:
        where.append("lower(t.check_id) = lower(?)")
        params.append(check_id.strip())
    return select_rows(db, _CHECKS_SQL if check_id is not None else _CHECKS_LIST_SQL, where, params, "t.check_id")


@tool
def get_pdf(db: Database, check_id: str | None = None) -> list[dict[str, Any]]:
    """Get PDF.

    Downloads the PDF in the specified language, Spanish by default.

    Args:
        check_id: ID of the check.

    Returns:
        The matching check summaries (check_id, first_name, last_name, country, creation_date, native_country, region, report_id, status, type, vehicle_id; given check_id, the whole row), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if check_id is not None:
        where.append("lower(t.check_id) = lower(?)")
        params.append(check_id.strip())
    return select_rows(db, _CHECKS_SQL if check_id is not None else _CHECKS_LIST_SQL, where, params, "t.check_id")


@tool
def list_continuous_checks(db: Database) -> list[dict[str, Any]]:
    """Lists all continuous checks.

    Returns:
        The matching check summaries (check_id, first_name, last_name, country, creation_date, native_country, region, report_id, status, type, vehicle_id; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _CHECKS_LIST_SQL, [], [], "t.check_id")


@tool
def get_continuous_check(db: Database, continuous_check_id: str) -> dict[str, Any]:
    """Lists history associated with a Check. It can be paginated.

    Args:
        continuous_check_id: ID resulting from calling CreateContinuousCheck; e.g. "CC-0001" (from
            get_v1_continuous_checks_continuous_check_id_history).

    Returns:
        The continuous check with the names of the rows it refers to.
    """
    return _continuous_check(db, continuous_check_id)


@tool(writes=True)
def update_continuous_check(db: Database, continuous_check_id: str, frequency: str | None = None) -> dict[str, Any]:
    """Updates a continuous check.

    Args:
        continuous_check_id: ID resulting from calling CreateContinuousCheck; e.g. "CC-0001" (from
            get_v1_continuous_checks_continuous_check_id_history).
        frequency: Time between background checks.

    Returns:
        The continuous check as changed.
    """
    continuous_check = _continuous_check(db, continuous_check_id)
    changes: dict[str, Any] = {}
    if frequency is not None:
        frequency = check_moment("frequency", frequency)
        changes["frequency"] = frequency
    if not changes:
        raise ToolError("update continuous check needs at least one of frequency")
    update_row(db, "continuous_checks", "continuous_check_id", continuous_check["continuous_check_id"], changes)
    return _continuous_check(db, continuous_check["continuous_check_id"])


@tool
def get_v1_continuous_checks_continuous_check_id_history(
        db: Database,
        continuous_check_id: str | None = None,
) -> list[dict[str, Any]]:
    """Lists background check logs. It can be paginated.

    Args:
        continuous_check_id: Continuous check ID [partition key and sort key].

    Returns:
        The matching continuous check summaries (continuous_check_id, frequency, continuous_check_status, creation_date; given continuous_check_id, the whole row), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if continuous_check_id is not None:
        where.append("lower(t.continuous_check_id) = lower(?)")
        params.append(continuous_check_id.strip())
    return select_rows(db, _CONTINUOUS_CHECKS_SQL if continuous_check_id is not None else _CONTINUOUS_CHECKS_LIST_SQL, where, params, "t.continuous_check_id")


@tool
def list_reports(db: Database) -> list[dict[str, Any]]:
    """List Reports.

    Lists all reports asociated with the client or user requesting.

    Returns:
        The matching report summaries (report_id, name, created_checks_count, creation_date; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _REPORTS_LIST_SQL, [], [], "t.report_id")


@tool(writes=True)
def create_report(db: Database, name: str) -> dict[str, Any]:
    """Create Report.

    Creates a Report to which it is possible to associate multiple Checks.

    Args:
        name: Report name.

    Returns:
        The new report.
    """
    name = name.strip()
    report_id = next_id(db, "reports", "report_id", "R-", 4)
    db.execute("INSERT INTO reports (created_by, created_checks_count, creation_date, has_data, report_id, "
               "invalid_checks_count, name, size, update_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [None, None, db.now, None, report_id, None, name, None, db.now])
    return db.query_one(_REPORTS_SQL + " WHERE t.report_id = ?", [report_id]) or {}


@tool
def get_report(db: Database, report_id: str) -> dict[str, Any]:
    """Get Report.

    Returns a report with the given ID.

    Args:
        report_id: The ID of the Report; e.g. "R-0001" (from list_reports).

    Returns:
        The report with the names of the rows it refers to.
    """
    return _report(db, report_id)
