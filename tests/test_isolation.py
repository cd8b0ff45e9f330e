"""Isolation and resources: envs never see each other's writes, reset restores, close releases, tools time out."""

from __future__ import annotations

import time

import gymnasium as gym
import pytest

from envfactory_gym.database import shared_connection
from tests.conftest import LIBRARY_ID

BORROW = {"name": "borrow_book", "arguments": {"member_id": "M-003", "book_id": "B-002"}}


def copies(env, book_id):
    return env.unwrapped.state.db.scalar("SELECT copies FROM books WHERE book_id = ?", [book_id])


def borrow(env, member, book):
    obs, *_ = env.step({"name": "borrow_book", "arguments": {"member_id": member, "book_id": book}})
    assert not obs[-1]["content"].startswith("Error"), obs[-1]
    return obs


def test_many_envs_with_interleaved_writes_stay_isolated():
    envs = [gym.make(LIBRARY_ID, max_steps=100) for _ in range(20)]
    try:
        for i, env in enumerate(envs):
            env.reset(seed=i, options={"task_id": "lib-borrow"})
        db = envs[0].unwrapped.state.db
        books = [r["book_id"] for r in db.query("SELECT book_id FROM books WHERE copies > 1 ORDER BY book_id")]
        members = [r["member_id"] for r in db.query(
            "SELECT member_id FROM members WHERE member_id NOT IN "
            "(SELECT member_id FROM loans WHERE NOT returned) ORDER BY member_id")]
        assert len(books) >= 5 and members
        start = {b: copies(envs[0], b) for b in books}
        base_hash = envs[0].unwrapped.state.state_hash()
        # Two interleaved rounds: every env lends its own book, then lends it again to another member.
        for rnd in range(2):
            for i, env in enumerate(envs):
                borrow(env, members[(i + rnd) % len(members)], books[i % len(books)])
        for i, env in enumerate(envs):
            for j, book in enumerate(books):
                assert copies(env, book) == start[book] - (2 if i % len(books) == j else 0), (i, j)
        hashes = [env.unwrapped.state.state_hash() for env in envs]
        assert len(set(hashes)) == len(envs) and base_hash not in hashes  # (member, book) pairs all differ
        for env in envs:
            env.reset(seed=0)
            assert env.unwrapped.state.state_hash() == base_hash
    finally:
        for env in envs:
            env.close()


def test_reset_never_shows_the_previous_episode():
    env = gym.make(LIBRARY_ID)
    try:
        env.reset(seed=0)
        h0 = env.unwrapped.state.state_hash()
        for _ in range(3):
            env.reset(seed=1)
            borrow(env, "M-003", "B-002")
            env.step({"name": "return_book", "arguments": {"loan_id": "L-001"}})
            assert env.unwrapped.state.state_hash() != h0
            env.reset(seed=1)
            assert env.unwrapped.state.state_hash() == h0
            assert not env.unwrapped.state.diff(env.unwrapped.package.template.tables)
    finally:
        env.close()


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_vector_sub_envs_do_not_see_each_others_writes(mode):
    envs = gym.make_vec(LIBRARY_ID, num_envs=3, vectorization_mode=mode)
    try:
        envs.reset(seed=[0, 1, 2])
        lookup = {"name": "get_book", "arguments": {"book_id": "B-002"}}
        obs, *_ = envs.step([BORROW, lookup, lookup])
        before = obs[1][-1]["content"]
        obs, *_ = envs.step([lookup, lookup, lookup])
        after_writer, others = obs[0][-1]["content"], [obs[i][-1]["content"] for i in (1, 2)]
        assert after_writer != before and others == [before, before]
        envs.reset(seed=[0, 1, 2])
        obs, *_ = envs.step([lookup, lookup, lookup])
        assert [o[-1]["content"] for o in obs] == [before] * 3
    finally:
        envs.close()


def attached():
    return {r[0] for r in shared_connection().execute("SELECT database_name FROM duckdb_databases()").fetchall()}


def test_close_is_idempotent_and_releases_the_catalog():
    env = gym.make(LIBRARY_ID)
    env.reset(seed=0)
    catalog = env.unwrapped.state.catalog
    assert catalog in attached()
    env.close()
    env.close()
    assert catalog not in attached() and env.unwrapped.state.closed


def test_a_slow_tool_is_interrupted_and_rolled_back():
    env = gym.make(LIBRARY_ID, tool_timeout_s=0.3)
    try:
        env.reset(seed=0)
        h0 = env.unwrapped.state.state_hash()
        t0 = time.monotonic()
        obs, reward, term, trunc, info = env.step({"name": "full_audit", "arguments": {"passphrase": "run the full audit"}})
        assert time.monotonic() - t0 < 5
        assert obs[-1]["role"] == "tool" and "0.3 s limit" in obs[-1]["content"]
        assert obs[-1]["content"].startswith("Error") and not (term or trunc)
        assert env.unwrapped.state.state_hash() == h0
        obs, *_ = env.step({"name": "get_book", "arguments": {"book_id": "B-001"}})
        assert not obs[-1]["content"].startswith("Error")  # the connection is usable after the interrupt
        borrow(env, "M-003", "B-002")
    finally:
        env.close()


def test_tool_timeout_must_be_positive():
    with pytest.raises(ValueError, match="tool_timeout_s"):
        gym.make(LIBRARY_ID, tool_timeout_s=0)
