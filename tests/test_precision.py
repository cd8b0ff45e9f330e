"""Weight precision: native bfloat16 detection from the CPU's flags and the dtype names the loaders accept."""

from __future__ import annotations

import pytest

from envfactory_gym.errors import EnvFactoryError
from envfactory_gym.precision import cpu_has_native_bf16, fastest_dtype, resolve_dtype


def test_native_bf16_is_read_from_the_cpu_flags(tmp_path):
    with_bf16, without, empty = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    with_bf16.write_text("processor\t: 0\nflags\t\t: fpu sse avx2 avx512f avx512_bf16\n")
    without.write_text("processor\t: 0\nflags\t\t: fpu sse avx2 avx512f avx512_vnni\n")
    empty.write_text("")
    assert cpu_has_native_bf16(str(with_bf16))
    assert not cpu_has_native_bf16(str(without))
    assert not cpu_has_native_bf16(str(empty))
    assert not cpu_has_native_bf16(str(tmp_path / "missing"))


def test_dtype_names():
    torch = pytest.importorskip("torch")
    assert resolve_dtype("auto", "cpu") is torch.float32
    assert resolve_dtype("auto", "cuda") == "auto"
    assert resolve_dtype("bfloat16", "cpu") is torch.bfloat16
    assert fastest_dtype("cuda") == "bfloat16"
    assert fastest_dtype("cpu") in ("bfloat16", "float32")
    with pytest.raises(EnvFactoryError, match="'bf16'.*bfloat16"):
        resolve_dtype("bf16", "cpu")


def test_threads_sleep_when_they_wait_on_small_or_busy_machines(monkeypatch):
    import os
    import sys

    import envfactory_gym.precision as precision

    monkeypatch.delitem(sys.modules, "torch", raising=False)  # as before torch's first import
    for cores, load, expected in ((2, 0.0, "PASSIVE"), (16, 0.5, None), (16, 9.0, "PASSIVE")):
        monkeypatch.delenv(precision.OMP_WAIT_VAR, raising=False)
        monkeypatch.setattr(os, "cpu_count", lambda cores=cores: cores)
        monkeypatch.setattr(os, "getloadavg", lambda load=load: (load, load, load))
        assert precision.passive_thread_wait() is (expected == "PASSIVE")
        assert os.environ.get(precision.OMP_WAIT_VAR) == expected
    monkeypatch.setenv(precision.OMP_WAIT_VAR, "ACTIVE")  # the user's choice is kept
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert precision.passive_thread_wait() is False and os.environ[precision.OMP_WAIT_VAR] == "ACTIVE"
