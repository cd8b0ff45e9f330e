"""Composite environments: one conversation, clock and user across several catalog environments."""

from envfactory_gym.composite.build import compose
from envfactory_gym.composite.members import MemberDatabase, member_tools
from envfactory_gym.composite.spec import CompositeSpec, Member, load_spec
from envfactory_gym.composite.sql import prefix_tables

__all__ = ["CompositeSpec", "Member", "MemberDatabase", "compose", "load_spec", "member_tools", "prefix_tables"]
