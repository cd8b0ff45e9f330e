"""Deprecated home of :mod:`envfactory_gym.benchmark_envs`: importing it (or a module under it) warns and gives
the module of the new home, the same object, so classes and registrations stay one."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import warnings
from types import ModuleType
from typing import Any

from envfactory_gym import benchmark_envs as _module

_OLD, _NEW = "envfactory_gym.bench", "envfactory_gym.benchmark_envs"
warnings.warn(f"{_OLD} moved to {_NEW}; import it from there", DeprecationWarning, stacklevel=2)


class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``envfactory_gym.bench.X`` as the already-importable ``envfactory_gym.benchmark_envs.X``."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        if not fullname.startswith(_OLD + "."):
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: Any) -> ModuleType:
        return importlib.import_module(_NEW + spec.name[len(_OLD):])

    def exec_module(self, module: ModuleType) -> None:
        pass  # imported under its new name already


if not any(isinstance(f, _Alias) for f in sys.meta_path):
    sys.meta_path.insert(0, _Alias())
sys.modules[__name__] = _module
