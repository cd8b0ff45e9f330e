"""Class rules for seed values: what a column's type, format, pattern, bounds, name and description say its values
look like (an ISO currency code, a past birth date, a phone number, a code-shaped reference, a score in 0..1), which
timestamp of the row it follows (an end after its start), and which status it belongs to (``stopped_since`` only on
a STOPPED row). Rules by class of field, never by API."""

from __future__ import annotations

import random
import re
from typing import Any

from envfactory_gym.envgen.compile.described import (  # noqa: F401  (described_values: re-exported)
    VALUES_PHRASE,
    class_words,
    described_values,
    fits_pattern,
    is_class_field,
)
from envfactory_gym.envgen.compile.plan import Column, Table
from envfactory_gym.envgen.compile.valueclass import class_draw, is_code_field, moment_kind

#: Names whose last word says the value is free text: the only strings seeded with a sentence.
TEXT_WORDS = frozenset({"description", "descriptions", "desc", "note", "notes", "comment", "comments", "message",
                        "messages", "reason", "summary", "information", "info", "text", "body", "remark", "remarks",
                        "instructions", "bio", "about", "content", "explanation", "feedback", "memo", "narrative",
                        "details", "detail", "purpose", "error", "errors"})
#: Names whose last word says the value is a short title.
TITLE_WORDS = frozenset({"title", "subject", "headline", "label", "caption", "heading", "topic"})
#: Last words of numbers written as strings (an account number): digits only.
NUMBER_WORDS = frozenset({"number", "no", "num", "nr"})
#: Last words of money fields (positive amounts with cents).
MONEY_WORDS = frozenset({"amount", "price", "cost", "fee", "total", "balance", "subtotal", "tax", "charge", "payout"})
#: Words of a unit-interval number (0..1) when the specification gives no bounds.
UNIT_WORDS = frozenset({"score", "confidence", "probability", "ratio", "similarity", "likelihood", "fraction",
                        "certainty", "weight"})
#: Words of a percentage (0..100).
PERCENT_WORDS = frozenset({"percent", "percentage", "pct"})
#: Words of a timestamp whose event has happened: seeded no later than the environment's ``now``.
PAST_WORDS = frozenset({"created", "updated", "modified", "joined", "registered", "ended", "finished", "stopped",
                        "completed", "closed", "cancelled", "canceled", "deleted", "archived", "submitted", "sent",
                        "received", "processed", "paid", "delivered", "shipped", "resolved", "started", "signed",
                        "approved", "rejected", "failed", "verified", "confirmed", "last", "since", "born", "birth",
                        "timestamp", "stamp", "creation", "modification"})
#: Words of a timestamp that ends a span, and the words of the timestamp that starts it.
END_WORDS = ("end", "ended", "ends", "finish", "finished", "stop", "stopped", "complete", "completed", "expiry",
             "expires", "expiration", "expire", "until", "to", "close", "closed", "closes", "due", "updated",
             "modified", "resolved", "cancelled", "canceled", "last")
START_WORDS = ("start", "started", "starts", "begin", "begins", "from", "open", "opened", "opens", "created", "issued",
               "effective", "first")
#: Words that only qualify a timestamp's name (``stopped_since`` -> ``stopped``).
TIME_WORDS = frozenset({"at", "on", "time", "date", "datetime", "timestamp", "ts", "utc", "since", "when", "day",
                        "last", "is", "was", "dt"})
#: Words of a status or state column, whose values say which timestamps a row has.
STATUS_WORDS = frozenset({"status", "state", "stage", "phase", "lifecycle"})
#: Date formats a ``*_timestamp_format`` or ``*_date_format`` field names.
TIME_FORMATS = ["yyyy-MM-dd'T'HH:mm:ss'Z'", "yyyy-MM-dd HH:mm:ss", "epoch_seconds", "epoch_milliseconds",
                "MM/dd/yyyy HH:mm"]
BETWEEN = re.compile(r"\b(?:between|from)\s+(-?\d+(?:\.\d+)?)\s*(?:and|to|-)\s*(-?\d+(?:\.\d+)?)\b", re.I)
PAST_TENSE = re.compile(r"\b(?:was|were|has been|had been)\b", re.I)
WORD = re.compile(r"[A-Za-z][A-Za-z_]*")


