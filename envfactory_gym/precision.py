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
