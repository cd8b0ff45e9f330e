"""QueryGen: turn a verified environment into many verifiable episodes (tool graph, sampler, refiner, reports)."""

from envfactory_gym.querygen.graph import ToolGraph
from envfactory_gym.querygen.refine import leaked_identifiers, refine_task
from envfactory_gym.querygen.sampler import TaskSampler

__all__ = ["TaskSampler", "ToolGraph", "leaked_identifiers", "refine_task"]
