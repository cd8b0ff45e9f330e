"""Tools of the itassets environment: the IT service desk of Halvorsen Labs.

Reads find employees, their devices, licenses, hardware requests and repair orders, the device catalog, stock and
loaner pool, software titles, access groups and department repair budgets. Writes hand out and take back devices,
lend loaners, file, approve, fulfil and cancel hardware requests, open repair orders, assign and release software
licenses, grant access groups and offboard employees, each under the company's asset rules.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.kit import IdScheme, today
from envfactory_gym.authoring.kit import money as _money

#: Devices of each category one employee may hold at once (loaners not counted).
HOLDING_LIMIT = {"laptop": 1, "phone": 1, "tablet": 1, "monitor": 2}
#: Flat fee of an out-of-warranty repair, charged to the holder's department repair budget.
REPAIR_FEE = {"laptop": 320.0, "phone": 180.0, "tablet": 200.0, "monitor": 110.0}
#: Requests estimated above this amount need the requester's manager's approval on record.
MANAGER_APPROVAL_ABOVE = 1500.0
MAX_LOAN_DAYS = 14
#: Faults a repair order can name for each category.
FAULTS = {"laptop": ("screen", "battery", "keyboard", "charging_port", "no_power", "other"),
          "phone": ("screen", "battery", "charging_port", "no_power", "other"),
          "tablet": ("screen", "battery", "charging_port", "no_power", "other"),
          "monitor": ("screen", "no_power", "other")}
#: Rows per page of the stock list: 10 rows stay well under the 4,000-character result cut.
PAGE = 10

Category = Literal["laptop", "phone", "monitor", "tablet"]
RequestKind = Literal["new", "refresh"]
RequestStatus = Literal["pending", "approved", "fulfilled", "rejected", "cancelled"]
Fault = Literal["screen", "battery", "keyboard", "charging_port", "no_power", "other"]

_IDS = IdScheme({
    "ASG-": ("device_assignments", "assignment_id", 0),
    "LIC-": ("license_assignments", "license_id", 0),
    "REQ-": ("hardware_requests", "request_id", 0),
    "RPR-": ("repair_orders", "repair_id", 0),
})


# ---------------------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------------------

def _add_months(d: date, months: int) -> date:
    y, m = divmod(d.month - 1 + months, 12)
    for day in (d.day, 30, 29, 28):
        try:
            return date(d.year + y, m + 1, day)
        except ValueError:
            continue
    raise ValueError(d)  # pragma: no cover


def _employee(db: Database, employee_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM employees WHERE employee_id = ?", [employee_id.strip().upper()])
    if row is None:
        raise ToolError(f"no employee with id {employee_id!r} (ids look like 'EMP-1042'); see find_employee_by_email")
    return row


def _active_employee(db: Database, employee_id: str) -> dict[str, Any]:
    emp = _employee(db, employee_id)
    if emp["status"] != "active":
        raise ToolError(f"{emp['first_name']} {emp['last_name']} ({emp['employee_id']}) was offboarded on "
                        f"{emp['offboarded_on']}; offboarded employees get no devices, licenses or access")
    return emp


def _device(db: Database, asset_tag: str) -> dict[str, Any]:
    row = db.query_one("SELECT d.*, m.category, m.vendor, m.model_name, m.refresh_months FROM devices d "
                       "JOIN device_models m ON m.model_id = d.model_id WHERE d.asset_tag = ?",
                       [asset_tag.strip().upper()])
    if row is None:
        raise ToolError(f"no device with asset tag {asset_tag!r} (asset tags look like 'AST-10042')")
    return row


def _model(db: Database, model_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM device_models WHERE model_id = ?", [model_id.strip().upper()])
    if row is None:
        raise ToolError(f"no device model {model_id!r} (ids look like 'MDL-03'); see list_device_models")
    return row


def _request(db: Database, request_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT r.*, m.category, m.model_name FROM hardware_requests r JOIN device_models m "
                       "ON m.model_id = r.model_id WHERE r.request_id = ?", [request_id.strip().upper()])
    if row is None:
        raise ToolError(f"no hardware request {request_id!r} (ids look like 'REQ-40042')")
    return row


def _holdings(db: Database, employee_id: str, category: str) -> list[dict[str, Any]]:
    """The employee's active standard (non-loaner) assignments of a category, oldest first."""
    return db.query("SELECT a.*, d.model_id, d.status AS device_status FROM device_assignments a "
                    "JOIN devices d ON d.asset_tag = a.asset_tag JOIN device_models m ON m.model_id = d.model_id "
                    "WHERE a.employee_id = ? AND a.status = 'active' AND a.kind = 'standard' AND m.category = ? "
                    "ORDER BY a.assigned_on, a.asset_tag", [employee_id, category])


def _check_limit(db: Database, emp: dict[str, Any], category: str) -> None:
    held = _holdings(db, emp["employee_id"], category)
    if len(held) >= HOLDING_LIMIT[category]:
        tags = ", ".join(h["asset_tag"] for h in held)
        raise ToolError(f"{emp['first_name']} {emp['last_name']} already holds {len(held)} {category}(s) ({tags}); "
                        f"the limit is {HOLDING_LIMIT[category]} per employee")


