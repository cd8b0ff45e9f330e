"""Tools of the vtex_reviews environment, compiled from Reviews and Ratings API.

Reviews & Ratings is a VTEX IO native solution that allows shoppers to submit reviews and ratings for products, as
well as see them while navigating the store. ## Rating - Get Product Rating ## Review - Get Review by Review ID -
Delete Review - Update a Review - Get a list of Reviews - Create Multiple Reviews - Delete Multiple Reviews - Create
a Review
"""

from __future__ import annotations

from typing import Any

from envfactory_gym import Database, tool
from envfactory_gym.authoring.compiled import select_rows
from envfactory_gym.authoring.kit import next_id

_REVIEWS_SQL = "SELECT t.* FROM reviews t"
_REVIEW4S_SQL = "SELECT t.* FROM review4s t"


@tool(writes=True)
def save_review(
        db: Database,
        product_id: str,
        rating: float,
        reviewer_name: str,
        text: str,
        title: str,
) -> dict[str, Any]:
    """Create a Review.

    Creates a single review

    Args:
        product_id: Product ID.
        rating: Customer rating.
        reviewer_name: Reviewer name.
        text: Review's text.
        title: Review's title.

    Returns:
        The new review.
    """
    product_id = product_id.strip()
    reviewer_name = reviewer_name.strip()
    text = text.strip()
    title = title.strip()
    review_id = next_id(db, "reviews", "review_id", "5323fdaa-c012-11ec-835d-0ebee58edbb", 1)
    db.execute("INSERT INTO reviews (approved, review_id, locale, location, past_reviews, product_id, rating, "
               "review_date_time, reviewer_name, search_date, shopper_id, sku, text, title, verified_purchaser) "
               "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [None, review_id, None, None, None, product_id, rating, None, reviewer_name, None, None, None, text, title, None])
    return db.query_one(_REVIEWS_SQL + " WHERE t.review_id = ?", [review_id]) or {}


@tool
def getalistof_reviews(db: Database, product_id: str | None = None) -> list[dict[str, Any]]:
    """Get a list of Reviews.

    Retrieves a list of reviews.

    Args:
        product_id: Filter the reviews by product ID.

    Returns:
        The matching review4 rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if product_id is not None:
        where.append("lower(t.product_id) = lower(?)")
        params.append(product_id.strip())
    return select_rows(db, _REVIEW4S_SQL, where, params, "t.review4_id")
