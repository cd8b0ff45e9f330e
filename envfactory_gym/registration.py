"""Discover environment folders and register each verified one as ``EnvFactory/<name>-v<version>``."""

from __future__ import annotations

import difflib
import os
import warnings
from collections.abc import Iterable
from pathlib import Path

import gymnasium as gym

from envfactory_gym.errors import (
    EnvFormatError,
    EnvNotVerifiedError,
    MissingDependencyError,
    UnknownEnvError,
    UsageError,
)
from envfactory_gym.package import EnvPackage, load_package

NAMESPACE = "EnvFactory"
#: Extra folders of environments (``os.pathsep``-separated), registered at import.
ENV_PATH_VAR = "ENVFACTORY_ENV_PATH"
ENTRY_POINT = "envfactory_gym.env:ToolUseEnv"

#: Set to 0 to register nothing at import (the gate's sandboxed children do).
REGISTER_VAR = "ENVFACTORY_REGISTER"

_registered: dict[str, Path] = {}
_unverified: dict[str, tuple[Path, str]] = {}
_problems: dict[Path, str] = {}
_dates: dict[str, str | None] = {}
#: Envs registered without an environment folder (the public benchmarks of ``envfactory_gym.benchmark_envs``).
_external: dict[str, str] = {}
#: Known env ids that cannot be made here (a benchmark whose package is not installed) -> what to install.
_unavailable: dict[str, str] = {}


def shipped_envs_dir() -> Path:
    """The folder of environments shipped with the package."""
    try:
        # setup.cfg's package_dir maps generated_envs/ in; mypy checks the source tree, where it is not a subpackage.
        from envfactory_gym import generated_envs  # type: ignore[attr-defined]

        return Path(next(iter(generated_envs.__path__)))
    except ImportError:  # running from a source checkout that is not installed
        return Path(__file__).resolve().parent.parent / "generated_envs"


def discover(root: str | os.PathLike[str]) -> list[Path]:
    """Environment folders under ``root`` (``root`` itself if it is one): those with a ``manifest.json``."""
    root = Path(root)
    if (root / "manifest.json").is_file():
        return [root]
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if p.is_dir() and (p / "manifest.json").is_file())


def register_env_dir(path: str | os.PathLike[str], *, allow_unverified: bool = False, replace: bool = False) -> str:
    """Register one environment folder and return its env id.

    A folder is registered when its ``verification.json`` passed and vouches for the files as they are now
    (see ``envfactory verify``). With ``allow_unverified`` (for authors), an unverified folder is registered after
    a full load (schema, seed, tools, every gold trajectory), so a broken folder is never half-registered.
    ``replace`` lets this folder take over an id another folder registered (the gate's private copy of a folder
    whose name a catalog environment already has).

    Raises:
        EnvNotVerifiedError: the folder is not verified and ``allow_unverified`` is False.
        EnvFormatError: the folder is malformed (the message names the file and the problem), or another
            folder already registered the same id. Nothing is registered in either case.
    """
    from envfactory_gym.verification import RECORD_FILE, status

    package = load_package(path)
    st = status(package.path)
    if not st.verified:
        if not allow_unverified:
            _unverified[package.env_id] = (package.path, st.reason)
            raise EnvNotVerifiedError(package.path / RECORD_FILE, st.reason)
        package.validate()
    env_id = package.env_id
    previous = _registered.get(env_id)
    if previous is not None and previous != package.path and not replace:
        raise EnvFormatError(package.path, f"{env_id} is already registered from {previous}")
    if env_id not in gym.registry or gym.registry[env_id].kwargs.get("env_dir") != str(package.path):
        gym.register(
            id=env_id,
            entry_point=ENTRY_POINT,
            kwargs={"env_dir": str(package.path)},
            disable_env_checker=False,
        )
    _registered[env_id] = package.path
    _unverified.pop(env_id, None)
    _dates[env_id] = st.date if st.verified else None
    return env_id


def register_envs(paths: Iterable[str | os.PathLike[str]] | None = None, *, strict: bool = False) -> list[str]:
    """Register every verified environment found in ``paths`` (default: shipped + ``$ENVFACTORY_ENV_PATH``).

    A folder that is not registered (unverified, edited since its verification, malformed) is skipped with one
    warning naming the file and the problem (raised when ``strict``), and listed by :func:`registration_problems`.
    Setting ``ENVFACTORY_REGISTER=0`` turns the registration at import off.
    """
    if paths is None:
        if os.environ.get(REGISTER_VAR, "1") == "0":
            return []
        extra = [p for p in os.environ.get(ENV_PATH_VAR, "").split(os.pathsep) if p]
        for p in extra:
            if not Path(p).exists():
                problem = f"{ENV_PATH_VAR} names {p!r}, which does not exist"
                _problems[Path(p)] = problem
                warnings.warn(problem, stacklevel=2)
        paths = [shipped_envs_dir(), *extra]
    ids = []
    for root in paths:
        for folder in discover(root):
            try:
                ids.append(register_env_dir(folder))
            except EnvFormatError as exc:
                if strict:
                    raise
                _problems[folder.resolve()] = str(exc)
                warnings.warn(f"skipping environment folder: {exc}", stacklevel=2)
    return ids


