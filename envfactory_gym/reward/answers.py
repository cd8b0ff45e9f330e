"""What an agent stated: a task's facts in its own words, judged against rival values from the env's own data."""

from __future__ import annotations

import functools
import itertools
import re
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

import snowballstemmer

from envfactory_gym.database import Template, shared_connection
from envfactory_gym.reward.renderings import canonical_text, with_number_words
from envfactory_gym.reward.values import (  # noqa: F401  (re-exported: the judge's public vocabulary)
    _DATE_PREFIX,
    _DECIMAL,
    _DIGIT_COMMA,
    _FENCE,
    _ISO_TIME,
    _NO_CHARGE,
    _SENTENCE_END,
    _SPELLINGS,
    _TOKEN,
    _WORD_HYPHEN,
    DETAIL_MIN_FIELDS,
    MAX_ANSWER_CHARS,
    MAX_VALUE_CHARS,
    MAX_VALUE_TOKENS,
    PASTED_LABEL_SHARE,
    PASTED_MIN_LABELLED,
    PASTED_SHARE,
    PASTED_WHOLE_EXTRA,
    PASTED_WHOLE_SHARE,
    WRITE_OTHERS_ALLOWED,
    WRITE_RIVALS_ALLOWED,
    _forms,
    iter_fields,
    normalise,
    own_words,
    record_text,
    records,
    value_forms,
    within,
)


@dataclass(frozen=True)
class DataValues:
    """Every value of the seed data by kind: which kinds hold a normalised value, and each kind's values.

    A kind is a text column (``table.column``: its statuses, names, ids...) or, for the columns of one type family,
    the family: every amount (``decimal``), every count (``integer``), every date (``date``) of the data.
    """

    where: Mapping[str, frozenset[str]]
    columns: Mapping[str, frozenset[str]]
    #: ``table.column`` -> its kind, for every column of the seed data.
    kinds: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def from_template(cls, template: Template) -> DataValues:
        """Index the seed rows of ``template`` (once per loaded template; cached)."""
        with _cache_lock:
            cached = _cache.get(template.catalog)
            if cached is not None:
                return cached
            where: dict[str, set[str]] = {}
            columns: dict[str, set[str]] = {}
            kinds: dict[str, str] = {}
            cur = shared_connection().cursor()
            try:
                types = {(t, c): str(d).upper() for t, c, d in cur.execute(
                    "SELECT table_name, column_name, data_type FROM duckdb_columns() WHERE database_name = ?",
                    [template.catalog]).fetchall()}
                for table, info in template.tables.items():
                    rows = cur.execute(f"SELECT * FROM {template.catalog}.{table}").fetchall()
                    for i, col in enumerate(info.columns):
                        kind = kinds[f"{table}.{col}"] = type_family(types.get((table, col), "")) or f"{table}.{col}"
                        forms = columns.setdefault(kind, set())
                        for row in rows:
                            for f in value_forms(row[i]):
                                forms.add(f)
                                where.setdefault(f, set()).add(kind)
            finally:
                cur.close()
            out = cls({f: frozenset(k) for f, k in where.items()}, {k: frozenset(v) for k, v in columns.items()},
                      kinds)
            _cache[template.catalog] = out
            return out


def type_family(data_type: str) -> str | None:
    """The kind shared by every column of a SQL type family (amounts, counts, dates), or None for text."""
    t = data_type.upper()
    if t.startswith(("DECIMAL", "NUMERIC", "DOUBLE", "FLOAT", "REAL")):
        return "decimal"
    if "INT" in t:
        return "integer"
    if t.startswith(("DATE", "TIMESTAMP")):
        return "date"
    return None


_cache: dict[str, DataValues] = {}
_cache_lock = threading.Lock()
_EMPTY = DataValues({}, {}, {})


def objects(result: Any) -> list[tuple[set[str], set[str]]]:
    """For every object of a tool result: the forms of its own values (nested objects folded in) and of its whole
    subtree (the objects in its lists too)."""
    out: list[tuple[set[str], set[str]]] = []

    def walk(obj: Any) -> set[str] | frozenset[str]:
        if isinstance(obj, (list, tuple)):
            return set().union(*map(walk, obj)) if obj else set()
        if not isinstance(obj, Mapping):
            return value_forms(obj)
        own: set[str] = set()
        below: set[str] = set()
        stack: list[Any] = [obj]
        while stack:
            for v in stack.pop().values():
                if isinstance(v, Mapping):
                    stack.append(v)
                elif isinstance(v, (list, tuple)):
                    for x in v:
                        if isinstance(x, (Mapping, list, tuple)):
                            below |= walk(x)
                        else:
                            own |= value_forms(x)
                else:
                    own |= value_forms(v)
        out.append((own, own | below))
        return own | below

    walk(result)
    return out


