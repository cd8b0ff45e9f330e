"""Env batches on Ray actors for trainers that generate themselves (GRPO): same steps as local, dead actors restored."""

from __future__ import annotations

import json

import pytest

from envfactory_gym.agents.oracle import OracleAgent
from envfactory_gym.scale import EnvPlay, RayEnvPool, env_batch
from tests.conftest import LIBRARY_ID

pytestmark = pytest.mark.usefixtures("ray_cluster")

PLAYS = [EnvPlay(LIBRARY_ID, task, seed, {"max_steps": 6}) for seed, task in
         enumerate(["lib-borrow", "lib-title", "lib-return", "lib-borrow", "lib-title"])]


def oracle_actions() -> list[list]:
    """Each play's oracle actions, found by playing the batch locally."""
    batch = env_batch(PLAYS)
    try:
        obs = batch.reset()
        agents = [OracleAgent() for _ in PLAYS]
        for agent, env, o in zip(agents, batch.envs, obs):
            agent.reset(env, o, {})
        actions: list[list] = [[] for _ in PLAYS]
        live = set(range(len(PLAYS)))
        while live:
            step = {i: agents[i].act((), {}) for i in sorted(live)}
            for i, (_o, _r, term, trunc, _info) in batch.step(step).items():
                actions[i].append(step[i])
                if term or trunc:
                    live.discard(i)
        return actions
    finally:
        batch.close()


def play(batch, actions: list[list], after_first_step=None) -> list:
    """Every step result (JSON-comparable) of the plays driven by ``actions``."""
    out = [batch.reset()]
    for turn in range(max(map(len, actions))):
        step = {i: a[turn] for i, a in enumerate(actions) if turn < len(a)}
        results = batch.step(step)
        out.append({i: json.loads(json.dumps([r[0], r[1], r[2], r[3], r[4].get("reward_components")], default=str))
                    for i, r in sorted(results.items())})
        if turn == 0 and after_first_step:
            after_first_step()
    return out


def test_ray_batch_steps_like_the_local_batch_and_survives_a_killed_actor(ray_cluster):
    actions = oracle_actions()
    local = env_batch(PLAYS)
    try:
        expected = play(local, actions)
        schemas = local.tool_schemas(0)
    finally:
        local.close()
    assert all(expected[-1][i][1] == 1.0 for i in expected[-1])  # the oracle solves every play
    pool = RayEnvPool(2)
    try:
        batch = env_batch(PLAYS, pool)
        assert batch.tool_schemas(0) == schemas
        assert play(batch, actions) == expected
        batch.close()
        # Mid-episode, one actor dies: its replacement replays the episodes' actions and the batch goes on.
        batch = env_batch(PLAYS, pool)
        victim = pool.hosts[1]
        assert play(batch, actions, after_first_step=lambda: ray_cluster.kill(victim)) == expected
        assert pool.replaced == 1
        batch.close()
    finally:
        pool.shutdown()


def test_grpo_rollouts_are_the_same_on_ray(tiny_model, tmp_path):
    pytest.importorskip("torch")
    from envfactory_gym.train.common import load_policy, load_tokenizer
    from envfactory_gym.train.config import GRPOConfig
    from envfactory_gym.train.grpo import resolve_tasks, rollout_groups, tasks_for_update

    config = GRPOConfig(model=str(tiny_model), envs=LIBRARY_ID, out=str(tmp_path), group_size=3, max_new_tokens=12,
                        max_steps_per_episode=3, max_prompt_tokens=256, lora_r=4, lora_alpha=8, threads=1,
                        progress=False, temperature=1.5)
    tokenizer = load_tokenizer(config.model)
    policy = load_policy(config.model, config, device="cpu")
    refs = tasks_for_update(resolve_tasks(LIBRARY_ID), 0, 0, 2)

    def summary(groups):
        return [[(seg.ids, seg.spans) for seg in ep.segments] + [ep.reward, ep.turns, ep.components]
                for group in groups for ep in group]

    local = summary(rollout_groups(policy, tokenizer, refs, config, seed=11))
    pool = RayEnvPool(2)
    try:
        ray = summary(rollout_groups(policy, tokenizer, refs, config, seed=11, pool=pool))
    finally:
        pool.shutdown()
    assert ray == local and len(local) == 6
    assert all(reward is not None and components for *_, reward, _turns, components in local)


def test_train_rl_with_the_ray_rollout_backend(tiny_model, tmp_path):
    pytest.importorskip("torch")
    from envfactory_gym.train.config import GRPOConfig
    from envfactory_gym.train.grpo import train_grpo

    logs = {}
    for backend in ("local", "ray"):
        out = tmp_path / backend
        config = GRPOConfig(model=str(tiny_model), envs=LIBRARY_ID, out=str(out), group_size=2, steps=2, lr=1e-3,
                            max_new_tokens=8, max_steps_per_episode=2, max_prompt_tokens=256, lora_r=4, lora_alpha=8,
                            threads=1, progress=False, rollout_backend=backend, rollout_workers=2)
        assert train_grpo(config)["steps"] == 2
        logs[backend] = [json.loads(x) for x in (out / "log.jsonl").read_text().splitlines()]
    keys = ("task_ids", "rewards", "components", "episode_len", "generated_tokens")
    assert [{k: r[k] for k in keys} for r in logs["ray"]] == [{k: r[k] for k in keys} for r in logs["local"]]
    assert [r["loss"] for r in logs["ray"]] == pytest.approx([r["loss"] for r in logs["local"]], rel=1e-4, abs=1e-6)


def test_train_rl_cli_takes_the_rollout_backend(tmp_path):
    from envfactory_gym.cli_types import ArgumentParser
    from envfactory_gym.train.cli import register

    parser = ArgumentParser(prog="envfactory")
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["train", "rl", "--model", "m", "--rollout-backend", "ray", "--rollout-workers", "4",
                              "--ray-address", "auto"])
    assert (args.rollout_backend, args.rollout_workers, args.ray_address) == ("ray", 4, "auto")
    with pytest.raises(SystemExit):
        parser.parse_args(["train", "rl", "--model", "m", "--rollout-workers", "0"])


def test_a_ray_address_needs_the_ray_backend():
    from envfactory_gym.errors import EnvFactoryError
    from envfactory_gym.scale import env_pool

    with pytest.raises(EnvFactoryError, match="needs the ray rollout backend"):
        with env_pool("local", address="auto"):
            pass
    with pytest.raises(EnvFactoryError, match="unknown backend 'rya'. Did you mean 'ray'"):
        with env_pool("rya"):
            pass
