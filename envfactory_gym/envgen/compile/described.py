"""The values a field's description lists when the specification gives it no enum, and the words a field of a
class (a status, a type, a method) takes when it lists none.

A description says a field's values in a few set ways: "Possible values: 'Active', 'Closed'", "One of (draft,
final, archived)", "Can be: 'text' or 'media'", "either 'SCHEDULED', 'PROCESSED' or 'CANCELLED'", "Valid values: low |
normal | high", "Entry kind: eu-b2c, eu-b2b, domestic". Such a list, read whole (two values or more, nothing
open-ended like "etc." after it), is the field's set of values: the compiler enforces it like an enum
(:func:`described_enum`). Looser readings ("e.g. EU, US, NO", quoted words somewhere after "possible values",
capitalised constants in a status's description) only say what seeded values look like (:func:`described_values`).
A field whose name says it is a kind of something (``*_type``, ``*_status``, ``*_method``) and whose description
lists nothing takes a few plain words of its class (:func:`class_words`), never a code-shaped token.
"""

from __future__ import annotations

import re
from typing import Any

#: Phrases that introduce the values a string field takes ("Possible values: 'Active', 'Closed'").
VALUES_PHRASE = re.compile(r"(?:possible|permitted|allowed|valid|supported|accepted|available)\s+(?:values?|options?)"
                           r"\s*(?:are|is|include|includes)?\s*:?\s*(.*)", re.I | re.S)
#: Phrases after which a description lists the whole set of values.
SET_PHRASES = re.compile(r"\b(?:one of(?:\s+the\s+following(?:\s+values)?)?|(?:can|could|must|may|will|should) be"
                         r"(?:\s+one\s+of(?:\s+the\s+following)?)?(?:\s+either)?|either|(?:is|are) (?:one|any) of"
                         r"(?:\s+the\s+following)?|takes?(?:\s+the)?\s+values?|options?\s+(?:are|is)|values?\s+are)"
                         r"\s*:?\s*", re.I)
#: Phrases after which a description gives some values, not all of them.
EXAMPLE_PHRASES = re.compile(r"(?:\be\.\s?g\.?|\beg\.|\bfor example\b|\bsuch as\b|\bfor instance\b|\bincludes?\b|"
                             r"\blike\b|\b(?:common|typical|usual|some|sample)\s+values?(?:\s+are|\s+include)?)"
                             r"\s*,?\s*:?\s*", re.I)
#: Words before "values are" that make the list a sample ("Common values are *SE*, *CR*").
_SAMPLE = re.compile(r"\b(?:common|typical|usual|some|sample|example|other)\s+(?:\w+\s+)?$", re.I)
_QUOTED = re.compile(r"""'([^'\n]{1,40})'|"([^"\n]{1,40})"|`([^`\n]{1,40})`|\*\*([^*\n]{1,40})\*\*|\*([^*\n]{1,40})\*""")
_BARE = re.compile(r"([A-Za-z0-9][\w.#:+\-]{0,39})")
_GLOSS = re.compile(r"\s*(?:\([^()]{0,80}\)|(?:[-=:]|for|when|if|means|meaning)\s+[^,;|'\"`\n]{0,80}?(?=[,;|]|\.\s|\.$|\s+or\s+['\"`*]|\s-\s|$))")
_SEP = re.compile(r"\s*(?:,\s*(?:or\s+|and\s+)?|\|\s*|;\s*|\s+or\s+|\s+and\s+|\.?\s+-\s+(?=['\"`*]))")
_OPEN_ENDED = re.compile(r"\s*,?\s*(?:etc\b|and so on|\.\.\.|…|or (?:any )?other|among others|and more)", re.I)
#: Words that end a bare list well: the list is followed by the sentence's end or a bracket.
_LIST_END = re.compile(r"\s*(?:[.)\];]|$)")
#: Capitalised words that are acronyms of the trade, not values (``HTTP status code``, ``API error``).
ACRONYMS = frozenset({"HTTP", "HTTPS", "JSON", "REST", "UUID", "GUID", "NULL", "TRUE", "FALSE", "ASCII", "IANA",
                      "MIME", "OAUTH", "HTML", "YAML", "UTF8", "SOAP", "CRUD", "ISO8601", "NOTE", "TODO", "ONLY",
                      "MUST", "NOT", "AND", "WARNING", "IMPORTANT", "DEPRECATED", "BETA", "ALPHA", "SQL"})
_CONSTANT = re.compile(r"(?<![\w-])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)(?![\w-])")

