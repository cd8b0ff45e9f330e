"""Property-based fuzzing of every registered env: hostile actions never raise, escape the space or change state."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import gymnasium as gym
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.suite_envs import SUITE_IDS

ENV_IDS = SUITE_IDS
#: Steps before the shared env is reset, so that observations (the whole conversation) stay small.
RESET_EVERY = 20

SQL = ["'; DROP TABLE orders; --", "\" OR 1=1 --", "' OR '1'='1", "Robert'); DROP TABLE books; --", "%", "_",
       "\\", "'", "''", "\"", "`", "1; DELETE FROM customers", "') UNION SELECT * FROM customers --", "NULL",
       "*/", "/*", "$1", "?", ":name", "x' ESCAPE '\\"]
UNICODE = ["\x00", "a\x00b", "\u200f\u202eevil", "\u200b\u200d\ufeff", "\U0001f600" * 30, "\U0010ffff",
           "\U00020000\U0002a6d6", "é\u0301", "中文字符", "ﷺ", "\r\n\t\x0b\x0c", "\x7f\x1b[31m"]
MEGABYTE = 1 << 20

short_text = st.one_of(
    st.text(max_size=200),  # no surrogates: they cannot be encoded, so no client can send them
    st.sampled_from(SQL + UNICODE),
    st.tuples(st.sampled_from(SQL + UNICODE), st.text(max_size=20)).map("".join),
)
hostile_text = short_text | st.sampled_from(["x", "'", "ü", "\U0001f600", "\x00"]).map(
    lambda c: c * (MEGABYTE // len(c.encode())))
junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.binary(max_size=20) | hostile_text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def nested(depth: int, kind: str) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value] if kind == "list" else {"a": value}
    return value


deep_text = st.tuples(st.sampled_from(["[", '{"a":', "<tool_call>{\"a\":"]), st.sampled_from([100, 10_000]),
                      st.booleans()).map(lambda t: t[0] * t[1] + ("]" * t[1] if t[0] == "[" and t[2] else ""))
#: Below the interpreter's recursion limit; deeper Python objects have a test of their own below.
deep_object = st.builds(nested, st.sampled_from([1, 50, 500, 900]), st.sampled_from(["list", "dict"]))


def typed_value(prop: Mapping[str, Any]) -> st.SearchStrategy[Any]:
    """Values of the parameter's declared type (or enum) that are as hostile as the type allows."""
    kind = prop.get("type")
    if kind == "integer":
        base: st.SearchStrategy[Any] = st.integers() | st.sampled_from([0, -1, 2**31, 2**63, -(2**63) - 1, 10**40])
    elif kind == "number":
        base = st.floats() | st.integers() | st.sampled_from([1e308, -0.0, 5e-324])
    elif kind == "boolean":
        base = st.booleans()
    elif kind == "array":
        base = st.lists(typed_value(prop.get("items", {})), max_size=6)
    else:
        base = hostile_text
    return st.one_of(st.sampled_from(prop["enum"]), base) if "enum" in prop else base


@dataclass
class Fuzzed:
    """One env shared by every example of an env id, and what its state is allowed to be."""

    env: Any
    template_hash: str
    reads: list[dict[str, Any]]
    writes: set[str]
    gold: list[tuple[str, dict[str, Any]]]
    baseline: str = ""
    steps: int = 0
    messages: int = 0
    wrote: bool = False
    ended: bool = True
    actions: dict[str, st.SearchStrategy[Any]] = field(default_factory=dict)

    def fresh(self) -> None:
        """Reset when the episode ended or grew long; after writes, the reset must restore the template."""
        if not (self.ended or self.steps >= RESET_EVERY):
            return
        obs, _ = self.env.reset(seed=self.steps)
        self.steps, self.messages, self.ended = 0, len(obs), False
        if self.wrote or not self.baseline:
            self.baseline = self.env.unwrapped.state.state_hash()
            assert self.baseline == self.template_hash, "reset did not restore the initial state"
            self.wrote = False

    def step(self, action: Any) -> list[dict[str, Any]]:
        """Step once; check the observation; return the step's new messages."""
        obs, reward, term, trunc, info = self.env.step(action)
        space = self.env.observation_space
        if not space.contains(obs):
            bad = [m for m in obs if not space.contains((m,))]
            raise AssertionError(f"observation outside the space after {repr(action)[:300]}; bad messages: "
                                 f"{[{k: repr(v)[:200] for k, v in m.items()} for m in bad][:3]}")
        assert isinstance(reward, float) and isinstance(info, dict)
        new = list(obs[self.messages:])
        self.steps += 1
        self.messages = len(obs)
        self.ended = bool(term or trunc)
        return new

    def successful_write(self, messages: list[dict[str, Any]]) -> bool:
        return any(m["role"] == "tool" and m.get("name") in self.writes and not m["content"].startswith("Error")
                   for m in messages)

    def check_state(self, messages: list[dict[str, Any]], action: Any) -> None:
        """The state may only change through a valid, successful write call among ``messages``."""
        after = self.env.unwrapped.state.state_hash()
        wrote = self.successful_write(messages)
        assert after == self.baseline or wrote, f"state changed without a successful write: {repr(action)[:300]}"
        self.wrote |= after != self.baseline
        self.baseline = after


