"""envfactory-gym: verified, stateful tool environments as Gymnasium environments for agentic RL."""

from envfactory_gym import vector as _vector  # noqa: F401  (registers shared-memory support)
from envfactory_gym.chat import render_chat
from envfactory_gym.database import Database, DuckDBState, StateDiff
from envfactory_gym.env import ToolUseEnv
from envfactory_gym.errors import EnvFactoryError, EnvFormatError, ToolError
from envfactory_gym.package import EnvPackage
from envfactory_gym.registration import get_package, register_env_dir, register_envs, registered_env_ids
from envfactory_gym.reward import CompositeReward, RewardBreakdown, RewardConfig
from envfactory_gym.tasks import GoldCall, Task, UserFact
from envfactory_gym.tools import tool
from envfactory_gym.user import STOP_TOKEN, ScriptedUser, UserSimulator

__version__ = "0.1.0"
__all__ = [
    "STOP_TOKEN", "CompositeReward", "Database", "DuckDBState", "EnvFactoryError", "EnvFormatError",
    "EnvPackage", "GoldCall", "RewardBreakdown", "RewardConfig", "ScriptedUser", "StateDiff", "Task",
    "ToolError", "ToolUseEnv", "UserFact", "UserSimulator", "__version__", "get_package", "register_env_dir",
    "register_envs", "registered_env_ids", "render_chat", "tool",
]

register_envs()

from envfactory_gym import benchmark_envs as _benchmark_envs  # noqa: E402,F401  (registers Bench/* when their backends are installed)
