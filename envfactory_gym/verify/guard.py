"""An audit-hook guard for sandboxed children: no sockets, no writes outside allowed folders, bounded processes.

Standalone on purpose: it imports nothing of the package, so it can be loaded before the package is.
"""

from __future__ import annotations

import json
import os
import socket
import sys
from collections.abc import Sequence
from typing import Any

#: The environment variable that carries the guard's settings into every Python process of a sandbox.
GUARD_ENV = "ENVFACTORY_SANDBOX_GUARD"
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
_ALWAYS_WRITABLE = ("/dev/null", "/dev/shm", "/dev/tty", "/dev/stdout", "/dev/stderr", "/proc/self/fd")
_SPAWN_EVENTS = {"os.fork", "os.forkpty", "os.system", "os.posix_spawn", "os.spawn", "subprocess.Popen", "os.exec"}


class SandboxViolation(PermissionError):
    """What the guard raises when sandboxed code does something it may not do."""


class _Guard:
    def __init__(self, writable: Sequence[str], processes: int) -> None:
        self.writable = tuple(os.path.realpath(p) for p in writable)
        self.processes = processes
        self.started = 0
        self.forked_child = False
        self.active = True

    def allowed_path(self, path: Any) -> bool:
        if isinstance(path, int):
            return True
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        real = os.path.realpath(os.fspath(path))
        if real.startswith(_ALWAYS_WRITABLE):
            return True
        return any(real == d or real.startswith(d + os.sep) for d in self.writable)

    def __call__(self, event: str, args: tuple[Any, ...]) -> None:
        if not self.active:
            return
        if event == "open":
            path, mode, flags = args
            writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or \
                (isinstance(flags, int) and flags & _WRITE_FLAGS)
            if writing and path is not None and not self.allowed_path(path):
                raise SandboxViolation(f"sandbox: writing {path!r} outside the environment's private folder")
        elif event in ("os.remove", "os.unlink", "os.rmdir", "os.mkdir", "os.rename", "os.replace",
                       "shutil.rmtree", "os.truncate", "os.chmod", "os.symlink", "os.link"):
            paths = [a for a in args[:2] if isinstance(a, (str, bytes, os.PathLike))]
            for p in paths:
                if not self.allowed_path(p):
                    raise SandboxViolation(f"sandbox: {event} on {p!r} outside the environment's private folder")
        elif event == "socket.__new__":
            family = args[1] if len(args) > 1 else None
            if family not in (socket.AF_UNIX, -1, None) and family != getattr(socket, "AF_UNIX", 1):
                raise SandboxViolation("sandbox: network access is not allowed (socket refused)")
        elif event in ("socket.connect", "socket.bind", "socket.sendto", "socket.getaddrinfo"):
            if event == "socket.getaddrinfo" or (len(args) > 1 and not isinstance(args[1], (str, bytes))):
                raise SandboxViolation(f"sandbox: network access is not allowed ({event} refused)")
        elif event in _SPAWN_EVENTS:
            if self.forked_child and event != "os.exec":
                raise SandboxViolation("sandbox: a forked child may not start further processes")
            if event != "os.exec":
                self.started += 1
                if self.started > self.processes:
                    raise SandboxViolation(f"sandbox: more than {self.processes} process starts refused")


_guard: _Guard | None = None


def install(writable: Sequence[str], processes: int = 32) -> None:
    """Install the guard in this process (once; an audit hook cannot be removed)."""
    global _guard
    if _guard is not None:
        return
    _guard = _Guard(writable, processes)
    sys.addaudithook(_guard)

    def _mark_child() -> None:
        if _guard is not None:
            _guard.forked_child = True

    os.register_at_fork(after_in_child=_mark_child)


def install_from_env() -> None:
    """Install the guard from the sandbox's environment variable, if it is set (called by ``sitecustomize``)."""
    raw = os.environ.get(GUARD_ENV)
    if not raw:
        return
    config = json.loads(raw)
    install(config.get("writable", []), int(config.get("processes", 32)))