@dataclass
class AnswerKey:
    """A task's facts and the data an answer is judged against: seed values and the episode's tool results.

    The answer is read as people write it: dates in any common form ("June 13, 2026", "13 Jun", "6/13/2026"; a
    date without a year is the one nearest the environment's clock), 12-hour times, amounts with currency signs
    and thousands separators, percentages, numbers in words, numbered lists and hyphenated words (see
    :mod:`envfactory_gym.reward.renderings`). A fact counts as stated when the agent says it in its own words
    (:func:`own_words`: quoted JSON and code state nothing) and the answer singles it out:

    - rival values: the kind of a fact is every seed kind (see :class:`DataValues`) and every tool-result field
      (``tool:key.key``) holding its value (a value in no seed column takes the kinds of the columns named like
      its fields); the answer may state at most ``rivals_allowed`` other values of that kind, and never all;
    - other data: the answer may state at most ``others_allowed`` data values that carry a digit (ids, dates,
      amounts...); more and no fact counts;
    - an echo: words copied from the request, :data:`ECHO_TOKENS` or more in a row, state nothing;
    - a pasted record: an answer that states most fields of one record (:data:`PASTED_SHARE`), most of them
      labelled with their field names the way a record prints, states the facts of that record only if it says
      them again.

    Neither bound counts the facts, what the user said, today's date, the figures and words of the policy
    (``free_text``), or the values of the records the answer comes from: a record that holds a fact held by at
    most two records of the episode's results (its nested lists included). Quoting the record an answer comes
    from is fine; listing every record that shares a common value is not.
    """

    facts: Sequence[str]
    data: DataValues = _EMPTY
    results: Iterable[tuple[str, Any]] = ()
    user_text: str = ""
    clock: Any = None
    free_text: str = ""
    #: The result a computed fact (held by no result) is worked out from: the gold's last read.
    derived_from: Any = None
    #: Whether the task changes nothing (an answer to a question): then a pasted record is no answer. A report
    #: of changes may quote its records, and up to :data:`WRITE_RIVALS_ALLOWED` rival values.
    read_only: bool = True
    _fields: dict[str, set[str]] = field(default_factory=dict, init=False, repr=False)
    _field_values: dict[str, set[str]] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        self._today = _clock_date(self.clock)
        self._forms = [normalise(canonical_text(str(f), self._today)) for f in self.facts]
        self._user = normalise(canonical_text(self.user_text, self._today))
        self._policy = normalise(canonical_text(self.free_text, self._today))
        self._free = self._policy + " " + self._today.isoformat()
        #: What an answer may mention freely: every value of the records that hold a specific fact.
        self._context: set[str] = set()
        #: Every record of the results once: its own values' forms, one set per field.
        self._records: list[list[tuple[str, frozenset[str]]]] = []
        #: Each record's values as one normalised text (long ones too): how often it says each fact.
        self._record_texts: list[str] = []
        #: Every field name of the results, as a record prints it ("custom domain"): a fact word inside a printed
        #: name ("custom", in a record whose custom_domain is empty) is no second saying of the fact.
        self._labels: set[str] = set()
        seen_objects: set[frozenset[str]] = set()
        holders: list[tuple[set[str], set[str]]] = []
        for tool, result in self.results:
            for fid, value in iter_fields(result, tool):
                self._labels.add(_normalised(fid.rsplit(".", 1)[-1].rsplit(":", 1)[-1]))
                for f in value_forms(value):
                    self._fields.setdefault(f, set()).add(fid)
                    self._field_values.setdefault(fid, set()).add(f)
            for own, subtree in objects(result):
                key = frozenset(own)
                if key in seen_objects:
                    continue
                seen_objects.add(key)
                holders.append((own, subtree))
            for fields, text in _pasteable(result):
                if len(fields) >= 4 and fields not in self._records:
                    self._records.append(fields)
                    self._record_texts.append(text)
        for form in self._forms:
            holding = [sub for own, sub in holders if form in own]
            if 0 < len(holding) <= 2:
                for sub in holding:
                    self._context |= sub
            elif self.derived_from is not None:
                last = objects(self.derived_from)
                target = [sub for own, sub in last if form in own]
                if not holding:  # a computed fact: the one record it is worked out from is its context
                    single = isinstance(self.derived_from, Mapping) or len(self.derived_from) == 1
                    target = [last[-1][1]] if single and last and _is_record(self.derived_from) else []
                elif isinstance(self.derived_from, Mapping) and last and form in last[-1][1] and (
                        form in last[-1][0] or len(last[-1][0]) >= DETAIL_MIN_FIELDS):
                    # The record a detail read returns: its own fields and the nested records holding the fact
                    # (not their siblings: a list of orders beside the one asked about is no context).
                    target = [last[-1][0], *(sub for own, sub in last if form in own)]
                elif len(target) > 3:  # a common value (a status): no record is singled out by it
                    target = []
                for sub in target:
                    self._context |= sub

    def holders(self, form: str) -> set[str]:
        """The seed kinds and result fields holding a normalised value."""
        return set(self.data.where.get(form, ())) | self._fields.get(form, set())

    def kind(self, form: str) -> set[str]:
        """The kinds (seed kinds and result fields) of a fact."""
        kind = self.holders(form)
        if all(":" in k for k in kind):  # in no seed column: the kinds of the columns named like its fields
            names = {k.rsplit(".", 1)[-1].rsplit(":", 1)[-1] for k in kind}
            kind |= {kd for c, kd in self.data.kinds.items() if c.split(".", 1)[1] in names}
        return kind

    def kind_size(self, form: str, kind: set[str], at_most: int) -> int:
        """How many distinct values a fact's kind holds (the fact included), counted up to ``at_most``."""
        values = {form}
        for k in kind:
            for v in itertools.chain(self.data.columns.get(k, ()), self._field_values.get(k, ())):
                values.add(v)
                if len(values) >= at_most:
                    return at_most
        return len(values)

    def said(self, messages: Sequence[str]) -> str:
        """The normalised own words of ``messages``, dates, times and the like in canonical form."""
        return " \n ".join(normalise(canonical_text(own_words(m), self._today)) for m in messages)

    def judge(self, messages: Sequence[str], rivals_allowed: int = 1, others_allowed: int = 3) -> list[bool]:
        """For each fact, whether it is stated (see the class)."""
        words = [canonical_text(own_words(m), self._today) for m in messages]
        per_message = [normalise(w) for w in words]
        #: Rivals hedge inside the sentence that states a fact: "closed (paid, denied or withdrawn)" in another
        #: sentence explains a word, it does not hedge the answer.
        sentences = [normalise(x) for w in words for x in _SENTENCE_END.split(w)]
        said = " \n ".join(per_message)
        if len(said) > MAX_ANSWER_CHARS:
            return [False] * len(self._forms)
        # The facts must be said beyond an echo of the request; everything else is judged on all that was said.
        fresh = " \n ".join(_without_echo(m, self._user) for m in per_message)
        in_words = _without_echo(normalise(with_number_words(_NO_CHARGE.sub(" 0 ", " \n ".join(words)))), self._user)
        stems = stemmed(fresh)
        tokens = said.split()
        grams = _grams(tokens)
        where, fields = self.data.where, self._fields
        held = {g: self.holders(g) for g in grams if (g in where or g in fields) and not self._excused(g)}
        if not self.read_only:  # a report of changes: the state carries the task, a hedge gains nothing
            rivals_allowed = max(rivals_allowed, WRITE_RIVALS_ALLOWED)
            others_allowed = max(others_allowed, WRITE_OTHERS_ALLOWED)
        others = [g for g in held if g not in self._context and len(g) >= 3 and any(c.isdigit() for c in g)
                  and not within(g, self._free)]
        if _mentions(others, others_allowed) > others_allowed:
            return [False] * len(self._forms)
        pasted = [(text, [label for label, _ in fs]) for fs, text in zip(self._records, self._record_texts)
                  if self._is_pasted(fs, grams, said)] if self.read_only else []
        out = []
        for fact, form in zip(self.facts, self._forms):
            if not form:  # no letter or digit in it ("%"): said as written
                out.append(fact.strip().lower() in " ".join(map(own_words, messages)).lower())
                continue
            if not (_stated(form, fresh, in_words) or (not any(c.isdigit() for c in form)
                                                         and within(stemmed(form), stems))
                    or any(all(within(p, fresh) for p in parts) for parts in self._said_otherwise(form))):
                out.append(False)  # a word fact may be inflected ("being processed" states "processing")
                continue
            inside = max((_count(form, text) for text, _ in pasted), default=0)
            # Said again means as a value, not as a field's name ("stage applied; applied at ...").
            labels = {label for label in self._labels if within(form, label)} if inside else set()
            unlabelled = f" {fresh} "
            for label in sorted(labels, key=len, reverse=True):
                unlabelled = unlabelled.replace(f" {label} ", " ")
            if inside and _count(form, unlabelled) <= inside:
                out.append(False)  # only inside a pasted record: never singled out
                continue
            kind = self.kind(form)
            allowed = max(0, self.kind_size(form, kind, rivals_allowed + 2) - 2)  # never every value of the kind
            # Rivals hedge in the sentence that states the fact; a value the policy's own words put there
            # ("only pending orders can be cancelled") explains, it does not hedge.
            near = set().union(*(_grams(_unnegated(x).split()) for x in sentences if _stated(form, x, x))) or grams
            rivals = [g for g, h in held.items() if g in near and g not in self._context and not h.isdisjoint(kind)
                      and not self._quoted_from_policy(g, said)]
            rivals = [g for g in rivals if g not in _parts(form, rivals)]  # a worked-out fee explains, not hedges
            out.append(_mentions(rivals, allowed) <= allowed)
        return out

    def _said_otherwise(self, form: str) -> list[tuple[str, ...]]:
        """Other ways a word fact is said, each as parts the answer must all hold: a code written closed up
        (``non profit``: nonprofit), and a code that repeats its field's name (``state unspecified`` in a field
        ``state``: the state is unspecified)."""
        tokens = form.split()
        if len(tokens) < 2 or any(c.isdigit() for c in form):
            return []
        out: list[tuple[str, ...]] = [("".join(tokens),)]
        for name in {normalise(k.rsplit(".", 1)[-1].rsplit(":", 1)[-1]) for k in self.holders(form)}:
            head = name.split()
            if head and tokens[:len(head)] == head and len(tokens) > len(head):
                out.append((name, " ".join(tokens[len(head):])))
        return out

    def _quoted_from_policy(self, gram: str, said: str) -> bool:
        """Whether ``gram`` stands in the answer inside three words that the policy says too."""
        text = f" {said} "
        start = text.find(f" {gram} ")
        while start >= 0:
            before = text[:start].split()[-2:]
            after = text[start + len(gram) + 2:].split()[:2]
            window = [*before, gram, *after]
            n = len(gram.split())
            for i in range(len(window) - 2):
                piece = " ".join(window[i:i + 3])
                if gram in piece.split() or (n > 1 and gram in piece):
                    if within(piece, self._policy):
                        return True
            start = text.find(f" {gram} ", start + 1)
        return False

    def _is_pasted(self, fields: list[tuple[str, frozenset[str]]], grams: set[str], said: str) -> bool:
        """Whether the answer pastes a record: all of its fields, or most of them labelled the way a record prints
        ("status approved; payout 872.75"). A thorough answer in prose that names most fields is no paste."""
        stated = [(label, fs) for label, fs in fields if not fs.isdisjoint(grams)]
        extra = [fs for _, fs in stated if not any(f in self._forms or self._excused(f) for f in fs)]
        if len(extra) >= PASTED_WHOLE_EXTRA and len(stated) >= PASTED_WHOLE_SHARE * len(fields):
            return True  # the whole record, labelled or not
        # A fact printed under its field's name is part of the print; one said apart ("Answer: 27 October",
        # after a few fields of context) is singled out, and the print around it is the context of a narrow row.
        stated = [(label, fs) for label, fs in stated if fs.isdisjoint(self._forms) or _labelled(label, fs, said)]
        if len(extra) < PASTED_MIN_LABELLED or len(stated) < PASTED_SHARE * len(fields):
            return False
        labelled = sum(1 for label, fs in stated if _labelled(label, fs, said))
        return labelled >= PASTED_LABEL_SHARE * len(stated)

    def _excused(self, gram: str) -> bool:
        # The facts themselves (and values that are part of one, or contain one) and what the user said.
        return any(within(gram, f) or within(f, gram) for f in self._forms) or within(gram, self._user)


