"""The authoring kit: a skeleton to start from (``envfactory new``), tool helpers, a seed writer and a task builder."""

from envfactory_gym.authoring.skeleton import new_environment

__all__ = ["new_environment"]
