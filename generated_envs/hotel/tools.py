"""Tools of the hotel environment: the front desk and reservations office of Wrenfield Hotels.

Reads find guests and reservations, describe the hotels and their room types, quote availability and show
invoices. Writes book, guarantee, change and cancel reservations, manage add-ons, and check guests in and out,
each under the group's rules: no overbooking, occupancy limits, minimum stays, the cancellation window and
loyalty-tier discounts and perks.
"""

from __future__ import annotations

import hashlib
from datetime import date, datetime, timedelta
from functools import partial
from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.kit import IdScheme, parse_date
from envfactory_gym.authoring.kit import at as _at
from envfactory_gym.authoring.kit import money as _money
from envfactory_gym.authoring.kit import now as _now

DISCOUNT_PCT = {"member": 0, "silver": 5, "gold": 10, "platinum": 15}
FREE_PERKS = {"gold": ("LATE_CHECKOUT",), "platinum": ("LATE_CHECKOUT", "EARLY_CHECKIN")}
FREE_CANCEL_HOURS = {"platinum": 24}
DEFAULT_FREE_CANCEL_HOURS = 48
MAX_NIGHTS = 14
EARLY_CHECKIN_FROM = "11:00"
LATE_CHECKOUT_UNTIL = "14:00"
POINTS_PER_DOLLAR = 10
CODE_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
# A reservation holds its room on a night when it is confirmed, in house, or held and the hold has not expired.
ACTIVE_SQL = "(status IN ('confirmed', 'checked_in') OR (status = 'held' AND hold_expires_at > ?))"

AddonCode = Literal["BREAKFAST", "PARKING", "EARLY_CHECKIN", "LATE_CHECKOUT", "PET", "ROLLAWAY"]
Status = Literal["held", "confirmed", "checked_in", "checked_out", "cancelled"]
#: Reservations per page of list_guest_reservations: 10 rows stay well under the 4000-character result cut.
RESERVATIONS_PAGE = 10
CancelReason = Literal["change_of_plans", "found_other_lodging", "travel_disrupted", "illness", "duplicate_booking"]

_day = partial(parse_date, hint="like '2026-06-19'")
_IDS = IdScheme({  # prefix: (table, column, digits; 0: not padded)
    "RES-": ("reservations", "reservation_id", 0),
    "INV-": ("invoices", "invoice_id", 0),
    "PAY-": ("payments", "payment_id", 0),
})


# ---------------------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------------------

