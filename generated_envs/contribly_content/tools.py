"""Tools of the contribly_content environment, compiled from Contribly.

Contribly
"""

from __future__ import annotations

from typing import Any

from envfactory_gym import Database, ToolError, tool
from envfactory_gym.authoring.compiled import check_moment, check_span, select_rows
from envfactory_gym.authoring.kit import next_id

_ASSIGNMENTS_SQL = "SELECT t.* FROM assignments t"
_ASSIGNMENTS_LIST_SQL = ("SELECT t.assignment_id, t.name, t.created, t.embargo, t.open, t.url_words "
                         "FROM assignments t")
_CONTRIBUTIONS_SQL = "SELECT t.* FROM contributions t"
_CONTRIBUTIONS_LIST_SQL = "SELECT t.contribution_id, t.created, t.url_words FROM contributions t"
_FLAGS_SQL = "SELECT t.* FROM flags t"
_FORMS_SQL = "SELECT t.* FROM forms t"
_FORMS_LIST_SQL = "SELECT t.form_id, t.name, t.owned_by FROM forms t"
_SUBSCRIPTIONS_SQL = "SELECT t.* FROM subscriptions t"
_TAGS_SQL = "SELECT t.* FROM tags t"
_TAG_SETS_SQL = "SELECT t.* FROM tag_sets t"
_USERS_SQL = "SELECT t.* FROM users t"


def _assignment(db: Database, assignment_id: str) -> dict[str, Any]:
    row = db.query_one(_ASSIGNMENTS_SQL + " WHERE t.assignment_id = ?", [assignment_id.strip().upper()])
    if row is None:
        raise ToolError(f"no assignment with id {assignment_id!r} (assignment ids look like 'A-0001')")
    return row


def _contribution(db: Database, contribution_id: str) -> dict[str, Any]:
    row = db.query_one(_CONTRIBUTIONS_SQL + " WHERE t.contribution_id = ?", [contribution_id.strip().upper()])
    if row is None:
        raise ToolError(f"no contribution with id {contribution_id!r} (contribution ids look like 'C-0001')")
    return row


def _form(db: Database, form_id: str) -> dict[str, Any]:
    row = db.query_one(_FORMS_SQL + " WHERE t.form_id = ?", [form_id.strip().upper()])
    if row is None:
        raise ToolError(f"no form with id {form_id!r} (form ids look like 'F-0001')")
    return row


def _subscription(db: Database, subscription_id: str) -> dict[str, Any]:
    row = db.query_one(_SUBSCRIPTIONS_SQL + " WHERE t.subscription_id = ?", [subscription_id.strip().upper()])
    if row is None:
        raise ToolError(f"no subscription with id {subscription_id!r} (subscription ids look like 'S-0001')")
    return row


def _tag(db: Database, tag_id: str) -> dict[str, Any]:
    row = db.query_one(_TAGS_SQL + " WHERE t.tag_id = ?", [tag_id.strip().upper()])
    if row is None:
        raise ToolError(f"no tag with id {tag_id!r} (tag ids look like 'T-0001')")
    return row


def _user(db: Database, user_id: str) -> dict[str, Any]:
    row = db.query_one(_USERS_SQL + " WHERE t.user_id = ?", [user_id.strip().upper()])
    if row is None:
        raise ToolError(f"no user with id {user_id!r} (user ids look like 'U-0001')")
    return row