def _is_record(result: Any) -> bool:
    """Whether a result is one record (a detail or a quote), not a list of them: a mapping (or a list of one)
    whose own fields outnumber its lists' records."""
    if isinstance(result, (list, tuple)):
        return len(result) == 1 and _is_record(result[0])
    if not isinstance(result, Mapping):
        return False
    listed = sum(len(v) for v in result.values() if isinstance(v, (list, tuple)))
    own = sum(1 for v in result.values() if not isinstance(v, (list, tuple)))
    return own > listed


#: A stemmer keeps the word it works on in itself: one per thread (envs step in worker threads when served).
_stemmers = threading.local()


def stemmed(text: str) -> str:
    """A normalised text with every word reduced to its stem ("processed", "processing": "process")."""
    stemmer = getattr(_stemmers, "english", None)
    if stemmer is None:
        stemmer = _stemmers.english = snowballstemmer.stemmer("english")
    return " ".join(stemmer.stemWords(text.split()))


#: Words copied from the user's request in a row of at least this many are an echo: they state nothing.
ECHO_TOKENS = 6


def _without_echo(text: str, user: str) -> str:
    """``text`` (normalised) without the runs of :data:`ECHO_TOKENS` or more words copied from ``user``."""
    tokens = text.split()
    if len(tokens) < ECHO_TOKENS or not user:
        return text
    hay = f" {user} "
    keep = [True] * len(tokens)
    i = 0
    while i <= len(tokens) - ECHO_TOKENS:
        if f" {' '.join(tokens[i:i + ECHO_TOKENS])} " in hay:
            j = i + ECHO_TOKENS
            while j < len(tokens) and f" {' '.join(tokens[i:j + 1])} " in hay:
                j += 1
            keep[i:j] = [False] * (j - i)
            i = j
        else:
            i += 1
    return " ".join(t for t, k in zip(tokens, keep) if k)


