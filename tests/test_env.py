"""ToolUseEnv behaviour on the small library environment."""

from __future__ import annotations

import json

import gymnasium as gym
import pytest

from envfactory_gym.errors import UnknownTaskError
from envfactory_gym.user import STOP_TOKEN

from .conftest import LIBRARY_ID


def start(env, task_id="lib-borrow"):
    obs, info = env.reset(seed=0, options={"task_id": task_id})
    return obs, info


def test_reset_gives_system_and_user_turns(library_env):
    obs, info = start(library_env)
    assert [m["role"] for m in obs] == ["system", "user"]
    assert "find_member(email: string)" in obs[0]["content"]
    assert obs[1]["content"] == "Hi, I'd like to borrow book B-002 please."
    assert info["task_id"] == "lib-borrow" and info["env_id"] == LIBRARY_ID
    assert library_env.observation_space.contains(obs)


def test_env_exposes_tools_and_system_prompt():
    env = gym.make(LIBRARY_ID, tools_in_system=False)
    u = env.unwrapped
    assert {t["function"]["name"] for t in u.tool_schemas} >= {"find_member", "borrow_book"}
    assert "# Tools" not in u.system_prompt and "lending library" in u.system_prompt
    env.close()


def test_full_episode_with_questions_and_reward(library_env):
    start(library_env)
    obs, r, term, trunc, info = library_env.step("What's your email address?")
    assert "member3@example.org" in obs[-1]["content"] and r == 0 and not term
    library_env.step({"name": "find_member", "arguments": {"email": "member3@example.org"}})
    obs, *_ = library_env.step('<tool_call>{"name": "borrow_book", "arguments": '
                               '{"member_id": "M-003", "book_id": "B-002", "channel": "online"}}</tool_call>')
    assert obs[-1]["role"] == "tool" and "L-002" in obs[-1]["content"]
    assert obs[-2]["tool_calls"][0]["function"]["name"] == "borrow_book"
    obs, r, term, trunc, info = library_env.step("You have it now, enjoy.")
    assert term and not trunc
    assert r == 1.0  # the masked 'channel' argument does not matter
    comps = info["reward_components"]
    assert comps["trace"] == 1 and comps["state"] == 1 and comps["format_errors"] == 0


def test_errors_are_observations_and_count_for_format_penalty(library_env):
    start(library_env)
    h0 = library_env.unwrapped.state.state_hash()
    steps = [
        ({"name": "borow_book", "arguments": {}}, "Did you mean 'borrow_book'?"),
        ({"name": "get_book", "arguments": {"book_id": 5, "x": 1}}, "unexpected argument 'x'"),
        ({"name": "get_book", "arguments": "{oops"}, "not valid JSON"),
        ("{oops", "[environment] Error"),
        (None, "unsupported action type"),
        ({"name": "borrow_book", "arguments": {"member_id": "M-001", "book_id": "B-003"}}, "no copy available"),
        ({"name": "sneaky_read", "arguments": {"book_id": "B-001"}}, "PermissionError"),
        ({"name": "buggy_write", "arguments": {"book_id": "B-001"}}, "KeyError"),
        ({"name": "find_member", "arguments": {"email": "x' OR '1'='1"}}, "no member"),
    ]
    for action, needle in steps:
        obs, r, term, trunc, info = library_env.step(action)
        assert needle in obs[-1]["content"], (action, obs[-1])
        assert not term
    assert library_env.unwrapped.state.state_hash() == h0, "an invalid or failed call changed the state"
    assert info["format_errors"] == 5  # unknown tool, bad args x2, unparsable x2; business errors do not count


def test_parallel_calls_run_in_order(library_env):
    start(library_env, "lib-title")
    obs, *_ = library_env.step([{"name": "get_book", "arguments": {"book_id": "B-005"}},
                                {"name": "get_book", "arguments": {"book_id": "B-006"}}])
    assert [m["role"] for m in obs[-3:]] == ["assistant", "tool", "tool"]
    assert "B-005" in obs[-2]["content"] and "B-006" in obs[-1]["content"]


