"""Test helpers for users of envfactory-gym: a local OpenAI-compatible replay server."""

from envfactory_gym.testing.replay_server import ReplayServer

__all__ = ["ReplayServer"]
