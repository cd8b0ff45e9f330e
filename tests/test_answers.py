"""Stated answers: normal forms, quoted data, records, and the two bounds that tell an answer from a haystack."""

from __future__ import annotations

import json
from datetime import datetime
from decimal import Decimal

import pytest

from envfactory_gym.reward.answers import (
    MAX_ANSWER_CHARS,
    AnswerKey,
    DataValues,
    normalise,
    objects,
    own_words,
    record_text,
    records,
    value_forms,
    within,
)

#: Two orders and their shipments, as a tool would return them.
ORDERS = {"customer_id": "C-7", "orders": [
    {"order_id": "ORD-1", "status": "processing", "total": 94.48, "placed_at": "2026-03-14T04:03:00",
     "shipment": {"tracking_number": "TPX111", "estimated_delivery": "2026-03-17"}},
    {"order_id": "ORD-2", "status": "delivered", "total": 204.99, "placed_at": "2026-03-02T12:11:00",
     "shipment": {"tracking_number": "TPX222", "estimated_delivery": "2026-03-06"}},
]}
STATUSES = ["pending", "processing", "shipped", "delivered", "cancelled"]


def data(columns: dict[str, list[str]]) -> DataValues:
    """A seed index built by hand: kind -> values."""
    where: dict[str, set[str]] = {}
    forms = {k: frozenset(f for v in vs for f in value_forms(v)) for k, vs in columns.items()}
    for k, fs in forms.items():
        for f in fs:
            where.setdefault(f, set()).add(k)
    return DataValues({f: frozenset(k) for f, k in where.items()}, forms, {k: k for k in columns})


SEED = data({"orders.status": STATUSES, "date": ["2026-03-14", "2026-03-02", "2026-03-17", "2026-03-06", "2026-03-20",
                                                  "2026-03-21"],
             "decimal": ["94.48", "204.99", "12.50", "64.99"], "shipments.tracking_number": ["TPX111", "TPX222"]})


def key(facts, results=(("list_orders", ORDERS),), user="Where is my order? My email is a@b.c"):
    return AnswerKey(facts, SEED, list(results), user)


def test_normal_forms():
    assert normalise("In_Transit, since 2026-03-13T16:01:00; $1,234.50 or 64.90!") == \
        "in transit since 2026-03-13 16:01:00 1234.5 or 64.9"
    assert normalise("0.00") == "0" and normalise("ORD-10231.") == "ord-10231"
    assert value_forms(datetime(2026, 3, 13, 16, 1)) == {"2026-03-13 16:01:00", "2026-03-13"}
    assert value_forms(Decimal("65.00")) == {"65"} and value_forms(65.0) == {"65"} and value_forms(True) == set()
    assert within("64.99", "costs 64.99 now") and not within("4.99", "costs 64.99") and not within("64.9", "64.99")


def test_a_camel_case_code_reads_as_its_words():
    """A compiled API's codes (``needsAction``, ``oneTime``) are said in words; names and ids keep their capitals."""
    assert within(normalise("needsAction"), normalise("The task still needs action."))
    assert within(normalise("oneTime"), normalise("It is a one-time payment."))
    assert normalise("McKay iPhone eBay kJ8sLm") == "mckay iphone ebay kj8slm"


def test_quoted_data_states_nothing():
    text = 'Record: {"status": "processing", "items": [1, 2]} and [{"a": 1}] then ```x = 1``` so: shipped [ORD-1]'
    words = own_words(text)
    assert "processing" not in words and "x = 1" not in words and "shipped [ORD-1]" in words
    assert "status" not in own_words('{"status": "processing", "note": "a } inside"') + "."
    assert own_words('truncated {"status": "processing", ...').strip() == "truncated"


def test_records_fold_nested_objects_and_split_lists():
    rs = records(ORDERS)
    assert rs[0] == {"customer_id": "C-7"} and rs[1]["shipment.tracking_number"] == "TPX111" and len(rs) == 3
    assert record_text(rs[1]).startswith("order id ORD-1; status processing; total 94.48")
    own, subtree = objects({"order_id": "ORD-9", "items": [{"sku": "A-1"}]})[-1]
    assert own == {"ord-9"} and subtree == {"ord-9", "a-1"}


