"""Tools of the {{name}} environment: one read and one write to start from.

Each tool is a typed function with a docstring that describes every parameter; the OpenAI schema is derived from
them. A tool refuses what the policy forbids by raising ToolError (the call is rolled back and the agent reads why).
"""

from __future__ import annotations

from envfactory_gym import Database, ToolError, tool


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
