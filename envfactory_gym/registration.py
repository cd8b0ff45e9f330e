"""Discover environment folders and register each verified one as ``EnvFactory/<name>-v<version>``."""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterable
from pathlib import Path

import gymnasium as gym

from envfactory_gym.errors import EnvFactoryError, EnvFormatError, suggest
from envfactory_gym.package import EnvPackage, load_package

NAMESPACE = "EnvFactory"
#: Extra folders of environments (``os.pathsep``-separated), registered at import.
ENV_PATH_VAR = "ENVFACTORY_ENV_PATH"
ENTRY_POINT = "envfactory_gym.env:ToolUseEnv"

_registered: dict[str, Path] = {}


def shipped_envs_dir() -> Path:
    """The folder of environments shipped with the package."""
    try:
        from envfactory_gym import generated_envs

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


def register_env_dir(path: str | os.PathLike[str], *, allow_unverified: bool = False) -> str:
    """Check one environment folder and register it; return its env id.

    Raises:
        EnvFormatError: the folder is malformed (the message names the file and the problem), or it is not
            verified and ``allow_unverified`` is False. Nothing is registered in that case.
    """
    package = load_package(path)
    if not package.manifest.verified and not allow_unverified:
        raise EnvFormatError(package.path / "manifest.json", "environment is not verified (\"verified\": false)")
    env_id = package.env_id
    previous = _registered.get(env_id)
    if previous is not None and previous != package.path:
        raise EnvFormatError(package.path, f"{env_id} is already registered from {previous}")
    if env_id not in gym.registry:
        gym.register(
            id=env_id,
            entry_point=ENTRY_POINT,
            kwargs={"env_dir": str(package.path)},
            disable_env_checker=False,
        )
    _registered[env_id] = package.path
    return env_id


def register_envs(paths: Iterable[str | os.PathLike[str]] | None = None, *, strict: bool = False) -> list[str]:
    """Register every verified environment found in ``paths`` (default: shipped + ``$ENVFACTORY_ENV_PATH``).

    A malformed folder is skipped with a warning naming the file and the problem (raised when ``strict``);
    unverified folders are skipped silently.
    """
    if paths is None:
        extra = [p for p in os.environ.get(ENV_PATH_VAR, "").split(os.pathsep) if p]
        paths = [shipped_envs_dir(), *extra]
    ids = []
    for root in paths:
        for folder in discover(root):
            try:
                ids.append(register_env_dir(folder))
            except EnvFormatError as exc:
                if strict:
                    raise
                if "not verified" not in exc.problem:
                    warnings.warn(f"skipping environment folder: {exc}", stacklevel=2)
    return ids


def registered_env_ids() -> list[str]:
    """Ids of the environments registered so far, sorted."""
    return sorted(_registered)


def get_package(env_id: str) -> EnvPackage:
    """The :class:`EnvPackage` behind a registered env id (``EnvFactory/`` prefix optional)."""
    if "/" not in env_id:
        env_id = f"{NAMESPACE}/{env_id}"
    if ":" in env_id:
        env_id = env_id.split(":", 1)[1]
    if env_id not in _registered:
        raise EnvFactoryError(f"no registered environment {env_id!r}.{suggest(env_id, _registered)} "
                              f"Registered: {', '.join(sorted(_registered)) or 'none'}")
    return load_package(_registered[env_id])
