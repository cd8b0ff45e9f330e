"""Tools of the {{name}} environment: two reads and two writes to start from.

Each tool is a typed function with a docstring that describes every parameter; the OpenAI schema is derived from
them. A tool refuses what the policy forbids by raising ToolError (the call is rolled back and the agent reads why).
envfactory_gym.authoring.kit has the helpers most tools need: new ids, money to the cent, dates and times.
"""

from __future__ import annotations

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.kit import next_id

MAX_OPEN_REQUESTS = 3


@tool
def find_requests_by_email(db: Database, email: str) -> dict:
    """Find a member by email and list their requests.

    Args:
        email: The member's email address, e.g. "amara.abara1@example.org".

    Returns:
        The member and their requests with id, title, status and filing date.
    """
    member = db.query_one("SELECT member_id, name FROM members WHERE email = ?", [email.strip().lower()])
    if member is None:
        raise ToolError(f"no member with email {email!r}")
    requests = db.query("SELECT request_id, title, status, filed_on FROM requests WHERE member_id = ? "
                        "ORDER BY request_id", [member["member_id"]])
    return {**member, "requests": requests}


@tool(writes=True)
def cancel_request(db: Database, request_id: str) -> dict:
    """Cancel one of a member's open requests.

    Args:
        request_id: The request's id, e.g. "R-0042" (from find_requests_by_email).

    Returns:
        The request id and its new status.
    """
    row = db.query_one("SELECT request_id, status FROM requests WHERE request_id = ?", [request_id.strip().upper()])
    if row is None:
        raise ToolError(f"no request with id {request_id!r} (request ids look like 'R-0042')")
    if row["status"] != "open":
        raise ToolError(f"request {row['request_id']} is {row['status']}; only open requests can be cancelled")
    db.execute("UPDATE requests SET status = 'cancelled' WHERE request_id = ?", [row["request_id"]])
    return {"request_id": row["request_id"], "status": "cancelled"}


@tool
def get_request(db: Database, request_id: str) -> dict:
    """Look up one request with its member.

    Args:
        request_id: The request's id, e.g. "R-0042".

    Returns:
        The request's id, title, status, filing date and member name.
    """
    row = db.query_one("SELECT r.request_id, r.title, r.status, r.filed_on, m.name AS member FROM requests r "
                       "JOIN members m ON m.member_id = r.member_id WHERE r.request_id = ?",
                       [request_id.strip().upper()])
    if row is None:
        raise ToolError(f"no request with id {request_id!r} (request ids look like 'R-0042')")
    return row


@tool(writes=True)
def file_request(db: Database, member_id: str, title: str) -> dict:
    """File a new request for a member (a member may have at most 3 open requests).

    Args:
        member_id: The member's id, e.g. "M-007" (from find_requests_by_email).
        title: What the member asks for, in a few words.

    Returns:
        The new request's id, title and status.
    """
    member = db.query_one("SELECT member_id FROM members WHERE member_id = ?", [member_id.strip().upper()])
    if member is None:
        raise ToolError(f"no member with id {member_id!r}")
    title = title.strip()
    if not 3 <= len(title) <= 80:
        raise ToolError("a title needs 3 to 80 characters")
    open_count = db.scalar("SELECT count(*) FROM requests WHERE member_id = ? AND status = 'open'",
                           [member["member_id"]])
    if open_count >= MAX_OPEN_REQUESTS:
        raise ToolError(f"member {member['member_id']} already has {open_count} open requests "
                        f"(at most {MAX_OPEN_REQUESTS})")
    request_id = next_id(db, "requests", "request_id", "R-", 4)  # continues the numbering: R-0181 after R-0180
    db.execute("INSERT INTO requests VALUES (?, ?, ?, 'open', CAST(? AS DATE))",
               [request_id, member["member_id"], title, db.now])
    return {"request_id": request_id, "title": title, "status": "open"}
