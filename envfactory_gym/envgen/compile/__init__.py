"""The offline compiler: an OpenAPI or SQL specification to a verified-format environment, with no model."""

from envfactory_gym.envgen.compile.compiler import compile_digest
from envfactory_gym.envgen.compile.operations import read_openapi
from envfactory_gym.envgen.compile.sql import read_sql

__all__ = ["compile_digest", "read_openapi", "read_sql"]