def tokens(name: str) -> list[str]:
    return [w for w in re.split(r"[^a-z0-9]+", name.lower()) if w]


def stem(word: str) -> str:
    """A word's stem for matching a field to a status value: ``stopped``, ``STOPPED``, ``stop`` -> ``stop``;
    ``completed``, ``COMPLETE`` -> ``complet``; ``cancelled``, ``CANCELED`` -> ``cancel``."""
    w = word.lower()
    w = w[:-1] if len(w) > 4 and w.endswith("s") and not w.endswith("ss") else w
    for suffix in ("ing", "ed", "e"):
        if len(w) > len(suffix) + 2 and w.endswith(suffix):
            w = w[: -len(suffix)]
            break
    return w[:-1] if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeiou" else w


def _sample(node: Any, rng: random.Random) -> str | None:
    """One string the parsed pattern ``node`` matches, or None for a construct the sampler does not draw."""
    from re import _parser  # type: ignore[attr-defined]  # the standard regex parser (sre_parse)

    c = _parser
    out = []
    for op, av in node:
        if op is c.LITERAL:
            out.append(chr(av))
        elif op is c.ANY:
            out.append(rng.choice("abcdefghjkmnpqrstuvwxyz"))
        elif op is c.IN:
            chars: list[str] = []
            negate = False
            for iop, iav in av:
                if iop is c.NEGATE:
                    negate = True
                elif iop is c.LITERAL:
                    chars.append(chr(iav))
                elif iop is c.RANGE:
                    chars += [chr(i) for i in range(iav[0], min(iav[1], iav[0] + 100) + 1)]
                elif iop is c.CATEGORY:
                    chars += {c.CATEGORY_DIGIT: "0123456789", c.CATEGORY_WORD: "abcdefghijkmnpqrstuvwxyz0123456789",
                              c.CATEGORY_SPACE: " "}.get(iav, "")
                else:
                    return None
            if negate:
                chars = [ch for ch in "abcdefghjkmnpqrstuvwxyz0123456789" if ch not in chars]
            printable = [ch for ch in chars if ch.isprintable()]
            if not printable:
                return None
            out.append(rng.choice(printable))
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT, getattr(c, "POSSESSIVE_REPEAT", None)):
            low, high, sub = av
            high = low + 8 if high is c.MAXREPEAT else min(high, low + 8)
            for _ in range(rng.randint(max(low, min(1, high)), max(high, 1))):
                piece = _sample(sub, rng)
                if piece is None:
                    return None
                out.append(piece)
        elif op is c.SUBPATTERN:
            piece = _sample(av[-1], rng)
            if piece is None:
                return None
            out.append(piece)
        elif op is c.BRANCH:
            piece = _sample(rng.choice(av[1]), rng)
            if piece is None:
                return None
            out.append(piece)
        elif op is c.AT:
            continue
        elif op is c.CATEGORY:
            out.append(rng.choice({c.CATEGORY_DIGIT: "0123456789", c.CATEGORY_SPACE: " "}.get(av, "abcdefgh")))
        else:
            return None
    return "".join(out)


def pattern_samples(pattern: str, seed: str, count: int = 12) -> list[str]:
    """Up to ``count`` distinct strings that pass the tools' check of ``pattern``, the same on every compile."""
    from re import _parser  # type: ignore[attr-defined]

    try:
        tree = _parser.parse(pattern.strip("^$"))
    except (re.error, RecursionError, OverflowError):
        return []
    rng = random.Random(f"{seed}|{pattern}")
    out: list[str] = []
    for _ in range(count * 4):
        value = _sample(tree, rng)
        if value and value not in out and fits_pattern(pattern, value):
            out.append(value)
        if len(out) == count:
            break
    return sorted(out)


def sibling_enum(c: Column, t: Table) -> list[Any]:
    """The enum of the column a ``<name>_string`` column is the free-text alternative of."""
    if c.name.endswith("_string"):
        other = t.column(c.name[: -len("_string")])
        if other is not None and other.enum:
            return list(other.enum)
    return []


