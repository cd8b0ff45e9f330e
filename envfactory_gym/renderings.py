"""Deprecated home of :mod:`envfactory_gym.reward.renderings`: importing it warns and gives that module."""

import sys
import warnings

from envfactory_gym.reward import renderings as _module

warnings.warn("envfactory_gym.renderings moved to envfactory_gym.reward.renderings; import it from there",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _module
