"""Deprecated home of :mod:`envfactory_gym.reward.answers`: importing it warns and gives that module."""

import sys
import warnings

from envfactory_gym.reward import answers as _module

warnings.warn("envfactory_gym.answers moved to envfactory_gym.reward.answers; import it from there",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _module
