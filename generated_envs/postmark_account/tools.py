"""Tools of the postmark_account environment, compiled from Postmark Account-level API.

Postmark makes sending and receiving email incredibly easy. The Account-level API allows users to configure all
Servers, Domains, and Sender Signatures associated with an Account.
"""

from __future__ import annotations

from typing import Any, Literal

from envfactory_gym import Database, tool
from envfactory_gym.authoring.compiled import next_number, select_rows
from envfactory_gym.authoring.kit import next_id

TrackLinks = Literal["None", "HtmlAndTextTracking", "HtmlOnlyTracking", "TextOnlyTracking"]

_DOMAIN_EXTENDED_INFORMATION_SQL = "SELECT t.* FROM domain_extended_information t"
_DOMAIN_INFORMATION_SQL = "SELECT t.* FROM domain_information t"
_SENDER_SIGNATURE_EXTENDED_INFORMATION_SQL = "SELECT t.* FROM sender_signature_extended_information t"
_SENDER_SIGNATURE_INFORMATION_SQL = "SELECT t.* FROM sender_signature_information t"
_SERVERS_SQL = "SELECT t.* FROM servers t"
_EXTENDED_SERVERS_SQL = "SELECT t.* FROM extended_servers t"


@tool(writes=True)
def create_domain(db: Database, name: str | None = None, return_path_domain: str | None = None) -> dict[str, Any]:
    """Create a Domain.

    Args:
        name: Name.
        return_path_domain: Return path domain.

    Returns:
        The new domain extended information.
    """
    if name is not None:
        name = name.strip()
    if return_path_domain is not None:
        return_path_domain = return_path_domain.strip()
    domain_extended_information_id = next_number(db, "domain_extended_information", "domain_extended_information_id")
    db.execute("INSERT INTO domain_extended_information (dkim_host, dkim_pending_host, dkim_pending_text_value, "
               "dkim_revoked_host, dkim_revoked_text_value, dkim_test_value, dkim_update_status, dkim_verified, "
               "domain_extended_information_id, name, return_path_domain, return_path_domain_cname_value, "
               "return_path_domain_verified, spf_host, spf_text_value, spf_verified, "
               "safe_to_remove_revoked_key_from_dns, weak_dkim) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
               "?, ?, ?, ?)",
               [None, None, None, None, None, None, None, None, domain_extended_information_id, name, return_path_domain, None, None, None, None, None, None, None])
    return db.query_one(_DOMAIN_EXTENDED_INFORMATION_SQL + " WHERE t.domain_extended_information_id = ?",
                                                           [domain_extended_information_id]) or {}


@tool
def list_sender_signatures(db: Database) -> list[dict[str, Any]]:
    """List Sender Signatures.

    Returns:
        The matching sender signature information rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    return select_rows(db, _SENDER_SIGNATURE_INFORMATION_SQL, [], [], "t.sender_signature_information_id")


@tool(writes=True)
def create_sender_signature(
        db: Database,
        name: str | None = None,
        return_path_domain: str | None = None,
) -> dict[str, Any]:
    """Create a Sender Signature.

    Args:
        name: Name.
        return_path_domain: Return path domain.

    Returns:
        The new sender signature extended information.
    """
    if name is not None:
        name = name.strip()
    if return_path_domain is not None:
        return_path_domain = return_path_domain.strip()
    sender_signature_extended_information_id = next_number(db, "sender_signature_extended_information",
                                                                "sender_signature_extended_information_id")
    db.execute("INSERT INTO sender_signature_extended_information (confirmed, dkim_host, dkim_pending_host, "
               "dkim_pending_text_value, dkim_revoked_host, dkim_revoked_text_value, dkim_test_value, "
               "dkim_update_status, dkim_verified, domain, email_address, "
               "sender_signature_extended_information_id, name, reply_to_email_address, return_path_domain, "
               "return_path_domain_cname_value, return_path_domain_verified, spf_host, spf_text_value, "
               "spf_verified, safe_to_remove_revoked_key_from_dns, weak_dkim) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, "
               "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [None, None, None, None, None, None, None, None, None, None, None, sender_signature_extended_information_id, name, None, return_path_domain, None, None, None, None, None, None, None])
    return db.query_one(_SENDER_SIGNATURE_EXTENDED_INFORMATION_SQL + " WHERE "
                                                                     "t.sender_signature_extended_information_id = "
                                                                     "?",
                                                                     [sender_signature_extended_information_id]) or {}


@tool
def list_servers(db: Database, name: str | None = None) -> list[dict[str, Any]]:
    """List servers.

    Args:
        name: Filter by a specific server name.

    Returns:
        The matching extended server rows, each with the names of the rows it refers to: at most 50 rows and 3,600 characters, then a line saying how many more match (narrower filters find them).
    """
    where: list[str] = []
    params: list[Any] = []
    if name is not None:
        where.append("lower(t.name) = lower(?)")
        params.append(name.strip())
    return select_rows(db, _EXTENDED_SERVERS_SQL, where, params, "t.extended_server_id")


@tool(writes=True)
def create_server(
        db: Database,
        bounce_hook_url: str | None = None,
        click_hook_url: str | None = None,
        color: str | None = None,
        delivery_hook_url: str | None = None,
        inbound_domain: str | None = None,
        inbound_hook_url: str | None = None,
        inbound_spam_threshold: int | None = None,
        open_hook_url: str | None = None,
        post_first_open_only: bool | None = None,
        raw_email_enabled: bool | None = None,
        smtp_api_activated: bool | None = None,
        track_links: TrackLinks | None = None,
        track_opens: bool | None = None,
) -> dict[str, Any]:
    """Create a Server.

    Args:
        bounce_hook_url: Bounce hook url.
        click_hook_url: Click hook url.
        color: Color.
        delivery_hook_url: Delivery hook url.
        inbound_domain: Inbound domain.
        inbound_hook_url: Inbound hook url.
        inbound_spam_threshold: Inbound spam threshold.
        open_hook_url: Open hook url.
        post_first_open_only: Post first open only.
        raw_email_enabled: Raw email enabled.
        smtp_api_activated: Smtp api activated.
        track_links: Track links.
        track_opens: Track opens.

    Returns:
        The new server.
    """
    if bounce_hook_url is not None:
        bounce_hook_url = bounce_hook_url.strip()
    if click_hook_url is not None:
        click_hook_url = click_hook_url.strip()
    if color is not None:
        color = color.strip()
    if delivery_hook_url is not None:
        delivery_hook_url = delivery_hook_url.strip()
    if inbound_domain is not None:
        inbound_domain = inbound_domain.strip()
    if inbound_hook_url is not None:
        inbound_hook_url = inbound_hook_url.strip()
    if open_hook_url is not None:
        open_hook_url = open_hook_url.strip()
    server_name = next_id(db, "servers", "server_name", "S-", 4)
    db.execute("INSERT INTO servers (bounce_hook_url, click_hook_url, color, delivery_hook_url, inbound_domain, "
               "inbound_hook_url, inbound_spam_threshold, server_name, open_hook_url, post_first_open_only, "
               "raw_email_enabled, smtp_api_activated, track_links, track_opens) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
               "?, ?, ?, ?, ?, ?)",
               [bounce_hook_url, click_hook_url, color, delivery_hook_url, inbound_domain, inbound_hook_url, inbound_spam_threshold, server_name, open_hook_url, post_first_open_only, raw_email_enabled, smtp_api_activated, track_links, track_opens])
    return db.query_one(_SERVERS_SQL + " WHERE t.server_name = ?", [server_name]) or {}
