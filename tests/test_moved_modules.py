"""Modules that moved keep their old import paths: each warns once and hands over the module of its new home."""

from __future__ import annotations

import importlib
import subprocess
import sys
import warnings

import pytest

MOVED = [
    ("envfactory_gym.answers", "envfactory_gym.reward.answers", "AnswerKey"),
    ("envfactory_gym.outcomes", "envfactory_gym.reward.outcomes", "report_facts"),
    ("envfactory_gym.renderings", "envfactory_gym.reward.renderings", "canonical_text"),
    ("envfactory_gym.soundness", "envfactory_gym.verify.soundness", "check_env"),
    ("envfactory_gym.bench", "envfactory_gym.benchmark_envs", "register_bench_envs"),
    ("envfactory_gym.bench.common", "envfactory_gym.benchmark_envs.common", "BenchEnv"),
]


@pytest.mark.parametrize(("old", "new", "name"), MOVED, ids=[m[0] for m in MOVED])
def test_an_old_import_warns_and_gives_the_same_objects(old: str, new: str, name: str) -> None:
    # A fresh interpreter: the warning is raised on the first import only.
    code = (f"import warnings; warnings.simplefilter('error', DeprecationWarning)\n"
            f"try:\n    import {old}\nexcept DeprecationWarning as w:\n    print('warned:', w)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert "warned:" in out.stdout and new.rsplit(".", 1)[0] in out.stdout, out.stdout + out.stderr
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        old_module = importlib.import_module(old)
    new_module = importlib.import_module(new)
    assert getattr(old_module, name) is getattr(new_module, name)


def test_reward_keeps_its_public_names() -> None:
    from envfactory_gym.reward import CompositeReward, RewardConfig, needed_facts, score_episode

    assert callable(score_episode) and callable(needed_facts) and RewardConfig().tau >= 0 and CompositeReward