def _active_assignment(db: Database, asset_tag: str) -> dict[str, Any] | None:
    return db.query_one("SELECT * FROM device_assignments WHERE asset_tag = ? AND status = 'active'", [asset_tag])


def _give(db: Database, dev: dict[str, Any], employee_id: str, kind: str, due: date | None = None) -> str:
    assignment_id = _IDS.next(db, "ASG-")
    db.execute("INSERT INTO device_assignments VALUES (?, ?, ?, ?, ?, ?, NULL, 'active')",
               [assignment_id, dev["asset_tag"], employee_id, kind, today(db).isoformat(),
                due.isoformat() if due else None])
    db.execute("UPDATE devices SET status = 'assigned' WHERE asset_tag = ?", [dev["asset_tag"]])
    return assignment_id


def _take_back(db: Database, assignment: dict[str, Any], device_status: str) -> None:
    """End an assignment; a device that was assigned goes back into stock (one in repair stays there)."""
    db.execute("UPDATE device_assignments SET status = 'returned', returned_on = ? WHERE assignment_id = ?",
               [today(db).isoformat(), assignment["assignment_id"]])
    if device_status == "assigned":
        db.execute("UPDATE devices SET status = 'in_stock' WHERE asset_tag = ?", [assignment["asset_tag"]])


def _seats_used(db: Database, software_id: str) -> int:
    return db.scalar("SELECT count(*) FROM license_assignments WHERE software_id = ? AND status = 'active'",
                     [software_id])


