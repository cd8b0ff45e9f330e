"""Rollouts and evaluation at scale: episodes on Ray actors (``pip install "envfactory-gym[ray]"``) or in-process."""

from envfactory_gym.scale.envs import EnvPlay, RayEnvPool, env_batch, env_pool
from envfactory_gym.scale.eval import RayEvalResult, run_eval_ray
from envfactory_gym.scale.rollout import (
    EndpointPolicy,
    PolicyOutput,
    RolloutEpisode,
    RolloutTask,
    collect_rollouts,
    rollout_tasks,
)
from envfactory_gym.scale.spec import AgentSpec

__all__ = [
    "AgentSpec", "EndpointPolicy", "EnvPlay", "PolicyOutput", "RayEnvPool", "RayEvalResult", "RolloutEpisode",
    "RolloutTask", "collect_rollouts", "env_batch", "env_pool", "rollout_tasks", "run_eval_ray",
]