def _count(form: str, text: str) -> int:
    """How many times the tokens of ``form`` stand in a row in ``text`` (overlaps included)."""
    needle, hay = form.split(), text.split()
    n = len(needle)
    return sum(1 for i in range(len(hay) - n + 1) if hay[i:i + n] == needle) if n else 0


def _grams(tokens: Sequence[str]) -> set[str]:
    """Every run of up to :data:`MAX_VALUE_TOKENS` tokens."""
    return {" ".join(tokens[i:i + n]) for n in range(1, MAX_VALUE_TOKENS + 1) for i in range(len(tokens) - n + 1)}


def _pasteable(result: Any) -> list[tuple[list[tuple[str, frozenset[str]]], str]]:
    """What an answer can paste of a result: every record (see :func:`records`), and every object whole, the
    records in its lists included; each as its fields' labels (the key's words) and forms, and as the normalised
    text of all its values."""
    def fields(pairs: Iterable[tuple[str, Any]]) -> tuple[list[tuple[str, frozenset[str]]], str]:
        out, text = [], []
        for key, value in pairs:
            if value is None or isinstance(value, (bool, dict, list, tuple)):
                continue
            text.append(_normalised(str(value)))
            forms = value_forms(value)
            if forms:
                out.append((_normalised(key.rsplit(".", 1)[-1].rsplit(":", 1)[-1]), forms))
        return out, " ".join(text)

    out = [fields(r.items()) for r in records(result)]

    def walk(obj: Any) -> None:
        if isinstance(obj, (list, tuple)):
            for x in obj:
                walk(x)
        elif isinstance(obj, Mapping):
            nested = [v for v in obj.values() if isinstance(v, (list, tuple, Mapping))]
            if any(isinstance(v, (list, tuple)) for v in nested):
                out.append(fields(iter_fields(obj, "r")))
            for v in nested:
                walk(v)

    walk(result)
    return out


