"""Adapters for RL trainers (verl, SkyRL, verifiers/prime-rl, OpenRLHF) over one core; each imports its trainer lazily.

Public face:

- :class:`~envfactory_gym.integrations.core.Rollout`, :func:`~envfactory_gym.integrations.core.route`: one env
  per rollout, routed from a dataset row (``env_id``, ``task_id``), stepped by model output;
- ``integrations.verl.EnvFactoryAgentLoop`` (``agent_name: envfactory_gym``),
  ``integrations.skyrl.register()`` / ``EnvFactoryTextEnv`` (``env_class: envfactory``),
  ``integrations.verifiers.load_environment()``, ``integrations.openrlhf.AgentInstance`` / ``AgentExecutor``;
- :func:`~envfactory_gym.integrations.export.export_rl`: the task rows of every trainer
  (``envfactory tasks export-rl --format verl|skyrl|verifiers|openrlhf``).
"""

from envfactory_gym.integrations.core import FINISH_MESSAGE, Rollout, StepOutcome, TaskRef, route
from envfactory_gym.integrations.export import FORMATS, export_rl, task_rows

__all__ = ["FINISH_MESSAGE", "FORMATS", "Rollout", "StepOutcome", "TaskRef", "export_rl", "route", "task_rows"]
