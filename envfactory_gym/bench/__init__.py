"""Public benchmarks (τ²-bench, BFCL) played through our Gymnasium interface, registered as ``Bench/<id>``."""

from __future__ import annotations

import importlib.util
import os

import gymnasium as gym

from envfactory_gym.registration import REGISTER_VAR, register_external_env

NAMESPACE = "Bench"

#: env id -> (backend module that must be importable, entry point, kwargs). Entry points are strings, so
#: nothing of a backend is imported until an env is made.
BENCH_ENVS: dict[str, tuple[str, str, dict[str, str]]] = {
    f"{NAMESPACE}/tau2-retail-v0": ("tau2", "envfactory_gym.bench.tau2:Tau2Env", {"domain": "retail"}),
    f"{NAMESPACE}/tau2-airline-v0": ("tau2", "envfactory_gym.bench.tau2:Tau2Env", {"domain": "airline"}),
    f"{NAMESPACE}/bfcl-multi-turn-base-v0": ("bfcl_eval", "envfactory_gym.bench.bfcl:BfclMultiTurnEnv", {}),
}


def backend_available(module: str) -> bool:
    """Whether a backend module is installed (found without importing it)."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def register_bench_envs() -> list[str]:
    """Register the benchmark envs whose backend is installed; return their ids."""
    ids = []
    for env_id, (module, entry_point, kwargs) in BENCH_ENVS.items():
        if not backend_available(module):
            continue
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point=entry_point, kwargs=dict(kwargs), disable_env_checker=False)
        register_external_env(env_id, f"needs the {module!r} package")
        ids.append(env_id)
    return ids


if os.environ.get(REGISTER_VAR, "1") != "0":  # the gate's sandboxed children register nothing
    register_bench_envs()
