"""Shared fixtures: the small library environment used by the core tests."""

from __future__ import annotations

from pathlib import Path

import gymnasium as gym
import pytest

import envfactory_gym

FIXTURES = Path(__file__).parent / "fixtures"
LIBRARY_DIR = FIXTURES / "library"
LIBRARY_ID = envfactory_gym.register_env_dir(LIBRARY_DIR, allow_unverified=True)


@pytest.fixture
def library_env():
    env = gym.make(LIBRARY_ID)
    yield env
    env.close()


@pytest.fixture
def library_package():
    return envfactory_gym.get_package(LIBRARY_ID)
