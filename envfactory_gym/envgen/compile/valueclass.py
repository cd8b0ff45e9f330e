"""Seed values of text fields by what their names say they hold: a moment, a month or a year, a colour, a place, a
person, a company, a host, a hash, structured text. Only keys, references and fields named as codes (``*_code``,
``*_number``, ``*_token``...) take code-shaped values; any other text field takes words.

Blind play of compiled real specifications found timestamps seeded ``T-816350``, colours ``F-505503``, locations
``L-075852`` and expiry months ``E-802624``: a field that says what it holds gets a value of that kind (from Faker
where it has a provider), the same on every compile.
"""

from __future__ import annotations

import re
from typing import Any

from envfactory_gym.envgen.compile.blueprint import Column

#: Last words of fields whose values are codes, numbers or opaque tokens: the only text seeded code-shaped.
CODE_WORDS = frozenset({"code", "codes", "number", "no", "num", "nr", "ref", "reference", "references", "token",
                        "key", "secret", "id", "ids", "sid", "uid", "uuid", "guid", "identifier", "serial", "sku",
                        "pin", "account", "cvd", "cvv", "cvc", "ssn", "ein", "tin", "vat", "nonce", "signature",
                        "xid", "cavv", "eci", "batchid", "messageid", "customerid", "userid", "codenum", "iban",
                        "bic", "swift", "pan", "ccan", "acn", "abn", "nsc", "cnsc", "secret_key", "api_key"})
#: Words that make a time-named field something other than a moment (a zone, a format, a length of time).
NOT_A_MOMENT = frozenset({"zone", "zones", "timezone", "format", "formats", "unit", "units", "type", "offset",
                          "window", "range", "limit", "seconds", "secs", "minutes", "mins", "hours", "ms", "millis",
                          "duration", "count", "interval", "period", "spent", "elapsed", "frame", "slot", "slots",
                          "of_day", "estimate", "left", "remaining", "to_live", "ttl", "zone_id"})
#: Words of events whose field, named by nothing else, holds when it happened (``created``, ``expiration``).
EVENT_WORDS = frozenset({"created", "updated", "modified", "deleted", "registered", "completed", "expiration",
                         "expires", "expiry", "expired", "lastlogin", "submitted", "cancelled", "canceled",
                         "processed", "stamp", "issued", "published", "scheduled", "started", "ended", "received",
                         "sent", "delivered", "last", "due", "generated", "changed", "requested", "refreshed"})
#: Words of events named as nouns (``creation_time``, ``last_update_time``).
EVENT_NOUNS = EVENT_WORDS | {"creation", "update", "modification", "deletion", "completion", "submission",
                             "publication", "registration", "cancellation", "expiry", "last"}
#: Last words of fields naming a person (a user name for one named by what they did: ``created_by``).
PERSON_WORDS = frozenset({"owner", "author", "creator", "sender", "recipient", "assignee", "reporter", "requester",
                          "organizer", "organiser", "operator", "buyer", "payee", "payer", "contact", "holder",
                          "manager", "employee", "member", "attendee", "guest", "driver", "passenger", "signer",
                          "approver", "reviewer", "representative", "person", "beneficiary"})
USER_WORDS = frozenset({"by", "identity", "username", "login", "handle", "alias", "nickname", "screen_name"})
COMPANY_WORDS = frozenset({"provider", "company", "vendor", "merchant", "brand", "carrier", "bank", "agency",
                           "organization", "organisation", "employer", "issuer", "supplier", "manufacturer",
                           "publisher", "seller", "institution"})
PLACE_WORDS = frozenset({"location", "place", "venue", "locality", "where", "destination", "origin", "site",
                         "area", "region", "city", "town", "county"})
HASH_WORDS = frozenset({"etag", "hash", "checksum", "digest", "fingerprint", "md5", "sha", "sha1", "sha256"})
HOST_WORDS = frozenset({"host", "hostname", "domain", "subdomain", "server"})
LINK_WORDS = frozenset({"endpoint", "webhook", "callback", "href"})
_JSON = re.compile(r"\bjson\b", re.I)
_HEX = re.compile(r"hex|#[0-9a-f]{3,6}\b|\brgb\b", re.I)
_TWO_DIGITS = re.compile(r"\b(?:2|two)[- ]digits?\b|\bYY\b|\bMM\b", re.I)
#: Descriptions saying a date-named field holds a time of day too.
_TIMED = re.compile(r"date and time|date/time|date-time|datetime|timestamp|\bhh\b|\[hh\]|\dT\d\d:|\bUTC\b|"
                    r"time ?zone", re.I)
_SAYS_MOMENT = re.compile(r"^(?:the\s+)?(?:date(?:\s+and\s+time)?|time(?:stamp)?|datetime|moment|instant)\b"
                          r"(?!\s+(?:zone|format|unit|to live|of day|window|range))", re.I)


def _words(name: str) -> list[str]:
    return [w for w in re.split(r"[^a-z0-9]+", name.lower()) if w]


