"""The template language of the declarations: placeholders, formats, optional groups, values in words."""

from __future__ import annotations

from datetime import datetime

import pytest

from envfactory_gym.querygen.template import TemplateError, format_value, join_words, lookup, parse, render, slots

NOW = datetime(2026, 3, 15, 10, 0)


def _say(text: str, values: dict) -> str | None:
    return render(parse(text), lambda s: format_value(lookup(values, s.name), s.fmt, NOW))


def test_placeholders_formats_and_optional_groups():
    text = "Move it to {line1}[, {line2}], {city}[ by {when:date}]."
    assert _say(text, {"line1": "4 Elm St", "city": "Boise"}) == "Move it to 4 Elm St, Boise."
    assert _say(text, {"line1": "4 Elm St", "line2": "Apt 2", "city": "Boise", "when": "2026-03-18"}) == \
        "Move it to 4 Elm St, Apt 2, Boise by 18 March."
    assert _say(text, {"city": "Boise"}) is None  # a required placeholder without a value
    assert _say("[a [{x}] b {y}]c", {"y": "Y"}) == "a b Yc"  # nested groups


def test_lists_and_nested_fields():
    record = {"items": [{"name": "Tent"}, {"name": "Lamp"}, {"name": "Mug"}, {"name": "Tarp"}, {"name": "Rug"}]}
    assert _say("with the {items.name}", record) == "with the Tent, Lamp, Mug and 2 others"
    assert _say("with the {items}", {"items": ["Tent", "Lamp"]}) == "with the Tent and Lamp"
    assert _say("with the {items}", record) is None  # records are not words
    assert join_words(["a"]) == "a" and join_words(["a", "b", "c"]) == "a, b and c"


def test_value_formats():
    assert format_value("2026-03-14T18:05:00", "date", NOW) == "14 March"
    assert format_value("2025-12-08", "date", NOW) == "8 December 2025"
    assert format_value("2026-03-14T09:30:00", "datetime", NOW) == "14 March at 9:30"
    assert format_value(12.5, "money", NOW) == "$12.50"
    assert format_value(10, "money", NOW, currency="EUR ") == "EUR 10"
    assert format_value("soon", "date", NOW) is None and format_value("x", "money", NOW) is None


def test_slots_know_whether_they_are_optional():
    found = {s.name: opt for s, opt in slots(parse("{a}[ {b:date}]"))}
    assert found == {"a": False, "b": True}
    assert [s.optional for s, _ in slots(parse("{a}[ {b}]"))] == [False, True]


@pytest.mark.parametrize("text, problem", [
    ("Hi {name", "unclosed '{'"),
    ("Hi {name:shout}", "unknown format 'shout'"),
    ("Hi name}", "'}' without '{'"),
    ("Hi [{name}", "unclosed '['"),
    ("Hi {name}]", "']' without '['"),
    ("Hi {first name}", "bad placeholder"),
])
def test_bad_templates_say_what_is_wrong(text, problem):
    with pytest.raises(TemplateError, match=problem.replace("[", r"\[").replace("{", r"\{")):
        parse(text)