@functools.lru_cache(maxsize=1 << 16)
def _normalised(text: str) -> str:
    return normalise(text)


#: Words that put the values after them out of the answer ("neither approved nor rejected", "not yet paid").
_NEGATORS = frozenset({"not", "neither", "nor", "never", "isn't", "wasn't", "aren't", "weren't", "hasn't", "haven't",
                       "doesn't", "didn't", "won't", "cannot", "can't"})
#: How many words after a negator it covers.
NEGATION_SPAN = 3


def _unnegated(sentence: str) -> str:
    """A normalised sentence without the words a negator puts out of it: a value the answer says the record is
    not is no rival of the one it says it is."""
    out, left = [], 0
    for tok in sentence.split():
        if tok in _NEGATORS:
            left = NEGATION_SPAN
            continue
        if left:
            left -= 1
            continue
        out.append(tok)
    return " ".join(out)


def _labelled(label: str, forms: frozenset[str], said: str) -> bool:
    """Whether a value is said right after its field's name, or the name's first or last word."""
    words = label.split()
    names = {label, *words[:1], *words[-1:]} - {"id", "at", "on", "of"}
    return any(within(f"{n} {f}", said) or within(f"{n} is {f}", said) or within(f"{n} of {f}", said)
               for n in names for f in forms)