def test_a_plain_or_polite_answer_is_stated():
    k = key(["processing", "2026-03-17"])
    assert k.judge(["processing; 2026-03-17."]) == [True, True]
    polite = ("Thanks for waiting! I checked order ORD-1 for you: it is processing and should be delivered by "
              "2026-03-17. Anything else I can do, just let me know.")
    assert k.judge([polite]) == [True, True]  # one rival status word ("delivered") is tolerated


def test_quoting_the_record_the_answer_comes_from_is_fine():
    k = key(["2026-03-17"])
    quoted_json = "Here is your order: " + json.dumps(ORDERS["orders"][0]) + ". It arrives on 2026-03-17."
    as_text = "Here is your order: " + record_text(records(ORDERS)[1]) + ". It arrives on 2026-03-17."
    assert k.judge([quoted_json]) == [True] and k.judge([as_text]) == [True]  # placed_at is in the same record
    assert k.judge(["Here is your order: " + json.dumps(ORDERS["orders"][0])]) == [False]  # JSON alone says nothing


def test_rival_values_of_the_same_kind_void_a_fact():
    k = key(["processing"])
    assert k.judge(["It is pending, processing or shipped."]) == [False]
    assert k.judge(["Status words: " + ", ".join(STATUSES)]) == [False]
    assert k.judge(["It is processing or shipped."], rivals_allowed=0) == [False]
    dates = key(["2026-03-17"])
    assert dates.judge(["Maybe 2026-03-17, 2026-03-20 or 2026-03-21."]) == [False]


def test_a_small_kind_is_never_stated_whole():
    small = AnswerKey(["refunded"], data({"returns.status": ["refunded", "awaiting_item"]}))
    assert small.judge(["It was refunded."]) == [True]
    assert small.judge(["It is awaiting item or refunded."]) == [False]


def test_a_haystack_of_other_data_voids_every_fact():
    k = key(["processing"])
    dump = "\n".join(record_text(r) for r in records(ORDERS))  # two orders: the other one's values are extra
    assert k.judge([dump]) == [False]
    # Without the bound on other data, the dump still pastes whole records: the fact is never singled out ...
    assert k.judge([dump], others_allowed=10, rivals_allowed=1) == [False]
    # ... until the answer says it on its own.
    assert k.judge([dump + "\nYour order is processing."], others_allowed=10, rivals_allowed=1) == [True]
    assert k.judge(["processing (your other order ORD-2 is fine)."]) == [True]


def test_what_the_user_said_and_the_facts_themselves_are_no_rivals():
    k = AnswerKey(["2026-03-17"], SEED, [], "I ordered on 2026-03-14 and 2026-03-02.")
    assert k.judge(["You ordered on 2026-03-14 and 2026-03-02; it arrives 2026-03-17."]) == [True]
    two = AnswerKey(["94.48", "204.99"], SEED)
    assert two.judge(["Refunds: 94.48 and 204.99."]) == [True, True]


def test_without_data_only_the_own_words_rule_applies():
    k = AnswerKey(["B-017"])
    assert k.judge(["It is B-017, or B-018, or B-019."]) == [True]
    assert k.judge(['{"book_id": "B-017"}']) == [False]
    assert AnswerKey(["%"]).judge(["The rate is 5 %."]) == [True] and AnswerKey(["%"]).judge(["No."]) == [False]
    assert len("Thanks a lot! " * 6000) > MAX_ANSWER_CHARS
    assert k.judge(["It is B-017. " + "Thanks a lot! " * 6000]) == [False]  # a haystack by size


def test_seed_index_groups_amounts_dates_and_counts_by_type(library_package):
    values = DataValues.from_template(library_package.template)
    assert DataValues.from_template(library_package.template) is values  # cached
    assert values.kinds["books.price"] == "decimal" and values.kinds["books.copies"] == "integer"
    assert values.kinds["loans.lent_at"] == "date" and values.kinds["books.title"] == "books.title"
    assert "2026-01-10" in values.columns["date"] and values.where["book about topic 5"] == {"books.title"}


@pytest.mark.parametrize("message, stated", [
    ("The title is Book about topic 5.", True),
    ("Book about topic 5, or maybe Book about topic 6, Book about topic 7.", False),
])
def test_titles_of_the_library(library_package, message, stated):
    task = next(t for t in library_package.tasks if t.id == "lib-title")
    k = AnswerKey(task.outputs, DataValues.from_template(library_package.template),
                  list(zip([c.name for c in task.gold_calls], library_package.gold(task).results)), task.instruction)
    assert k.judge([message]) == [stated]


