"""Test helpers for users of envfactory-gym: an environment folder under test and a local OpenAI-compatible server."""

from envfactory_gym.testing.envtest import EnvUnderTest
from envfactory_gym.testing.replay_server import ReplayServer

__all__ = ["EnvUnderTest", "ReplayServer"]