def test_stop_token_and_read_only_outputs(library_env):
    start(library_env, "lib-title")
    library_env.step({"name": "get_book", "arguments": {"book_id": "B-005"}})
    obs, r, term, trunc, info = library_env.step(f"The title is Book about topic 5. {STOP_TOKEN}")
    assert term and r == 1.0
    start(library_env, "lib-title")
    library_env.step({"name": "get_book", "arguments": {"book_id": "B-005"}})
    *_, r, term, _, info = library_env.step("I looked it up for you.")
    # The gold read without the answer earns nothing: on a read-only task the trace counts with the answer.
    assert term and r == 0.0 and info["reward_components"]["communicate"] == 0


def test_doing_nothing_scores_zero_on_every_task(library_env):
    for task in library_env.unwrapped.tasks:
        start(library_env, task.id)
        *_, r, term, _, _ = library_env.step("Goodbye.")
        assert term and r == 0.0, task.id


def test_truncation_at_step_limit_gives_final_reward():
    env = gym.make(LIBRARY_ID, max_steps=3)
    start(env)
    for _ in range(2):
        *_, term, trunc, _ = env.step({"name": "get_book", "arguments": {"book_id": "B-001"}})
        assert not (term or trunc)
    *_, r, term, trunc, info = env.step({"name": "get_book", "arguments": {"book_id": "B-001"}})
    assert trunc and not term and "reward_components" in info and r == 0.0
    obs, r, term, trunc, info = env.step("more?")
    assert trunc and r == 0.0 and "warning" in info
    env.close()


def test_reset_restores_state_between_episodes(library_env):
    start(library_env)
    h0 = library_env.unwrapped.state.state_hash()
    library_env.step({"name": "borrow_book", "arguments": {"member_id": "M-003", "book_id": "B-002"}})
    assert library_env.unwrapped.state.state_hash() != h0
    start(library_env)
    assert library_env.unwrapped.state.state_hash() == h0


def test_unknown_task_id_suggests_nearest(library_env):
    with pytest.raises(UnknownTaskError, match="Did you mean 'lib-borrow'"):
        library_env.reset(options={"task_id": "lib-borow"})


def test_tasks_and_reward_overrides(tmp_path, library_package):
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text(library_package.tasks[2].model_dump_json() + "\n")
    env = gym.make(LIBRARY_ID, tasks=str(tasks), reward={"tau": 1.0, "trace_needs_answer": False})
    obs, info = env.reset(seed=3)
    assert info["task_id"] == "lib-title"
    *_, r, _, _, info = env.step({"name": "get_book", "arguments": {"book_id": "B-005"}})
    *_, r, term, _, info = env.step("Done.")
    assert term and r == 1.0  # tau=1 and the trace not tied to the answer: the trace alone decides
    env.close()


def test_render_ansi():
    env = gym.make(LIBRARY_ID, render_mode="ansi")
    start(env)
    env.step({"name": "get_book", "arguments": {"book_id": "B-001"}})
    text = env.render()
    assert "[user] Hi" in text and "-> get_book" in text
    env.close()


def test_huge_and_hostile_inputs_keep_observation_bounded(library_env):
    start(library_env)
    h0 = library_env.unwrapped.state.state_hash()
    big = "é" * 1_000_000
    obs, *_ = library_env.step({"name": "find_member", "arguments": {"email": big}})
    obs, *_ = library_env.step({"name": big, "arguments": {}})
    obs, r, term, trunc, info = library_env.step(big + "?")
    assert library_env.observation_space.contains(obs)
    assert sum(len(m["content"]) for m in obs) < 200_000
    assert library_env.unwrapped.state.state_hash() == h0


