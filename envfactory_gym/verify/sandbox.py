"""Run unverified environment code in a child process with CPU, memory, process, time and network limits."""

from __future__ import annotations

import ctypes
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from envfactory_gym.verify.guard import GUARD_ENV

_CLONE_NEWNET = 0x40000000
_CLONE_NEWUSER = 0x10000000


@dataclass(frozen=True)
class Limits:
    """What a sandboxed child may use."""

    cpu_s: int = 300
    memory_mb: int = 6144
    wall_s: float = 600.0
    processes: int = 64
    file_mb: int = 512

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class SandboxResult:
    """How a sandboxed child ended and what it printed."""

    returncode: int
    stdout: str
    stderr: str
    wall_s: float
    network: str
    timed_out: bool = False
    signal_name: str | None = None
    limits: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.returncode == 0 and not self.timed_out

    def reason(self) -> str:
        """One line saying why the child failed (empty when it did not)."""
        if self.timed_out:
            return f"ran past the wall-clock limit of {self.limits.get('wall_s')} s and was killed"
        if self.signal_name == "SIGXCPU" or self.signal_name == "SIGKILL" and "cpu" in self.stderr.lower():
            return f"used more than the CPU-time limit of {self.limits.get('cpu_s')} s"
        if self.signal_name:
            return f"was killed by {self.signal_name}"
        if self.returncode != 0:
            tail = [ln for ln in self.stderr.strip().splitlines() if ln.strip()]
            last = tail[-1] if tail else "no error output"
            if "MemoryError" in self.stderr or "Cannot allocate memory" in self.stderr or \
                    "std::bad_alloc" in self.stderr or "Out of Memory" in self.stderr:
                return f"ran out of its memory limit of {self.limits.get('memory_mb')} MB ({last[:200]})"
            return f"exited with status {self.returncode}: {last[:300]}"
        return ""


def _libc() -> ctypes.CDLL | None:
    try:
        return ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None


def network_isolation() -> str:
    """``"namespace"`` where a child can get its own empty network namespace here, else ``"socket-guard"``."""
    probe = [sys.executable, "-c", "import socket; socket.socket().close()"]
    try:
        proc = subprocess.run(probe, preexec_fn=lambda: _enter_netns(strict=True), capture_output=True, timeout=30)
    except (subprocess.SubprocessError, OSError):
        return "socket-guard"
    return "namespace" if proc.returncode == 0 else "socket-guard"


def _enter_netns(strict: bool = False) -> bool:
    # A new user namespace as well: there root loses its exemption from the process limit.
    libc = _libc()
    if libc is None:
        if strict:
            raise OSError("no libc")
        return False
    for flags in (_CLONE_NEWUSER | _CLONE_NEWNET, _CLONE_NEWNET):
        if libc.unshare(flags) == 0:
            return True
    if strict:
        raise OSError(ctypes.get_errno(), "unshare failed")
    return False


def _preexec(limits: Limits, want_netns: bool, workdir: str) -> None:
    os.setsid()
    if want_netns:
        _enter_netns()
    mem = limits.memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu_s, limits.cpu_s + 5))
    resource.setrlimit(resource.RLIMIT_AS, (mem, mem))
    resource.setrlimit(resource.RLIMIT_FSIZE, (limits.file_mb * 1024 * 1024,) * 2)
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    # The process limit counts every process of the real user: allow the ones running now plus the budget.
    running = sum(1 for p in os.listdir("/proc") if p.isdigit())
    resource.setrlimit(resource.RLIMIT_NPROC, (running + limits.processes,) * 2)
    os.chdir(workdir)


def private_dir(prefix: str = "envfactory-sandbox-") -> Path:
    """A fresh temporary folder the sandboxed child can write to."""
    return Path(tempfile.mkdtemp(prefix=prefix))


def run_python(args: Sequence[str], workdir: Path, limits: Limits = Limits(), *,
               allowed_write_dirs: Sequence[Path] = (), env: Mapping[str, str] | None = None,
               network: str | None = None) -> SandboxResult:
    """Run ``python ARGS`` in ``workdir`` under ``limits``; the child's Python code also runs under the guard.

    The guard (``envfactory_gym.verify.guard``, installed by ``sitecustomize`` in every Python process of the
    child, its subprocesses included) refuses sockets, writes outside ``workdir`` and ``allowed_write_dirs``,
    and more process starts than the limit allows.
    """
    network = network or network_isolation()
    guard_dir = Path(tempfile.mkdtemp(prefix="envfactory-guard-"))
    (guard_dir / "sitecustomize.py").write_text(
        "import importlib.util as _u\n"
        f"_s = _u.spec_from_file_location('envfactory_sandbox_guard', {str(Path(__file__).with_name('guard.py'))!r})\n"
        "_m = _u.module_from_spec(_s)\n_s.loader.exec_module(_m)\n_m.install_from_env()\n", encoding="utf-8")
    package_root = str(Path(__file__).resolve().parents[2])
    child_env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "HF_TOKEN", "AWS_"))}
    child_env.update(env or {})
    tmp = str(workdir)
    writable = [str(Path(workdir).resolve()), *(str(Path(p).resolve()) for p in allowed_write_dirs)]
    child_env.update({
        "PYTHONPATH": os.pathsep.join([str(guard_dir), package_root, child_env.get("PYTHONPATH", "")]).rstrip(
            os.pathsep),
        "TMPDIR": tmp, "HOME": tmp, "PYTHONDONTWRITEBYTECODE": "1", "MPLCONFIGDIR": tmp,
        "OMP_NUM_THREADS": child_env.get("OMP_NUM_THREADS", "1"),
        GUARD_ENV: json.dumps({"writable": writable, "processes": limits.processes}),
    })
    start = time.monotonic()
    proc = subprocess.Popen([sys.executable, *args], cwd=str(workdir), env=child_env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: _preexec(limits, network == "namespace", str(workdir)))
    timed_out = False
    try:
        out, err = proc.communicate(timeout=limits.wall_s)
    except subprocess.TimeoutExpired:
        timed_out = True
        _kill_group(proc.pid)
        out, err = proc.communicate()
    finally:
        _kill_group(proc.pid)  # whatever the child left running
        shutil.rmtree(guard_dir, ignore_errors=True)
    rc = proc.returncode
    sig = signal.Signals(-rc).name if rc is not None and rc < 0 else None
    return SandboxResult(rc if rc is not None else -9, out or "", err or "", time.monotonic() - start, network,
                         timed_out, sig, limits.as_dict())


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
