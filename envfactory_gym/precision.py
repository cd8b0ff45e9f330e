"""Model weight precision: the dtype a model loads in on a device, and whether a CPU runs bfloat16 natively."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from envfactory_gym.errors import UnknownDtypeError, suggest

#: The ``--dtype`` choices of the model agents and the trainers.
DTYPES = ("auto", "float32", "bfloat16", "float16")


@functools.cache
def cpu_has_native_bf16(cpuinfo: str = "/proc/cpuinfo") -> bool:
    """Whether the CPU has bfloat16 matrix instructions (AVX512-BF16 or AMX), where bf16 runs several times faster.

    Without them, bfloat16 on a CPU is emulated and slower than float32.
    """
    try:
        text = Path(cpuinfo).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    flags = next((line.split(":", 1)[1].split() for line in text.splitlines() if line.startswith("flags")), [])
    return "avx512_bf16" in flags or "amx_bf16" in flags


def resolve_dtype(name: str, device: str) -> Any:
    """The ``dtype`` for ``from_pretrained``: ``auto`` is float32 on a CPU and the checkpoint's own on a GPU."""
    import torch

    if name not in DTYPES:
        raise UnknownDtypeError(name, DTYPES, f"unknown dtype {name!r}:{suggest(name, DTYPES)} choose one of "
                                              f"{', '.join(DTYPES)}")
    if name == "auto":
        return torch.float32 if device == "cpu" else "auto"
    return getattr(torch, name)


def fastest_dtype(device: str) -> str:
    """bfloat16 on a GPU or a CPU that runs it natively, else float32 (the benchmarks' default)."""
    return "bfloat16" if device != "cpu" or cpu_has_native_bf16() else "float32"


#: The OpenMP setting :func:`passive_thread_wait` applies.
OMP_WAIT_VAR = "OMP_WAIT_POLICY"
#: Up to this many cores, torch's threads sleep when they wait (measured: no cost on 2 idle cores).
SMALL_MACHINE_CORES = 4


def passive_thread_wait() -> bool:
    """On a small or busy machine, make torch's CPU threads sleep while they wait for one another instead of
    spinning (``OMP_WAIT_POLICY=PASSIVE``); returns whether the policy is passive for this process.

    An OpenMP thread that finishes its share of an operation spins until the others finish. When other
    processes use the same cores, a spinning thread holds a core that a descheduled sibling needs, and each of
    the thousands of operations of a training step waits for the slowest. Measured for one SmolLM2-sized
    forward and backward pass on 620 tokens (torch, 2 threads on 2 cores with 3 busy processes on them):
    43-44 s per step spinning, 9.9-10.2 s sleeping, 10.0-10.5 s on one thread; on 2 idle cores 2.7-2.9 s
    either way; on 16 idle cores sleeping threads took 1.1-1.2 s against 0.8-1.0 s, so larger idle machines
    keep the default. Applies on machines of at most :data:`SMALL_MACHINE_CORES` cores or whose load average
    is at least half their cores; a value already in the environment is kept. Only effective before torch is
    first imported.
    """
    import os
    import sys

    if OMP_WAIT_VAR not in os.environ and "torch" not in sys.modules:
        cores = os.cpu_count() or 1
        try:
            busy = os.getloadavg()[0] >= cores / 2
        except OSError:
            busy = False
        if cores <= SMALL_MACHINE_CORES or busy:
            os.environ[OMP_WAIT_VAR] = "PASSIVE"
    return os.environ.get(OMP_WAIT_VAR, "").upper() == "PASSIVE"