def test_compact_prompt_is_shorter_and_keeps_every_tool():
    full = gym.make("EnvFactory/retail-v0").unwrapped
    compact = gym.make("EnvFactory/retail-v0", prompt="compact").unwrapped
    assert len(compact.system_prompt) < len(full.system_prompt) / 2
    assert compact.package.compact_policy in compact.system_prompt
    assert compact.package.policy not in compact.system_prompt
    for name, t in compact.package.tools.items():
        line = t.signature_line(compact=True)
        assert line.startswith(name + "(") and " - " not in line and line in compact.system_prompt
    assert "reason: no_longer_needed|ordered_by_mistake" in compact.system_prompt  # enum choices stay
    obs, _ = compact.reset(seed=0, options={"task_index": 0})
    call = compact.task.gold_calls[0]
    obs, *_ = compact.step({"name": call.name, "arguments": call.arguments})
    content = obs[-1]["content"]
    assert content == json.dumps(json.loads(content), separators=(",", ":"), ensure_ascii=False)


def test_env_without_a_compact_policy_uses_its_policy():
    env = gym.make(LIBRARY_ID, prompt="compact").unwrapped
    assert env.package.compact_policy == env.package.policy and env.package.policy in env.system_prompt


def test_unknown_prompt_style_is_refused():
    with pytest.raises(ValueError, match="compact"):
        gym.make(LIBRARY_ID, prompt="tiny")


def test_text_tool_call_turn_keeps_only_its_surrounding_text_as_content(library_env):
    from envfactory_gym.agents.hermes import text_messages

    start(library_env, "lib-search")
    call = '<tool_call>{"name": "search_books", "arguments": {"keyword": "topic 17"}}</tool_call>'
    obs, *_ = library_env.step(call)
    turn = obs[-2]
    assert turn["content"] == "" and turn["tool_calls"][0]["function"]["name"] == "search_books"
    # Rendered for a text-mode model, the call appears once, as the model wrote it.
    assert text_messages([turn])[0]["content"].count("<tool_call>") == 1
    obs, *_ = library_env.step("Searching again. " + call)
    assert obs[-2]["content"] == "Searching again."
    assert text_messages([obs[-2]])[0]["content"].count("<tool_call>") == 1


def test_values_inside_call_arguments_are_not_said_to_the_user(library_env):
    start(library_env, "lib-search")
    library_env.step('<tool_call>{"name": "search_books", "arguments": {"keyword": "topic 17"}}</tool_call>')
    library_env.step('<tool_call>{"name": "get_book", "arguments": {"book_id": "B-017"}}</tool_call>')
    *_, info = library_env.step("Done.")
    assert info["reward_components"]["communicate"] == 0.0  # B-017 only went into a call
    start(library_env, "lib-search")
    library_env.step('It is B-017. <tool_call>{"name": "search_books", "arguments": {"keyword": "topic 17"}}'
                     "</tool_call>")
    *_, info = library_env.step("Done.")
    assert info["reward_components"]["communicate"] == 1.0  # text beside a call is said


def test_the_system_prompt_states_the_action_budget():
    env = gym.make("EnvFactory/retail-v0", max_steps=17)
    assert "You have 17 actions in all" in env.unwrapped.system_prompt
    env.close()


def test_the_stop_token_states_no_fact():
    """An output word the stop token stems like ("Stopped") is not said by ending at once."""
    from envfactory_gym.tasks import GoldCall, Task

    task = Task(id="lib-stopped", instruction="Is the renewal of book B-005 stopped?", outputs=["Stopped"],
                gold_calls=[GoldCall(name="get_book", arguments={"book_id": "B-005"})], tags=["read"])
    env = gym.make(LIBRARY_ID, tasks=[task])
    try:
        for final, communicated in ((STOP_TOKEN, 0.0), (f"It is stopped. {STOP_TOKEN}", 1.0)):
            env.reset(seed=0, options={"task_id": task.id})
            env.step({"name": "get_book", "arguments": {"book_id": "B-005"}})
            *_, terminated, _, info = env.step(final)
            assert terminated and info["reward_components"]["communicate"] == communicated
    finally:
        env.close()