def test_short_dates_and_weekday_ordinals_read_as_dates():
    """A month/day after a word that makes it a date, and a weekday with its day of the month, read as the date
    nearest the clock (blind play of the travel composite); fractions and fuel levels stay numbers."""
    from envfactory_gym.reward.renderings import canonical_text

    today = datetime(2026, 6, 3)
    assert canonical_text("due back by 11:00 am on 6/21", today) == "due back by 11:00 on 2026-06-21"
    assert canonical_text("until 3 pm this coming Monday, the 15th", today) == "until 15:00 this coming 2026-06-15"
    assert canonical_text("open through 1/4", today) == "open through 2026-01-04"
    assert canonical_text("Tuesday the 15th", today) == "2026-09-15"  # the nearest 15th that is a Tuesday
    for text in ("the tank was 6/8 full", "about 1/2 of it", "on 13/6"):
        assert canonical_text(text, today) == text


def test_rates_written_with_a_slash_state_their_amount():
    """"$46.99/day" states 46.99 (blind play of the claims composite); dates and "24/7" stay as they are."""
    from envfactory_gym.reward.renderings import canonical_text

    assert AnswerKey(["46.99", "Economy"]).judge(["Economy at $46.99/day."]) == [True, True]
    assert canonical_text("$46.99/day, 3/hr", datetime(2026, 6, 3)) == "$46.99 per day, 3 per hr"
    assert canonical_text("open 24/7", datetime(2026, 6, 3)) == "open 24/7"


def test_a_false_prepaid_report_is_a_claimed_change():
    from envfactory_gym.reward.outcomes import claims_change

    assert claims_change(["Done, Tanya: I prepaid the full $2,793.00."])
    assert not claims_change(["Your stay is not prepaid yet; a single payment is over your daily limit."])


def test_halves_of_a_unit_said_in_words_state_their_number():
    """"an hour and a half" states 1.5 (blind play of autorepair: a refused loaner for a 1.5-hour job)."""
    assert AnswerKey(["1.5"]).judge(["It is estimated at an hour and a half, so no loaner."]) == [True]
    assert AnswerKey(["2.5"]).judge(["About two and a half hours of labour."]) == [True]
    assert AnswerKey(["0.5"]).judge(["Half an hour at most."]) == [True]
    assert AnswerKey(["1.5"]).judge(["It takes an hour."]) == [False]


def test_amounts_that_work_the_fact_out_are_no_rivals():
    """A fee shown with how it was worked out (blind play of events: $5 plus the $11 increase, $72 to $83, for two
    admissions is $32) states the fee; a list of unrelated amounts of the same kind still hedges."""
    from envfactory_gym.reward.answers import _parts

    assert _parts("32", ["5", "11", "72", "83"]) == {"5", "11", "72", "83"}
    assert _parts("8", ["7", "6", "1"]) == {"7", "6", "1"}  # 7 held (6 + 1), one more would be 8
    assert _parts("94.48", ["204.99", "12.5", "64.99"]) == set()
    fees = data({"decimal": ["32.00", "5.00", "11.00", "72.00", "83.00", "40.00", "55.00", "61.00"]})
    worked = "The exchange fee is $32.00: $5 each plus the $11 increase ($72 to $83), for two admissions."
    hedged = "The exchange fee is $32.00, or maybe $40.00, $55.00 or $61.00."
    assert AnswerKey(["32.00"], fees, [], "").judge([worked], rivals_allowed=1) == [True]
    assert AnswerKey(["32.00"], fees, [], "").judge([hedged], rivals_allowed=1) == [False]


def test_stemming_is_safe_from_many_threads():
    """Served envs step in worker threads: a stemmer shared between them mixed words up (an IndexError, or a
    wrong stem, in a final answer's judgement under load)."""
    import sys
    from concurrent.futures import ThreadPoolExecutor

    from envfactory_gym.reward.answers import stemmed

    text = "processing relational generalization conditionally cancellations refunded rescheduled " * 300
    want = stemmed(text)
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        with ThreadPoolExecutor(8) as pool:
            assert all(got == want for got in pool.map(lambda _: stemmed(text), range(32)))
    finally:
        sys.setswitchinterval(interval)