def _code(c: Column) -> dict[str, Any]:
    """A code-shaped token (``PSP-480213``, ``RD-118202``); digits only for a ``*_number``."""
    words = tokens(c.name)
    if words and words[-1] in NUMBER_WORDS:
        return {"kind": "token", "prefix": "", "width": 8}
    head = words[:-1] or words
    prefix = head[0] if len(head) == 1 and len(head[0]) <= 4 else "".join(w[0] for w in head)
    return {"kind": "token", "prefix": f"{prefix.upper() or 'X'}-", "width": 6}


def string_draw(c: Column, t: Table) -> dict[str, Any]:
    """How a plain string column (no enum, key, reference, example or Faker name) is seeded by its class: the
    values its description lists, the words of its class (a status, a type, a method: never a code), a moment, a
    colour, a place (see :mod:`.valueclass`)...; a code-shaped token only for a field named as a code, a number or
    a token, words where no class fits (a sentence only for free text: descriptions, notes, messages)."""
    words = tokens(c.name)
    last = words[-1] if words else ""
    desc = (c.description or "").lower()
    listed = described_values(c) or sibling_enum(c, t)
    if listed:
        return {"kind": "pick", "values": listed}
    if words[-2:] in (["content", "type"], ["media", "type"], ["mime", "type"]):
        return {"kind": "faker", "provider": "mime_type"}
    if is_class_field(c):  # a kind of something or where it stands: words of its class, never a code
        upper = any(isinstance(v, str) and v.isupper() for o in t.columns for v in o.enum or [])
        values = class_words(c, upper)
        if values:
            return {"kind": "pick", "values": values}
    if "currency" in words[-2:] or re.search(r"\bcurrency code\b|\biso[ -]?4217\b", desc):
        return {"kind": "faker", "provider": "currency_code"}
    if "country" in words[-2:]:
        coded = "code" in words or re.search(r"\biso\b|alpha-?2|two-letter|2-letter|country code", desc)
        return {"kind": "faker", "provider": "country_code" if coded else "country"}
    if "language" in words[-2:] or last == "locale":
        return {"kind": "faker", "provider": "language_code" if last != "locale" else "locale"}
    if "birth" in words or last in ("dob", "birthday", "birthdate"):
        return {"kind": "birth_date"}
    moment = moment_kind(c)  # a date or time in a text field: ``time_created``, ``timestamp``, ``*_at``
    if moment:
        return {"kind": moment, "days": [-365, 0] if past_time(c) else [-30, 30], "past": past_time(c)}
    if last == "format" and set(words) & {"timestamp", "date", "time", "datetime"}:
        return {"kind": "pick", "values": list(TIME_FORMATS)}
    if "email" in words or re.match(r"(the|an?)\b[^.]{0,50}\bemail address", desc):
        return {"kind": "email"}
    if set(words) & {"phone", "mobile", "telephone", "fax", "cell"} and last in {"phone", "mobile", "telephone", "fax",
                                                                                 "cell", "number", "no"}:
        return {"kind": "faker", "provider": "phone_number"}
    if set(words) & {"url", "uri", "link", "href", "website", "homepage", "webpage"}:
        return {"kind": "faker", "provider": "image_url" if set(words) & {"image", "avatar", "photo", "icon",
                                                                            "logo", "picture"} else "url"}
    if last in ("name", "names") and len(words) > 1:
        if words[-2] in ("first", "given", "middle", "fore"):
            return {"kind": "faker", "provider": "first_name"}
        if words[-2] in ("last", "family", "sur", "maiden"):
            return {"kind": "faker", "provider": "last_name"}
        if set(words) & {"business", "company", "organization", "organisation", "merchant", "vendor", "employer",
                         "legal", "trading", "brand", "bank"}:
            return {"kind": "faker", "provider": "company"}
        if set(words) & {"customer", "person", "contact", "user", "holder", "owner", "full", "display", "shopper"}:
            return {"kind": "faker", "provider": "name"}
        slug = bool(c.pattern) and not fits_pattern(c.pattern, "Ab Cd")
        return {"kind": "words", "count": 2, "sep": "-" if slug else " ", "title": not slug}
    if last in ("city", "town"):
        return {"kind": "faker", "provider": "city"}
    if set(words) & {"street", "line1", "address1"} or words[-2:] == ["address", "line"]:
        return {"kind": "faker", "provider": "street_address"}
    if last in ("postcode", "zip", "zipcode") or words[-2:] in (["postal", "code"], ["zip", "code"]):
        return {"kind": "faker", "provider": "postcode"}
    if last in TEXT_WORDS:
        return {"kind": "text"}
    if last in TITLE_WORDS:
        return {"kind": "words", "count": 3, "sep": " ", "title": True}
    # a month, a colour, a place, a person...; a code only where the name says it holds one
    return class_draw(c) or (_code(c) if is_code_field(c) else {"kind": "words", "count": 2, "sep": " ",
                                                                 "title": True})


