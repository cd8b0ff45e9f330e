"""Deprecated home of :mod:`envfactory_gym.verify.soundness`: importing it warns and gives that module."""

import sys
import warnings

from envfactory_gym.verify import soundness as _module

warnings.warn("envfactory_gym.soundness moved to envfactory_gym.verify.soundness; import it from there",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _module
