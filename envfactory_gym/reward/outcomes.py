"""What the user of a writing task must be told: the money its changes move and the references they create."""

from __future__ import annotations

import functools
import re
from collections.abc import Container, Iterable, Mapping, Sequence
from typing import Any

from envfactory_gym.reward.answers import iter_fields, normalise, value_forms, within
from envfactory_gym.reward.renderings import canonical_text

#: Result fields of a write that hold money the change moves to or from the customer: a fee, a refund, a payout.
MONEY_FIELD = re.compile(r"(?:^|_)(?:fee|refund|refund_amount|payout|charged|credited|penalty|amount_charged|"
                         r"cancellation_fee|late_cancellation_fee|total_charged|amount_payable|approved_amount|"
                         r"replacement_fee|reconnection_fee|drop_fee|overdraft_fee|credit_added|waived_amount|"
                         r"amount_waived|bonus_amount|provisional_credit)$")
#: Result fields of a write that hold a reference the customer keeps.
REFERENCE_FIELD = re.compile(r"(?:^|_)(?:confirmation_code|confirmation|reference|tracking_number|booking_reference)$")
#: At most this many facts are derived for one task.
MAX_FACTS = 3
#: An amount an answer states: with a currency sign, or a number with two decimals.
_ISO_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
_AMOUNT = re.compile(r"[$€£]\s?\d[\d,]*(?:\.\d+)?|(?<![\w.])\d[\d,]*\.\d{2}(?![\d])")


def report_facts(calls: Sequence[tuple[str, Mapping[str, Any]]], results: Sequence[Any], writes: Iterable[str],
                 known: Iterable[str] = (), held: Container[str] = frozenset()) -> list[str]:
    """The facts a writing task's final message must state, from its gold calls and their results: each write's
    nonzero fee, refund, payout or charge, and each new confirmation code or tracking number (values the agent
    passed in, or the user said in ``known``: the request and the facts, are not news; nor is a reference the
    initial state already ``held``, which an update's result merely repeats); at most :data:`MAX_FACTS`, in call
    order."""
    writes = set(writes)
    given = {f for v in known for f in value_forms(v)}
    said = " ".join(normalise(v) for v in known)
    out: list[str] = []
    for (name, arguments), result in zip(calls, results):
        if name not in writes or not isinstance(result, Mapping):
            continue
        args = {f for _, v in iter_fields(dict(arguments), name) for f in value_forms(v)} | given
        for key, value in result.items():
            if isinstance(value, bool) or value is None:
                continue
            money = isinstance(value, (int, float)) and MONEY_FIELD.search(key) and abs(float(value)) >= 0.005
            ref = isinstance(value, str) and REFERENCE_FIELD.search(key)
            if not (money or ref):
                continue
            text = f"{float(value):.2f}" if money else str(value)
            if ref and text in held:
                continue  # the record already had it: an update's result repeating its payment reference
            forms = value_forms(text)
            if forms & args or text in out or any(within(f, said) for f in forms):
                continue  # the user gave it (a payment's amount): no news
            out.append(text)
    return out[:MAX_FACTS]


def held_references(db: Any, tables: Iterable[Any]) -> frozenset[str]:
    """The references (confirmation codes, tracking numbers...) a state holds, over ``tables`` (their
    ``name``/``columns``), read through ``db`` (its ``query``): the values :func:`report_facts` takes as old news."""
    return frozenset(str(r[c]) for t in tables for c in t.columns if REFERENCE_FIELD.search(c)
                     for r in db.query(f'SELECT DISTINCT "{c}" FROM {t.name} WHERE "{c}" IS NOT NULL'))


def stated_amounts(text: str) -> list[str]:
    """The amounts a text states, normalised (``$1,234.50`` -> ``1234.5``)."""
    return [normalise(m.group(0)) for m in _AMOUNT.finditer(text)]


def stated_dates(text: str, clock: Any = None) -> list[str]:
    """The dates a text states, in any common form, as ISO dates."""
    return _ISO_DATE.findall(canonical_text(text, clock))


