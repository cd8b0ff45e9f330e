"""Which registered environments the per-environment suites run: every authored one and a seeded few compiled ones.

The compiled tier is large and its environments share one generator, so the heavy suites (env checker, vector
envs, fuzzing, soundness, row overlays) take a fixed sample of it; every compiled environment still runs its own
tests and ``tests/test_compiled_envs.py``. ``ENVFACTORY_TEST_COMPILED=all`` runs the heavy suites on all of them.
"""

from __future__ import annotations

import os
import random

import envfactory_gym

AUTHORED = envfactory_gym.registered_env_ids(compiled=False)
COMPILED = envfactory_gym.registered_env_ids(compiled=True)
#: Compiled environments the heavy suites run (seeded, so that a failure reproduces).
SAMPLE = 3
COMPILED_SAMPLE = COMPILED if os.environ.get("ENVFACTORY_TEST_COMPILED") == "all" else sorted(
    random.Random(0).sample(COMPILED, min(SAMPLE, len(COMPILED))))
SUITE_IDS = sorted(AUTHORED + COMPILED_SAMPLE)