def _budget(db: Database, department_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM departments WHERE department_id = ?", [department_id.strip().upper()])
    if row is None:
        raise ToolError(f"no department {department_id!r} (ids look like 'DEP-04')")
    return row


# ---------------------------------------------------------------------------------------------------------
# Reads
# ---------------------------------------------------------------------------------------------------------

@tool
def find_employee_by_email(db: Database, email: str) -> dict:
    """Find an employee from their work email address (how callers are identified).

    Args:
        email: The employee's work email, e.g. "ada.lund@halvorsenlabs.example".

    Returns:
        The employee id, name, department and status.
    """
    row = db.query_one("SELECT e.employee_id, e.first_name, e.last_name, e.status, d.name AS department "
                       "FROM employees e JOIN departments d ON d.department_id = e.department_id "
                       "WHERE lower(e.email) = lower(?)", [email.strip()])
    if row is None:
        raise ToolError(f"no employee with email {email!r}")
    return row


@tool
def get_employee_profile(db: Database, employee_id: str) -> dict:
    """An employee's profile: department, manager, office, status, active software licenses and access groups.

    Args:
        employee_id: The employee, e.g. "EMP-1042".

    Returns:
        The profile with `licenses` (software held now) and `access_groups` (groups they belong to).
    """
    emp = _employee(db, employee_id)
    dep = _budget(db, emp["department_id"])
    manager = _employee(db, emp["manager_id"]) if emp["manager_id"] else None
    licenses = db.query("SELECT l.license_id, l.software_id, s.name AS software, l.assigned_on "
                        "FROM license_assignments l JOIN software_titles s ON s.software_id = l.software_id "
                        "WHERE l.employee_id = ? AND l.status = 'active' ORDER BY l.software_id",
                        [emp["employee_id"]])
    groups = db.query("SELECT g.group_id, g.name, m.added_on FROM group_memberships m JOIN access_groups g "
                      "ON g.group_id = m.group_id WHERE m.employee_id = ? ORDER BY g.group_id", [emp["employee_id"]])
    return {"employee_id": emp["employee_id"], "first_name": emp["first_name"], "last_name": emp["last_name"],
            "email": emp["email"], "title": emp["title"], "department_id": emp["department_id"],
            "department": dep["name"], "manager_id": emp["manager_id"],
            "manager": f"{manager['first_name']} {manager['last_name']}" if manager else None,
            "office": emp["office"], "hire_date": emp["hire_date"], "status": emp["status"],
            "offboarded_on": emp["offboarded_on"], "licenses": licenses, "access_groups": groups}


@tool
def list_employee_devices(db: Database, employee_id: str, include_returned: bool = False) -> dict:
    """The devices an employee holds now (standard and loaner), with warranty and refresh dates.

    Args:
        employee_id: The employee, e.g. "EMP-1042".
        include_returned: Also list devices they held before and returned (default false).

    Returns:
        `devices`: asset tag, model, category, serial number, device status, assignment kind and dates, warranty end
        and the date a refresh can be requested from.
    """
    emp = _employee(db, employee_id)
    where = "" if include_returned else "AND a.status = 'active'"
    rows = db.query("SELECT a.assignment_id, a.asset_tag, m.model_name, m.category, d.serial_number, "
                    "d.status AS device_status, a.kind, a.assigned_on, a.due_back, a.returned_on, "
                    "a.status AS assignment_status, d.warranty_end, m.refresh_months FROM device_assignments a "
                    "JOIN devices d ON d.asset_tag = a.asset_tag JOIN device_models m ON m.model_id = d.model_id "
                    f"WHERE a.employee_id = ? {where} ORDER BY a.status, a.assigned_on DESC, a.asset_tag",
                    [emp["employee_id"]])
    for r in rows:
        months = r.pop("refresh_months")
        r["refresh_eligible_from"] = (_add_months(date.fromisoformat(r["assigned_on"]), months).isoformat()
                                      if r["kind"] == "standard" else None)
        if r["due_back"] is None:
            del r["due_back"]
        if r["returned_on"] is None:
            del r["returned_on"]
    return {"employee_id": emp["employee_id"], "devices": rows}


@tool
def get_device_details(db: Database, asset_tag: str) -> dict:
    """One device by its asset tag: model, serial number, status, warranty, and who holds it now.

    Args:
        asset_tag: The asset tag on the device's sticker, e.g. "AST-10042".

    Returns:
        The device, whether its warranty is still running today, and its current holder (if any).
    """
    dev = _device(db, asset_tag)
    a = _active_assignment(db, dev["asset_tag"])
    holder = _employee(db, a["employee_id"]) if a else None
    return {"asset_tag": dev["asset_tag"], "model_id": dev["model_id"], "model_name": dev["model_name"],
            "category": dev["category"], "serial_number": dev["serial_number"], "status": dev["status"],
            "loaner_pool": dev["loaner_pool"], "purchase_date": dev["purchase_date"],
            "warranty_end": dev["warranty_end"], "under_warranty": dev["warranty_end"] >= today(db).isoformat(),
            "location": dev["location"],
            "holder_id": holder["employee_id"] if holder else None,
            "holder": f"{holder['first_name']} {holder['last_name']}" if holder else None,
            "assigned_on": a["assigned_on"] if a else None}


@tool
def list_device_models(db: Database, category: Category | None = None) -> list:
    """The hardware catalog: models with price, warranty and refresh period, and how many are in stock.

    Args:
        category: Only this category: laptop, phone, monitor or tablet (default: all).

    Returns:
        Models with unit cost, warranty months, refresh months and in-stock count (loaner pool not counted).
    """
    where, params = ("WHERE m.category = ?", [category]) if category else ("", [])
    return db.query("SELECT m.model_id, m.category, m.vendor, m.model_name, m.unit_cost, m.warranty_months, "
                    "m.refresh_months, (SELECT count(*) FROM devices d WHERE d.model_id = m.model_id AND "
                    "d.status = 'in_stock' AND NOT d.loaner_pool) AS in_stock FROM device_models m "
                    f"{where} ORDER BY m.model_id", params)


@tool
def list_available_devices(db: Database, category: Category, model_id: str | None = None, offset: int = 0) -> dict:
    """In-stock devices of regular stock ready to hand out, lowest asset tag first, 10 per page (loaners aside).

    Args:
        category: laptop, phone, monitor or tablet.
        model_id: Only this model, e.g. "MDL-01" (default: every model of the category).
        offset: Rows to skip, for the next page (default 0).

    Returns:
        `devices` (asset tag, model, serial number, location, warranty end), `total` and `next_offset` when more.
    """
    sql = ("FROM devices d JOIN device_models m ON m.model_id = d.model_id WHERE d.status = 'in_stock' "
           "AND m.category = ? AND NOT d.loaner_pool")
    params: list[Any] = [category]
    if model_id:
        sql += " AND d.model_id = ?"
        params.append(_model(db, model_id)["model_id"])
    total = db.scalar(f"SELECT count(*) {sql}", params)
    rows = db.query(f"SELECT d.asset_tag, m.model_name, d.serial_number, d.location, d.warranty_end "
                    f"{sql} ORDER BY d.asset_tag LIMIT {PAGE} OFFSET ?", [*params, max(0, offset)])
    out: dict[str, Any] = {"devices": rows, "total": total}
    if offset + PAGE < total:
        out["next_offset"] = offset + PAGE
    return out


@tool
def list_loaner_pool(db: Database, category: Literal["laptop", "phone"]) -> dict:
    """Loaner-pool devices free to lend now, lowest asset tag first, and how many are out on loan.

    Args:
        category: laptop or phone.

    Returns:
        `loaners` (asset tag, model, serial number, location) and `on_loan` (how many of the category are lent out).
    """
    rows = db.query("SELECT d.asset_tag, m.model_name, d.serial_number, d.location FROM devices d JOIN device_models m "
                    "ON m.model_id = d.model_id WHERE d.loaner_pool AND d.status = 'in_stock' AND m.category = ? "
                    "ORDER BY d.asset_tag", [category])
    out = db.scalar("SELECT count(*) FROM devices d JOIN device_models m ON m.model_id = d.model_id WHERE "
                    "d.loaner_pool AND d.status = 'assigned' AND m.category = ?", [category])
    return {"category": category, "loaners": rows, "on_loan": out}


@tool
def list_software_titles(db: Database) -> list:
    """The software the company licenses, with seats owned, used and free, and any department restriction.

    Returns:
        Titles with software id, name, vendor, seats total/used/free, yearly cost per seat and restricted_to.
    """
    rows = db.query("SELECT s.software_id, s.name, s.vendor, s.seats_total, (SELECT count(*) FROM "
                    "license_assignments l WHERE l.software_id = s.software_id AND l.status = 'active') AS seats_used, "
                    "s.cost_per_seat, d.name AS restricted_to FROM software_titles s LEFT JOIN departments d ON "
                    "d.department_id = s.restricted_to ORDER BY s.software_id")
    for r in rows:
        r["seats_free"] = r["seats_total"] - r["seats_used"]
    return rows


@tool
def list_hardware_requests(db: Database, employee_id: str, status: RequestStatus | None = None) -> dict:
    """An employee's hardware requests, newest first.

    Args:
        employee_id: The requester, e.g. "EMP-1042".
        status: Only requests in this status: pending, approved, fulfilled, rejected or cancelled (default: all).

    Returns:
        `requests`: id, model, kind, estimated cost, status, submission time, manager approval, fulfilment.
    """
    emp = _employee(db, employee_id)
    where, params = ("AND r.status = ?", [status]) if status else ("", [])
    rows = db.query("SELECT r.request_id, r.model_id, m.model_name, m.category, r.request_kind, r.estimated_cost, "
                    "r.status, r.submitted_at, r.manager_approved_by, r.manager_approved_at, r.approved_at, "
                    "r.fulfilled_at, r.fulfilled_asset_tag FROM hardware_requests r JOIN device_models m "
                    f"ON m.model_id = r.model_id WHERE r.employee_id = ? {where} ORDER BY r.submitted_at DESC",
                    [emp["employee_id"], *params])
    return {"employee_id": emp["employee_id"], "requests": rows}


@tool
def list_repair_orders(db: Database, employee_id: str) -> dict:
    """Repair orders opened for an employee's devices, newest first.

    Args:
        employee_id: The employee who reported them, e.g. "EMP-1042".

    Returns:
        `repairs`: id, asset tag, model, fault, opened, warranty, charge, department charged, status, closed.
    """
    emp = _employee(db, employee_id)
    rows = db.query("SELECT r.repair_id, r.asset_tag, m.model_name, r.fault, r.opened_at, r.under_warranty, "
                    "r.charge, r.charged_to, r.status, r.closed_at FROM repair_orders r JOIN devices d "
                    "ON d.asset_tag = r.asset_tag JOIN device_models m ON m.model_id = d.model_id "
                    "WHERE r.employee_id = ? ORDER BY r.opened_at DESC", [emp["employee_id"]])
    return {"employee_id": emp["employee_id"], "repairs": rows}


@tool
def get_department_budget(db: Database, department_id: str) -> dict:
    """A department's head and its yearly repair budget: total, spent so far and remaining.

    Args:
        department_id: The department, e.g. "DEP-04" (in the employee's profile).

    Returns:
        The department name, cost center, head, repair budget, spent and remaining.
    """
    dep = _budget(db, department_id)
    head = _employee(db, dep["head_employee_id"])
    return {"department_id": dep["department_id"], "name": dep["name"], "cost_center": dep["cost_center"],
            "head": f"{head['first_name']} {head['last_name']}", "repair_budget": dep["repair_budget"],
            "repair_spent": dep["repair_spent"],
            "repair_remaining": _money(dep["repair_budget"] - dep["repair_spent"])}


@tool
def list_access_groups(db: Database) -> list:
    """The access groups the desk can grant, with any department restriction and member count.

    Returns:
        Groups with group id, name, description, restricted_to (department name or null) and members.
    """
    return db.query("SELECT g.group_id, g.name, g.description, d.name AS restricted_to, (SELECT count(*) FROM "
                    "group_memberships m WHERE m.group_id = g.group_id) AS members FROM access_groups g LEFT JOIN "
                    "departments d ON d.department_id = g.restricted_to ORDER BY g.group_id")


# ---------------------------------------------------------------------------------------------------------
# Writes
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def assign_device(db: Database, asset_tag: str, employee_id: str) -> dict:
    """Hand an in-stock device from regular stock to an employee (within the holding limits).

    Args:
        asset_tag: The in-stock device, e.g. "AST-10042" (from list_available_devices).
        employee_id: Who gets it, e.g. "EMP-1042".

    Returns:
        The new assignment id, the device and the date.
    """
    emp = _active_employee(db, employee_id)
    dev = _device(db, asset_tag)
    if dev["status"] == "retired":
        raise ToolError(f"{dev['asset_tag']} ({dev['model_name']}) is retired; retired devices cannot be assigned")
    if dev["status"] != "in_stock":
        raise ToolError(f"{dev['asset_tag']} is {dev['status']}, not in stock; only in-stock devices can be assigned")
    if dev["loaner_pool"]:
        raise ToolError(f"{dev['asset_tag']} belongs to the loaner pool; lend it with lend_loaner (at most "
                        f"{MAX_LOAN_DAYS} days) instead")
    _check_limit(db, emp, dev["category"])
    assignment_id = _give(db, dev, emp["employee_id"], "standard")
    return {"assignment_id": assignment_id, "asset_tag": dev["asset_tag"], "model_name": dev["model_name"],
            "employee_id": emp["employee_id"], "assigned_on": today(db).isoformat()}


@tool(writes=True)
def return_device(db: Database, asset_tag: str) -> dict:
    """Take back a device an employee holds (a regular device or a loaner); it goes back into stock.

    Args:
        asset_tag: The device being returned, e.g. "AST-10042".

    Returns:
        The ended assignment, the device's new status and, for a loaner, whether it came back late.
    """
    dev = _device(db, asset_tag)
    a = _active_assignment(db, dev["asset_tag"])
    if a is None:
        raise ToolError(f"{dev['asset_tag']} is not assigned to anyone (status {dev['status']}); nothing to return")
    if dev["status"] == "in_repair":
        raise ToolError(f"{dev['asset_tag']} is with the repair vendor; it can be returned once the repair is done")
    _take_back(db, a, dev["status"])
    out = {"assignment_id": a["assignment_id"], "asset_tag": dev["asset_tag"], "employee_id": a["employee_id"],
           "returned_on": today(db).isoformat(), "device_status": "in_stock"}
    if a["kind"] == "loaner":
        out["days_late"] = max(0, (today(db) - date.fromisoformat(a["due_back"])).days)
    return out


@tool(writes=True)
def lend_loaner(db: Database, employee_id: str, asset_tag: str, days: int) -> dict:
    """Lend a device from the loaner pool for up to 14 days (one loaner per employee at a time).

    Args:
        employee_id: Who borrows it, e.g. "EMP-1042".
        asset_tag: An available loaner-pool device, e.g. "AST-11190" (from list_loaner_pool).
        days: Length of the loan in days, 1 to 14.

    Returns:
        The loan's assignment id, the device and the due-back date.
    """
    emp = _active_employee(db, employee_id)
    dev = _device(db, asset_tag)
    if not dev["loaner_pool"]:
        raise ToolError(f"{dev['asset_tag']} is not a loaner-pool device; only loaner-pool devices are lent out")
    if dev["status"] != "in_stock":
        raise ToolError(f"loaner {dev['asset_tag']} is {dev['status']}, not available")
    if not 1 <= days <= MAX_LOAN_DAYS:
        raise ToolError(f"a loan lasts 1 to {MAX_LOAN_DAYS} days, got {days}")
    current = db.query_one("SELECT asset_tag, due_back FROM device_assignments WHERE employee_id = ? AND "
                           "kind = 'loaner' AND status = 'active'", [emp["employee_id"]])
    if current:
        raise ToolError(f"{emp['first_name']} {emp['last_name']} already has loaner {current['asset_tag']} (due back "
                        f"{current['due_back']}); one loaner per employee at a time")
    due = today(db) + timedelta(days=days)
    assignment_id = _give(db, dev, emp["employee_id"], "loaner", due)
    return {"assignment_id": assignment_id, "asset_tag": dev["asset_tag"], "model_name": dev["model_name"],
            "employee_id": emp["employee_id"], "due_back": due.isoformat()}


@tool(writes=True)
def submit_hardware_request(db: Database, employee_id: str, model_id: str, request_kind: RequestKind) -> dict:
    """File a hardware request for a catalog model: a new device, or a refresh of one held long enough.

    A "new" request needs the employee to be under the holding limit of the category; a "refresh" needs their
    device of that category to have been assigned at least the model's refresh months ago.

    Args:
        employee_id: The requester, e.g. "EMP-1042".
        model_id: The model wanted, e.g. "MDL-03" (from list_device_models).
        request_kind: "new" (an additional device) or "refresh" (replacing an old one of the same category).

    Returns:
        The request id, estimated cost, status (pending) and whether a manager approval is needed.
    """
    emp = _active_employee(db, employee_id)
    model = _model(db, model_id)
    cat = model["category"]
    held = _holdings(db, emp["employee_id"], cat)
    if request_kind == "new":
        if len(held) >= HOLDING_LIMIT[cat]:
            raise ToolError(f"{emp['first_name']} {emp['last_name']} already holds {len(held)} {cat}(s), the limit; "
                            f"ask for a refresh of the current one instead")
    else:
        if not held:
            raise ToolError(f"{emp['first_name']} {emp['last_name']} holds no {cat} to refresh; request a new one")
        oldest = held[0]
        months = _model(db, oldest["model_id"])["refresh_months"]
        eligible = _add_months(date.fromisoformat(oldest["assigned_on"]), months)
        if eligible > today(db):
            raise ToolError(f"{oldest['asset_tag']} was assigned on {oldest['assigned_on']}; a {cat} can be refreshed "
                            f"after {months} months, from {eligible.isoformat()}")
    open_same = db.query_one("SELECT r.request_id FROM hardware_requests r JOIN device_models m ON m.model_id = "
                             "r.model_id WHERE r.employee_id = ? AND m.category = ? AND r.status IN ('pending', "
                             "'approved')", [emp["employee_id"], cat])
    if open_same:
        raise ToolError(f"{emp['first_name']} {emp['last_name']} already has open {cat} request "
                        f"{open_same['request_id']}")
    request_id = _IDS.next(db, "REQ-")
    db.execute("INSERT INTO hardware_requests VALUES (?, ?, ?, ?, ?, 'pending', ?, NULL, NULL, NULL, NULL, NULL, "
               "NULL)", [request_id, emp["employee_id"], model["model_id"], request_kind, model["unit_cost"], db.now])
    return {"request_id": request_id, "model_name": model["model_name"], "request_kind": request_kind,
            "estimated_cost": model["unit_cost"], "status": "pending",
            "needs_manager_approval": model["unit_cost"] > MANAGER_APPROVAL_ABOVE}


@tool(writes=True)
def approve_request(db: Database, request_id: str) -> dict:
    """Approve a pending hardware request (IT approval); above $1,500 the manager's approval must be on record.

    Args:
        request_id: The pending request, e.g. "REQ-40042".

    Returns:
        The request with its new status (approved).
    """
    r = _request(db, request_id)
    if r["status"] != "pending":
        raise ToolError(f"request {r['request_id']} is {r['status']}; only pending requests can be approved")
    if r["estimated_cost"] > MANAGER_APPROVAL_ABOVE and not r["manager_approved_by"]:
        raise ToolError(f"request {r['request_id']} is estimated at {r['estimated_cost']:.2f}, above "
                        f"{MANAGER_APPROVAL_ABOVE:.2f}, and has no manager approval on record; the requester's "
                        "manager must approve it first")
    _active_employee(db, r["employee_id"])
    db.execute("UPDATE hardware_requests SET status = 'approved', approved_at = ? WHERE request_id = ?",
               [db.now, r["request_id"]])
    return {"request_id": r["request_id"], "model_name": r["model_name"], "status": "approved",
            "estimated_cost": r["estimated_cost"]}


@tool(writes=True)
def fulfill_request(db: Database, request_id: str) -> dict:
    """Fulfil an approved request with the in-stock device of the requested model that has the lowest asset tag.

    For a refresh, the employee's oldest device of that category is returned to stock at the same time.

    Args:
        request_id: The approved request, e.g. "REQ-40042".

    Returns:
        The request, the device handed out (asset tag, serial number) and, for a refresh, the device taken back.
    """
    r = _request(db, request_id)
    if r["status"] != "approved":
        raise ToolError(f"request {r['request_id']} is {r['status']}; only approved requests can be fulfilled")
    emp = _active_employee(db, r["employee_id"])
    dev = db.query_one("SELECT asset_tag FROM devices WHERE model_id = ? AND status = 'in_stock' AND NOT "
                       "loaner_pool ORDER BY asset_tag LIMIT 1", [r["model_id"]])
    if dev is None:
        raise ToolError(f"no {r['model_name']} is in stock; request {r['request_id']} stays approved until stock "
                        "arrives")
    dev = _device(db, dev["asset_tag"])
    returned = None
    held = _holdings(db, emp["employee_id"], r["category"])
    if r["request_kind"] == "refresh" and held:
        old = held[0]
        if old["device_status"] == "in_repair":
            raise ToolError(f"{old['asset_tag']}, the {r['category']} being refreshed, is with the repair vendor; "
                            "the refresh can be fulfilled once it is back")
        _take_back(db, old, old["device_status"])
        returned = old["asset_tag"]
    else:
        _check_limit(db, emp, r["category"])
    assignment_id = _give(db, dev, emp["employee_id"], "standard")
    db.execute("UPDATE hardware_requests SET status = 'fulfilled', fulfilled_at = ?, fulfilled_asset_tag = ? "
               "WHERE request_id = ?", [db.now, dev["asset_tag"], r["request_id"]])
    out = {"request_id": r["request_id"], "status": "fulfilled", "assignment_id": assignment_id,
           "asset_tag": dev["asset_tag"], "model_name": dev["model_name"], "serial_number": dev["serial_number"]}
    if returned:
        out["returned_asset_tag"] = returned
    return out


@tool(writes=True)
def cancel_request(db: Database, request_id: str) -> dict:
    """Cancel a pending or approved hardware request.

    Args:
        request_id: The request to cancel, e.g. "REQ-40042".

    Returns:
        The request with its new status (cancelled).
    """
    r = _request(db, request_id)
    if r["status"] not in ("pending", "approved"):
        raise ToolError(f"request {r['request_id']} is {r['status']}; only pending or approved requests can be "
                        "cancelled")
    db.execute("UPDATE hardware_requests SET status = 'cancelled', cancelled_at = ? WHERE request_id = ?",
               [db.now, r["request_id"]])
    return {"request_id": r["request_id"], "model_name": r["model_name"], "status": "cancelled"}


@tool(writes=True)
def open_repair_order(db: Database, asset_tag: str, fault: Fault, accept_charge: bool = False) -> dict:
    """Send an employee's device to repair. Free under warranty; after the warranty end date a flat fee by category
    is charged to the holder's department repair budget, only with accept_charge and if the budget covers it.

    Args:
        asset_tag: The assigned device to repair, e.g. "AST-10042".
        fault: What is wrong: screen, battery, keyboard (laptops), charging_port, no_power or other (monitors:
            screen, no_power or other).
        accept_charge: true once the employee agreed to the out-of-warranty charge (default false).

    Returns:
        The repair id, warranty status, charge and the department charged.
    """
    dev = _device(db, asset_tag)
    if dev["status"] == "retired":
        raise ToolError(f"{dev['asset_tag']} is retired; retired devices are not repaired")
    if dev["status"] == "in_repair":
        raise ToolError(f"{dev['asset_tag']} is already in repair")
    a = _active_assignment(db, dev["asset_tag"])
    if a is None or a["kind"] == "loaner":
        raise ToolError(f"{dev['asset_tag']} is not assigned to an employee; only assigned devices (not loaners) "
                        "get repair orders")
    if fault not in FAULTS[dev["category"]]:
        raise ToolError(f"a {dev['category']} has no {fault.replace('_', ' ')} fault; name one of: "
                        f"{', '.join(FAULTS[dev['category']])}")
    emp = _active_employee(db, a["employee_id"])
    warranty = dev["warranty_end"] >= today(db).isoformat()
    charge = 0.0 if warranty else REPAIR_FEE[dev["category"]]
    dep = _budget(db, emp["department_id"])
    if charge:
        remaining = _money(dep["repair_budget"] - dep["repair_spent"])
        if not accept_charge:
            raise ToolError(f"{dev['asset_tag']}'s warranty ended on {dev['warranty_end']}; the repair costs "
                            f"{charge:.2f}, charged to {dep['name']}'s repair budget; confirm with the employee and "
                            "call again with accept_charge=true")
        if charge > remaining:
            raise ToolError(f"{dep['name']}'s repair budget has {remaining:.2f} left, less than the {charge:.2f} "
                            "out-of-warranty fee; the repair cannot be charged")
        db.execute("UPDATE departments SET repair_spent = ? WHERE department_id = ?",
                   [_money(dep["repair_spent"] + charge), dep["department_id"]])
    repair_id = _IDS.next(db, "RPR-")
    db.execute("INSERT INTO repair_orders VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', NULL)",
               [repair_id, dev["asset_tag"], emp["employee_id"], fault, db.now, warranty, charge,
                dep["department_id"] if charge else None])
    db.execute("UPDATE devices SET status = 'in_repair', location = 'Vendor' WHERE asset_tag = ?", [dev["asset_tag"]])
    return {"repair_id": repair_id, "asset_tag": dev["asset_tag"], "under_warranty": warranty,
            "warranty_end": dev["warranty_end"], "charge": charge, "charged_to": dep["name"] if charge else None,
            "status": "open"}


@tool(writes=True)
def assign_license(db: Database, employee_id: str, software_id: str) -> dict:
    """Give an employee a seat of a software title (seats are limited; some titles are restricted to a department).

    Args:
        employee_id: Who gets the seat, e.g. "EMP-1042".
        software_id: The title, e.g. "SW-07" (from list_software_titles).

    Returns:
        The license id, the title and the seats left.
    """
    emp = _active_employee(db, employee_id)
    sw = db.query_one("SELECT * FROM software_titles WHERE software_id = ?", [software_id.strip().upper()])
    if sw is None:
        raise ToolError(f"no software title {software_id!r} (ids look like 'SW-07'); see list_software_titles")
    if db.scalar("SELECT count(*) FROM license_assignments WHERE software_id = ? AND employee_id = ? AND "
                 "status = 'active'", [sw["software_id"], emp["employee_id"]]):
        raise ToolError(f"{emp['first_name']} {emp['last_name']} already has a {sw['name']} seat")
    if sw["restricted_to"] and sw["restricted_to"] != emp["department_id"]:
        dep = _budget(db, sw["restricted_to"])
        raise ToolError(f"{sw['name']} is restricted to the {dep['name']} department")
    used = _seats_used(db, sw["software_id"])
    if used >= sw["seats_total"]:
        raise ToolError(f"all {sw['seats_total']} seats of {sw['name']} are in use; a seat must be released first")
    license_id = _IDS.next(db, "LIC-")
    db.execute("INSERT INTO license_assignments VALUES (?, ?, ?, ?, NULL, 'active')",
               [license_id, sw["software_id"], emp["employee_id"], today(db).isoformat()])
    return {"license_id": license_id, "software": sw["name"], "employee_id": emp["employee_id"],
            "seats_left": sw["seats_total"] - used - 1}


@tool(writes=True)
def release_license(db: Database, employee_id: str, software_id: str) -> dict:
    """Release an employee's seat of a software title so someone else can use it.

    Args:
        employee_id: Who holds the seat, e.g. "EMP-1042".
        software_id: The title, e.g. "SW-07".

    Returns:
        The released license and the seats now free.
    """
    emp = _employee(db, employee_id)
    lic = db.query_one("SELECT l.license_id, s.name, s.seats_total FROM license_assignments l JOIN software_titles s "
                       "ON s.software_id = l.software_id WHERE l.employee_id = ? AND l.software_id = ? AND "
                       "l.status = 'active'", [emp["employee_id"], software_id.strip().upper()])
    if lic is None:
        raise ToolError(f"{emp['first_name']} {emp['last_name']} holds no active seat of {software_id!r}")
    db.execute("UPDATE license_assignments SET status = 'released', released_on = ? WHERE license_id = ?",
               [today(db).isoformat(), lic["license_id"]])
    return {"license_id": lic["license_id"], "software": lic["name"], "status": "released",
            "seats_free": lic["seats_total"] - _seats_used(db, software_id.strip().upper())}


@tool(writes=True)
def add_group_membership(db: Database, employee_id: str, group_id: str) -> dict:
    """Add an employee to an access group (department-restricted groups only for members of that department).

    Args:
        employee_id: The employee, e.g. "EMP-1042".
        group_id: The group, e.g. "GRP-10" (from list_access_groups).

    Returns:
        The membership: employee, group and date added.
    """
    emp = _active_employee(db, employee_id)
    g = db.query_one("SELECT * FROM access_groups WHERE group_id = ?", [group_id.strip().upper()])
    if g is None:
        raise ToolError(f"no access group {group_id!r} (ids look like 'GRP-05'); see list_access_groups")
    if db.scalar("SELECT count(*) FROM group_memberships WHERE employee_id = ? AND group_id = ?",
                 [emp["employee_id"], g["group_id"]]):
        raise ToolError(f"{emp['first_name']} {emp['last_name']} is already in {g['name']}")
    if g["restricted_to"] and g["restricted_to"] != emp["department_id"]:
        raise ToolError(f"{g['name']} is restricted to the {_budget(db, g['restricted_to'])['name']} department")
    db.execute("INSERT INTO group_memberships VALUES (?, ?, ?)",
               [emp["employee_id"], g["group_id"], today(db).isoformat()])
    return {"employee_id": emp["employee_id"], "group_id": g["group_id"], "group": g["name"],
            "added_on": today(db).isoformat()}


@tool(writes=True)
def offboard_employee(db: Database, employee_id: str) -> dict:
    """Offboard a leaving employee: every device assignment ends (devices go back to stock; one in repair stays
    with the vendor), every license seat is released, every access group removed, open requests cancelled.

    Args:
        employee_id: The leaving employee, e.g. "EMP-1042".

    Returns:
        What was returned, released, removed and cancelled.
    """
    emp = _active_employee(db, employee_id)
    returned = []
    for a in db.query("SELECT a.*, d.status AS device_status FROM device_assignments a JOIN devices d ON "
                      "d.asset_tag = a.asset_tag WHERE a.employee_id = ? AND a.status = 'active' ORDER BY a.asset_tag",
                      [emp["employee_id"]]):
        _take_back(db, a, a["device_status"])
        returned.append(a["asset_tag"])
    released = [r["software_id"] for r in db.query(
        "SELECT software_id FROM license_assignments WHERE employee_id = ? AND status = 'active' ORDER BY "
        "software_id", [emp["employee_id"]])]
    db.execute("UPDATE license_assignments SET status = 'released', released_on = ? WHERE employee_id = ? AND "
               "status = 'active'", [today(db).isoformat(), emp["employee_id"]])
    groups = [r["group_id"] for r in db.query("SELECT group_id FROM group_memberships WHERE employee_id = ? "
                                               "ORDER BY group_id", [emp["employee_id"]])]
    db.execute("DELETE FROM group_memberships WHERE employee_id = ?", [emp["employee_id"]])
    cancelled = [r["request_id"] for r in db.query("SELECT request_id FROM hardware_requests WHERE employee_id = ? "
                                                    "AND status IN ('pending', 'approved') ORDER BY request_id",
                                                    [emp["employee_id"]])]
    db.execute("UPDATE hardware_requests SET status = 'cancelled', cancelled_at = ? WHERE employee_id = ? AND "
               "status IN ('pending', 'approved')", [db.now, emp["employee_id"]])
    db.execute("UPDATE employees SET status = 'offboarded', offboarded_on = ? WHERE employee_id = ?",
               [today(db).isoformat(), emp["employee_id"]])
    return {"employee_id": emp["employee_id"], "status": "offboarded", "devices_returned": returned,
            "licenses_released": released, "groups_removed": groups, "requests_cancelled": cancelled}