def _working_reads(env: Any) -> list[dict[str, Any]]:
    """Gold calls of read tools that succeed on the initial state (for the episode-still-works check)."""
    tools = env.unwrapped.package.tools
    seen, out = set(), []
    for task in env.unwrapped.tasks:
        for c in task.gold_calls:
            key = json.dumps([c.name, c.arguments], sort_keys=True, default=str)
            if c.name in tools and not tools[c.name].writes and key not in seen and len(out) < 20:
                seen.add(key)
                env.reset(seed=0)
                obs, *_ = env.step({"name": c.name, "arguments": dict(c.arguments)})
                if obs[-1]["role"] == "tool" and not obs[-1]["content"].startswith("Error"):
                    out.append({"name": c.name, "arguments": dict(c.arguments)})
    return out


@cache
def fuzzed(env_id: str) -> Fuzzed:
    env = gym.make(env_id, max_steps=10_000, tool_timeout_s=2.0)
    env.reset(seed=0)
    pkg = env.unwrapped.package
    template_hash = env.unwrapped.state.state_hash()
    reads = _working_reads(env)
    assert reads, f"{env_id}: no read-only gold call succeeds on the initial state"
    gold = [(c.name, dict(c.arguments)) for t in env.unwrapped.tasks for c in t.gold_calls if c.name in pkg.tools]
    f = Fuzzed(env, template_hash, reads, {n for n, t in pkg.tools.items() if t.writes}, gold)
    f.env.reset(seed=0)
    f.actions["all"] = hostile_actions(f)
    return f


def hostile_actions(f: Fuzzed) -> st.SearchStrategy[Any]:
    tools = f.env.unwrapped.package.tools
    names = sorted(tools)

    def typed_args(name: str) -> st.SearchStrategy[dict[str, Any]]:
        params = tools[name].parameters
        required = set(tools[name].required)
        return st.fixed_dictionaries({k: typed_value(p) for k, p in params.items() if k in required},
                                     optional={k: typed_value(p) for k, p in params.items() if k not in required})

    def poisoned_gold(draw: st.DrawFn) -> dict[str, Any]:
        name, args = draw(st.sampled_from([g for g in f.gold if tools[g[0]].parameters]))
        params = tools[name].parameters
        for key in draw(st.lists(st.sampled_from(sorted(params)), min_size=1, max_size=len(params), unique=True)):
            args[key] = draw(typed_value(params[key]))
        return {"name": name, "arguments": args}

    typed_call = st.sampled_from(names).flatmap(lambda n: typed_args(n).map(lambda a: {"name": n, "arguments": a}))
    # Only gold calls of tools with parameters can be poisoned (a tool may take none).
    poisonable = [g for g in f.gold if tools[g[0]].parameters]
    call = st.one_of(typed_call, st.composite(poisoned_gold)()) if poisonable else typed_call
    wrong_keys = st.sampled_from(names).flatmap(lambda n: st.fixed_dictionaries({
        "name": st.just(n),
        "arguments": st.one_of(junk, deep_object, st.dictionaries(
            st.sampled_from([*tools[n].parameters, "extra", "", "__class__"]) | st.text(max_size=8), junk,
            max_size=4))}))
    unknown_tool = st.fixed_dictionaries({
        # Megabyte names also have a test of their own below.
        "name": st.one_of(short_text, st.sampled_from(names).map(lambda n: n.upper() + "x"), junk.filter(
            lambda v: not isinstance(v, str) or len(v) < 100_000)),
        "arguments": junk})
    broken_entry = st.one_of(
        junk,
        st.fixed_dictionaries({"id": junk, "type": junk, "function": junk}),
        call.map(lambda c: {"id": "c", "type": "function",
                            "function": {"name": c["name"], "arguments": json.dumps(c["arguments"])[:-1]}}),
        call.map(lambda c: {"id": c["name"], "function": {"name": c["name"], "arguments": c["arguments"]}}),
        st.builds(lambda c, a: {"id": 7, "function": {"name": c["name"], "arguments": a}}, call, junk),
    )
    openai = st.fixed_dictionaries({
        "role": st.sampled_from(["assistant", "user", "tool", ""]) | junk,
        "content": st.none() | junk | st.lists(st.fixed_dictionaries({"type": st.just("text"), "text": junk})),
        "tool_calls": st.one_of(junk, st.lists(broken_entry, max_size=4)),
    })
    hermes = st.builds(
        lambda think, body, cut, close, tail: f"<think>{think}</think><tool_call>{body[:cut]}{close}{tail}",
        hostile_text, st.one_of(call.map(json.dumps), hostile_text, deep_text), st.integers(0, 400),
        st.sampled_from(["</tool_call>", "", "</tool_call></tool_call>", "<tool_call>"]), st.text(max_size=30))
    truncated_json = st.builds(lambda c, cut: json.dumps(c, default=repr)[:cut], st.one_of(call, openai.map(lambda m: {
        k: v for k, v in m.items() if isinstance(v, (str, list, type(None)))})), st.integers(0, 300))
    return st.one_of(
        hostile_text, junk, deep_text, deep_object, truncated_json, call, call.map(json.dumps), wrong_keys,
        unknown_tool, openai, hermes, st.lists(st.one_of(call, junk, unknown_tool), max_size=20),
        st.builds(lambda c, j: [c, j], call, junk),
    )


