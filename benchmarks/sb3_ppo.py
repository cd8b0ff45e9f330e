"""Stable-Baselines3 PPO on retail-v0's discrete candidate actions against a random policy, on held-out tasks."""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np


def evaluate(env: Any, task_ids: list[str], policy: Any, seed: int) -> float:
    """Mean reward of one episode per task; ``policy(obs, env, rng)`` picks the action."""
    rng = np.random.default_rng(seed)
    rewards = []
    for i, task_id in enumerate(task_ids):
        obs, _ = env.reset(seed=seed + i, options={"task_id": task_id})
        done, reward = False, 0.0
        while not done:
            obs, reward, terminated, truncated, _ = env.step(policy(obs, env, rng))
            done = terminated or truncated
        rewards.append(reward)
    return float(np.mean(rewards))


def random_policy(obs: Any, env: Any, rng: np.random.Generator) -> int:
    """A uniform choice among the valid candidates."""
    return int(rng.choice(np.flatnonzero(env.action_masks())))


class TaskSubset:
    """Restricts resets without options to a fixed list of tasks (the training split)."""

    def __init__(self, env: Any, task_ids: list[str]) -> None:
        self.env, self.task_ids = env, task_ids

    def install(self) -> None:
        reset = self.env.reset

        def subset_reset(*, seed: int | None = None, options: dict | None = None) -> Any:
            if options is None:
                options = {"task_id": self.task_ids[int(self.env.np_random.integers(len(self.task_ids)))]}
            return reset(seed=seed, options=options)

        self.env.reset = subset_reset


def run(timesteps: int, seed: int, max_steps: int, holdout: float, lr: float = 1e-3,
        n_steps: int = 256) -> dict[str, Any]:
    """Train PPO on the training tasks; evaluate it (greedy) and the random policy on the held-out ones."""
    import torch
    from stable_baselines3 import PPO

    from envfactory_gym.train.sb3 import make_discrete_env

    torch.set_num_threads(1)
    env = make_discrete_env("EnvFactory/retail-v0", max_steps=max_steps)
    ids = [t.id for t in env.env.unwrapped.tasks]
    order = np.random.default_rng(seed).permutation(len(ids))
    n_test = max(1, int(len(ids) * holdout))
    test_ids = [ids[i] for i in order[:n_test]]
    train_ids = [ids[i] for i in order[n_test:]]
    TaskSubset(env, train_ids).install()
    env.reset(seed=seed)
    model = PPO("MlpPolicy", env, n_steps=n_steps, batch_size=64, n_epochs=4, learning_rate=lr, ent_coef=0.01,
                gamma=0.99, seed=seed, verbose=0, device="cpu")
    start = time.perf_counter()
    model.learn(total_timesteps=timesteps)
    train_s = time.perf_counter() - start

    def ppo_policy(obs: Any, _env: Any, _rng: Any) -> int:
        return int(model.predict(obs, deterministic=True)[0])

    ppo_test = evaluate(env, test_ids, ppo_policy, seed=10_000)
    random_test = float(np.mean([evaluate(env, test_ids, random_policy, seed=10_000 + 97 * k) for k in range(3)]))
    ppo_train = evaluate(env, train_ids, ppo_policy, seed=20_000)
    random_train = evaluate(env, train_ids, random_policy, seed=20_000)
    env.close()
    return {"env_id": "EnvFactory/retail-v0", "timesteps": timesteps, "train_seconds": round(train_s, 1),
            "train_tasks": len(train_ids), "heldout_tasks": len(test_ids), "max_steps": max_steps, "lr": lr, "n_steps": n_steps,
            "ppo_heldout_reward": round(ppo_test, 4), "random_heldout_reward": round(random_test, 4),
            "ppo_train_reward": round(ppo_train, 4), "random_train_reward": round(random_train, 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--timesteps", type=int, default=30_000, help="PPO environment steps.")
    parser.add_argument("--quick", action="store_true", help="A smoke run (3,000 steps: too short for PPO to learn).")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-steps", type=int, default=10, help="Env max_steps per episode.")
    parser.add_argument("--holdout", type=float, default=0.25, help="Share of tasks held out for evaluation.")
    parser.add_argument("--lr", type=float, default=1e-3, help="PPO learning rate.")
    parser.add_argument("--n-steps", type=int, default=256, help="PPO rollout length per update.")
    parser.add_argument("--json", action="store_true", help="Print the result as JSON.")
    args = parser.parse_args()
    result = run(3_000 if args.quick else args.timesteps, args.seed, args.max_steps, args.holdout, args.lr,
                 args.n_steps)
    if args.json:
        print(json.dumps(result, indent=1))
        return
    for key, value in result.items():
        print(f"{key:>24}: {value}")


if __name__ == "__main__":
    main()
