"""Deprecated home of :mod:`envfactory_gym.reward.outcomes`: importing it warns and gives that module."""

import sys
import warnings

from envfactory_gym.reward import outcomes as _module

warnings.warn("envfactory_gym.outcomes moved to envfactory_gym.reward.outcomes; import it from there",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _module
