"""The optional extras of envfactory-gym: the modules each one brings, and a one-line check before work needs them."""

from __future__ import annotations

import importlib.util

from envfactory_gym.errors import MissingDependencyError

#: extra -> the modules it installs that code paths import (module name, PyPI name).
EXTRAS: dict[str, tuple[tuple[str, str], ...]] = {
    "verify": (("pytest", "pytest"), ("coverage", "coverage")),
    "author": (("faker", "faker"), ("inflect", "inflect")),
}


def missing_modules(extra: str) -> list[str]:
    """The PyPI names of the ``extra``'s modules that this interpreter cannot import (found without importing)."""
    missing = []
    for module, package in EXTRAS[extra]:
        try:
            found = importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            missing.append(package)
    return missing


def require_extra(extra: str, what: str) -> None:
    """Raise one line naming what is missing and the install command when ``extra`` is not fully installed.

    ``what`` says who needs it, e.g. ``"the verification gate (its tests check)"``.
    """
    missing = missing_modules(extra)
    if missing:
        raise MissingDependencyError(f"{what} needs {' and '.join(missing)}, not installed here: "
                                     f"pip install \"envfactory-gym[{extra}]\" "
                                     f"(in a clone: pip install -e \".[{extra}]\")", package=missing, extra=extra)
