"""``collect_rollouts``: a callable policy or an OpenAI-compatible endpoint, in-process or on Ray, streamed."""

from __future__ import annotations

import json

import pytest

from envfactory_gym.errors import EnvFactoryError
from envfactory_gym.scale import (
    AgentSpec,
    EndpointPolicy,
    PolicyOutput,
    RolloutEpisode,
    RolloutTask,
    collect_rollouts,
    rollout_tasks,
)
from envfactory_gym.testing.replay_server import ReplayServer
from tests.conftest import LIBRARY_ID

pytestmark = pytest.mark.usefixtures("ray_cluster")


def title_policy(messages: list[dict], tools: list[dict]) -> PolicyOutput:
    """Looks the book of the request up, then states what the tool said (token data: made-up but checkable)."""
    names = {t["function"]["name"] for t in tools}
    last = messages[-1]
    if last["role"] == "tool":
        action = f"Here it is: {json.loads(last['content']).get('title', 'no title')}."
    elif "B-005" in messages[1]["content"] and "get_book" in names:
        action = {"name": "get_book", "arguments": {"book_id": "B-005"}}
    else:
        action = "Sorry, I cannot help with that."
    return PolicyOutput(action, prompt_ids=[len(messages)], completion_ids=[len(str(action))], logprobs=[-0.5])


def by_index(episodes) -> dict[int, dict]:
    return {e.index: e.to_dict() for e in episodes}


def test_callable_policy_gives_the_same_episodes_on_both_backends():
    tasks = rollout_tasks(LIBRARY_ID, repeat=2, seed=7)
    assert [t.seed for t in tasks] == list(range(7, 15)) and tasks[0].task_id == tasks[1].task_id
    local = by_index(collect_rollouts(title_policy, tasks, workers=2))
    ray = by_index(collect_rollouts(title_policy, tasks, backend="ray", workers=2))
    assert local == ray and sorted(ray) == list(range(len(tasks)))
    solved = [e for e in ray.values() if e["task_id"] == "lib-title"]
    assert len(solved) == 2 and all(e["reward"] == 1.0 for e in solved)
    first = solved[0]
    assert first["turns"][0] == {"prompt_ids": [2], "completion_ids": [len(str(
        {"name": "get_book", "arguments": {"book_id": "B-005"}}))], "logprobs": [-0.5]}
    assert len(first["turns"]) == first["steps"] and first["messages"][-1]["role"] in ("assistant", "user")
    assert {"trace", "state"} <= set(first["components"]) and first["tools"]


def test_registry_agents_and_export_records_as_tasks(tmp_path):
    records = [{"env_id": LIBRARY_ID, "task_id": t, "seed": 3} for t in ("lib-title", "lib-return")]
    episodes = list(collect_rollouts(AgentSpec("oracle"), records, backend="ray", workers=2))
    assert isinstance(episodes[0], RolloutEpisode) and sorted(e.index for e in episodes) == [0, 1]
    assert all(e.ok and e.reward == 1.0 and e.seed == 3 and e.turns == [] for e in episodes)
    random = [(LIBRARY_ID, "lib-borrow", 5), RolloutTask(LIBRARY_ID, "lib-borrow", 5)]
    a, b = sorted(collect_rollouts(AgentSpec("random", seed=1), random, workers=2), key=lambda e: e.index)
    assert a.messages == b.messages and a.reward == b.reward


def test_endpoint_policy_on_both_backends():
    def model(request):
        if request["messages"][-1]["role"] == "tool":
            return {"content": "The title is Book about topic 5."}
        return {"tool_calls": [{"name": "get_book", "arguments": {"book_id": "B-005"}}]}

    tasks = [RolloutTask(LIBRARY_ID, "lib-title", seed) for seed in range(4)]
    with ReplayServer(model) as server:
        policy = EndpointPolicy(server.base_url, "replay", max_retries=1, timeout_s=10)
        ray = list(collect_rollouts(policy, tasks, backend="ray", workers=2))
        ray_seeds = sorted(r.get("seed") for r in server.requests)
        local = list(collect_rollouts(policy, tasks, workers=2))
        local_seeds = sorted(r.get("seed") for r in server.requests[len(ray_seeds):])
    assert by_index(ray) == by_index(local)
    assert all(e.ok and e.reward == 1.0 and e.steps == 2 for e in ray)
    # Each episode's requests carry its own seed (episode seed * 1000 + turn), whichever worker sends them.
    assert ray_seeds == local_seeds == [0, 1, 1000, 1001, 2000, 2001, 3000, 3001]


def test_a_failing_policy_is_an_episode_with_an_error():
    def broken(messages, tools):
        raise RuntimeError("model crashed")

    (episode,) = collect_rollouts(broken, [(LIBRARY_ID, "lib-title")], backend="ray", workers=1)
    assert not episode.ok and "model crashed" in episode.error and episode.reward is None


def test_bad_arguments_are_one_line_errors():
    with pytest.raises(EnvFactoryError, match="unknown backend 'rey'. Did you mean 'ray'"):
        list(collect_rollouts(title_policy, [], backend="rey"))
    with pytest.raises(EnvFactoryError, match="task 0: a record needs 'env_id' and 'task_id'"):
        list(collect_rollouts(title_policy, [{"env": LIBRARY_ID}]))
    with pytest.raises(EnvFactoryError, match="unknown environment"):
        list(collect_rollouts(title_policy, [("library-v9", "lib-title")]))
