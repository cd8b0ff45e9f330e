"""Ray, imported only when a Ray backend runs: the cluster session and the env registrations actors replay."""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from envfactory_gym.errors import ClusterError, MissingDependencyError, UnknownBackendError, UsageError

INSTALL_HINT = 'pip install "envfactory-gym[ray]"'
#: Object store of a cluster started here: episodes and observations are small, so a small store is enough.
OBJECT_STORE_BYTES = 100 * 1024 * 1024
BACKENDS = ("local", "ray")


def require_ray() -> ModuleType:
    """The ``ray`` module, or a one-line error saying how to install it."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise MissingDependencyError(f"the ray backend needs ray, which is not installed: {INSTALL_HINT}",
                                     package="ray", extra="ray") from None


def check_backend(backend: str) -> str:
    """``backend`` if it is ``local`` or ``ray``, else a one-line error."""
    if backend not in BACKENDS:
        raise UnknownBackendError(backend, BACKENDS)
    return backend


@contextmanager
def ray_session(address: str | None = None, num_cpus: int | None = None) -> Iterator[ModuleType]:
    """Use the Ray cluster this process is connected to, connect to ``address``, or start a local one.

    A cluster started (or connected to) here is shut down (or disconnected from) on exit; one the caller
    started is left as it is. A local cluster gets ``num_cpus`` CPUs, no dashboard, a small object store and
    no worker logs on the driver's terminal.
    """
    ray = require_ray()
    if ray.is_initialized():
        yield ray
        return
    if address:
        check_address(address)
    try:
        if address:
            ray.init(address=address, log_to_driver=False, logging_level="WARNING")
        else:
            ray.init(num_cpus=num_cpus, include_dashboard=False, object_store_memory=OBJECT_STORE_BYTES,
                     log_to_driver=False, logging_level="WARNING")
    except (ConnectionError, ValueError, RuntimeError) as exc:
        where = f"the Ray cluster at {address!r}" if address else "a local Ray cluster"
        raise ClusterError(f"could not start or reach {where}: {str(exc).splitlines()[0]}") from None
    try:
        yield ray
    finally:
        ray.shutdown()


def check_address(address: str, timeout_s: float = 5.0) -> None:
    """Fail in seconds, with one line, on a ``HOST:PORT`` nothing listens on (Ray itself retries for minutes)."""
    import socket

    if address == "auto" or "://" in address:
        return
    host, sep, port = address.rpartition(":")
    if not sep or not port.isdigit():
        raise UsageError(f"Ray address {address!r}: expected HOST:PORT of a Ray head node, or auto")
    try:
        socket.create_connection((host or "127.0.0.1", int(port)), timeout=timeout_s).close()
    except OSError as exc:
        raise ClusterError(f"no Ray cluster answers at {address!r}: {exc.strerror or exc}") from None


@dataclass(frozen=True)
class Registration:
    """How a worker process registers an env id the driver uses: its folder, and whether it is verified."""

    env_id: str
    path: str
    verified: bool


def registrations(env_ids: Iterable[str]) -> list[Registration]:
    """The registrations behind ``env_ids`` (envs registered with ``allow_unverified`` stay so on workers).

    Only envs registered from a folder have one; others (registered in gymnasium by code the workers import
    too) are left to that code.
    """
    from envfactory_gym.registration import get_package, registered_env_ids, resolve_env_id, verified_date

    folders = set(registered_env_ids())
    out = []
    for env_id in dict.fromkeys(resolve_env_id(e) for e in env_ids):
        if env_id in folders:
            out.append(Registration(env_id, str(get_package(env_id).path), verified_date(env_id) is not None))
    return out


def apply_registrations(regs: Iterable[Registration]) -> None:
    """Register, in this process, every env of ``regs`` it does not know yet (a worker's first act)."""
    import envfactory_gym
    from envfactory_gym.registration import registered_env_ids

    known = set(registered_env_ids())
    for reg in regs:
        if reg.env_id not in known:
            envfactory_gym.register_env_dir(reg.path, allow_unverified=not reg.verified)


def is_actor_death(exc: BaseException) -> bool:
    """True for the errors Ray raises when the actor that ran a call has died (crash, kill, lost node)."""
    ray = require_ray()
    return isinstance(exc, ray.exceptions.RayActorError | ray.exceptions.WorkerCrashedError)


def kill_quietly(actor: Any) -> None:
    """Kill an actor for good (no restart); an actor that is already gone is fine."""
    ray = require_ray()
    try:
        ray.kill(actor, no_restart=True)
    except Exception:  # noqa: BLE001  (already dead or never started: nothing to free)
        pass
