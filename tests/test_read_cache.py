"""ReadCache: read calls on an env's untouched initial state are answered once per process."""

from __future__ import annotations

import datetime

import gymnasium as gym

from envfactory_gym.read_cache import ReadCache

ENV_ID = "EnvFactory/retail-v0"
DETAILS = {"name": "get_order_details", "arguments": {"order_id": "ORD-11255"}}
CANCEL = {"name": "cancel_pending_order", "arguments": {"order_id": "ORD-11255", "reason": "ordered_by_mistake"}}


def _tool_text(env, action):
    return env.step(action)[0][-1]["content"]


def test_a_read_on_the_initial_state_is_answered_once_for_every_env():
    a, b = gym.make(ENV_ID), gym.make(ENV_ID)
    try:
        cache = a.unwrapped.package.read_cache
        cache.clear()
        a.reset(seed=0, options={"task_id": "retail-051"})
        b.reset(seed=0, options={"task_id": "retail-051"})
        hits = cache.hits
        first = _tool_text(a, DETAILS)
        second = _tool_text(b, DETAILS)
        assert cache.hits == hits + 1 and first == second
        ra, rb = a.unwrapped._trace.results[-1], b.unwrapped._trace.results[-1]
        assert ra == rb and ra[1] is not rb[1]  # equal values, each env its own object
    finally:
        a.close()
        b.close()


def test_after_a_write_reads_see_the_env_s_own_state_and_leave_the_cache_alone():
    a, b = gym.make(ENV_ID), gym.make(ENV_ID)
    try:
        cache = a.unwrapped.package.read_cache
        cache.clear()
        for env in (a, b):
            env.reset(seed=0, options={"task_id": "retail-051"})
        before = _tool_text(a, DETAILS)
        assert "Error" not in _tool_text(a, CANCEL)
        hits = cache.hits
        after = _tool_text(a, DETAILS)
        assert after != before and '"cancelled"' in after and cache.hits == hits
        assert _tool_text(b, DETAILS) == before  # another env, still on the initial state
        a.reset(seed=0, options={"task_id": "retail-051"})
        assert _tool_text(a, DETAILS) == before  # reset: the initial state again, served from the cache
    finally:
        a.close()
        b.close()


def test_the_cache_can_be_turned_off():
    env = gym.make(ENV_ID, read_cache=False)
    try:
        cache = env.unwrapped.package.read_cache
        env.reset(seed=0, options={"task_id": "retail-051"})
        hits, misses = cache.hits, cache.misses
        _tool_text(env, DETAILS)
        _tool_text(env, DETAILS)
        assert (cache.hits, cache.misses) == (hits, misses)
    finally:
        env.close()


def test_only_results_whose_text_reads_back_the_same_are_kept():
    cache = ReadCache(max_entries=2)
    key = ReadCache.key("t", {"x": 1}, "2026-01-01T00:00:00", None)
    assert key is not None
    cache.put(key, {"when": datetime.date(2026, 1, 2)}, '{"when": "2026-01-02"}')  # a date: not the same value
    cache.put(key, ("a", "b"), '["a", "b"]')  # a tuple reads back as a list
    assert cache.get(key) is None and len(cache) == 0
    cache.put(key, {"rows": [1, 2]}, '{"rows": [1, 2]}')
    got = cache.get(key)
    assert got == ({"rows": [1, 2]}, '{"rows": [1, 2]}')
    for i in range(3):  # bounded
        other = ReadCache.key("t", {"x": i + 2}, "now", None)
        assert other is not None
        cache.put(other, "text", "text")
    assert len(cache) == 2
    assert ReadCache.key("t", {"x": object()}, "now", None) is None
