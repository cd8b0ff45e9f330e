"""DuckDB state: a process-wide instance, a template catalog per environment, an isolated catalog per env."""

from envfactory_gym.database.connection import canonical, keep_if_forked, shared_connection
from envfactory_gym.database.diff import StateDiff
from envfactory_gym.database.handle import Database
from envfactory_gym.database.state import DuckDBState
from envfactory_gym.database.template import TableInfo, Template

__all__ = ["Database", "DuckDBState", "StateDiff", "TableInfo", "Template", "canonical", "keep_if_forked",
           "shared_connection"]