def registration_problems() -> dict[Path, str]:
    """The folders that were found but not registered, with the reason (one line each)."""
    return dict(_problems)


def verified_date(env_id: str) -> str | None:
    """When a registered environment passed the gate (None for one registered with ``allow_unverified``)."""
    return _dates.get(resolve_env_id(env_id))


def register_external_env(env_id: str, note: str = "") -> None:
    """Make an env id registered in gymnasium by other code (no environment folder) known to
    :func:`resolve_env_id`, so that ``envfactory eval --envs`` accepts it."""
    _external[env_id] = note


def register_unavailable_env(env_id: str, hint: str) -> None:
    """Make an env id known that cannot be made in this install (``hint``: what it needs and how to install it),
    so that asking for it says so instead of suggesting another env."""
    _unavailable[env_id] = hint


def external_env_ids() -> list[str]:
    """Ids of the envs registered without an environment folder (benchmarks), sorted."""
    return sorted(_external)


def registered_env_ids(*, compiled: bool | None = None) -> list[str]:
    """Ids of the environments registered so far, sorted; ``compiled=True`` only those compiled from a
    specification (their manifest names a ``source``), ``compiled=False`` only the authored ones."""
    if compiled is None:
        return sorted(_registered)
    return sorted(e for e, path in _registered.items() if (load_package(path).manifest.source is not None) == compiled)


def resolve_env_id(name: str) -> str:
    """The registered env id that ``name`` means: ``retail-v0``, ``EnvFactory/retail-v0`` and
    ``envfactory_gym:EnvFactory/retail-v0`` all give ``EnvFactory/retail-v0``.

    Raises:
        EnvFactoryError: no registered environment has that id (one line, with the nearest registered ids).
    """
    text = str(name).strip()
    env_id = text.rsplit(":", 1)[-1] if ":" in text else text
    known = [*_registered, *_external]
    if "/" not in env_id:
        # A bare name is an EnvFactory env, or the one env of another namespace with that name.
        others = [k for k in _external if k.rsplit("/", 1)[-1].lower() == env_id.lower()]
        env_id = others[0] if f"{NAMESPACE}/{env_id}" not in _registered and len(others) == 1 \
            else f"{NAMESPACE}/{env_id}"
    if env_id in known:
        return env_id
    folded = {k.lower(): k for k in known}
    if env_id.lower() in folded:
        return folded[env_id.lower()]
    for missing, hint in _unavailable.items():
        bare = "/" not in text.rsplit(":", 1)[-1]
        if missing.lower() == env_id.lower() or (bare and missing.rsplit("/", 1)[-1].lower() == text.lower()):
            raise MissingDependencyError(f"{missing} is not installed: it {hint}", package=missing)
    # Compare names without the namespace, which every id shares and which would make any name look close.
    short = {k.rsplit("/", 1)[-1].lower(): k for k in [*known, *_unavailable]}
    near = [short[m] for m in difflib.get_close_matches(env_id.rsplit("/", 1)[-1].lower(), list(short), n=3,
                                                       cutoff=0.6)]
    hint = f" Did you mean {' or '.join(repr(k) for k in near)}?" if near else ""
    if env_id in _unverified:
        folder, reason = _unverified[env_id]
        raise EnvNotVerifiedError(folder, f"{env_id} is not registered: {reason}; authors can load it with "
                                          f"envfactory_gym.register_env_dir({str(folder)!r}, allow_unverified=True)")
    raise UnknownEnvError(text, sorted(known),
                          f"unknown environment {text!r}.{hint} Registered: {', '.join(sorted(known)) or 'none'}")


def get_package(env_id: str) -> EnvPackage:
    """The :class:`EnvPackage` behind a registered env id (any form :func:`resolve_env_id` accepts)."""
    resolved = resolve_env_id(env_id)
    if resolved not in _registered:
        raise UsageError(f"{resolved} is a benchmark env: it has no environment folder")
    return load_package(_registered[resolved])
