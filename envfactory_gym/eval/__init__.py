"""Benchmark evaluation: run agents over envs and trials, resumably; report pass^k; browse trajectories."""

from envfactory_gym.eval.harness import EpisodeSpec, EvalResult, plan_episodes, run_eval
from envfactory_gym.eval.report import pass_hat_k, summarize_records

__all__ = ["EpisodeSpec", "EvalResult", "pass_hat_k", "plan_episodes", "run_eval", "summarize_records"]
