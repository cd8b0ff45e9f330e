"""QueryGen: turn a verified environment into many verifiable episodes (tool graph, sampler, refiner, reports)."""

from envfactory_gym.querygen.checks import leaked_identifiers
from envfactory_gym.querygen.graph import ToolGraph
from envfactory_gym.querygen.refine import refine_task
from envfactory_gym.querygen.sampler import TaskSampler
from envfactory_gym.querygen.spec import QueryGenSpec, load_declarations

__all__ = ["QueryGenSpec", "TaskSampler", "ToolGraph", "leaked_identifiers", "load_declarations", "refine_task"]
