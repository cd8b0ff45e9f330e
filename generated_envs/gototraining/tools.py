"""Tools of the gototraining environment, compiled from GoToTraining.

The GoToTraining API enables developers to use the stable and robust GoToTraining functionality as the basis for
online trainings in a proprietary learning management system. The GoToTraining APIs provide the ability to access
the scheduling, registration, management, and reporting functions of GoToTraining from external applications. With
the ability to tightly integrate GoToTraining into your learning infrastructure, you can offer your learners a
seamless user experience and provide them with a market leading virtual classroom environment.
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import check_scope, select_rows, update_row
from envfactory_gym.authoring.kit import next_id

RegistrantStatus = Literal["WAITING", "APPROVED", "DENIED"]
OrganizerKey = Literal[1]

_RECORDINGS_SQL = ("SELECT t.*, r1.name AS training_key_name FROM recordings t LEFT JOIN trainings r1 "
                   "ON r1.training_id = t.training_key")
_REGISTRANTS_SQL = ("SELECT t.*, r1.name AS training_key_name FROM registrants t LEFT JOIN trainings "
                    "r1 ON r1.training_id = t.training_key")
_REGISTRANTS_LIST_SQL = ("SELECT t.registrant_key, t.registration_date, t.status, t.organizer_key, "
                         "t.training_key, r1.name AS training_key_name FROM registrants t LEFT JOIN "
                         "trainings r1 ON r1.training_id = t.training_key")
_SESSIONS_SQL = ("SELECT t.*, r1.name AS training_key_name FROM sessions t LEFT JOIN trainings r1 ON "
                 "r1.training_id = t.training_key")
_TRAININGS_SQL = "SELECT t.* FROM trainings t"
_TRAININGS_LIST_SQL = "SELECT t.training_id, t.name, t.organizer_key FROM trainings t"


def _recording(db: Database, recording_id: int) -> dict[str, Any]:
    row = db.query_one(_RECORDINGS_SQL + " WHERE t.recording_id = ?", [recording_id])
    if row is None:
        raise ToolError(f"no recording with id {recording_id!r} (recording ids look like 1)")
    return row


def _registrant(db: Database, registrant_key: str) -> dict[str, Any]:
    row = db.query_one(_REGISTRANTS_SQL + " WHERE t.registrant_key = ?", [registrant_key.strip().upper()])
    if row is None:
        raise ToolError(f"no registrant with id {registrant_key!r} (registrant ids look like 'R-0001')")
    return row


def _training(db: Database, training_id: str) -> dict[str, Any]:
    row = db.query_one(_TRAININGS_SQL + " WHERE t.training_id = ?", [training_id.strip().upper()])
    if row is None:
        raise ToolError(f"no training with id {training_id!r} (training ids look like 'T-0001')")
    return row


@tool
def get_all_trainings(db: Database, organizer_key: int | None = None) -> list[dict[str, Any]]:
    """Get Trainings.

    This call retrieves information on all scheduled trainings for a given organizer. The trainings are returned
    in the order in which they were created. Completed trainings are not included; ongoing trainings with past
    sessions are included along with the past sessions. If the organizer does not have any scheduled trainings,
    the response will be empty.

    Args:
        organizer_key: This deployment's organizer key, 1 (the only one; may be left out).

    Returns:
        The matching training summaries (training_id, name, organizer_key; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("organizer_key", organizer_key, 1)
    return select_rows(db, _TRAININGS_LIST_SQL, [], [], "t.training_id")


@tool
def get_training(db: Database, training_id: str, organizer_key: int | None = None) -> dict[str, Any]:
    """Get Training.

    Uses the organizer key and training key to retrieve information on a scheduled training.

    Args:
        training_id: The key of the training; e.g. "T-0001" (from get_all_trainings).
        organizer_key: This deployment's organizer key, 1 (the only one; may be left out).

    Returns:
        The training with the names of the rows it refers to.
    """
    check_scope("organizer_key", organizer_key, 1)
    return _training(db, training_id)


@tool(writes=True)
def cancel_training(db: Database, training_id: str, organizer_key: int | None = None) -> dict[str, Any]:
    """Delete Training.

    Deletes a scheduled or completed training. For scheduled trainings, it deletes all scheduled sessions of the
    training. For completed trainings, the sessions remain in the database. No email is sent to organizers or
    registrants, but when participants attempt to start or join the training, they are directed to a page that
    states: Training Not Found: The training you are trying to join is no longer available.

    Args:
        training_id: The key of the training; e.g. "T-0001" (from get_all_trainings).
        organizer_key: This deployment's organizer key, 1 (the only one; may be left out).

    Returns:
        The removed training, marked deleted.
    """
    check_scope("organizer_key", organizer_key, 1)
    training = _training(db, training_id)
    used = db.scalar("SELECT count(*) FROM recordings WHERE training_key = ?", [training["training_id"]])
    if used:
        raise ToolError(f"training {training['training_id']} is still referred to by {used} recording row(s)")
    used = db.scalar("SELECT count(*) FROM registrants WHERE training_key = ?", [training["training_id"]])
    if used:
        raise ToolError(f"training {training['training_id']} is still referred to by {used} registrant row(s)")
    used = db.scalar("SELECT count(*) FROM sessions WHERE training_key = ?", [training["training_id"]])
    if used:
        raise ToolError(f"training {training['training_id']} is still referred to by {used} session row(s)")
    db.execute("DELETE FROM trainings WHERE training_id = ?", [training["training_id"]])
    return {**training, "deleted": True}


@tool
def get_manage_training_url(
        db: Database,
        training_id: str | None = None,
        organizer_key: int | None = None,
) -> list[dict[str, Any]]:
    """Get Management URL for Training.

    A request for a direct URL to the admin portal for a specific training. The request identifies the organizer
    and the training; the response provides a link the organizer can use to manage or launch the training in the
    admin portal. The training organizer will be required to log in. You can schedule and manage the training
    (e.g., add tests, polls and training materials) from the URL provided in the response.

    Args:
        training_id: The key of the training.
        organizer_key: This deployment's organizer key, 1 (the only one; may be left out).

    Returns:
        The matching training summaries (training_id, name, organizer_key; given training_id, the whole row), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("organizer_key", organizer_key, 1)
    where: list[str] = []
    params: list[Any] = []
    if training_id is not None:
        where.append("lower(t.training_id) = lower(?)")
        params.append(training_id.strip())
    return select_rows(db, _TRAININGS_SQL if training_id is not None else _TRAININGS_LIST_SQL, where, params, "t.training_id")


@tool(writes=True)
def update_training_name_description(
        db: Database,
        training_id: str,
        description: str | None = None,
        name: str | None = None,
        organizer_key: int | None = None,
) -> dict[str, Any]:
    """Update Training Name and Description.

    Request to update a scheduled training name and description.

    Args:
        training_id: The key of the training; e.g. "T-0001" (from get_all_trainings).
        description: The training's description.
        name: The training's name.
        organizer_key: This deployment's organizer key, 1 (the only one; may be left out).

    Returns:
        The training as changed.
    """
    check_scope("organizer_key", organizer_key, 1)
    training = _training(db, training_id)
    changes: dict[str, Any] = {}
    if description is not None:
        description = description.strip()
        changes["description"] = description
    if name is not None:
        name = name.strip()
        changes["name"] = name
    if not changes:
        raise ToolError("update training name description needs at least one of description or name")
    update_row(db, "trainings", "training_id", training["training_id"], changes)
    return _training(db, training["training_id"])


@tool
def get_registrants(
        db: Database,
        training_key: str | None = None,
        organizer_key: int | None = None,
) -> list[dict[str, Any]]:
    """Get Training Registrants.

    Retrieves details on all registrants for a specific training. Registrants can be: WAITING - registrant
    registered and is awaiting approval (where organizer has required approval) APPROVED - registrant registered
    and is approved DENIED - registrant registered and was not approved. IMPORTANT: The registrant data caches are
    typically updated immediately and the data will be returned in the response. However, the update can take as
    long as two hours.

    Args:
        training_key: The key of the training; e.g. "T-0001".
        organizer_key: This deployment's organizer key, 1 (the only one; may be left out).

    Returns:
        The matching registrant summaries (registrant_key, registration_date, status, organizer_key, training_key; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("organizer_key", organizer_key, 1)
    where: list[str] = []
    params: list[Any] = []
    if training_key is not None:
        training = _training(db, training_key)
        where.append("t.training_key = ?")
        params.append(training["training_id"])
    return select_rows(db, _REGISTRANTS_LIST_SQL, where, params, "t.registrant_key")


@tool(writes=True)
def register_for_training(
        db: Database,
        training_key: str,
        email: str,
        given_name: str,
        surname: str,
        organizer_key: int | None = None,
) -> dict[str, Any]:
    """Register for Training.

    Registers one person, identified by a unique email address, for a training. Approval is automatic unless
    payment or approval is required. The response contains the Confirmation page URL and Join URL for the
    registrant. NOTE: If some registrants do not receive a confirmation email, the emails could be getting blocked
    by their email server due to spam filtering or a grey-listing setting.

    Args:
        training_key: The key of the training; e.g. "T-0001" (from get_all_trainings).
        email: The registrant's email address.
        given_name: The registrant's first name.
        surname: The registrant's surname.
        organizer_key: This deployment's organizer key, 1 (the only one; may be left out).

    Returns:
        The new registrant.
    """
    check_scope("organizer_key", organizer_key, 1)
    training = _training(db, training_key)
    email = email.strip()
    given_name = given_name.strip()
    surname = surname.strip()
    registrant_key = next_id(db, "registrants", "registrant_key", "R-", 4)
    db.execute("INSERT INTO registrants (confirmation_url, email, given_name, join_url, registrant_key, "
               "registration_date, status, surname, organizer_key, training_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
               "?, ?)",
               ["", email, given_name, "", registrant_key, db.now, "WAITING", surname, 1, training["training_id"]])
    return db.query_one(_REGISTRANTS_SQL + " WHERE t.registrant_key = ?", [registrant_key]) or {}


@tool
def get_registrant(
        db: Database,
        training_key: str,
        registrant_key: str,
        organizer_key: int | None = None,
) -> dict[str, Any]:
    """Get Registrant.

    Retrieves details for specific registrant in a specific training. Registrants can be: WAITING - registrant
    registered and is awaiting approval (where organizer has required approval) APPROVED - registrant registered
    and is approved DENIED - registrant registered and was not approved. IMPORTANT: The registrant data caches are
    typically updated immediately and the data will be returned in the response. However, the update can take as
    long as two hours.

    Args:
        training_key: The key of the training; e.g. "T-0001" (from get_all_trainings).
        registrant_key: The key of the registrant; e.g. "R-0001" (from get_registrants).
        organizer_key: This deployment's organizer key, 1 (the only one; may be left out).

    Returns:
        The registrant with the names of the rows it refers to.
    """
    check_scope("organizer_key", organizer_key, 1)
    registrant = _registrant(db, registrant_key)
    training = _training(db, training_key)
    if registrant["training_key"] != training["training_id"]:
        raise ToolError(f"registrant {registrant['registrant_key']} is not under training {training['training_id']} "
                        f"(it belongs to training {registrant['training_key']})")
    return registrant


@tool(writes=True)
def cancel_registration(
        db: Database,
        training_key: str,
        registrant_key: str,
        organizer_key: int | None = None,
) -> dict[str, Any]:
    """Cancel Registration.

    This call cancels a registration in a scheduled training for a specific registrant. If the registrant has paid
    for the training, a cancellation cannot be completed with this method; it must be completed on the external
    admin site. No notification is sent to the registrant or the organizer by default. The registrant can re-
    register if needed.

    Args:
        training_key: The key of the training; e.g. "T-0001" (from get_all_trainings).
        registrant_key: The key of the registrant; e.g. "R-0001" (from get_registrants).
        organizer_key: This deployment's organizer key, 1 (the only one; may be left out).

    Returns:
        The removed registrant, marked deleted.
    """
    check_scope("organizer_key", organizer_key, 1)
    registrant = _registrant(db, registrant_key)
    training = _training(db, training_key)
    if registrant["training_key"] != training["training_id"]:
        raise ToolError(f"registrant {registrant['registrant_key']} is not under training {training['training_id']} "
                        f"(it belongs to training {registrant['training_key']})")
    db.execute("DELETE FROM registrants WHERE registrant_key = ?", [registrant["registrant_key"]])
    return {**registrant, "deleted": True}


@tool
def get_start_url(
        db: Database,
        training_id: str | None = None,
        organizer_key: int | None = None,
) -> list[dict[str, Any]]:
    """Get Start Url.

    Returns a URL that can be used to start a training. When this URL is opened in a web browser, the GoToTraining
    client will be downloaded and launched and the training will start after the organizer logs in with its
    credentials.

    Args:
        training_id: The key of the training.
        organizer_key: This deployment's organizer key, 1 (the only one; may be left out).

    Returns:
        The matching training summaries (training_id, name, organizer_key; given training_id, the whole row), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("organizer_key", organizer_key, 1)
    where: list[str] = []
    params: list[Any] = []
    if training_id is not None:
        where.append("lower(t.training_id) = lower(?)")
        params.append(training_id.strip())
    return select_rows(db, _TRAININGS_SQL if training_id is not None else _TRAININGS_LIST_SQL, where, params, "t.training_id")


@tool
def get_session_details_for_date_range(db: Database, organizer_key: int | None = None) -> list[dict[str, Any]]:
    """Get Sessions by Date Range.

    This call returns all session details over a given date range for a given organizer. A session is a completed
    training event.

    Args:
        organizer_key: This deployment's organizer key, 1 (the only one; may be left out).

    Returns:
        The matching session rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("organizer_key", organizer_key, 1)
    return select_rows(db, _SESSIONS_SQL, [], [], "t.session_key")


@tool
def get_session_details_for_training(
        db: Database,
        training_key: str | None = None,
        organizer_key: int | None = None,
) -> list[dict[str, Any]]:
    """Get Sessions By Training.

    This call returns session details for a given training. A session is a completed training event. Each training
    may contain one or more sessions.

    Args:
        training_key: The key of the training; e.g. "T-0001".
        organizer_key: This deployment's organizer key, 1 (the only one; may be left out).

    Returns:
        The matching session rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    check_scope("organizer_key", organizer_key, 1)
    where: list[str] = []
    params: list[Any] = []
    if training_key is not None:
        training = _training(db, training_key)
        where.append("t.training_key = ?")
        params.append(training["training_id"])
    return select_rows(db, _SESSIONS_SQL, where, params, "t.session_key")


@tool
def get_recordings_for_training(db: Database, training_key: str | None = None) -> list[dict[str, Any]]:
    """Get Online Recordings for Training.

    This call retrieves information on all online recordings for a given training. If there are none, it returns
    an empty list.

    Args:
        training_key: The key of the training; e.g. "T-0001".

    Returns:
        The matching recording rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if training_key is not None:
        training = _training(db, training_key)
        where.append("t.training_key = ?")
        params.append(training["training_id"])
    return select_rows(db, _RECORDINGS_SQL, where, params, "t.recording_id")


@tool
def get_recording_download_by_id(db: Database, training_key: str, recording_id: int) -> dict[str, Any]:
    """Get Download for Online Recordings.

    This call provides the download for the given recording by returning a 302 redirect to the original file.

    Args:
        training_key: The key of the training; e.g. "T-0001" (from get_all_trainings).
        recording_id: the unique id of the recording; e.g. 1 (from get_recordings_for_training).

    Returns:
        The recording with the names of the rows it refers to.
    """
    recording = _recording(db, recording_id)
    training = _training(db, training_key)
    if recording["training_key"] != training["training_id"]:
        raise ToolError(f"recording {recording['recording_id']} is not under training {training['training_id']} (it "
                        f"belongs to training {recording['training_key']})")
    return recording


@tool
def start_training(db: Database, training_id: str | None = None) -> list[dict[str, Any]]:
    """Start Training.

    Returns a URL that can be used to start a training. When this URL is opened in a web browser, the GoToTraining
    client will be downloaded and launched and the training will start. A login of the organizer is not required.

    Args:
        training_id: The key of the training.

    Returns:
        The matching training summaries (training_id, name, organizer_key; given training_id, the whole row), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if training_id is not None:
        where.append("lower(t.training_id) = lower(?)")
        params.append(training_id.strip())
    return select_rows(db, _TRAININGS_SQL if training_id is not None else _TRAININGS_LIST_SQL, where, params, "t.training_id")