@pytest.mark.parametrize("fact, message, stated", [
    # A machine timestamp (fractional or odd seconds): its date, as the policy asks, states it.
    ("2025-10-15T13:52:00.663Z", "It was recorded on 15 October 2025.", True),
    ("2025-10-15T13:52:00.663Z", "Recorded 2025-10-15 at 13:52 UTC.", True),
    ("2025-10-15T13:52:37", "That happened on October 15, 2025.", True),
    ("2025-10-15T13:52:00.663Z", "It was recorded on 16 October 2025.", False),
    # A time people set stays strict: the date alone is not the appointment.
    ("2025-10-15T14:00:00", "Your visit is on October 15, 2025.", False),
    ("2025-10-15T14:00:00Z", "Your visit is on October 15, 2025 at 2 PM.", True),
    ("2025-10-15T14:00:00", "Your visit is on October 15, 2025 at 3 PM.", False),
])
def test_machine_timestamps_count_by_their_date_and_set_times_need_the_time(fact, message, stated):
    k = AnswerKey([fact], clock="2026-03-01")
    assert k.judge([message]) == [stated]


def test_values_the_answer_says_the_record_is_not_are_no_hedge():
    """'Neither approved nor rejected' rules the other statuses out; 'approved or rejected' hedges."""
    states = data({"matters.state": ["state_unspecified", "approved", "rejected", "open"]})
    k = AnswerKey(["pending"], data({"links.status": ["pending", "approved", "rejected"]}))
    assert k.judge(["It is pending: neither approved nor rejected yet."]) == [True]
    assert k.judge(["It is pending, not approved or rejected."]) == [True]
    assert k.judge(["It is pending, approved or rejected."]) == [False]
    assert AnswerKey(["STATE_UNSPECIFIED"], states).judge(["The matter's state is unspecified."]) == [True]
    assert AnswerKey(["STATE_UNSPECIFIED"], states).judge(["It is unspecified."]) == [False]  # which field?


def test_a_code_written_closed_up_is_stated():
    kinds = data({"accounts.organization_type": ["NonProfit", "Company", "Individual"]})
    assert AnswerKey(["NonProfit"], kinds).judge(["It is registered as a nonprofit."]) == [True]
    assert AnswerKey(["NonProfit"], kinds).judge(["It is a non-profit."]) == [True]


def test_context_before_a_fact_said_apart_is_no_paste():
    """A narrow row (five fields): naming three of them as context and then the answer on its own is an answer;
    printing the row with every field under its name, the answer among them, is a paste."""
    app = [{"account_sid": "AC79BC308850", "date_created": "2025-10-16T14:15:00", "date_updated": "2025-10-27T06:45:00",
            "hash": "0d72231eab38b4a8", "app_sid": "MVA-0005"},
           {"account_sid": "AC11FE22AB90", "date_created": "2025-03-08T13:30:00", "date_updated": "2026-02-01T10:00:00",
            "hash": "d0d59f4a82d4333a", "app_sid": "MVA-0001"}]
    k = AnswerKey(["2025-10-27T06:45:00"], data({"date": [r[c] for r in app for c in ("date_created", "date_updated")]}),
                  [("list_app", app)], clock="2026-03-02")
    context = ("I checked your records (account sid AC79BC308850, date created October 16, 2025 at 2:15 PM, app sid "
               "MVA-0005). Answer: October 27, 2025 at 6:45 AM.")
    assert k.judge([context]) == [True]
    assert k.judge(["Here is the record: " + record_text(app[0]) + "."]) == [False]


def test_a_fact_word_inside_a_printed_field_name_is_not_said_again():
    """Pasting the record whose type is "custom" prints "custom domain []" too: the fact is still only inside the
    paste (an empty field's name says nothing), until the answer says it on its own."""
    account = {"account_id": "SA-0012", "type": "custom", "location": "South Melissafurt", "kind": "FileStorage",
               "access_tier": "Hot", "created": "2025-12-04T18:30:00", "custom_domain": "[]",
               "primary_location": "North Joshuamouth", "secondary_location": "Port Jonathanhaven",
               "provisioning_state": "ResolvingDNS", "last_failover": "2026-02-02T06:00:00"}
    k = AnswerKey(["custom"], data({"accounts.type": ["custom", "standard", "premium"]}), [("get_account", account)])
    pasted = "Here is the record: " + record_text(account) + "."
    assert k.judge([pasted]) == [False]
    assert k.judge([pasted + " Its type is custom."]) == [True]
    assert k.judge(["The account's type is custom."]) == [True]
