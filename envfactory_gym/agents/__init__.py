"""Agents that drive envfactory-gym environments through ``gym.make`` (torch-backed ones load lazily by name)."""

from envfactory_gym.agents.base import Agent
from envfactory_gym.agents.openai_agent import OpenAIAgent
from envfactory_gym.agents.oracle import OracleAgent
from envfactory_gym.agents.random_agent import RandomAgent
from envfactory_gym.agents.registry import AGENTS, make_agent

__all__ = ["AGENTS", "Agent", "OpenAIAgent", "OracleAgent", "RandomAgent", "make_agent"]
