"""The authoring kit: a working skeleton environment to start from (``envfactory new``)."""

from envfactory_gym.authoring.skeleton import new_environment

__all__ = ["new_environment"]
