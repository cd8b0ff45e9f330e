"""Tools of this composite: every member's own tools, run against the member's tables here."""

from envfactory_gym.composite import member_tools

globals().update(member_tools(__file__))
