"""Table names in a member's SQL get the member's prefix where they name a table, and nowhere else."""

from __future__ import annotations

import pytest

from envfactory_gym.composite.sql import prefix_tables

NAMES = {"reservations": "hotel_reservations", "guests": "hotel_guests", "rooms": "hotel_rooms",
         "extras": "hotel_extras", "returns": "shop_returns"}


@pytest.mark.parametrize("sql, expected", [
    ("SELECT * FROM reservations WHERE guest_id = ?", "SELECT * FROM hotel_reservations WHERE guest_id = ?"),
    ("SELECT r.id FROM reservations r, guests AS g JOIN rooms ON rooms.id = r.room_id",
     "SELECT r.id FROM hotel_reservations r, hotel_guests AS g JOIN hotel_rooms ON hotel_rooms.id = r.room_id"),
    ('SELECT "reservations".x FROM "reservations"', 'SELECT "hotel_reservations".x FROM "hotel_reservations"'),
    ("UPDATE reservations SET status = ? WHERE id IN (SELECT id FROM reservations) RETURNING id",
     "UPDATE hotel_reservations SET status = ? WHERE id IN (SELECT id FROM hotel_reservations) RETURNING id"),
    ("INSERT INTO reservations (guests, extras) VALUES (?, ?)",
     "INSERT INTO hotel_reservations (guests, extras) VALUES (?, ?)"),
    ("DELETE FROM rooms WHERE extras = 'reservations'", "DELETE FROM hotel_rooms WHERE extras = 'reservations'"),
    ("CREATE TABLE returns (id INT PRIMARY KEY, g VARCHAR REFERENCES guests(guest_id))",
     "CREATE TABLE shop_returns (id INT PRIMARY KEY, g VARCHAR REFERENCES hotel_guests(guest_id))"),
    ("SELECT count(*) AS reservations, r.extras FROM guests g -- rooms\n",
     "SELECT count(*) AS reservations, r.extras FROM hotel_guests g -- rooms\n"),
    ("SELECT 1 WHERE EXISTS (SELECT 1 FROM rooms, guests) AND rooms > 0",
     "SELECT 1 WHERE EXISTS (SELECT 1 FROM hotel_rooms, hotel_guests) AND rooms > 0"),
])
def test_only_table_positions_are_renamed(sql, expected):
    assert prefix_tables(sql, NAMES) == expected


def test_other_tables_and_case_are_kept():
    assert prefix_tables("select * from Guests join payments using (id)", NAMES) == \
        "select * from hotel_guests join payments using (id)"