def number_bounds(c: Column) -> tuple[float, float] | None:
    """The range of a number the specification gives no bounds: its description's ("between 0 and 1"), else its
    name's class (a score or ratio 0..1, a percentage 0..100, a rating 1..5, a latitude, a longitude)."""
    if c.minimum is not None or c.maximum is not None:
        return None
    m = BETWEEN.search(c.description or "")
    if m and float(m.group(1)) < float(m.group(2)):
        return float(m.group(1)), float(m.group(2))
    words = set(tokens(c.name))
    if tokens(c.name)[-1:] == ["month"]:
        return 1.0, 12.0
    if words & PERCENT_WORDS:
        return 0.0, 100.0
    if words & {"rating", "stars"}:
        return 1.0, 5.0
    if words & {"latitude", "lat"}:
        return -90.0, 90.0
    if words & {"longitude", "lng", "lon"}:
        return -180.0, 180.0
    if words & UNIT_WORDS:
        return (0.0, 100.0) if c.kind == "integer" else (0.0, 1.0)
    if words & {"age"}:
        return 18.0, 90.0
    if words & MONEY_WORDS:
        return 5.0, 2000.0
    return None


def past_time(c: Column) -> bool:
    """Whether a timestamp records something that has happened (``created_at``, ``stopped_since``, a description
    in the past tense without a future), so that it is seeded no later than now."""
    words = set(tokens(c.name))
    if c.read_only and not words & {"expiry", "expires", "expiration", "due", "until", "next", "scheduled"}:
        return True
    if words & PAST_WORDS:
        return True
    desc = c.description or ""
    return bool(PAST_TENSE.search(desc)) and not re.search(r"\bwill\b", desc, re.I)


def anchor(c: Column, t: Table) -> str | None:
    """The timestamp of the same row that ``c`` comes after (``job_end_time`` after ``job_start_time``,
    ``updated_at`` after ``created_at``), or None."""
    words = tokens(c.name)
    times = {o.name: o for o in t.columns if o.kind in ("date", "datetime") and o is not c}
    if c.kind not in ("date", "datetime") or not times or not set(words) & set(END_WORDS):
        return None
    for i, w in enumerate(words):
        if w in END_WORDS:
            for s in START_WORDS:
                name = "_".join([*words[:i], s, *words[i + 1:]])
                if name in times:
                    return name
    if set(words) & set(START_WORDS) or not set(words) & (set(END_WORDS) - {"to", "last", "due"}):
        return None
    for group in (("created",), ("start", "started", "begin", "opened", "issued")):
        found = [n for n in times if set(tokens(n)) & set(group) and not set(tokens(n)) & set(END_WORDS)]
        if found:
            return found[0]
    return None


def condition(c: Column, t: Table) -> dict[str, Any] | None:
    """The status values a state-bound field belongs to (``stopped_since`` only while ``state`` is STOPPED,
    ``cancelled_at`` only on CANCELLED rows), read from a status enum value matching the field's stem; None where
    no single status column says so."""
    if c.required or c.enum or c.references or c is t.key or c.kind not in ("date", "datetime"):
        return None
    stems = {stem(w) for w in tokens(c.name) if w not in TIME_WORDS}
    said = re.findall(r"\b(?:was|were|been|became|changed to|moved to|set to)\s+([A-Za-z_]+)", c.description or "")
    stems |= {stem(w) for w in said}
    found = []
    for s in t.columns:
        if s is c or not s.enum or len(s.enum) < 2 or not set(tokens(s.name)) & STATUS_WORDS:
            continue
        values = [v for v in s.enum if isinstance(v, str) and stem(v) in stems]
        if values and len(values) < len(s.enum):
            found.append({"column": s.name, "values": values})
    return found[0] if len(found) == 1 else None
