"""EnvGen: a model reads authentic resources and writes verified environments (``envfactory generate``)."""

from __future__ import annotations

from typing import Any

__all__ = ["BatchResult", "Digest", "EnvOutcome", "EnvSpec", "GenerateConfig", "ModelConfig", "generate",
           "generate_batch", "load_recording", "read_resources"]

_WHERE = {"BatchResult": "pipeline", "EnvOutcome": "pipeline", "GenerateConfig": "pipeline", "generate": "pipeline",
          "generate_batch": "pipeline", "EnvSpec": "stages", "ModelConfig": "model", "Digest": "digest",
          "load_recording": "replay", "read_resources": "readers"}


def __getattr__(name: str) -> Any:
    # Lazy: the sandboxed children import this package and need none of the pipeline.
    if name in _WHERE:
        import importlib

        return getattr(importlib.import_module(f"envfactory_gym.envgen.{_WHERE[name]}"), name)
    raise AttributeError(f"module 'envfactory_gym.envgen' has no attribute {name!r}")
