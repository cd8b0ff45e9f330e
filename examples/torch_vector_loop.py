"""A plain PyTorch REINFORCE loop over ``gym.make_vec`` retail envs, with a tiny policy over candidate tool calls."""

from __future__ import annotations

import argparse
import json
from typing import Any

import gymnasium as gym
import numpy as np
import torch
from torch import nn

import envfactory_gym  # noqa: F401  (registers the environments)
from envfactory_gym.train.sb3 import DiscreteToolCallEnv


def discrete(env: gym.Env) -> gym.Env:
    """Each sub-env as a fixed-size discrete choice among candidate tool calls."""
    return DiscreteToolCallEnv(env, max_candidates=64, features=256)


class Policy(nn.Module):
    """Logits over the candidates from the hashed features, invalid candidates masked out."""

    def __init__(self, features: int, candidates: int) -> None:
        super().__init__()
        self.features = features
        self.net = nn.Sequential(nn.Linear(features + candidates, 64), nn.Tanh(), nn.Linear(64, candidates))

    def forward(self, obs: torch.Tensor) -> torch.distributions.Categorical:
        mask = obs[:, self.features:] > 0.5
        return torch.distributions.Categorical(logits=self.net(obs).masked_fill(~mask, -1e9))


def train(env_id: str = "EnvFactory/retail-v0", num_envs: int = 4, updates: int = 10, horizon: int = 16,
          max_steps: int = 8, lr: float = 3e-3, seed: int = 0) -> list[dict[str, Any]]:
    """Run ``updates`` REINFORCE updates of ``horizon`` vector steps each; return one log record per update."""
    torch.manual_seed(seed)
    # Same-step autoreset: a finished episode's slot already holds the next episode's first observation.
    envs = gym.make_vec(env_id, num_envs=num_envs, vectorization_mode="sync", wrappers=[discrete],
                        vector_kwargs={"autoreset_mode": gym.vector.AutoresetMode.SAME_STEP}, max_steps=max_steps)
    policy = Policy(256, 64)
    optimizer = torch.optim.Adam(policy.parameters(), lr=lr)
    obs, _ = envs.reset(seed=seed)
    log = []
    for update in range(updates):
        logps, rewards, dones = [], [], []
        for _ in range(horizon):
            dist = policy(torch.as_tensor(obs, dtype=torch.float32))
            action = dist.sample()
            logps.append(dist.log_prob(action))
            obs, reward, terminated, truncated, _ = envs.step(action.numpy())
            rewards.append(torch.as_tensor(reward, dtype=torch.float32))
            dones.append(torch.as_tensor(np.logical_or(terminated, truncated), dtype=torch.float32))
        returns, running = [], torch.zeros(num_envs)
        for r, d in zip(reversed(rewards), reversed(dones)):
            running = r + 0.99 * running * (1 - d)
            returns.append(running)
        returns_t = torch.stack(returns[::-1])
        advantage = returns_t - returns_t.mean()
        loss = -(torch.stack(logps) * advantage).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        finished = torch.stack(dones).sum().item()
        log.append({"update": update, "loss": loss.item(), "episodes": int(finished),
                    "reward_sum": float(torch.stack(rewards).sum())})
    envs.close()
    return log


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--env", default="EnvFactory/retail-v0")
    parser.add_argument("--num-envs", type=int, default=4)
    parser.add_argument("--updates", type=int, default=50)
    parser.add_argument("--horizon", type=int, default=16)
    args = parser.parse_args()
    for record in train(args.env, args.num_envs, args.updates, args.horizon):
        print(json.dumps(record))


if __name__ == "__main__":
    main()