#: Last words of a field that says what kind of thing a row is, or where it stands.
STATUS_WORDS = frozenset({"status", "state", "stage", "phase", "lifecycle", "condition"})
#: The words of each class of field a description lists no values for (the first match of the name's words).
CLASS_VALUES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("marital", "status"), ("single", "married", "divorced", "widowed")),
    (("phone", "type"), ("mobile", "home", "work")),
    (("email", "type"), ("personal", "work", "other")),
    (("address", "type"), ("home", "work", "billing", "other")),
    (("status",), ("active", "pending", "completed", "cancelled")),
    (("state",), ("active", "pending", "completed", "cancelled")),
    (("stage",), ("draft", "review", "approved", "done")),
    (("phase",), ("planning", "in_progress", "review", "done")),
    (("lifecycle",), ("draft", "active", "retired")),
    (("priority",), ("low", "medium", "high")),
    (("severity",), ("low", "medium", "high", "critical")),
    (("level",), ("basic", "standard", "advanced")),
    (("tier",), ("basic", "standard", "premium")),
    (("visibility",), ("public", "private", "internal")),
    (("frequency",), ("daily", "weekly", "monthly")),
    (("direction",), ("inbound", "outbound")),
    (("mode",), ("manual", "automatic")),
    (("method",), ("standard", "manual", "automatic")),
    (("role",), ("admin", "member", "viewer")),
    (("gender",), ("female", "male", "other")),
    (("response",), ("accepted", "declined", "pending")),
    (("outcome",), ("success", "failure", "pending")),
    (("result",), ("success", "failure", "pending")),
    (("decision",), ("approved", "rejected", "pending")),
    (("category",), ("general", "standard", "special", "other")),
    (("type",), ("standard", "custom", "other")),
    (("kind",), ("standard", "custom", "other")),
    (("class",), ("standard", "custom", "other")),
    (("variant",), ("standard", "custom", "other")),
    (("subtype",), ("standard", "custom", "other")),
)
#: Last words of a field that are a class only where its description says it holds an enumeration value.
ENUMERATED_LAST = frozenset({"response", "outcome", "result", "decision"})
#: Last words of a field that is a kind of something (``contact_method``, ``entry_type``): never a code.
CLASS_LAST = frozenset(w for words, _ in CLASS_VALUES for w in words[-1:]) - ENUMERATED_LAST
#: Descriptions that say a field holds one of a set of values ("The enumeration value returned in this field").
ENUMERATION = re.compile(r"\benum(?:eration)?s?\b|\w+Enum\b|\benumerated\b", re.I)
#: Last words of a field that holds a reference, whatever the name before it says.
REFERENCE_WORDS = frozenset({"id", "ids", "uuid", "key", "ref", "reference", "code", "number", "no", "token", "sid"})


def _tokens(name: str) -> list[str]:
    return [w for w in re.split(r"[^a-z0-9]+", name.lower()) if w]


def _quoted(m: re.Match[str]) -> str:
    return next(g for g in m.groups() if g)


def read_list(text: str) -> tuple[list[str], bool]:
    """The list of values ``text`` starts with ("(draft, final, archived)", "'text' or 'media'", "low | high"), and
    whether it is read whole: it ends the sentence (a bare list) and nothing open-ended ("etc.") follows it. A list
    of quoted values stops at its first bare word ("'privateNumber', one of your numbers")."""
    m = re.match(r"\s*[:(\[]?\s*(?:-\s+)?", text)
    pos = m.end() if m else 0
    items: list[str] = []
    quoted = None
    while True:
        q = _QUOTED.match(text, pos)
        b = None if q else _BARE.match(text, pos)
        if q is None and (b is None or quoted):
            break
        if quoted is None:
            quoted = q is not None
        items.append(_quoted(q) if q else b.group(1).rstrip(".:"))  # type: ignore[union-attr]
        pos = (q or b).end()  # type: ignore[union-attr]
        gloss = _GLOSS.match(text, pos) if quoted else re.compile(r"\s*\([^()]{0,80}\)").match(text, pos)
        if gloss:
            pos = gloss.end()
        sep = _SEP.match(text, pos)
        if not sep:
            break
        pos = sep.end()
    whole = not _OPEN_ENDED.match(text, pos) and (bool(quoted) or bool(_LIST_END.match(text, pos)))
    return list(dict.fromkeys(v.strip() for v in items if v.strip())), whole


def _spaced_list(text: str) -> list[str]:
    """A list of three or more values separated by spaces only ("opened pending-reply-action resolved"), to
    the sentence's end; at least one with a dash or underscore (else it is likely prose)."""
    sentence = re.split(r"\.(?:\s|$)", text, maxsplit=1)[0].strip()
    parts = sentence.split()
    if len(parts) >= 3 and all(re.fullmatch(r"[a-z0-9][a-z0-9_\-]*", p) for p in parts) and any(
            re.search(r"[-_]", p) for p in parts):
        return parts
    return []