@pytest.mark.parametrize("env_id", ENV_IDS)
@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example])
@given(data=st.data())
def test_hostile_actions_never_raise_escape_the_space_or_change_state(env_id: str, data: st.DataObject) -> None:
    f = fuzzed(env_id)
    f.fresh()
    try:
        _garbage_then_read(f, data)
    except BaseException:
        f.ended, f.baseline = True, ""  # a failed example must not leave its conversation to the next one
        raise


def _garbage_then_read(f: Fuzzed, data: st.DataObject) -> None:
    # Both drawn before stepping: what is drawn must not depend on the env's state, or replays diverge.
    action = data.draw(f.actions["all"], label="action")
    read = data.draw(st.sampled_from(f.reads), label="read")
    new = f.step(action)
    if not f.ended:  # the episode keeps working: a valid read call right after the garbage succeeds
        after = f.step(read)
        assert after[-1]["role"] == "tool" and not after[-1]["content"].startswith("Error"), after[-1]
        new += after
    f.check_state(new, action)


def _string_params(tool: Any) -> list[str]:
    return [k for k, p in tool.parameters.items()
            if p.get("type") == "string" or (p.get("type") == "array" and p.get("items", {}).get("type") == "string")]


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_sql_and_unicode_in_every_string_argument_of_every_tool(env_id: str) -> None:
    f = fuzzed(env_id)
    tools = f.env.unwrapped.package.tools
    for name, tool in tools.items():
        base = next((dict(a) for n, a in f.gold if n == name),
                    {k: p["enum"][0] if "enum" in p else "x" for k, p in tool.parameters.items()})
        window: list[dict[str, Any]] = []
        for key in _string_params(tool):
            for text in [*SQL, *UNICODE, "x" * MEGABYTE]:
                f.fresh()
                value = [text] if tool.parameters[key].get("type") == "array" else text
                window += f.step({"name": name, "arguments": {**base, key: value}})
        f.check_state(window, name)
        f.ended = True


@pytest.mark.parametrize("env_id", ENV_IDS)
@pytest.mark.parametrize("kind", ["list", "dict"])
def test_arguments_nested_past_the_recursion_limit(env_id: str, kind: str) -> None:
    f = fuzzed(env_id)
    f.ended = True
    f.fresh()
    name = f.reads[0]["name"]
    try:
        f.step({"name": name, "arguments": {"x": nested(10_000, kind)}})
    finally:
        f.ended = True


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_megabyte_tool_name_with_junk_arguments(env_id: str) -> None:
    f = fuzzed(env_id)
    f.ended = True
    f.fresh()
    try:
        f.step({"name": "x" * MEGABYTE, "arguments": 1})
    finally:
        f.ended = True