def _guest(db: Database, guest_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM guests WHERE guest_id = ?", [guest_id.strip().upper()])
    if row is None:
        raise ToolError(f"no guest with id {guest_id!r} (guest ids look like 'G-10042')")
    return row


def _hotel(db: Database, hotel_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT * FROM hotels WHERE hotel_id = ?", [hotel_id.strip().upper()])
    if row is None:
        raise ToolError(f"no hotel with id {hotel_id!r} (hotel ids look like 'HTL-01'); see list_hotels")
    return row


def _room_type(db: Database, room_type_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT t.*, h.name AS hotel_name, (SELECT count(*) FROM rooms r WHERE r.room_type_id = "
                       "t.room_type_id) AS rooms FROM room_types t JOIN hotels h ON h.hotel_id = t.hotel_id "
                       "WHERE t.room_type_id = ?", [room_type_id.strip().upper()])
    if row is None:
        raise ToolError(f"no room type with id {room_type_id!r} (ids look like 'RT-102'); see get_hotel_details")
    return row


def _reservation(db: Database, reservation_id: str) -> dict[str, Any]:
    row = db.query_one("SELECT r.*, g.loyalty_tier FROM reservations r JOIN guests g ON g.guest_id = r.guest_id "
                       "WHERE r.reservation_id = ?", [reservation_id.strip().upper()])
    if row is None:
        raise ToolError(f"no reservation with id {reservation_id!r} (ids look like 'RES-40231')")
    return row


def _require_status(res: dict[str, Any], allowed: tuple[str, ...], action: str) -> None:
    if res["status"] not in allowed:
        raise ToolError(f"reservation {res['reservation_id']} is {res['status']}; only {' or '.join(allowed)} "
                        f"reservations can {action}")


def _require_live_hold(db: Database, res: dict[str, Any]) -> None:
    if res["status"] == "held" and datetime.fromisoformat(res["hold_expires_at"]) <= _now(db):
        raise ToolError(f"the hold on reservation {res['reservation_id']} expired at "
                        f"{res['hold_expires_at'].replace('T', ' ')[:16]}; it no longer holds a room, so a new "
                        "booking is needed")


def _check_stay(db: Database, check_in: date, nights: int) -> None:
    if check_in < _now(db).date():
        raise ToolError(f"check-in {check_in.isoformat()} is in the past (today is {_now(db).date().isoformat()})")
    if not 1 <= nights <= MAX_NIGHTS:
        raise ToolError(f"a stay is 1 to {MAX_NIGHTS} nights, got {nights}")


def _nightly(db: Database, room_type_id: str, check_in: date, nights: int) -> list[tuple[date, float]]:
    """The published rate of each night: the season's weekday rate, or its weekend rate on Friday and Saturday."""
    rows = db.query("SELECT start_date, end_date, weekday_rate, weekend_rate FROM seasonal_rates "
                    "WHERE room_type_id = ? ORDER BY start_date", [room_type_id])
    out = []
    for k in range(nights):
        night = check_in + timedelta(days=k)
        rate = next((r for r in rows if r["start_date"] <= night.isoformat() <= r["end_date"]), None)
        if rate is None:
            last = max(r["end_date"] for r in rows)
            raise ToolError(f"no rates are published for the night of {night.isoformat()}; bookings are open "
                            f"for nights through {last}")
        out.append((night, rate["weekend_rate"] if night.weekday() in (4, 5) else rate["weekday_rate"]))
    return out


def _price(db: Database, room_type_id: str, check_in: date, nights: int, tier: str) -> dict[str, Any]:
    nightly = _nightly(db, room_type_id, check_in, nights)
    subtotal = _money(sum(rate for _, rate in nightly))
    discount = _money(subtotal * DISCOUNT_PCT[tier] / 100)
    return {"nightly_rates": [{"night": n.isoformat(), "rate": r} for n, r in nightly], "room_subtotal": subtotal,
            "loyalty_discount": discount, "room_total": _money(subtotal - discount)}


def _first_night_fee(db: Database, res: dict[str, Any]) -> float:
    (_, rate), = _nightly(db, res["room_type_id"], date.fromisoformat(res["check_in"]), 1)
    return _money(rate * (100 - DISCOUNT_PCT[res["loyalty_tier"]]) / 100)


def _booked(db: Database, room_type_id: str, check_in: date, nights: int, exclude: str | None) -> list[int]:
    """Rooms of the type held by other reservations on each night of the stay."""
    rows = db.query(f"SELECT check_in, check_out FROM reservations WHERE room_type_id = ? AND {ACTIVE_SQL} "
                    "AND check_in < ? AND check_out > ? AND reservation_id <> ?",
                    [room_type_id, db.now, (check_in + timedelta(days=nights)).isoformat(), check_in.isoformat(),
                     exclude or ""])
    return [sum(1 for r in rows if r["check_in"] <= (check_in + timedelta(days=k)).isoformat() < r["check_out"])
            for k in range(nights)]


def _check_available(db: Database, rt: dict[str, Any], check_in: date, nights: int, exclude: str | None) -> None:
    for k, booked in enumerate(_booked(db, rt["room_type_id"], check_in, nights, exclude)):
        if booked >= rt["rooms"]:
            night = (check_in + timedelta(days=k)).isoformat()
            raise ToolError(f"the {rt['name']} at {rt['hotel_name']} is sold out on the night of {night} "
                            f"(all {rt['rooms']} rooms booked)")


def _min_nights(db: Database, hotel_id: str, check_in: date, nights: int) -> dict[str, Any] | None:
    """The strictest minimum-stay rule that covers a night of the stay, if any."""
    last = check_in + timedelta(days=nights - 1)
    return db.query_one("SELECT event_name, start_date, end_date, min_nights FROM stay_restrictions "
                        "WHERE hotel_id = ? AND start_date <= ? AND end_date >= ? ORDER BY min_nights DESC, "
                        "start_date LIMIT 1", [hotel_id, last.isoformat(), check_in.isoformat()])


def _check_min_stay(db: Database, hotel_id: str, check_in: date, nights: int) -> None:
    rule = _min_nights(db, hotel_id, check_in, nights)
    if rule is not None and nights < rule["min_nights"]:
        raise ToolError(f"stays over {rule['event_name']} ({rule['start_date']} to {rule['end_date']}) need at "
                        f"least {rule['min_nights']} nights; this one has {nights}")


def _check_party(rt: dict[str, Any], adults: int, children: int, rollaway: bool) -> None:
    if adults < 1 or children < 0:
        raise ToolError(f"a party needs at least one adult and no negative count (got {adults} adults, "
                        f"{children} children)")
    extra = 1 if rollaway and rt["rollaway_allowed"] else 0
    max_adults, max_total = rt["max_adults"] + extra, rt["max_occupancy"] + extra
    if adults > max_adults or adults + children > max_total:
        hint = " (a rollaway bed adds one guest)" if rt["rollaway_allowed"] and not extra else ""
        raise ToolError(f"the {rt['name']} sleeps at most {max_total} guests, {max_adults} of them adults{hint}; "
                        f"the party is {adults} adults and {children} children")


def _valid_through(card: dict[str, Any]) -> date:
    year, month = card["exp_year"], card["exp_month"]
    return date(year + (month == 12), month % 12 + 1, 1) - timedelta(days=1)


def _card(db: Database, card_id: str, guest_id: str, through: date) -> dict[str, Any]:
    card = db.query_one("SELECT * FROM payment_cards WHERE card_id = ?", [card_id.strip().upper()])
    if card is None or card["guest_id"] != guest_id:
        raise ToolError(f"card {card_id!r} is not on file for guest {guest_id}; see get_guest_profile")
    if _valid_through(card) < through:
        raise ToolError(f"{_card_label(card)} expires {card['exp_month']:02d}/{card['exp_year']}, before "
                        f"{through.isoformat()}; it cannot guarantee or pay for this stay")
    return card


def _card_label(card: dict[str, Any]) -> str:
    return f"{card['brand']} ending {card['last4']}"


def _free_cancel_until(res: dict[str, Any], hotel: dict[str, Any]) -> datetime:
    hours = FREE_CANCEL_HOURS.get(res["loyalty_tier"], DEFAULT_FREE_CANCEL_HOURS)
    return _at(date.fromisoformat(res["check_in"]), hotel["check_in_time"]) - timedelta(hours=hours)


def _addon_line(addon: dict[str, Any], nights: int, guests: int, tier: str) -> tuple[int, float, float]:
    qty = {"per_stay": 1, "per_night": nights, "per_guest_night": nights * guests}[addon["pricing"]]
    unit = 0.0 if addon["addon_code"] in FREE_PERKS.get(tier, ()) else addon["price"]
    return qty, unit, _money(unit * qty)


def _extras(db: Database, reservation_id: str) -> list[dict[str, Any]]:
    return db.query("SELECT x.addon_code, a.name, a.pricing, x.quantity, x.unit_price, x.total_price "
                    "FROM reservation_addons x JOIN addons a ON a.addon_code = x.addon_code "
                    "WHERE x.reservation_id = ? ORDER BY x.addon_code", [reservation_id])


def _reprice(db: Database, res: dict[str, Any], room_type_id: str, check_in: date, nights: int, adults: int,
             children: int) -> dict[str, Any]:
    """Price the stay again from the rate table and the add-on prices; write the new figures."""
    price = _price(db, room_type_id, check_in, nights, res["loyalty_tier"])
    total = 0.0
    for x in db.query("SELECT a.* FROM reservation_addons x JOIN addons a ON a.addon_code = x.addon_code "
                      "WHERE x.reservation_id = ?", [res["reservation_id"]]):
        qty, unit, line = _addon_line(x, nights, adults + children, res["loyalty_tier"])
        db.execute("UPDATE reservation_addons SET quantity = ?, unit_price = ?, total_price = ? "
                   "WHERE reservation_id = ? AND addon_code = ?", [qty, unit, line, res["reservation_id"],
                                                                    x["addon_code"]])
        total += line
    db.execute("UPDATE reservations SET room_type_id = ?, check_in = ?, check_out = ?, adults = ?, children = ?, "
               "room_subtotal = ?, loyalty_discount = ?, room_total = ?, addons_total = ? WHERE reservation_id = ?",
               [room_type_id, check_in.isoformat(), (check_in + timedelta(days=nights)).isoformat(), adults,
                children, price["room_subtotal"], price["loyalty_discount"], price["room_total"], _money(total),
                res["reservation_id"]])
    old = _money(res["room_total"] + res["addons_total"])
    new = _money(price["room_total"] + total)
    return {"reservation_id": res["reservation_id"], "room_total": price["room_total"], "extras_total": _money(total),
            "previous_total": old, "new_total": new, "difference": _money(new - old)}


def _nights_of(res: dict[str, Any]) -> int:
    return (date.fromisoformat(res["check_out"]) - date.fromisoformat(res["check_in"])).days


def _parking_full_night(db: Database, res: dict[str, Any], check_in: date, nights: int, spaces: int) -> str | None:
    rows = db.query(f"SELECT r.check_in, r.check_out FROM reservations r JOIN reservation_addons x "
                    f"ON x.reservation_id = r.reservation_id AND x.addon_code = 'PARKING' WHERE r.hotel_id = ? "
                    f"AND {ACTIVE_SQL} AND r.reservation_id <> ?", [res["hotel_id"], db.now, res["reservation_id"]])
    for k in range(nights):
        night = (check_in + timedelta(days=k)).isoformat()
        if sum(1 for r in rows if r["check_in"] <= night < r["check_out"]) >= spaces:
            return night
    return None


def _confirmation_code(db: Database, reservation_id: str) -> str:
    salt = 0
    while True:
        digest = hashlib.sha256(f"{reservation_id}:{salt}".encode()).digest()
        code = "WF" + "".join(CODE_CHARS[b % len(CODE_CHARS)] for b in digest[:6])
        if not db.scalar("SELECT count(*) FROM reservations WHERE confirmation_code = ?", [code]):
            return code
        salt += 1


# ---------------------------------------------------------------------------------------------------------
# Reads
# ---------------------------------------------------------------------------------------------------------

@tool
def find_guest_by_email(db: Database, email: str) -> dict:
    """Find a guest's profile id from their email address.

    Args:
        email: The guest's email address, e.g. "dana.whitfield@example.com".

    Returns:
        The guest id, name and loyalty tier.
    """
    row = db.query_one("SELECT guest_id, first_name, last_name, loyalty_tier FROM guests "
                       "WHERE lower(email) = lower(?)", [email.strip()])
    if row is None:
        raise ToolError(f"no guest with email {email!r}")
    return row


@tool
def find_reservation_by_code(db: Database, confirmation_code: str, guest_last_name: str) -> dict:
    """Find a reservation from its confirmation code and the last name it is held under (this verifies the caller).

    Args:
        confirmation_code: The code the guest was given when booking, e.g. "WF7K2QPX".
        guest_last_name: The last name the reservation is held under, e.g. "Whitfield".

    Returns:
        The reservation id, guest id, hotel, dates and status.
    """
    row = db.query_one(
        "SELECT r.reservation_id, r.confirmation_code, r.guest_id, r.guest_last_name, r.hotel_id, h.name AS hotel_name, "
        "r.check_in, r.check_out, r.status FROM reservations r JOIN hotels h ON h.hotel_id = r.hotel_id "
        "WHERE r.confirmation_code = ? AND lower(r.guest_last_name) = lower(?)",
        [confirmation_code.strip().upper(), guest_last_name.strip()])
    if row is None:
        raise ToolError(f"no reservation with confirmation code {confirmation_code!r} under the name "
                        f"{guest_last_name!r}")
    return row


@tool
def get_guest_profile(db: Database, guest_id: str) -> dict:
    """Get a guest's profile: contact details, loyalty tier with its discount and perks, and cards on file.

    Args:
        guest_id: The guest's id, e.g. "G-10042".

    Returns:
        Name, email, phone, loyalty tier, points, discount, perks and payment cards (with expiry).
    """
    g = _guest(db, guest_id)
    today = _now(db).date()
    cards = db.query("SELECT * FROM payment_cards WHERE guest_id = ? ORDER BY card_id", [g["guest_id"]])
    perks = [{"LATE_CHECKOUT": "free late check-out", "EARLY_CHECKIN": "free early check-in"}[p]
             for p in FREE_PERKS.get(g["loyalty_tier"], ())]
    if g["loyalty_tier"] in FREE_CANCEL_HOURS:
        perks.append(f"free cancellation until {FREE_CANCEL_HOURS[g['loyalty_tier']]} hours before arrival")
    return {"guest_id": g["guest_id"], "name": f"{g['first_name']} {g['last_name']}", "email": g["email"],
            "phone": g["phone"], "loyalty_tier": g["loyalty_tier"], "loyalty_points": g["loyalty_points"],
            "member_since": g["member_since"], "room_discount_pct": DISCOUNT_PCT[g["loyalty_tier"]], "perks": perks,
            "cards": [{"card_id": c["card_id"], "brand": c["brand"], "last4": c["last4"],
                       "expires": f"{c['exp_month']:02d}/{c['exp_year']}", "expired": _valid_through(c) < today}
                      for c in cards]}


@tool
def list_guest_reservations(db: Database, guest_id: str, status: Status | None = None, offset: int = 0) -> dict:
    """List a guest's reservations, latest arrival first, 10 at a time.

    Args:
        guest_id: The guest's id, e.g. "G-10042".
        status: Only reservations with this status; omit for all.
        offset: How many reservations to skip, for the next page (the "next_offset" of the previous result); 0 for
            the first page.

    Returns:
        Up to 10 reservations: id, confirmation code, hotel, room type, dates and status; "more" is true when
        there are others, fetched with offset set to "next_offset".
    """
    g = _guest(db, guest_id)
    if offset < 0:
        raise ToolError(f"offset must be 0 or more, got {offset}")
    rows = db.query(
        "SELECT r.reservation_id, r.confirmation_code, r.hotel_id, h.name AS hotel_name, r.room_type_id, "
        "t.name AS room_type, r.check_in, r.check_out, r.status FROM reservations r "
        "JOIN hotels h ON h.hotel_id = r.hotel_id JOIN room_types t ON t.room_type_id = r.room_type_id "
        "WHERE r.guest_id = ? AND (? IS NULL OR r.status = ?) ORDER BY r.check_in DESC, r.reservation_id "
        f"LIMIT {RESERVATIONS_PAGE + 1} OFFSET ?",
        [g["guest_id"], status, status, offset])
    out: dict[str, Any] = {"guest_id": g["guest_id"], "reservations": rows[:RESERVATIONS_PAGE],
                           "more": len(rows) > RESERVATIONS_PAGE}
    if out["more"]:
        out["next_offset"] = offset + RESERVATIONS_PAGE
    return out


@tool
def get_booking(db: Database, reservation_id: str) -> dict:
    """Get one reservation in full: stay, party, nightly rates, add-ons, totals, guarantee card and cancellation terms.

    Args:
        reservation_id: The reservation's id, e.g. "RES-40231".

    Returns:
        The reservation's details; open ones show until when they can be cancelled free and the late fee.
    """
    r = _reservation(db, reservation_id)
    hotel = _hotel(db, r["hotel_id"])
    rt = _room_type(db, r["room_type_id"])
    guest = _guest(db, r["guest_id"])
    extras = _extras(db, r["reservation_id"])
    card = db.query_one("SELECT * FROM payment_cards WHERE card_id = ?", [r["card_id"]]) if r["card_id"] else None
    room = db.query_one("SELECT room_number, floor FROM rooms WHERE room_id = ?", [r["room_id"]]) if r["room_id"] else None
    out: dict[str, Any] = {
        "reservation_id": r["reservation_id"], "confirmation_code": r["confirmation_code"], "status": r["status"],
        "guest_id": r["guest_id"], "guest_name": f"{guest['first_name']} {guest['last_name']}",
        "loyalty_tier": r["loyalty_tier"], "hotel_id": r["hotel_id"], "hotel_name": hotel["name"],
        "room_type_id": r["room_type_id"], "room_type": rt["name"], "check_in": r["check_in"],
        "check_out": r["check_out"], "nights": _nights_of(r), "adults": r["adults"], "children": r["children"],
        "room_number": room["room_number"] if room else None, "booked_at": r["booked_at"],
        "guarantee_card": {"card_id": card["card_id"], "label": _card_label(card)} if card else None,
        "room_subtotal": r["room_subtotal"], "loyalty_discount": r["loyalty_discount"], "room_total": r["room_total"],
        "extras": extras, "extras_total": r["addons_total"],
        "total_before_tax": _money(r["room_total"] + r["addons_total"])}
    if r["status"] in ("held", "confirmed"):
        out["nightly_rates"] = _price(db, r["room_type_id"], date.fromisoformat(r["check_in"]), _nights_of(r),
                                      r["loyalty_tier"])["nightly_rates"]
        out["free_cancellation_until"] = _free_cancel_until(r, hotel).isoformat()
        out["late_cancellation_fee"] = 0.0 if r["status"] == "held" else _first_night_fee(db, r)
    if r["status"] == "held":
        out["hold_expires_at"] = r["hold_expires_at"]
        out["hold_expired"] = datetime.fromisoformat(r["hold_expires_at"]) <= _now(db)
    if r["status"] == "cancelled":
        out.update(cancelled_at=r["cancelled_at"], cancel_reason=r["cancel_reason"],
                   cancellation_fee=r["cancellation_fee"])
    if r["status"] in ("checked_in", "checked_out"):
        out.update(checked_in_at=r["checked_in_at"], checked_out_at=r["checked_out_at"])
    return out


@tool
def list_hotels(db: Database, city: str | None = None) -> list:
    """List the group's hotels, optionally in one city.

    Args:
        city: Only hotels in this city, e.g. "Asheville"; omit for all hotels.

    Returns:
        Each hotel's id, name, city, phone, whether it has parking and whether it takes pets.
    """
    return db.query("SELECT hotel_id, name, city, state, phone, parking_spaces > 0 AS has_parking, pet_friendly "
                    "FROM hotels WHERE (? IS NULL OR lower(city) = lower(?)) ORDER BY hotel_id",
                    [city and city.strip(), city and city.strip()])


@tool
def get_hotel_details(db: Database, hotel_id: str) -> dict:
    """Get a hotel: address, check-in and check-out times, tax, room types with their limits, add-ons and minimum stays.

    Args:
        hotel_id: The hotel's id, e.g. "HTL-01" (from list_hotels).

    Returns:
        The hotel, its room types (beds, guest limits, rollaway, accessibility), the add-ons it offers with prices,
        and the minimum-stay rules from today on.
    """
    h = _hotel(db, hotel_id)
    types = db.query(
        "SELECT t.room_type_id, t.name, t.beds, t.max_adults, t.max_occupancy, t.rollaway_allowed, t.accessible, "
        "t.square_feet, count(r.room_id) AS rooms FROM room_types t JOIN rooms r ON r.room_type_id = t.room_type_id "
        "WHERE t.hotel_id = ? GROUP BY ALL ORDER BY t.room_type_id", [h["hotel_id"]])
    addons = db.query("SELECT addon_code, name, pricing, price, description FROM addons ORDER BY addon_code")
    for a in addons:
        a["offered"] = not ((a["addon_code"] == "PARKING" and h["parking_spaces"] == 0)
                            or (a["addon_code"] == "PET" and not h["pet_friendly"]))
    rules = db.query("SELECT event_name, start_date, end_date, min_nights FROM stay_restrictions WHERE hotel_id = ? "
                     "AND end_date >= ? ORDER BY start_date", [h["hotel_id"], _now(db).date().isoformat()])
    return {"hotel_id": h["hotel_id"], "name": h["name"], "address": f"{h['street']}, {h['city']}, {h['state']}",
            "phone": h["phone"], "check_in_time": h["check_in_time"], "check_out_time": h["check_out_time"],
            "lodging_tax_pct": h["lodging_tax_pct"], "parking_spaces": h["parking_spaces"],
            "pet_friendly": h["pet_friendly"], "room_types": types, "addons": addons, "minimum_stays": rules}


@tool
def check_room_availability(db: Database, room_type_id: str, check_in: str, nights: int) -> dict:
    """Quote a room type for a stay at the public rate: rooms left, nightly rates, and any minimum-stay rule.

    Loyalty discounts are not included: a member's room price is the public total less their tier's discount.

    Args:
        room_type_id: The room type, e.g. "RT-102" (from get_hotel_details).
        check_in: Arrival date, e.g. "2026-06-19".
        nights: Number of nights, 1 to 14.

    Returns:
        Whether the stay can be booked (rooms and minimum stay), rooms left, nightly rates and the public total.
    """
    rt = _room_type(db, room_type_id)
    start = _day(check_in, "check_in")
    _check_stay(db, start, nights)
    price = _price(db, rt["room_type_id"], start, nights, "member")
    booked = _booked(db, rt["room_type_id"], start, nights, None)
    sold_out = [(start + timedelta(days=k)).isoformat() for k, b in enumerate(booked) if b >= rt["rooms"]]
    rule = _min_nights(db, rt["hotel_id"], start, nights)
    min_nights = rule["min_nights"] if rule else 1
    return {"room_type_id": rt["room_type_id"], "room_type": rt["name"], "hotel_name": rt["hotel_name"],
            "check_in": start.isoformat(), "check_out": (start + timedelta(days=nights)).isoformat(),
            "nights": nights, "bookable": not sold_out and nights >= min_nights,
            "rooms_left": rt["rooms"] - max(booked), "sold_out_nights": sold_out, "minimum_nights": min_nights,
            "minimum_stay_event": rule["event_name"] if rule and nights < min_nights else None,
            "max_adults": rt["max_adults"], "max_occupancy": rt["max_occupancy"],
            "nightly_rates": price["nightly_rates"], "public_total": price["room_subtotal"]}


@tool
def get_stay_invoices(db: Database, reservation_id: str) -> dict:
    """Get a reservation's invoices with their payments, and the charges posted to the room so far.

    Args:
        reservation_id: The reservation's id, e.g. "RES-40231".

    Returns:
        Invoices (room, add-ons, incidentals, fees, tax, total, and the cards paid with) and folio charges.
    """
    r = _reservation(db, reservation_id)
    invoices = db.query("SELECT invoice_id, kind, issued_at, nights_charged, room_charges, addon_charges, "
                        "incidental_charges, fees, tax, total FROM invoices WHERE reservation_id = ? "
                        "ORDER BY invoice_id", [r["reservation_id"]])
    for inv in invoices:
        inv["payments"] = db.query(
            "SELECT p.payment_id, c.brand || ' ending ' || c.last4 AS card, p.amount, p.paid_at FROM payments p "
            "JOIN payment_cards c ON c.card_id = p.card_id WHERE p.invoice_id = ? ORDER BY p.payment_id",
            [inv["invoice_id"]])
    charges = db.query("SELECT charge_id, posted_at, category, description, amount FROM folio_charges "
                       "WHERE reservation_id = ? ORDER BY posted_at, charge_id", [r["reservation_id"]])
    return {"reservation_id": r["reservation_id"], "status": r["status"], "invoices": invoices,
            "folio_charges": charges, "folio_total": _money(sum(c["amount"] for c in charges))}


# ---------------------------------------------------------------------------------------------------------
# Writes
# ---------------------------------------------------------------------------------------------------------

@tool(writes=True)
def book_room(db: Database, guest_id: str, room_type_id: str, check_in: str, nights: int, adults: int,
              card_id: str, children: int = 0) -> dict:
    """Book a room type for a guest, guaranteed with one of their cards; priced from the rate table with their discount.

    Args:
        guest_id: The guest's id, e.g. "G-10042".
        room_type_id: The room type to book, e.g. "RT-102" (from get_hotel_details).
        check_in: Arrival date, e.g. "2026-06-19" (today or later).
        nights: Number of nights, 1 to 14.
        adults: Number of adults staying in the room (at least 1).
        card_id: The guest's card that guarantees the booking, e.g. "CARD-0311" (from get_guest_profile).
        children: Number of children staying in the room; 0 if none.

    Returns:
        The new reservation id and confirmation code, the stay, the price and the free-cancellation deadline.
    """
    g = _guest(db, guest_id)
    rt = _room_type(db, room_type_id)
    start = _day(check_in, "check_in")
    _check_stay(db, start, nights)
    _check_party(rt, adults, children, rollaway=False)
    _check_min_stay(db, rt["hotel_id"], start, nights)
    _check_available(db, rt, start, nights, None)
    price = _price(db, rt["room_type_id"], start, nights, g["loyalty_tier"])
    end = start + timedelta(days=nights)
    card = _card(db, card_id, g["guest_id"], end)
    rid = _IDS.next(db, "RES-")
    code = _confirmation_code(db, rid)
    db.execute("INSERT INTO reservations (reservation_id, confirmation_code, guest_id, guest_last_name, hotel_id, "
               "room_type_id, check_in, check_out, adults, children, status, card_id, booked_at, room_subtotal, "
               "loyalty_discount, room_total, addons_total) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'confirmed', ?, ?, "
               "?, ?, ?, 0)", [rid, code, g["guest_id"], g["last_name"], rt["hotel_id"], rt["room_type_id"],
                               start.isoformat(), end.isoformat(), adults, children, card["card_id"], db.now,
                               price["room_subtotal"], price["loyalty_discount"], price["room_total"]])
    res = _reservation(db, rid)
    return {"reservation_id": rid, "confirmation_code": code, "status": "confirmed", "hotel_name": rt["hotel_name"],
            "room_type": rt["name"], "check_in": start.isoformat(), "check_out": end.isoformat(), "nights": nights,
            "room_subtotal": price["room_subtotal"], "loyalty_discount": price["loyalty_discount"],
            "room_total": price["room_total"], "guaranteed_with": _card_label(card),
            "free_cancellation_until": _free_cancel_until(res, _hotel(db, rt["hotel_id"])).isoformat()}


@tool(writes=True)
def guarantee_hold(db: Database, reservation_id: str, card_id: str) -> dict:
    """Confirm a held reservation by guaranteeing it with one of the guest's cards, before the hold expires.

    Args:
        reservation_id: The held reservation, e.g. "RES-40231".
        card_id: The guest's card to guarantee it with, e.g. "CARD-0311" (from get_guest_profile).

    Returns:
        The reservation id, its new status and the card.
    """
    r = _reservation(db, reservation_id)
    _require_status(r, ("held",), "be guaranteed")
    _require_live_hold(db, r)
    card = _card(db, card_id, r["guest_id"], date.fromisoformat(r["check_out"]))
    db.execute("UPDATE reservations SET status = 'confirmed', card_id = ?, hold_expires_at = NULL "
               "WHERE reservation_id = ?", [card["card_id"], r["reservation_id"]])
    return {"reservation_id": r["reservation_id"], "status": "confirmed", "guaranteed_with": _card_label(card)}


@tool(writes=True)
def cancel_booking(db: Database, reservation_id: str, reason: CancelReason) -> dict:
    """Cancel a held or confirmed reservation; inside the cancellation window the first night is charged as a fee.

    Free until 48 hours before the hotel's check-in time on the arrival day (24 hours for platinum members);
    holds always cancel free.

    Args:
        reservation_id: The reservation to cancel, e.g. "RES-40231".
        reason: Why the guest cancels.

    Returns:
        The reservation id, its status, the fee charged (0 when free) and the card charged.
    """
    r = _reservation(db, reservation_id)
    _require_status(r, ("held", "confirmed"), "be cancelled")
    hotel = _hotel(db, r["hotel_id"])
    fee, charged = 0.0, None
    if r["status"] == "confirmed" and _now(db) >= _free_cancel_until(r, hotel):
        fee = _first_night_fee(db, r)
        card = db.query_one("SELECT * FROM payment_cards WHERE card_id = ?", [r["card_id"]])
        invoice_id = _IDS.next(db, "INV-")
        db.execute("INSERT INTO invoices VALUES (?, ?, 'cancellation', ?, 0, 0, 0, 0, ?, 0, ?)",
                   [invoice_id, r["reservation_id"], db.now, fee, fee])
        db.execute("INSERT INTO payments VALUES (?, ?, ?, ?, ?)",
                   [_IDS.next(db, "PAY-"), invoice_id, card["card_id"], fee, db.now])
        charged = _card_label(card)
    db.execute("UPDATE reservations SET status = 'cancelled', cancel_reason = ?, cancelled_at = ?, "
               "cancellation_fee = ?, hold_expires_at = NULL WHERE reservation_id = ?",
               [reason, db.now, fee, r["reservation_id"]])
    return {"reservation_id": r["reservation_id"], "status": "cancelled", "cancellation_fee": fee,
            "charged_to": charged}


@tool(writes=True)
def change_stay_dates(db: Database, reservation_id: str, new_check_in: str, new_nights: int) -> dict:
    """Move a held or confirmed reservation to new dates, re-priced from the rate table (add-ons too).

    Only before the free-cancellation deadline; the room type must be free on every new night.

    Args:
        reservation_id: The reservation to change, e.g. "RES-40231".
        new_check_in: The new arrival date, e.g. "2026-07-10".
        new_nights: The new number of nights, 1 to 14.

    Returns:
        The new dates, the previous and new totals and the difference.
    """
    r = _reservation(db, reservation_id)
    _require_status(r, ("held", "confirmed"), "have their dates changed")
    _require_live_hold(db, r)
    hotel = _hotel(db, r["hotel_id"])
    deadline = _free_cancel_until(r, hotel)
    if _now(db) >= deadline:
        raise ToolError(f"reservation {r['reservation_id']} is inside its cancellation window (free changes ended "
                        f"{deadline.isoformat(sep=' ')[:16]}); its dates can no longer be changed")
    start = _day(new_check_in, "new_check_in")
    if start.isoformat() == r["check_in"] and new_nights == _nights_of(r):
        raise ToolError(f"reservation {r['reservation_id']} already is {new_nights} nights from {r['check_in']}")
    _check_stay(db, start, new_nights)
    rt = _room_type(db, r["room_type_id"])
    _check_min_stay(db, r["hotel_id"], start, new_nights)
    _check_available(db, rt, start, new_nights, r["reservation_id"])
    if db.scalar("SELECT count(*) FROM reservation_addons WHERE reservation_id = ? AND addon_code = 'PARKING'",
                 [r["reservation_id"]]):
        full = _parking_full_night(db, r, start, new_nights, hotel["parking_spaces"])
        if full:
            raise ToolError(f"parking at {hotel['name']} is full on the night of {full}; remove the parking "
                            "add-on first or pick other dates")
    if r["card_id"]:
        _card(db, r["card_id"], r["guest_id"], start + timedelta(days=new_nights))
    out = _reprice(db, r, r["room_type_id"], start, new_nights, r["adults"], r["children"])
    return {**out, "check_in": start.isoformat(), "check_out": (start + timedelta(days=new_nights)).isoformat(),
            "nights": new_nights}


@tool(writes=True)
def change_room_type(db: Database, reservation_id: str, new_room_type_id: str) -> dict:
    """Move a held or confirmed reservation to another room type of the same hotel, re-priced from the rate table.

    Args:
        reservation_id: The reservation to change, e.g. "RES-40231".
        new_room_type_id: The room type to move to, e.g. "RT-103" (from get_hotel_details).

    Returns:
        The new room type, the previous and new totals and the difference.
    """
    r = _reservation(db, reservation_id)
    _require_status(r, ("held", "confirmed"), "change room type")
    _require_live_hold(db, r)
    rt = _room_type(db, new_room_type_id)
    if rt["hotel_id"] != r["hotel_id"]:
        raise ToolError(f"{rt['name']} ({rt['room_type_id']}) is at {rt['hotel_name']}, not at the reservation's "
                        "hotel; room types can only change within the same hotel")
    if rt["room_type_id"] == r["room_type_id"]:
        raise ToolError(f"reservation {r['reservation_id']} already is a {rt['name']}")
    rollaway = bool(db.scalar("SELECT count(*) FROM reservation_addons WHERE reservation_id = ? "
                              "AND addon_code = 'ROLLAWAY'", [r["reservation_id"]]))
    if rollaway and not rt["rollaway_allowed"]:
        raise ToolError(f"the reservation has a rollaway bed and the {rt['name']} does not take one")
    _check_party(rt, r["adults"], r["children"], rollaway)
    start = date.fromisoformat(r["check_in"])
    _check_available(db, rt, start, _nights_of(r), r["reservation_id"])
    out = _reprice(db, r, rt["room_type_id"], start, _nights_of(r), r["adults"], r["children"])
    return {**out, "room_type_id": rt["room_type_id"], "room_type": rt["name"]}


@tool(writes=True)
def change_party_size(db: Database, reservation_id: str, adults: int, children: int) -> dict:
    """Change how many adults and children stay on a held or confirmed reservation (per-guest add-ons are re-priced).

    Args:
        reservation_id: The reservation to change, e.g. "RES-40231".
        adults: The new number of adults (at least 1).
        children: The new number of children; 0 if none.

    Returns:
        The new party, the previous and new totals and the difference.
    """
    r = _reservation(db, reservation_id)
    _require_status(r, ("held", "confirmed"), "change the party size")
    _require_live_hold(db, r)
    if (adults, children) == (r["adults"], r["children"]):
        raise ToolError(f"reservation {r['reservation_id']} already is {adults} adults and {children} children")
    rt = _room_type(db, r["room_type_id"])
    rollaway = bool(db.scalar("SELECT count(*) FROM reservation_addons WHERE reservation_id = ? "
                              "AND addon_code = 'ROLLAWAY'", [r["reservation_id"]]))
    _check_party(rt, adults, children, rollaway)
    out = _reprice(db, r, r["room_type_id"], date.fromisoformat(r["check_in"]), _nights_of(r), adults, children)
    return {**out, "adults": adults, "children": children}


@tool(writes=True)
def add_stay_extra(db: Database, reservation_id: str, addon_code: AddonCode) -> dict:
    """Add an add-on to a reservation, priced for the whole stay (loyalty perks make some free).

    Held and confirmed reservations take any add-on the hotel offers; guests already in house can only add late
    check-out.

    Args:
        reservation_id: The reservation, e.g. "RES-40231".
        addon_code: The add-on: BREAKFAST, PARKING, EARLY_CHECKIN, LATE_CHECKOUT, PET or ROLLAWAY.

    Returns:
        The add-on line (quantity, unit price, total) and the reservation's new add-on total.
    """
    r = _reservation(db, reservation_id)
    _require_status(r, ("held", "confirmed", "checked_in"), "get add-ons")
    _require_live_hold(db, r)
    if r["status"] == "checked_in" and addon_code != "LATE_CHECKOUT":
        raise ToolError(f"reservation {r['reservation_id']} is already checked in; in-house guests can only add "
                        "late check-out")
    if db.scalar("SELECT count(*) FROM reservation_addons WHERE reservation_id = ? AND addon_code = ?",
                 [r["reservation_id"], addon_code]):
        raise ToolError(f"reservation {r['reservation_id']} already has {addon_code}")
    hotel = _hotel(db, r["hotel_id"])
    nights = _nights_of(r)
    if addon_code == "PARKING":
        if hotel["parking_spaces"] == 0:
            raise ToolError(f"{hotel['name']} has no on-site parking")
        full = _parking_full_night(db, r, date.fromisoformat(r["check_in"]), nights, hotel["parking_spaces"])
        if full:
            raise ToolError(f"parking at {hotel['name']} is full on the night of {full} (all "
                            f"{hotel['parking_spaces']} spaces taken)")
    if addon_code == "PET" and not hotel["pet_friendly"]:
        raise ToolError(f"{hotel['name']} does not take pets")
    if addon_code == "ROLLAWAY" and not _room_type(db, r["room_type_id"])["rollaway_allowed"]:
        raise ToolError(f"the reservation's room type ({r['room_type_id']}) has no space for a rollaway bed")
    addon = db.query_one("SELECT * FROM addons WHERE addon_code = ?", [addon_code])
    qty, unit, line = _addon_line(addon, nights, r["adults"] + r["children"], r["loyalty_tier"])
    db.execute("INSERT INTO reservation_addons VALUES (?, ?, ?, ?, ?, ?)",
               [r["reservation_id"], addon_code, qty, unit, line, db.now])
    total = _money(r["addons_total"] + line)
    db.execute("UPDATE reservations SET addons_total = ? WHERE reservation_id = ?", [total, r["reservation_id"]])
    return {"reservation_id": r["reservation_id"], "addon_code": addon_code, "name": addon["name"], "quantity": qty,
            "unit_price": unit, "total_price": line, "extras_total": total}


@tool(writes=True)
def remove_stay_extra(db: Database, reservation_id: str, addon_code: AddonCode) -> dict:
    """Remove an add-on from a held or confirmed reservation.

    Args:
        reservation_id: The reservation, e.g. "RES-40231".
        addon_code: The add-on to remove: BREAKFAST, PARKING, EARLY_CHECKIN, LATE_CHECKOUT, PET or ROLLAWAY.

    Returns:
        The removed add-on, the amount taken off and the reservation's new add-on total.
    """
    r = _reservation(db, reservation_id)
    _require_status(r, ("held", "confirmed"), "have add-ons removed")
    _require_live_hold(db, r)
    line = db.query_one("SELECT * FROM reservation_addons WHERE reservation_id = ? AND addon_code = ?",
                        [r["reservation_id"], addon_code])
    if line is None:
        raise ToolError(f"reservation {r['reservation_id']} has no {addon_code} add-on")
    if addon_code == "ROLLAWAY":
        rt = _room_type(db, r["room_type_id"])
        if r["adults"] > rt["max_adults"] or r["adults"] + r["children"] > rt["max_occupancy"]:
            raise ToolError(f"the party of {r['adults']} adults and {r['children']} children needs the rollaway "
                            f"bed in a {rt['name']}; change the party size first")
    db.execute("DELETE FROM reservation_addons WHERE reservation_id = ? AND addon_code = ?",
               [r["reservation_id"], addon_code])
    total = _money(r["addons_total"] - line["total_price"])
    db.execute("UPDATE reservations SET addons_total = ? WHERE reservation_id = ?", [total, r["reservation_id"]])
    return {"reservation_id": r["reservation_id"], "removed": addon_code, "amount_removed": line["total_price"],
            "extras_total": total}


@tool(writes=True)
def check_in_guest(db: Database, reservation_id: str) -> dict:
    """Check in a confirmed reservation on its arrival day and assign a clean, vacant room of the booked type.

    Before the hotel's check-in time, only reservations with the early check-in add-on (from 11:00).

    Args:
        reservation_id: The arriving reservation, e.g. "RES-40231".

    Returns:
        The room number and floor, the departure date and the check-out time.
    """
    r = _reservation(db, reservation_id)
    if r["status"] == "held":
        raise ToolError(f"reservation {r['reservation_id']} is only held; guarantee it with a card before check-in")
    _require_status(r, ("confirmed",), "be checked in")
    now = _now(db)
    if r["check_in"] != now.date().isoformat():
        raise ToolError(f"reservation {r['reservation_id']} arrives on {r['check_in']}, not today "
                        f"({now.date().isoformat()})")
    hotel = _hotel(db, r["hotel_id"])
    extras = {x["addon_code"] for x in _extras(db, r["reservation_id"])}
    if now < _at(now.date(), hotel["check_in_time"]):
        if "EARLY_CHECKIN" not in extras:
            raise ToolError(f"check-in at {hotel['name']} starts at {hotel['check_in_time']}; before that the "
                            "reservation needs the early check-in add-on")
        if now < _at(now.date(), EARLY_CHECKIN_FROM):
            raise ToolError(f"early check-in starts at {EARLY_CHECKIN_FROM}")
    room = db.query_one("SELECT room_id, room_number, floor FROM rooms WHERE room_type_id = ? AND "
                        "status = 'vacant_clean' ORDER BY room_number LIMIT 1", [r["room_type_id"]])
    if room is None:
        raise ToolError(f"no clean {_room_type(db, r['room_type_id'])['name']} is ready yet at {hotel['name']}; "
                        "housekeeping is still preparing the rooms")
    db.execute("UPDATE rooms SET status = 'occupied' WHERE room_id = ?", [room["room_id"]])
    db.execute("UPDATE reservations SET status = 'checked_in', room_id = ?, checked_in_at = ? "
               "WHERE reservation_id = ?", [room["room_id"], db.now, r["reservation_id"]])
    late = "LATE_CHECKOUT" in extras
    return {"reservation_id": r["reservation_id"], "status": "checked_in", "room_number": room["room_number"],
            "floor": room["floor"], "check_out": r["check_out"],
            "check_out_time": LATE_CHECKOUT_UNTIL if late else hotel["check_out_time"]}


@tool(writes=True)
def check_out_guest(db: Database, reservation_id: str, card_id: str | None = None) -> dict:
    """Check out an in-house guest: issue the invoice and charge it to the guarantee card (or another card of theirs).

    Nights actually stayed are charged; leaving before the booked departure adds a one-night early-departure
    fee. Lodging tax applies to room charges; add-ons and folio charges are added; the guest earns loyalty points.

    Args:
        reservation_id: The in-house reservation, e.g. "RES-40231".
        card_id: Another of the guest's cards to pay with, e.g. "CARD-0311"; omit to charge the guarantee card.

    Returns:
        The invoice (nights, room, add-ons, incidentals, fees, tax, total), the card charged and points earned.
    """
    r = _reservation(db, reservation_id)
    _require_status(r, ("checked_in",), "be checked out")
    today = _now(db).date()
    check_in, check_out = date.fromisoformat(r["check_in"]), date.fromisoformat(r["check_out"])
    card = _card(db, card_id or r["card_id"], r["guest_id"], today)
    stayed = max(1, (min(today, check_out) - check_in).days)
    tier = r["loyalty_tier"]
    room = _price(db, r["room_type_id"], check_in, stayed, tier)["room_total"]
    fee = 0.0
    if stayed < _nights_of(r):
        (_, rate), = _nightly(db, r["room_type_id"], check_in + timedelta(days=stayed), 1)
        fee = _money(rate * (100 - DISCOUNT_PCT[tier]) / 100)
    addons = 0.0
    for x in db.query("SELECT a.* FROM reservation_addons x JOIN addons a ON a.addon_code = x.addon_code "
                      "WHERE x.reservation_id = ?", [r["reservation_id"]]):
        addons += _addon_line(x, stayed, r["adults"] + r["children"], tier)[2]
    addons = _money(addons)
    incidentals = _money(db.scalar("SELECT coalesce(sum(amount), 0) FROM folio_charges WHERE reservation_id = ?",
                                   [r["reservation_id"]]))
    hotel = _hotel(db, r["hotel_id"])
    tax = _money(room * hotel["lodging_tax_pct"] / 100)
    total = _money(room + addons + incidentals + fee + tax)
    invoice_id = _IDS.next(db, "INV-")
    db.execute("INSERT INTO invoices VALUES (?, ?, 'stay', ?, ?, ?, ?, ?, ?, ?, ?)",
               [invoice_id, r["reservation_id"], db.now, stayed, room, addons, incidentals, fee, tax, total])
    db.execute("INSERT INTO payments VALUES (?, ?, ?, ?, ?)",
               [_IDS.next(db, "PAY-"), invoice_id, card["card_id"], total, db.now])
    db.execute("UPDATE reservations SET status = 'checked_out', checked_out_at = ? WHERE reservation_id = ?",
               [db.now, r["reservation_id"]])
    db.execute("UPDATE rooms SET status = 'vacant_dirty' WHERE room_id = ?", [r["room_id"]])
    points = int(room) * POINTS_PER_DOLLAR
    db.execute("UPDATE guests SET loyalty_points = loyalty_points + ? WHERE guest_id = ?", [points, r["guest_id"]])
    return {"reservation_id": r["reservation_id"], "status": "checked_out", "invoice_id": invoice_id,
            "nights_charged": stayed, "room_charges": room, "addon_charges": addons, "incidental_charges": incidentals,
            "early_departure_fee": fee, "tax": tax, "total": total, "charged_to": _card_label(card),
            "points_earned": points}