def made_up_values(messages: Sequence[str], sources: Iterable[Any], clock: Any = None) -> list[str]:
    """The amounts the messages state that none of ``sources`` holds (tool results, arguments, the user's words,
    the policy) nor works out from the money they hold: a made-up amount in a final report is a false report.

    Sums are worked out from money only (fields named as money, amounts a text states): the coordinates,
    measurements and scores of a listing would add up to almost any amount."""
    known: set[str] = set()
    money: set[str] = set()
    if clock is not None:
        known.add(str(clock)[:10])
    for source in sources:
        if isinstance(source, str):
            known |= _text_values(source, clock)
            money.update(stated_amounts(source))
        else:
            for key, v in iter_fields(source, "s"):
                forms = value_forms(v)
                known |= forms
                if is_money_field(key):
                    money |= forms
                if isinstance(v, str):  # an amount inside a text ("5 days at 57.99")
                    known |= _text_values(v, clock)
                    money.update(stated_amounts(v))
    # Dates are not checked: deadlines and windows are worked out from the data (a pickup date less 7 days).
    stated = [a for m in messages for a in stated_amounts(m) if a not in known]
    return [a for a in stated if not _worked_out(a, money)]


#: Words of a field name that say it holds money ("unit_price", "late_fee", "net_pay", "coverage_limit").
MONEY_WORDS = frozenset(
    "adjustment allowance amount balance bonus budget cap cash charge copay cost credit debit deductible deduction "
    "deposit discount due excess fare fee fine income labor labour limit medicare owed paid parts pay payment payout "
    "penalty per premium price rate refund reimbursement rent revenue salary security spend spent subtotal surcharge "
    "tax tip total valuation value wage withholding".split())


def is_money_field(key: str) -> bool:
    """Whether a field (``s:items.unit_price``: the last part counts) is named as money: a sum of such values is a
    total, a refund or a balance; one of coordinates or scores is no amount at all."""
    words = re.split(r"[^a-z]+", key.rsplit(".", 1)[-1].rsplit(":", 1)[-1].lower())
    return any(w in MONEY_WORDS or w.removesuffix("s") in MONEY_WORDS for w in words if w)


@functools.lru_cache(maxsize=1 << 14)
def _text_values(text: str, clock: Any) -> frozenset[str]:
    """The amounts, words and dates a text holds (the policy is read once per process, not once per episode)."""
    return frozenset(stated_amounts(text)) | frozenset(normalise(text).split()) | frozenset(stated_dates(text, clock))


def _worked_out(amount: str, known: set[str], most: int = 300) -> bool:
    """Whether ``amount`` is the sum or difference of two known amounts, or the sum of three (a total of
    refunds, a balance left): worked out from the data, not made up."""
    try:
        target = round(float(amount) * 100)
    except ValueError:
        return False
    values: set[int] = set()
    for k in known:
        try:
            values.add(round(float(k) * 100))
        except ValueError:
            continue
    cents = sorted(v for v in values if v > 0)[:most]
    have = set(cents)
    for i, x in enumerate(cents):
        if target - x in have or x - target in have:
            return True
        for y in cents[i + 1:]:
            if target - x - y in have:
                return True
    return False


#: Verbs of a change, as an agent reports one it made ("I've extended", "I moved", "I went ahead and cancelled").
_CHANGED = ("added|applied|approved|assigned|booked|canceled|cancelled|changed|closed|created|credited|denied|"
            "dropped|enrolled|extended|filed|froze|frozen|issued|marked|modified|moved|opened|paid|placed|prepaid|"
            "processed|put|recorded|refunded|reinstated|released|removed|replaced|reissued|rescheduled|reserved|"
            "scheduled|set up|submitted|switched|transferred|unfroze|updated|upgraded|waived|withdrew|withdrawn")
_CLAIM = re.compile(rf"\b(?:I|we)(?:'ve|\s+have|\s+just|\s+also|\s+already|\s+now)*\s+"
                    rf"(?:(?:gone|went)\s+ahead\s+and\s+)?(?:\w+ly\s+)?(?:{_CHANGED})\b"
                    # the passive of a change just made ("your car has now been released", "it is now cancelled"):
                    # "now" or "just" says it happened in this conversation, not that the record was so before
                    rf"|\b(?:is|are|has|have|was|were)(?:\s+been)?\s+(?:now|just)(?:\s+been)?\s+(?:{_CHANGED})\b",
                    re.IGNORECASE)


def claims_change(messages: Sequence[str]) -> bool:
    """Whether an agent's messages report a change it made itself ("I've extended your rental"): false when it
    made none."""
    return any(_CLAIM.search(m) for m in messages)
