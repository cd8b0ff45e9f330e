"""A local Ray cluster (2 CPUs) per test module, shut down after it with no process left behind."""

from __future__ import annotations

import time

import pytest

from tests.train.conftest import sft_file, tiny_model  # noqa: F401  (fixtures shared with the training tests)


@pytest.fixture(scope="module")
def ray_cluster():
    ray = pytest.importorskip("ray")
    psutil = pytest.importorskip("psutil")
    before = {p.pid for p in psutil.Process().children(recursive=True)}
    ray.init(num_cpus=2, include_dashboard=False, object_store_memory=100 * 1024 * 1024, log_to_driver=False,
             logging_level="WARNING")
    try:
        yield ray
    finally:
        ray.shutdown()
        left = _children(psutil, before)
        end = time.monotonic() + 15
        while left and time.monotonic() < end:
            time.sleep(0.2)
            left = _children(psutil, before)
        assert not left, f"Ray left processes behind: {left}"


def _children(psutil, before: set[int]) -> list[str]:
    out = []
    for p in psutil.Process().children(recursive=True):
        try:
            if p.pid not in before and p.status() != psutil.STATUS_ZOMBIE:
                out.append(f"{p.pid} {p.name()}")
        except psutil.NoSuchProcess:
            continue
    return out