def moment_kind(c: Column) -> str | None:
    """``"date"`` or ``"datetime"`` when a text field's name (or the start of its description) says it holds a
    moment (``time_created``, ``timestamp``, ``last_transaction``: "Date of the last transaction"), else None."""
    words = _words(c.name)
    if not words or set(words) & NOT_A_MOMENT or "_".join(words[-2:]) in NOT_A_MOMENT:
        return None
    last, first = words[-1], words[0]
    timed = bool(_TIMED.search(c.description or ""))  # "The date and time the record was created"
    if last in ("date", "day") or (last == "on" and len(words) > 1):
        return "datetime" if timed else "date"
    if last in ("at", "timestamp", "datetime", "time", "ts", "dt") or (last == "since" and len(words) > 1):
        return "datetime"
    if first in ("date", "time", "timestamp", "datetime") and set(words[1:]) <= EVENT_WORDS | {"of", "last"}:
        return "date" if first == "date" and not timed else "datetime"
    if len(words) <= 2 and set(words) <= EVENT_WORDS and last not in ("last", "due"):
        return "datetime"  # ``created``, ``expiration``, ``last_modified``
    desc = (c.description or "").strip()
    if _SAYS_MOMENT.match(desc):
        return "date" if re.match(r"^(?:the\s+)?date\b(?!\s+and\s+time)", desc, re.I) and not timed else "datetime"
    return None


def year_draw(c: Column, integer: bool = False) -> dict[str, Any]:
    """A plausible year: ahead of now for an expiry, behind it otherwise; two digits where the field says so."""
    words = set(_words(c.name))
    ahead = bool(words & {"expiry", "expire", "expires", "expiration", "exp", "valid", "until", "due", "end"})
    two = c.max_length == 2 or bool(_TWO_DIGITS.search(c.description or ""))
    return {"kind": "year", "ahead": ahead, "digits": 2 if two else 4, "integer": integer}


def class_draw(c: Column) -> dict[str, Any] | None:
    """How a plain text field is seeded by what its name says it holds, or None (no class found)."""
    words = _words(c.name)
    if not words:
        return None
    last, wordset = words[-1], set(words)
    desc = c.description or ""
    if wordset & {"timezone", "tz"} or words[-2:] == ["time", "zone"]:
        return {"kind": "faker", "provider": "timezone"}
    if last == "month":
        return {"kind": "pick", "values": [f"{m:02d}" for m in range(1, 13)]}
    if last == "year":
        return year_draw(c)
    moment = moment_kind(c)
    if moment == "date":
        return {"kind": "date", "days": [-365, 0], "past": True} if wordset & EVENT_WORDS - {"expiry", "expires",
                                                                                           "expiration", "due"} \
            else {"kind": "date", "days": [-30, 60]}
    if moment == "datetime":
        past = bool(wordset & EVENT_WORDS - {"expiry", "expires", "expiration", "expired", "due", "scheduled"})
        return {"kind": "datetime", "days": [-365, 0] if past else [-30, 60], "past": past}
    if last in ("color", "colour") or "color" in wordset or "colour" in wordset:
        return {"kind": "faker", "provider": "hex_color" if _HEX.search(desc) or "hex" in wordset else "color_name"}
    if last in ("cvd", "cvv", "cvc", "cvv2", "csc"):
        return {"kind": "faker", "provider": "credit_card_security_code"}
    if last in HASH_WORDS:
        return {"kind": "faker", "provider": "md5"}
    if _JSON.search(desc) and not wordset & CODE_WORDS:
        return {"kind": "json"}
    if last in LINK_WORDS:
        return {"kind": "faker", "provider": "url"}
    if last in HOST_WORDS:
        return {"kind": "faker", "provider": "domain_name" if "domain" in last else "hostname"}
    if last == "address":
        if "ip" in wordset:
            return {"kind": "faker", "provider": "ipv4"}
        if "mac" in wordset:
            return {"kind": "faker", "provider": "mac_address"}
        return {"kind": "email"} if wordset & {"email", "mail", "inbound", "reply"} else \
            {"kind": "faker", "provider": "street_address"}
    if last in PLACE_WORDS:
        return {"kind": "faker", "provider": "city"}
    if last in COMPANY_WORDS:
        return {"kind": "faker", "provider": "company"}
    if last in USER_WORDS or "_".join(words[-2:]) in USER_WORDS:
        return {"kind": "faker", "provider": "user_name"}
    if last in PERSON_WORDS:
        return {"kind": "faker", "provider": "name"}
    return None


def is_code_field(c: Column) -> bool:
    """Whether a text field's name says it holds a code, number or token (its last word, or that word's ending:
    ``auth_code``, ``rcode``, ``account_number``, ``batchid``)."""
    words = _words(c.name)
    last = words[-1] if words else ""
    return last in CODE_WORDS or last.endswith(("code", "num", "token", "ref"))


#: Descriptions of a time-named text field whose values are no ISO date (an epoch, a time of day, a duration).
_NOT_ISO = re.compile(r"epoch|unix|millisecond|seconds since|hh:mm(?!:ss)|time of (?:the )?day|duration|"
                      r"\bformat(?:ted)? (?:as|like|is)\b|\bRFC ?(?:822|1123|2822)\b", re.I)


def typed_moments(columns: list[Column], notes: list[str], where: str) -> None:
    """Give a text field whose name says it holds a moment (``timestamp``, ``time_created``, ``*_at``, ``*_date``)
    the date or date-time type, so that its seeded values, the tools' checks and the requests agree: not one with
    allowed values, a pattern, a reference, or a description saying its values are no ISO date (an epoch)."""
    for c in columns:
        if c.kind != "string" or c.fmt not in (None, "google-datetime") or c.enum or c.pattern or c.references or c.ext.get("id-like") \
                or (c.max_length is not None and c.max_length < 19) or _NOT_ISO.search(c.description or ""):
            continue
        kind, words = moment_kind(c), _words(c.name)
        if kind is None or words[-1] == "time" and len(words) > 1 and not set(words[:-1]) & EVENT_NOUNS:
            continue  # ``start_time`` may be a time of day; ``creation_time`` is a moment
        c.kind = kind
        notes.append(f"{where} field {c.name!r} holds a {'date' if kind == 'date' else 'date and time'} "
                     "(its name says so)")
