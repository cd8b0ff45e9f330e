"""Action parsing: every accepted form, and garbage that must become format errors, never exceptions."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from envfactory_gym.actions import MAX_CALLS_PER_ACTION, parse_action

CALL = {"name": "get_book", "arguments": {"book_id": "B-001"}}


@pytest.mark.parametrize(
    "action",
    [
        CALL,
        {"name": "get_book", "arguments": '{"book_id": "B-001"}'},
        json.dumps(CALL),
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "abc", "type": "function", "function": {"name": "get_book", "arguments": '{"book_id": "B-001"}'}}]},
        '<think>need the book</think><tool_call>\n{"name": "get_book", "arguments": {"book_id": "B-001"}}\n</tool_call>',
    ],
)
def test_single_call_forms(action):
    parsed = parse_action(action)
    assert not parsed.errors
    assert [(c.name, c.arguments) for c in parsed.calls] == [("get_book", {"book_id": "B-001"})]
    assert parsed.message is None


def test_parallel_calls_keep_order_and_ids():
    text = ('Let me check. <tool_call>{"name": "a", "arguments": {}}</tool_call>'
            '<tool_call>{"name": "b", "arguments": {"x": 1}}</tool_call>')
    parsed = parse_action(text, call_prefix="call_3")
    assert [c.name for c in parsed.calls] == ["a", "b"]
    assert [c.id for c in parsed.calls] == ["call_3_0", "call_3_1"]
    assert parsed.message is None and "Let me check." in parsed.raw_text
    assert [c.name for c in parse_action([CALL, {**CALL, "name": "x"}]).calls] == ["get_book", "x"]
    openai = parse_action({"role": "assistant", "tool_calls": [
        {"id": "k1", "function": {"name": "a", "arguments": "{}"}},
        {"id": "k2", "function": {"name": "b", "arguments": "{}"}}]})
    assert [c.id for c in openai.calls] == ["k1", "k2"]


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("Could you tell me your email?", "Could you tell me your email?"),
        ({"role": "assistant", "content": "Done."}, "Done."),
        ('{"role": "assistant", "content": "Done."}', "Done."),
        ("<think>hmm</think>Your order shipped.", "Your order shipped."),
    ],
)
def test_messages_to_the_user(action, message):
    parsed = parse_action(action)
    assert not parsed.errors and not parsed.calls
    assert parsed.message == message


@pytest.mark.parametrize(
    "action",
    [
        '{"name": "get_book", "arguments": {"book_id": ',  # truncated JSON
        "<tool_call>{not json}</tool_call>",
        '<tool_call>{"name": "get_book", "arguments": {}}',  # unclosed tag
        "<tool_call>[1, 2]</tool_call>",
        12345,
        None,
        3.5,
        [],
        ["a", "b"],
        {"foo": "bar"},
        {"role": "assistant"},
        {"role": "assistant", "tool_calls": "nope"},
        {"name": 5, "arguments": {}},
        {"role": "assistant", "content": 7},
        "[" * 100_000 + "]" * 100_000,
    ],
)
def test_garbage_becomes_format_errors(action):
    parsed = parse_action(action)
    assert parsed.errors
    assert not parsed.calls


@pytest.mark.parametrize("action", ["", "   ", "\n\t"])
def test_empty_action_is_called_empty(action):
    parsed = parse_action(action)
    assert not parsed.calls and parsed.message is None
    assert len(parsed.errors) == 1 and parsed.errors[0].startswith("empty action")
    assert "JSON" not in parsed.errors[0]


def test_bad_arguments_are_call_level_errors():
    parsed = parse_action({"name": "get_book", "arguments": "{broken"})
    assert not parsed.errors and parsed.calls[0].error and "not valid JSON" in parsed.calls[0].error
    parsed = parse_action({"name": "get_book", "arguments": [1, 2]})
    assert "must be a JSON object" in parsed.calls[0].error


def test_too_many_calls_are_cut_with_an_error():
    parsed = parse_action([CALL] * (MAX_CALLS_PER_ACTION + 5))
    assert len(parsed.calls) == MAX_CALLS_PER_ACTION and parsed.errors


def test_huge_text_is_clipped():
    parsed = parse_action("x" * 1_000_000)
    assert parsed.message is not None and len(parsed.message) < 20_000 and "truncated" in parsed.message


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(st.one_of(json_values, json_values.map(json.dumps), st.text(), st.binary()))
def test_parser_never_raises(action):
    parsed = parse_action(action)
    assert isinstance(parsed.errors, list)
    for call in parsed.calls:
        assert isinstance(call.name, str) and isinstance(call.id, str)
        json.dumps(call.to_openai())


@pytest.mark.parametrize(("action", "aside"), [
    ('<tool_call>{"name": "a", "arguments": {}}</tool_call>', ""),
    ('Checking. <tool_call>{"name": "a", "arguments": {}}</tool_call>', "Checking."),
    ('<think>which tool?</think><tool_call>{"name": "a", "arguments": {}}</tool_call>', ""),
    ({"role": "assistant", "content": "Plan: a.", "tool_calls": [{"name": "a", "arguments": {}}]}, "Plan: a."),
])
def test_text_beside_calls_is_the_aside(action, aside):
    parsed = parse_action(action)
    assert [c.name for c in parsed.calls] == ["a"] and parsed.aside == aside and parsed.message is None