def fits_pattern(pattern: str | None, value: Any) -> bool:
    """Whether a value passes the tools' pattern check (the pattern matched against the whole value)."""
    if not pattern or not isinstance(value, str):
        return True
    try:
        return re.fullmatch(pattern.strip("^$"), value) is not None
    except re.error:
        return True


def _fits(values: list[str], c: Any) -> bool:
    """Whether the values suit the column's length and pattern (a field of 1 character takes no words)."""
    return all(len(v) <= (c.max_length or 40) and len(v) >= (c.min_length or 0) and fits_pattern(c.pattern, v)
               for v in values)


def described_enum(c: Any) -> list[str]:
    """The whole set of values the description of ``c`` lists (two or more, read whole), or []: the field takes
    exactly these (the compiler enforces them like an enum)."""
    desc = " ".join((c.description or "").split())
    if not desc:
        return []
    starts = []
    m = VALUES_PHRASE.search(desc)
    if m:
        starts.append(m.start(1))
        spaced = _spaced_list(desc[m.start(1):])
        if spaced and _fits(spaced, c):
            return spaced
    starts += [m.end() for m in SET_PHRASES.finditer(desc) if not _SAMPLE.search(desc[:m.start()])]
    last = _tokens(c.name)[-1:] or [""]
    starts += [m.end() for m in re.finditer(rf"\b{re.escape(last[0])}s?\b[^.:;]{{0,40}}:\s*", desc, re.I)]
    sentences = [m.end() for m in re.finditer(r"(?:^|\.\s+)(?=['\"`])", desc)]  # "Status. 'OPEN','CLOSED'"
    for start in [*starts, *sentences]:
        values, whole = read_list(desc[start:])
        if len(values) >= 2 and whole and len(values) <= 30 and _fits(values, c):
            return values
    return []


def described_values(c: Any) -> list[str]:
    """The values the description of ``c`` says it takes or gives as examples (for seeding): its whole set (see
    :func:`described_enum`), else examples ("e.g. EU, US, NO"), else the quoted words after "possible values"."""
    whole = described_enum(c)
    if whole:
        return whole
    desc = " ".join((c.description or "").split())
    for e in EXAMPLE_PHRASES.finditer(desc):
        values, _ = read_list(desc[e.end():])
        if len(values) >= 2 and _fits(values, c):
            return values
    phrase = VALUES_PHRASE.search(desc)
    if phrase:
        values = list(dict.fromkeys(_quoted(q) for q in _QUOTED.finditer(phrase.group(1))))
        if values and _fits(values, c):
            return values
    always = re.search(r"\b(?:always|only\s+\w+\s+is)\s+", desc, re.I)  # "This is always "tasks#task""
    if always:
        q = _QUOTED.match(desc, always.end())
        if q and _fits([_quoted(q)], c):
            return [_quoted(q)]
    return []


def is_class_field(c: Any) -> bool:
    """Whether the name of ``c`` says it is a kind of something or where it stands (``entry_type``,
    ``contact_method``, ``record_status``), not a reference (``type_id``, ``status_code``)."""
    words = _tokens(c.name)
    if not words or words[-1] in REFERENCE_WORDS:
        return False
    return words[-1] in CLASS_LAST or (words[-1] in ENUMERATED_LAST and bool(ENUMERATION.search(c.description or "")))


def constants(c: Any) -> list[str]:
    """The capitalised constants a description names ("a value of PENDING", "can be IN_PROGRESS"), acronyms of the
    trade left out."""
    found = [w for w in _CONSTANT.findall(c.description or "") if len(w) >= 4 and w not in ACRONYMS
             and re.search(r"[AEIOU]", w) and not w.isdigit()]
    return [v for v in dict.fromkeys(found) if _fits([v], c)]


def class_words(c: Any, upper: bool = False) -> list[str]:
    """Plain words for a field of a class whose description lists no values: a status is active, pending,
    completed or cancelled; a type is standard, custom or other (upper case where the API writes its values so)."""
    words = _tokens(c.name)
    named = constants(c)
    upper = upper or bool(named)
    for key, values in CLASS_VALUES:
        if words[-len(key):] == list(key):
            out = list(values)
            break
    else:
        out = ["standard", "custom", "other"]
    out = [v.upper() for v in out] if upper else out
    if len(named) >= 2:
        return named
    merged = list(dict.fromkeys([*named, *out]))
    return [v for v in merged if _fits([v], c)]