def _stated(form: str, said: str, in_words: str) -> bool:
    """Whether a fact is in the answer: as a run of tokens (in digits or in words), or a date-and-time fact as its
    date and its time, each said somewhere. A machine timestamp (a time with fractional seconds, or with seconds
    other than :00, that no person books or quotes) counts by its date alone; a time people set (an appointment
    at 14:00) must be said too. A zone suffix (``z``, ``+02:00``) is never required."""
    if within(form, said) or within(form, in_words):
        return True
    m = _DATE_AND_TIME.fullmatch(form)
    if m:
        day, clock, fraction = m.group("date"), m.group("clock"), m.group("fraction")
        if not within(day, said):
            return False
        if fraction or (len(clock) == 8 and not clock.endswith(":00")):
            return True
        times = {clock, clock[:5]} if clock.endswith(":00") and len(clock) == 8 else {clock}
        return any(within(t, said) for t in times)
    return False


_DATE_AND_TIME = re.compile(r"(?P<date>\d{4}-\d{2}-\d{2}) (?P<clock>\d{2}:\d{2}(?::\d{2})?)(?P<fraction>\.\d+)?"
                            r"(?:z|[+-]\d{2}:?\d{2}| ?utc)?")


def _clock_date(clock: Any) -> date:
    if clock is None:
        return date.today()
    if isinstance(clock, datetime):
        return clock.date()
    if isinstance(clock, date):
        return clock
    return datetime.fromisoformat(str(clock)).date()


def _mentions(values: Iterable[str], limit: int) -> int:
    """How many distinct mentions ``values`` make (a value inside a longer one is the same mention), counted up
    to ``limit + 1``."""
    kept: list[str] = []
    for v in sorted(values, key=lambda g: (-g.count(" "), g)):
        if not any(within(v, k) for k in kept):
            kept.append(v)
            if len(kept) > limit:
                break
    return len(kept)


def user_text(instruction: str, user_facts: Mapping[str, Any]) -> str:
    """What the user of a task says: the request and the facts it gives when asked."""
    values = [getattr(v, "value", v) for v in user_facts.values()]
    return " \n ".join([instruction, *map(str, values)])


def _parts(fact: str, amounts: Sequence[str], most: int = 12) -> set[str]:
    """The ``amounts`` that work the number ``fact`` out, not hedge it: two that add up to it or differ by it, one
    that a small count multiplies into it (a per-unit fee), the sum of two such parts times a count ("$5 plus the
    $11 increase, for two admissions" for 32), and two whose difference is another part ("$72 to $83" for the
    $11 increase) or whose sum is another amount said (6 and 1 of the 7 already held)."""
    def number(text: str) -> float | None:
        try:
            return float(text)
        except ValueError:
            return None

    target = number(fact)
    values = {a: v for a in dict.fromkeys(amounts) if (v := number(a)) is not None}
    if target is None or not values or len(values) > most:
        return set()
    def close(x: float, y: float) -> bool:
        return abs(x - y) < 0.005

    parts: set[str] = set()
    items = list(values.items())
    counts = range(2, 11)
    for a, x in items:
        if any(close(x * n, target) for n in counts):
            parts.add(a)
        for b, y in items:
            if a >= b:
                continue
            if close(x + y, target) or close(abs(x - y), target) or any(close((x + y) * n, target) for n in counts):
                parts |= {a, b}
    for a, x in items:  # a difference or a sum of two others that is itself a part or an amount said
        for b, y in items:
            for c, z in items:
                if len({a, b, c}) == 3 and b < c and (close(abs(y - z), x) or close(y + z, x)) \
                        and (a in parts or close(y + z, x)):
                    parts |= {b, c}
    return parts