@tool
def get_assignments(
        db: Database,
        url_words: str | None = None,
        open: bool | None = None,
        name: str | None = None,
) -> list[dict[str, Any]]:
    """List assignments.

    Args:
        url_words: Select an assignment by urlWords.
        open: Select open or closed assignments.
        name: Restrict results to the assignment (or potentially assignments) with this exact name.

    Returns:
        The matching assignment summaries (assignment_id, name, created, embargo, open, url_words; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if url_words is not None:
        where.append("lower(t.url_words) = lower(?)")
        params.append(url_words.strip())
    if open is not None:
        where.append("t.open = ?")
        params.append(open)
    if name is not None:
        where.append("lower(t.name) = lower(?)")
        params.append(name.strip())
    return select_rows(db, _ASSIGNMENTS_LIST_SQL, where, params, "t.assignment_id")


@tool(writes=True)
def post_assignments(
        db: Database,
        name: str,
        allows_anonymous_contributions: bool | None = None,
        cover: str | None = None,
        description: str | None = None,
        embargo: str | None = None,
        ends: str | None = None,
        featured: bool | None = None,
        media_required: bool | None = None,
        moderator: str | None = None,
        receipt_message: str | None = None,
        starts: str | None = None,
        tags: str | None = None,
        url_words: str | None = None,
) -> dict[str, Any]:
    """Create a new assignment.

    Args:
        name: Name.
        allows_anonymous_contributions: Allows anonymous contributions.
        cover: Cover.
        description: Description.
        embargo: Embargo; a date and time YYYY-MM-DDTHH:MM.
        ends: Ends; a date and time YYYY-MM-DDTHH:MM.
        featured: Featured.
        media_required: Media required.
        moderator: Optional credential id of the login which will moderator this assignment.
        receipt_message: An optional assignment specific message to be displayed on successful contribution
            submission. For example, this might be used to inform contributors of assignment specific moderation time
            frames.
        starts: Starts; a date and time YYYY-MM-DDTHH:MM.
        tags: Tags.
        url_words: Url words.

    Returns:
        The new assignment.
    """
    if description is not None:
        description = description.strip()
    if embargo is not None:
        embargo = check_moment("embargo", embargo)
    if ends is not None:
        ends = check_moment("ends", ends)
    if moderator is not None:
        moderator = moderator.strip()
    name = name.strip()
    if receipt_message is not None:
        receipt_message = receipt_message.strip()
    if starts is not None:
        starts = check_moment("starts", starts)
    if url_words is not None:
        url_words = url_words.strip()
    check_span("an assignment", "starts", starts,
          "ends", ends)
    assignment_id = next_id(db, "assignments", "assignment_id", "A-", 4)
    db.execute("INSERT INTO assignments (allows_anonymous_contributions, call_to_action, cover, created, "
               "description, embargo, ends, featured, assignment_id, media_required, moderator, name, open, "
               "receipt_message, starts, tags, url_words, web_url) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
               "?, ?, ?, ?, ?)",
               [allows_anonymous_contributions, None, cover, db.now, description, embargo, ends, featured, assignment_id, media_required, moderator, name, None, receipt_message, starts, tags, url_words, None])
    return db.query_one(_ASSIGNMENTS_SQL + " WHERE t.assignment_id = ?", [assignment_id]) or {}


@tool
def get_assignments_id(db: Database, assignment_id: str) -> dict[str, Any]:
    """Get a single assigment by id.

    Args:
        assignment_id: Id of the assignment to return; e.g. "A-0001" (from get_assignments).

    Returns:
        The assignment with the names of the rows it refers to.
    """
    return _assignment(db, assignment_id)


@tool(writes=True)
def delete_assignments_id(db: Database, assignment_id: str) -> dict[str, Any]:
    """Delete this assignment and all of it's contributions.

    Args:
        assignment_id: Id of the assignment to return; e.g. "A-0001" (from get_assignments).

    Returns:
        The removed assignment, marked deleted.
    """
    assignment = _assignment(db, assignment_id)
    db.execute("DELETE FROM assignments WHERE assignment_id = ?", [assignment["assignment_id"]])
    return {**assignment, "deleted": True}


@tool
def get_contributions(db: Database, url_words: str | None = None) -> list[dict[str, Any]]:
    """List contributions.

    Retrieve contributions.

    Args:
        url_words: Locate a specific contribution by URL words.

    Returns:
        The matching contribution summaries (contribution_id, created, url_words; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if url_words is not None:
        where.append("lower(t.url_words) = lower(?)")
        params.append(url_words.strip())
    return select_rows(db, _CONTRIBUTIONS_LIST_SQL, where, params, "t.contribution_id")


@tool(writes=True)
def post_contributions(
        db: Database,
        assignment: str | None = None,
        attribution: str | None = None,
        body: str | None = None,
        created: str | None = None,
        headline: str | None = None,
        media_usages: str | None = None,
        moderation_history: str | None = None,
        place: str | None = None,
        url_words: str | None = None,
        via: str | None = None,
) -> dict[str, Any]:
    """Create a new contribution.

    Args:
        assignment: Assignment.
        attribution: The public attribution for this contribution. This will be the display name of the registered
            user or the contributor's first and last name if they provided them while making a non authenticated
            contribution. A blank attribution field indicates and anonymous contribution.
        body: Body.
        created: Created; a date and time YYYY-MM-DDTHH:MM.
        headline: Headline.
        media_usages: Media usages.
        moderation_history: Moderation history.
        place: Place.
        url_words: Url words.
        via: Via.

    Returns:
        The new contribution.
    """
    if attribution is not None:
        attribution = attribution.strip()
    if body is not None:
        body = body.strip()
    if created is not None:
        created = check_moment("created", created)
    if headline is not None:
        headline = headline.strip()
    if url_words is not None:
        url_words = url_words.strip()
    contribution_id = next_id(db, "contributions", "contribution_id", "C-", 4)
    db.execute("INSERT INTO contributions (assignment, attribution, body, created, headline, contribution_id, "
               "media_usages, moderation_history, place, url_words, via) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [assignment, attribution, body, created, headline, contribution_id, media_usages, moderation_history, place, url_words, via])
    return db.query_one(_CONTRIBUTIONS_SQL + " WHERE t.contribution_id = ?", [contribution_id]) or {}


@tool
def get_contributions_id(db: Database, contribution_id: str) -> dict[str, Any]:
    """Get a single contribution by id.

    Args:
        contribution_id: Id of the contribution to return; e.g. "C-0001" (from get_contributions).

    Returns:
        The contribution with the names of the rows it refers to.
    """
    return _contribution(db, contribution_id)


@tool(writes=True)
def delete_contributions_id(db: Database, contribution_id: str) -> dict[str, Any]:
    """Delete this contribution.

    Args:
        contribution_id: Id of the contribution to delete; e.g. "C-0001" (from get_contributions).

    Returns:
        The removed contribution, marked deleted.
    """
    contribution = _contribution(db, contribution_id)
    db.execute("DELETE FROM contributions WHERE contribution_id = ?", [contribution["contribution_id"]])
    return {**contribution, "deleted": True}


@tool(writes=True)
def post_contributions_id_flag(
        db: Database,
        date: str | None = None,
        email: str | None = None,
        notes: str | None = None,
        type: str | None = None,
) -> dict[str, Any]:
    """Raise a flag against this contribution.

    Allows end users to bring potential issues with publicly visible content to the attention of moderators.

    Args:
        date: Date; a date and time YYYY-MM-DDTHH:MM.
        email: Email.
        notes: Notes.
        type: Type.

    Returns:
        The new flag.
    """
    if date is not None:
        date = check_moment("date", date)
    if email is not None:
        email = email.strip()
    if notes is not None:
        notes = notes.strip()
    if type is not None:
        type = type.strip()
    flag_id = next_id(db, "flags", "flag_id", "F-", 4)
    db.execute("INSERT INTO flags (date, email, flag_id, notes, type) VALUES (?, ?, ?, ?, ?)",
               [date, email, flag_id, notes, type])
    return db.query_one(_FLAGS_SQL + " WHERE t.flag_id = ?", [flag_id]) or {}


@tool
def get_form_responses(db: Database) -> list[dict[str, Any]]:
    """List form responses.

    Returns:
        The matching form summaries (form_id, name, owned_by; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _FORMS_LIST_SQL, [], [], "t.form_id")


@tool
def get_form_responses_id(db: Database, form_id: str) -> dict[str, Any]:
    """Get a single form response by id.

    Args:
        form_id: Id of the assignment to return; e.g. "F-0001" (from get_form_responses).

    Returns:
        The form with the names of the rows it refers to.
    """
    return _form(db, form_id)


@tool
def get_forms(db: Database, owned_by: str | None = None) -> list[dict[str, Any]]:
    """List forms.

    Args:
        owned_by: Restrict results to forms owned by this user.

    Returns:
        The matching form summaries (form_id, name, owned_by; the lookup by key gives every field), each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if owned_by is not None:
        where.append("lower(t.owned_by) = lower(?)")
        params.append(owned_by.strip())
    return select_rows(db, _FORMS_LIST_SQL, where, params, "t.form_id")


@tool(writes=True)
def post_forms(
        db: Database,
        call_to_action: str | None = None,
        css_url: str | None = None,
        fields: str | None = None,
        heading: str | None = None,
        name: str | None = None,
        no_css: bool | None = None,
        tags: str | None = None,
) -> dict[str, Any]:
    """Create a form.

    Args:
        call_to_action: Call to action.
        css_url: Css url.
        fields: Fields.
        heading: Heading.
        name: Name.
        no_css: No css.
        tags: Tags.

    Returns:
        The new form.
    """
    if call_to_action is not None:
        call_to_action = call_to_action.strip()
    if css_url is not None:
        css_url = css_url.strip()
    if heading is not None:
        heading = heading.strip()
    if name is not None:
        name = name.strip()
    form_id = next_id(db, "forms", "form_id", "F-", 4)
    db.execute("INSERT INTO forms (call_to_action, css_url, fields, heading, form_id, name, no_css, owned_by, "
               "tags) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [call_to_action, css_url, fields, heading, form_id, name, no_css, None, tags])
    return db.query_one(_FORMS_SQL + " WHERE t.form_id = ?", [form_id]) or {}


@tool(writes=True)
def delete_forms_id(db: Database, form_id: str) -> dict[str, Any]:
    """Delete this form and all of it's responses.

    Args:
        form_id: Id of the form to delete; e.g. "F-0001" (from get_form_responses).

    Returns:
        The removed form, marked deleted.
    """
    form = _form(db, form_id)
    db.execute("DELETE FROM forms WHERE form_id = ?", [form["form_id"]])
    return {**form, "deleted": True}


@tool
def get_subscriptions(
        db: Database,
        assignment: str | None = None,
        email: str | None = None,
        include_body: bool | None = None,
        include_thumbenail: bool | None = None,
        slack_channel: str | None = None,
) -> list[dict[str, Any]]:
    """List subscriptions for the authorised user.

    Args:
        assignment: Only subscription rows with this assignment.
        email: Only subscription rows with this email.
        include_body: Only subscription rows with this include body.
        include_thumbenail: Only subscription rows with this include thumbenail.
        slack_channel: Only subscription rows with this slack channel.

    Returns:
        The matching subscription rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if assignment is not None:
        where.append("lower(t.assignment) = lower(?)")
        params.append(assignment.strip())
    if email is not None:
        where.append("lower(t.email) = lower(?)")
        params.append(email.strip())
    if include_body is not None:
        where.append("t.include_body = ?")
        params.append(include_body)
    if include_thumbenail is not None:
        where.append("t.include_thumbenail = ?")
        params.append(include_thumbenail)
    if slack_channel is not None:
        where.append("lower(t.slack_channel) = lower(?)")
        params.append(slack_channel.strip())
    return select_rows(db, _SUBSCRIPTIONS_SQL, where, params, "t.subscription_id")


@tool(writes=True)
def delete_subscriptions_id(db: Database, subscription_id: str) -> dict[str, Any]:
    """Delete a subscription.

    Args:
        subscription_id: Id of the subscription to delete; e.g. "S-0001" (from get_subscriptions).

    Returns:
        The removed subscription, marked deleted.
    """
    subscription = _subscription(db, subscription_id)
    db.execute("DELETE FROM subscriptions WHERE subscription_id = ?", [subscription["subscription_id"]])
    return {**subscription, "deleted": True}


@tool
def get_tags(db: Database, url_words: str | None = None) -> list[dict[str, Any]]:
    """List tags.

    Retrieve tags.

    Args:
        url_words: Restrict results by urlWords. Should be used with ownedBy when searching for one of your own
            tags.

    Returns:
        The matching tag rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if url_words is not None:
        where.append("lower(t.url_words) = lower(?)")
        params.append(url_words.strip())
    return select_rows(db, _TAGS_SQL, where, params, "t.tag_id")


@tool(writes=True)
def post_tags(
        db: Database,
        name: str,
        colour: str | None = None,
        tag_set: str | None = None,
        url_words: str | None = None,
) -> dict[str, Any]:
    """Create a new tag.

    Args:
        name: Name.
        colour: Optional HTML hexcode colour.
        tag_set: Tag set.
        url_words: Url words.

    Returns:
        The new tag.
    """
    if colour is not None:
        colour = colour.strip()
    name = name.strip()
    if url_words is not None:
        url_words = url_words.strip()
    tag_id = next_id(db, "tags", "tag_id", "T-", 4)
    db.execute("INSERT INTO tags (colour, tag_id, name, tag_set, url_words) VALUES (?, ?, ?, ?, ?)",
               [colour, tag_id, name, tag_set, url_words])
    return db.query_one(_TAGS_SQL + " WHERE t.tag_id = ?", [tag_id]) or {}


@tool
def get_tags_id(db: Database, tag_id: str) -> dict[str, Any]:
    """Retrieve a single tag by id.

    Args:
        tag_id: Id of the tag to return; e.g. "T-0001" (from get_tags).

    Returns:
        The tag with the names of the rows it refers to.
    """
    return _tag(db, tag_id)


@tool(writes=True)
def post_tagsets(db: Database, name: str) -> dict[str, Any]:
    """Create a new tag set.

    Args:
        name: Name.

    Returns:
        The new tag set.
    """
    name = name.strip()
    tag_set_id = next_id(db, "tag_sets", "tag_set_id", "TS-", 4)
    db.execute("INSERT INTO tag_sets (tag_set_id, name) VALUES (?, ?)",
               [tag_set_id, name])
    return db.query_one(_TAG_SETS_SQL + " WHERE t.tag_set_id = ?", [tag_set_id]) or {}


@tool
def get_users(db: Database, username: str | None = None) -> list[dict[str, Any]]:
    """List users.

    Args:
        username: Restrict results to the user with this username.

    Returns:
        The matching user rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if username is not None:
        where.append("lower(t.username) = lower(?)")
        params.append(username.strip())
    return select_rows(db, _USERS_SQL, where, params, "t.user_id")


@tool
def get_users_id(db: Database, user_id: str) -> dict[str, Any]:
    """Retrieve a single user by id.

    Args:
        user_id: Id of the user to return; e.g. "U-0001" (from get_users).

    Returns:
        The user with the names of the rows it refers to.
    """
    return _user(db, user_id)
