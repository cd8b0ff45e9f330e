"""Shared fixtures of the QueryGen tests: the retail package, its tool graph and one sampled task set."""

from __future__ import annotations

import pytest

import envfactory_gym
from envfactory_gym.querygen.graph import ToolGraph
from envfactory_gym.querygen.sampler import TaskSampler
from envfactory_gym.registration import get_package
from envfactory_gym.tasks import Task

RETAIL_ID = "EnvFactory/retail-v0"
SAMPLE_SIZE = 60


@pytest.fixture(scope="session")
def retail():
    assert RETAIL_ID in envfactory_gym.registered_env_ids()
    return get_package(RETAIL_ID)


@pytest.fixture(scope="session")
def retail_graph(retail) -> ToolGraph:
    return ToolGraph.from_package(retail)


@pytest.fixture(scope="session")
def sampled(retail, retail_graph) -> list[Task]:
    return TaskSampler(retail, seed=0, graph=retail_graph).sample(SAMPLE_SIZE)
