"""SessionPool: one isolated env per session, its episodes, the session cap and the release of idle sessions."""

from __future__ import annotations

import time

import anyio
import gymnasium as gym
import pytest

from envfactory_gym.serve.sessions import EpisodeStateError, SessionLimitError, SessionPool
from tests.serve.conftest import ENV_ID, gym_script

CANCEL = {"name": "cancel_pending_order", "arguments": {"order_id": "ORD-11255", "reason": "ordered_by_mistake"}}
DETAILS = {"name": "get_order_details", "arguments": {"order_id": "ORD-11255"}}


def gym_answers(task_id: str, actions: list) -> list[str]:
    """The tool message the gym gives for each action, from a fresh reset."""
    env = gym.make(ENV_ID)
    try:
        env.reset(seed=0, options={"task_id": task_id})
        return [env.step(a)[0][-1]["content"] for a in actions]
    finally:
        env.close()


def test_a_write_in_one_session_is_invisible_in_another():
    async def main() -> None:
        pool = SessionPool(ENV_ID, max_sessions=4)
        await pool.start("a", task_id="retail-051", seed=0)
        await pool.start("b", task_id="retail-051", seed=0)
        cancelled = await pool.call("a", CANCEL["name"], CANCEL["arguments"])
        seen_by_a = await pool.call("a", DETAILS["name"], DETAILS["arguments"])
        seen_by_b = await pool.call("b", DETAILS["name"], DETAILS["arguments"])
        assert not cancelled.is_error
        assert [cancelled.text, seen_by_a.text] == gym_answers("retail-051", [CANCEL, DETAILS])
        assert seen_by_b.text == gym_answers("retail-051", [DETAILS])[0] != seen_by_a.text
        await pool.aclose()

    anyio.run(main)


@pytest.mark.parametrize("storage", ["rows", "copy"])
def test_a_served_session_keeps_its_writes_as_its_storage_says(storage):
    from envfactory_gym.serve.mcp_protocol import make_pool

    async def main() -> None:
        pool = make_pool(ENV_ID, max_sessions=2, storage=storage)
        await pool.start("a", task_id="retail-051", seed=0)
        await pool.call("a", CANCEL["name"], CANCEL["arguments"])
        state = pool._existing("a", "test")._env.state
        assert state.storage == storage
        assert ("orders" in state.viewed) == (storage == "rows") and ("orders" in state.copied) == (storage == "copy")
        await pool.aclose()

    anyio.run(main)


def test_an_episode_over_the_pool_gets_the_gym_reward():
    script = gym_script("retail-001", seed=3)

    async def main() -> dict:
        pool = SessionPool(ENV_ID)
        opening = await pool.start("s", task_id=script.task_id, seed=script.seed)
        assert opening.structured == {"task_id": "retail-001", "message": opening.text}
        for action, answer in zip(script.actions, script.answers):
            if isinstance(action, str):
                out = await pool.say("s", action)
            else:
                out = await pool.call("s", action["name"], action["arguments"])
            assert out.text == answer and not out.is_error
        assert out.structured["done"] and out.structured["reward"] == script.reward
        final = (await pool.finish("s")).structured
        assert (await pool.finish("s")).structured == final  # finishing again gives the same reward
        await pool.aclose()
        return final

    final = anyio.run(main)
    assert final["reward"] == script.reward == 1.0 and final["reward_components"] == script.components
    assert final["terminated"] and not final["truncated"] and final["state_changes"] > 0


def test_session_cap_refuses_with_a_message_saying_how_to_raise_it():
    async def main() -> None:
        pool = SessionPool(ENV_ID, max_sessions=2)
        await pool.start("a", seed=1)
        await pool.start("b", seed=2)
        with pytest.raises(SessionLimitError, match=r"session cap reached: 2 sessions .* larger --max-sessions"):
            await pool.start("c", seed=3)
        await pool.start("a", seed=4)  # a session that holds an env starts new episodes in it
        assert await pool.release("a") and pool.open_sessions == 1
        await pool.start("c", seed=3)
        await pool.aclose()
        assert pool.open_sessions == 0 and pool.created == pool.released == 3

    anyio.run(main)


def test_idle_sessions_are_released_and_a_late_call_says_why():
    async def main() -> None:
        pool = SessionPool(ENV_ID, idle_timeout_s=0.2)
        await pool.start("idle", task_id="retail-036")
        await pool.start("busy", task_id="retail-036")
        session = pool._sessions["idle"]
        await anyio.sleep(0.3)
        await pool.say("busy", "Could you tell me your email?")  # a request keeps a session alive
        assert await pool.sweep() == 1
        assert "idle" not in pool and "busy" in pool and session.closed
        assert session.env.unwrapped.state.closed  # its database is gone with it
        with pytest.raises(EpisodeStateError, match=r"released because it had no request for 0.2 s"):
            await pool.call("idle", DETAILS["name"], DETAILS["arguments"])
        await pool.start("idle", task_id="retail-036")  # and it may start over
        await pool.aclose()

    anyio.run(main)


def test_requests_out_of_turn_are_refused_without_a_step():
    async def main() -> None:
        pool = SessionPool(ENV_ID)
        with pytest.raises(EpisodeStateError, match="no episode in progress: call episode_start first"):
            await pool.say("s", "hello")
        with pytest.raises(EpisodeStateError, match="unknown task id 'retail-03'.*Did you mean"):
            await pool.start("s", task_id="retail-03")
        await pool.start("s", task_id="retail-036")
        with pytest.raises(EpisodeStateError, match="holds tool calls"):
            await pool.say("s", '<tool_call>{"name": "get_product", "arguments": {}}</tool_call>')
        assert pool._sessions["s"].env.unwrapped._steps == 0
        final = await pool.finish("s")  # ends the episode with ###STOP###: nothing done, no reward
        assert final.structured["reward"] == 0.0 and final.structured["steps"] == 1
        with pytest.raises(EpisodeStateError, match="the episode has ended"):
            await pool.call("s", DETAILS["name"], DETAILS["arguments"])
        await pool.aclose()

    anyio.run(main)


def test_steps_of_one_session_never_overlap():
    async def main() -> None:
        pool = SessionPool(ENV_ID, worker_threads=4)
        await pool.start("s", task_id="retail-051")
        env = pool._sessions["s"].env.unwrapped
        step, running, overlaps = env.step, [0], []

        def guarded(action):
            running[0] += 1
            overlaps.append(running[0])
            try:
                time.sleep(0.02)  # long enough for the other calls to try to get in
                return step(action)
            finally:
                running[0] -= 1

        env.step = guarded
        async with anyio.create_task_group() as tg:
            for _ in range(6):
                tg.start_soon(pool.call, "s", DETAILS["name"], DETAILS["arguments"])
        assert max(overlaps) == 1 and len(overlaps) == 6
        await pool.aclose()

    anyio.run(main)
