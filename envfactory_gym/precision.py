"""Model weight precision: the dtype a model loads in on a device, and whether a CPU runs bfloat16 natively."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from envfactory_gym.errors import EnvFactoryError

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
        raise EnvFactoryError(f"unknown dtype {name!r}: choose one of {', '.join(DTYPES)}")
    if name == "auto":
        return torch.float32 if device == "cpu" else "auto"
    return getattr(torch, name)


def fastest_dtype(device: str) -> str:
    """bfloat16 on a GPU or a CPU that runs it natively, else float32 (the benchmarks' default)."""
    return "bfloat16" if device != "cpu" or cpu_has_native_bf16() else "float32"


#: The OpenMP setting :func:`passive_thread_wait` applies.
OMP_WAIT_VAR = "OMP_WAIT_POLICY"


def passive_thread_wait() -> bool:
    """Make torch's CPU threads sleep while they wait for one another instead of spinning (``OMP_WAIT_POLICY``).

    By default an OpenMP thread that finishes its share of an operation spins, waiting for the others. On a
    machine whose cores other processes also use, a spinning thread holds a core that a descheduled sibling
    needs, and every one of the thousands of operations of a training step waits for the slowest: measured on
    this repository's 2 busy cores, one SmolLM2 SFT step on a 620-token record took 29-75 s (17-23 s of CPU)
    with spinning threads and 12-15 s (6-7 s of CPU) with sleeping ones, against 13-25 s on one thread.
    Only effective before torch is first imported; a value already set in the environment is kept. Returns
    whether the policy is passive for this process.
    """
    import os
    import sys

    if "torch" not in sys.modules:
        os.environ.setdefault(OMP_WAIT_VAR, "PASSIVE")
    return os.environ.get(OMP_WAIT_VAR, "").upper() == "PASSIVE"
