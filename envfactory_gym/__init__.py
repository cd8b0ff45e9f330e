"""envfactory-gym: verified, stateful tool environments as Gymnasium environments for agentic RL."""

from envfactory_gym.database import Database
from envfactory_gym.errors import ToolError
from envfactory_gym.tools import tool

__version__ = "0.1.0"
__all__ = ["Database", "ToolError", "tool", "__version__"]
