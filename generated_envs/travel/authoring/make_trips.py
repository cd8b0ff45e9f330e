"""Write the travellers' existing trips: the hotel stays and car reservations they made before today.

The bookings are not typed in by hand: the members' own tools make them, each at the moment the traveller made it
(the state's clock set back to that moment), so prices, ids, confirmation codes, deadlines and charges are the
tools' own. A past trip is played through (booked, picked up, checked in, returned, checked out). The rows the
tools inserted are written as overlay CSVs (``overlay/hotel/reservations.csv``, ``overlay/car/charges.csv``...),
which ``envfactory compose`` appends to the members' tables. Rows the tools only updated (a room's housekeeping
status, a car's odometer) stay as the seed has them; no trip leaves a room occupied or a car out.

The script first composes the folder without its own CSVs (so ids continue the members' and the people's
numbering), plays the bookings, writes the CSVs and composes again. Deterministic: the same bytes every run.

Run after ``make_people.py``: ``python generated_envs/travel/authoring/make_trips.py``.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from envfactory_gym.composite.build import compose
from envfactory_gym.tasks import atomic_write_text

ROOT = Path(__file__).resolve().parents[1]
OVERLAY = ROOT / "overlay"
#: The composite tables the trips write, as overlay files.
TRIP_TABLES = ["hotel_reservations", "hotel_reservation_addons", "hotel_invoices", "hotel_payments",
               "car_reservations", "car_reservation_extras", "car_rentals", "car_charges"]

#: The trips, in the order they were made: (clock, tool, arguments). A "$name" argument is the id an earlier
#: step saved under that name (the step's last element, when given).
STEPS: list[tuple[Any, ...]] = [
    # Peter Santana's past trip to Santa Fe (Wrenfield Plaza and a Standard SUV from the Albuquerque Sunport)
    ("2026-04-28 10:00:00", "book_room", dict(guest_id="G-10230", room_type_id="RT-402", check_in="2026-05-18",
                                              nights=4, adults=1, card_id="CARD-0311"), "santana_stay"),
    ("2026-04-28 10:05:00", "book_rental", dict(renter_id="R-1220", pickup_branch_id="ABQ-APT", class_code="SUV",
                                                pickup_at="2026-05-18 10:30", days=4, coverage_code="PREMIUM"),
     "santana_car"),
    ("2026-05-18 10:05:00", "pick_up_vehicle", dict(reservation_id="$santana_car")),
    ("2026-05-18 16:10:00", "check_in_guest", dict(reservation_id="$santana_stay")),
    ("2026-05-22 09:40:00", "check_out_guest", dict(reservation_id="$santana_stay")),
    ("2026-05-22 12:10:00", "return_vehicle", dict(reservation_id="$santana_car", miles_driven=412,
                                                   fuel_eighths=6)),
    # ... and his next one, from tomorrow: an Adobe Queen and a Compact picked up tomorrow morning
    ("2026-05-26 19:30:00", "book_room", dict(guest_id="G-10230", room_type_id="RT-401", check_in="2026-06-04",
                                              nights=2, adults=1, card_id="CARD-0311")),
    ("2026-05-26 19:34:00", "book_rental", dict(renter_id="R-1220", pickup_branch_id="ABQ-APT", class_code="COMPACT",
                                                pickup_at="2026-06-04 10:00", days=2, coverage_code="BASIC")),
    # Joshua Campbell's past car from Nob Hill, and his stay in Madison later this month
    ("2026-05-19 18:20:00", "book_rental", dict(renter_id="R-1213", pickup_branch_id="ABQ-NOB", class_code="COMPACT",
                                                pickup_at="2026-05-26 09:00", days=3, coverage_code="BASIC"),
     "campbell_car"),
    ("2026-05-26 08:40:00", "pick_up_vehicle", dict(reservation_id="$campbell_car")),
    ("2026-05-29 09:05:00", "return_vehicle", dict(reservation_id="$campbell_car", miles_driven=288,
                                                   fuel_eighths=5)),
    ("2026-05-20 08:15:00", "book_room", dict(guest_id="G-10223", room_type_id="RT-301", check_in="2026-06-26",
                                              nights=2, adults=1, card_id="CARD-0303")),
    # Gerald Chan: Santa Fe and a Midsize from the Sunport, 17 to 21 June
    ("2026-05-12 09:30:00", "book_room", dict(guest_id="G-10221", room_type_id="RT-402", check_in="2026-06-17",
                                              nights=4, adults=2, card_id="CARD-0301")),
    ("2026-05-12 09:40:00", "book_rental", dict(renter_id="R-1211", pickup_branch_id="ABQ-APT", class_code="MIDSIZE",
                                                pickup_at="2026-06-17 11:00", days=4, coverage_code="BASIC")),
    # Kimberly Freeman: two nights in Santa Fe from 10 June with an Economy car
    ("2026-05-15 21:00:00", "book_room", dict(guest_id="G-10224", room_type_id="RT-401", check_in="2026-06-10",
                                              nights=2, adults=1, card_id="CARD-0304")),
    ("2026-05-15 21:10:00", "book_rental", dict(renter_id="R-1214", pickup_branch_id="ABQ-APT", class_code="ECONOMY",
                                                pickup_at="2026-06-10 15:00", days=2, coverage_code="BASIC")),
    # Elizabeth Sullivan: a family trip in July, breakfast and a child seat
    ("2026-05-20 14:00:00", "book_room", dict(guest_id="G-10222", room_type_id="RT-403", check_in="2026-07-08",
                                              nights=4, adults=2, children=1, card_id="CARD-0302"), "sullivan_stay"),
    ("2026-05-20 14:02:00", "add_stay_extra", dict(reservation_id="$sullivan_stay", addon_code="BREAKFAST")),
    ("2026-05-20 14:10:00", "book_rental", dict(renter_id="R-1212", pickup_branch_id="ABQ-APT", class_code="SUV",
                                                pickup_at="2026-07-08 13:00", days=4, coverage_code="PLUS"),
     "sullivan_car"),
    ("2026-05-20 14:12:00", "add_rental_extra", dict(reservation_id="$sullivan_car", extra_code="CHILD_SEAT")),
    # Leslie Howard (platinum): Santa Fe from tomorrow, a Full-size picked up tomorrow morning
    ("2026-05-25 10:00:00", "book_room", dict(guest_id="G-10229", room_type_id="RT-404", check_in="2026-06-04",
                                              nights=3, adults=2, card_id="CARD-0310")),
    ("2026-05-25 10:06:00", "book_rental", dict(renter_id="R-1219", pickup_branch_id="ABQ-APT", class_code="FULLSIZE",
                                                pickup_at="2026-06-04 09:00", days=3, coverage_code="NONE")),
    # Derek Rivera: three nights in Santa Fe from 15 June and a Midsize
    ("2026-05-27 17:30:00", "book_room", dict(guest_id="G-10228", room_type_id="RT-405", check_in="2026-06-15",
                                              nights=3, adults=1, card_id="CARD-0309")),
    ("2026-05-27 17:36:00", "book_rental", dict(renter_id="R-1218", pickup_branch_id="ABQ-APT", class_code="MIDSIZE",
                                                pickup_at="2026-06-15 12:00", days=3, coverage_code="NONE")),
    # Tanya Martinez: ten nights in Santa Fe from 13 July, a Full-size for the ten days
    ("2026-05-28 12:00:00", "book_room", dict(guest_id="G-10231", room_type_id="RT-403", check_in="2026-07-13",
                                              nights=10, adults=2, card_id="CARD-0312")),
    ("2026-05-28 12:08:00", "book_rental", dict(renter_id="R-1221", pickup_branch_id="ABQ-APT", class_code="FULLSIZE",
                                                pickup_at="2026-07-13 10:00", days=10, coverage_code="BASIC")),
    # Carla Watson: only a Compact from the Sunport so far, 24 to 27 June
    ("2026-05-30 11:15:00", "book_rental", dict(renter_id="R-1217", pickup_branch_id="ABQ-APT", class_code="COMPACT",
                                                pickup_at="2026-06-24 10:00", days=3, coverage_code="BASIC")),
    # Jack Bennett: a weekend in Santa Fe, no car yet
    ("2026-05-31 20:45:00", "book_room", dict(guest_id="G-10233", room_type_id="RT-402", check_in="2026-06-19",
                                              nights=2, adults=2, card_id="CARD-0314")),
    # Yvonne Harrell: four nights in Santa Fe from 22 June, no car yet
    ("2026-05-22 07:50:00", "book_room", dict(guest_id="G-10226", room_type_id="RT-401", check_in="2026-06-22",
                                              nights=4, adults=1, card_id="CARD-0306")),
    # Jose Rodriguez: the opera weekend in Santa Fe, no car yet
    ("2026-05-29 22:10:00", "book_room", dict(guest_id="G-10225", room_type_id="RT-402", check_in="2026-06-26",
                                              nights=2, adults=2, card_id="CARD-0305")),
    # Elizabeth Collier: a weekend at the Harborside in Portland, and two nights in Santa Fe in July (no car yet)
    ("2026-05-24 09:20:00", "book_room", dict(guest_id="G-10232", room_type_id="RT-401", check_in="2026-07-01",
                                              nights=2, adults=1, card_id="CARD-0313")),
    ("2026-05-21 19:05:00", "book_room", dict(guest_id="G-10232", room_type_id="RT-102", check_in="2026-06-12",
                                              nights=2, adults=2, card_id="CARD-0313")),
]


def _csv(rows: list[dict[str, Any]], columns: list[str]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(columns)
    for r in rows:
        w.writerow(["" if r[c] is None else _cell(r[c]) for c in columns])
    return buf.getvalue()


def _cell(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value).replace("T", " ") if isinstance(value, str) and len(value) == 19 and value[10] == "T" \
        else str(value)


def play() -> dict[str, list[dict[str, Any]]]:
    """Play :data:`STEPS` on the composed seed; the rows they inserted, per composite table."""
    from envfactory_gym.testing.envtest import EnvUnderTest

    env = EnvUnderTest(ROOT)
    state = env.new_state()
    saved: dict[str, str] = {}
    try:
        for step in sorted(STEPS, key=lambda s: s[0]):
            clock, name, args = step[:3]
            state.db.now = clock.replace(" ", "T")
            args = {k: saved[v[1:]] if isinstance(v, str) and v.startswith("$") else v for k, v in args.items()}
            result = env.run(state, name, **args)
            if len(step) > 3:
                saved[step[3]] = result["reservation_id"]
        inserted = state.diff().inserted
        out = {}
        for table in TRIP_TABLES:
            info = env.template.tables[table]
            keys = [tuple(r[c] for c in info.primary_key) for r in inserted.get(table, [])]
            where = " OR ".join("(" + " AND ".join(f"{c} = ?" for c in info.primary_key) + ")" for _ in keys)
            params = [v for k in keys for v in k]
            out[table] = state.db.query(f"SELECT * FROM {table} WHERE {where} ORDER BY ALL", params) if keys else []
        columns = {t: list(env.template.tables[t].columns) for t in TRIP_TABLES}
    finally:
        state.close()
    return {t: (columns[t], rows) for t, rows in out.items()}


def main() -> int:
    for table in TRIP_TABLES:
        prefix, name = table.split("_", 1)
        (OVERLAY / prefix / f"{name}.csv").unlink(missing_ok=True)
    compose(ROOT)
    found = play()
    for table, (columns, rows) in found.items():
        prefix, name = table.split("_", 1)
        if rows:
            atomic_write_text(OVERLAY / prefix / f"{name}.csv", _csv(rows, columns))
    compose(ROOT)
    print("wrote " + ", ".join(f"{len(rows)} {t}" for t, (_, rows) in found.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
