"""Tools of the impala_hotels environment, compiled from Impala Hotel Booking API.

Add room selling to your app with ease, or expand your existing hotel portfolio. Access all the marketing material
you need to sell a room, from hotel amenities to images. Constantly updated, ever expanding and always correct.
Impala allows you to start selling hotel rooms and earn a commission with every booking in hours. Getting started is
easy: > **1. Sign-up within seconds**: Head to the Impala website, enter your details and receive your sandbox API
key immediately (no credit card needed). > **2. Start building within minutes**: Build against a sandbox API with
realistic test data...
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import check_day, select_rows, update_row

BookingStatus = Literal["CANCELLED", "PENDING", "ACCEPTED", "PAYMENT_REQUIRED", "PAYMENT_ABANDONED"]
RateAdjustmentType = Literal["PERCENTAGE"]

_BOOKINGS_SQL = "SELECT t.* FROM bookings t"
_BOOKINGS_LIST_SQL = "SELECT t.booking_id, t.created_at, t.end_, t.status FROM bookings t"
_RATE_ADJUSTMENTS_SQL = "SELECT t.* FROM rate_adjustments t"
_HOTEL_FULLS_SQL = "SELECT t.* FROM hotel_fulls t"
_HOTEL_FULLS_LIST_SQL = "SELECT t.hotel_id, t.name, t.created_at, t.room_count FROM hotel_fulls t"


def _booking(db: Database, booking_id: str) -> dict[str, Any]:
    row = db.query_one(_BOOKINGS_SQL + " WHERE t.booking_id = ?", [booking_id.strip().upper()])
    if row is None:
        raise ToolError(f"no booking with id {booking_id!r} (booking ids look like 'IM-0199-00000103')")
    return row


def _hotel_full(db: Database, hotel_id: str) -> dict[str, Any]:
    row = db.query_one(_HOTEL_FULLS_SQL + " WHERE t.hotel_id = ?", [hotel_id.strip().upper()])
    if row is None:
        raise ToolError(f"no hotel full with id {hotel_id!r} (hotel full ids look like 'HF-0001')")
    return row


@tool
def list_bookings(db: Database) -> list[dict[str, Any]]:
    """List all bookings.

    Returns a list of all the bookings you've made. You can filter the list based on when bookings were created or
    last updated, as well as their arrival ('start') and departure ('end'). These date-based filters allow to
    narrow down the result with modifiers for less than ('lt'), greater than ('gt'), lower than or equal to
    ('lte'), greater than or equal to ('gte') and equal to ('eq'). Example: Adding the query parameters
    'start[gt]=2021-05-20&updated[lte]=2020-11-20T11:11:00.000Z' would return...

    Returns:
        The matching booking summaries (booking_id, created_at, end_, status; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _BOOKINGS_LIST_SQL, [], [], "t.booking_id")


@tool
def retrieve_booking(db: Database, booking_id: str) -> dict[str, Any]:
    """Retrieve a booking.

    Returns all details for the specified booking.

    Args:
        booking_id: The unique identifier of the booking you would like to update; e.g. "IM-0199-00000103" (from
            list_bookings).

    Returns:
        The booking with the names of the rows it refers to.
    """
    return _booking(db, booking_id)


@tool(writes=True)
def update_booking(
        db: Database,
        booking_id: str,
        end_: str | None = None,
        notes: str | None = None,
        start: str | None = None,
) -> dict[str, Any]:
    """Change a booking.

    > Updates the specified booking with immediate effect. This action might result in a cancellation charge being
    charged. > Please note that if you wish to change the contact details associated with a booking, you should
    use the Change a Booking's Contact Details endpoint. Changes / updates a confirmed booking with the details
    you provide in the request body. When your guest needs to change their booking, you can use this endpoint to
    change any of the details you initially supplied when you...

    Args:
        booking_id: The unique identifier of the booking you would like to update; e.g. "IM-0199-00000103" (from
            list_bookings).
        end_: The last day of the desired stay range in ISO 8601 format YYYY-MM-DD; a date YYYY-MM-DD.
        notes: Notes allow sellers to their guests to communicate relevant information to the hotel.
        start: The first day of the desired stay range in ISO 8601 format YYYY-MM-DD; a date YYYY-MM-DD.

    Returns:
        The booking as changed.
    """
    booking = _booking(db, booking_id)
    changes: dict[str, Any] = {}
    if end_ is not None:
        end_ = check_day("end_", end_)
        changes["end_"] = end_
    if notes is not None:
        changes["notes"] = notes
    if start is not None:
        start = check_day("start", start)
        changes["start"] = start
    if not changes:
        raise ToolError("update booking needs at least one of end , notes or start")
    update_row(db, "bookings", "booking_id", booking["booking_id"], changes)
    return _booking(db, booking["booking_id"])


@tool(writes=True)
def cancel_booking(db: Database, booking_id: str) -> dict[str, Any]:
    """Cancel a booking.

    > Cancels the specified booking with immediate effect. This action might result in a cancellation charge being
    charged. Submitting this request means we'll notify the hotel of the cancellation and that they won't expect
    your guest. You can use 'GET /bookings/bookingId'to see the cancellation policies that apply to a booking at a
    given point in time. Please note that cancelling a booking will incur a cancellation fee according to the
    rules that apply at the time of cancellation. You can find...

    Args:
        booking_id: The unique identifier of the booking you would like to update; e.g. "IM-0199-00000103" (from
            list_bookings).

    Returns:
        The booking as changed.
    """
    booking = _booking(db, booking_id)
    if booking["status"] not in ("PENDING", "ACCEPTED", "PAYMENT_REQUIRED", "PAYMENT_ABANDONED"):
        raise ToolError(f"booking {booking['booking_id']} is {booking['status']}: cancel booking applies only to a "
                        f"booking whose status is PENDING, ACCEPTED, PAYMENT REQUIRED or PAYMENT ABANDONED")
    changes: dict[str, Any] = {"status": "CANCELLED"}
    update_row(db, "bookings", "booking_id", booking["booking_id"], changes)
    return _booking(db, booking["booking_id"])


@tool
def list_hotels(db: Database) -> list[dict[str, Any]]:
    """List all hotels.

    Returns a list of all hotels worldwide that can be booked through Impala. You can **filter** the results: *
    Adding 'longitude', 'latitude' and a 'radius' (in meters) query parameters will filter the results to hotels
    around this location. * Adding 'start' and 'end' dates (in ISO 8601 notation, e.g. '2021-12-31') for the
    expected arrival and departure dates of your guests will limit the results to hotels that have at least one
    room bookable for this timeframe. * Adding 'starRating', 'name' or...

    Returns:
        The matching hotel full summaries (hotel_id, name, created_at, room_count; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _HOTEL_FULLS_LIST_SQL, [], [], "t.hotel_id")


@tool
def retrieve_hotel(db: Database, hotel_id: str) -> dict[str, Any]:
    """Retrieve a hotel.

    Returns the full content, room types and rates for the specified hotel. When querying the hotels API you can
    query with or without dates. Where querying with dates requires providing valid values for the 'start' and
    'end' parameters. Requests without these values will be considered a query without dates. **Querying without
    dates:** When you query without dates, the search result will include all properties that match your request.
    Including all content that is associated with those...

    Args:
        hotel_id: The unique identifier of this hotel on the Impala platform; e.g. "HF-0001" (from list_hotels).

    Returns:
        The hotel full with the names of the rows it refers to.
    """
    return _hotel_full(db, hotel_id)
