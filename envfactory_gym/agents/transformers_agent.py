"""A local causal LM agent (transformers): chat template prompts, Hermes tool calls, batched generation."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import gymnasium as gym

from envfactory_gym.agents.decoding import CALL_END, PrefixCache, SessionCache, generate_batch
from envfactory_gym.agents.hermes import text_messages
from envfactory_gym.agents.models import from_pretrained, resolve_model
from envfactory_gym.conversation import conversation_env
from envfactory_gym.errors import MissingDependencyError, ModelLoadError
from envfactory_gym.precision import resolve_dtype


class TransformersAgent:
    """Plays episodes with any causal LM folder or hub id that ``from_pretrained`` can load.

    The prompt is the model's own chat template over the conversation, with tool calls and results as
    Hermes text; the tools are the compact list of the env's system prompt (or the full schemas through
    the template with ``tools_in_template=True``). The model's raw text is the action: the env runs its
    ``<tool_call>`` blocks and sends the rest to the user. ``act_batch`` decodes one step of several
    episodes in one ``generate`` call (left padding).
    """

    name = "transformers"

    def __init__(self, model: str | os.PathLike[str] | None = None, *, device: str | None = None,
                 dtype: str = "auto", max_new_tokens: int = 256, temperature: float = 0.0, top_p: float = 1.0,
                 seed: int = 0, max_prompt_tokens: int | None = None, tools_in_template: bool = False,
                 max_steps: int | None = None, threads: int | None = None, model_obj: Any = None,
                 tokenizer: Any = None, adapter: str | os.PathLike[str] | None = None,
                 prompt: str = "full", stop_after_call: bool = False, chunk_tokens: int = 32,
                 ragged_padding: int | None = None) -> None:
        try:
            import torch
            from transformers import AutoModelForCausalLM, AutoTokenizer
        except ImportError as exc:
            raise MissingDependencyError(f"the {self.name} agent needs torch and transformers ({exc}): "
                                         "pip install torch==2.13.0, then pip install transformers gguf accelerate",
                                         package=exc.name or "transformers", extra="local") from None
        if threads:
            # CPU inference next to other busy processes runs far faster on fewer, uncontended threads.
            torch.set_num_threads(threads)
        if model_obj is None and model is None:
            raise ValueError("the transformers agent needs a model folder or hub id (--model)")
        if model is not None:
            model = resolve_model(model)  # "smollm2": the embedded model's folder
        self.model_id = str(model) if model is not None else type(model_obj).__name__
        self.device = device or ("cuda" if torch.cuda.is_available() else "cpu")
        self.tokenizer = tokenizer if tokenizer is not None else from_pretrained(AutoTokenizer, str(model))
        if model_obj is None:
            model_obj = from_pretrained(AutoModelForCausalLM, str(model), dtype=resolve_dtype(dtype, self.device))
        if adapter:
            model_obj = _with_adapter(model_obj, adapter)
        self.model = model_obj.to(self.device).eval()
        self.tokenizer.padding_side = "left"
        if self.tokenizer.pad_token_id is None:
            self.tokenizer.pad_token = self.tokenizer.eos_token
        self.max_new_tokens = max_new_tokens
        self.temperature = temperature
        self.top_p = top_p
        self.seed = seed
        self.max_prompt_tokens = max_prompt_tokens
        self.tools_in_template = tools_in_template
        self.stop_after_call = stop_after_call
        # How batched turns are decoded (see ``generate_batch``): chunks that drop finished rows, ragged prefill.
        self.chunk_tokens = chunk_tokens
        self.ragged_padding = ragged_padding
        self.env_kwargs: dict[str, Any] = {"tools_in_system": not tools_in_template, "prompt": prompt}
        if max_steps is not None:
            self.env_kwargs["max_steps"] = max_steps
        self._tools: dict[int, list[dict[str, Any]]] = {}
        self._last_tools: list[dict[str, Any]] | None = None
        self._episode_seed = seed
        self._last_env: int | None = None
        self.prefix_cache = PrefixCache()
        # Each live episode's KV cache, so a turn prefills only its new tokens (None: every turn from scratch).
        self.sessions: SessionCache | None = SessionCache()
        self.generated_tokens = 0

    def set_episode_seed(self, seed: int) -> None:
        """Seed sampling for the next episode (greedy decoding ignores it)."""
        self._episode_seed = seed

    def reset(self, env: gym.Env, observation: tuple, info: dict[str, Any]) -> None:
        self._last_tools = self._tools[id(env.unwrapped)] = list(conversation_env(env).tool_schemas)
        self._last_env = id(env.unwrapped)
        if self.sessions is not None:
            self.sessions.drop(self._last_env)

    def act(self, observation: tuple, info: dict[str, Any]) -> Any:
        return self.generate([self.prompt(observation, self._last_tools)], seed=self._step_seed(info),
                             keys=[self._last_env])[0]

    def act_batch(self, items: Sequence[tuple[gym.Env, tuple, dict[str, Any]]]) -> list[Any]:
        """One action for each ``(env, observation, info)``, decoded together."""
        prompts = [self.prompt(obs, self._tools.get(id(env.unwrapped))) for env, obs, _ in items]
        return self.generate(prompts, seed=self._step_seed(items[0][2]) if items else self.seed,
                             keys=[id(env.unwrapped) for env, _, _ in items])

    def prompt(self, observation: Sequence[dict[str, Any]], tools: list[dict[str, Any]] | None = None) -> str:
        """The chat-template text the model continues."""
        kwargs: dict[str, Any] = {"tokenize": False, "add_generation_prompt": True}
        if self.tools_in_template and tools:
            kwargs["tools"] = tools
        return self.tokenizer.apply_chat_template(text_messages(observation), **kwargs)

    def generate(self, prompts: list[str], seed: int | None = None, keys: Sequence[Any] | None = None) -> list[str]:
        """Decode a continuation of each prompt (greedy at temperature 0, else sampled with ``seed``).

        ``keys`` name each prompt's conversation: its KV cache is reused on its next turn.
        """
        import torch

        ids = self.tokenizer(prompts, add_special_tokens=False)["input_ids"]
        if self.max_prompt_tokens:
            ids = [p[-self.max_prompt_tokens:] for p in ids]  # keep the end of the conversation
        sample = self.temperature > 0
        kwargs: dict[str, Any] = {"max_new_tokens": self.max_new_tokens, "do_sample": sample}
        if self.stop_after_call:
            kwargs.update(stop_strings=[CALL_END], tokenizer=self.tokenizer)
        if sample:
            kwargs.update(temperature=self.temperature, top_p=self.top_p)
            torch.manual_seed(self.seed if seed is None else seed)
        else:
            kwargs.update(temperature=None, top_p=None, top_k=None)
        sessions = self.sessions if keys is not None and not self.max_prompt_tokens else None
        new = generate_batch(self.model, ids, self.tokenizer.pad_token_id, self.prefix_cache, sessions=sessions,
                             keys=keys, chunk_tokens=self.chunk_tokens, ragged_padding=self.ragged_padding,
                             **kwargs)
        self.generated_tokens += sum(sum(t != self.tokenizer.pad_token_id for t in row) for row in new)
        texts = self.tokenizer.batch_decode(new, skip_special_tokens=True)
        if self.stop_after_call:  # a finished row of the batch may go on past its stop string
            texts = [t.split(CALL_END, 1)[0] + CALL_END if CALL_END in t else t for t in texts]
        return [t.strip() for t in texts]

    def _step_seed(self, info: dict[str, Any]) -> int:
        return self._episode_seed * 1000 + int(info.get("step", 0))


def _with_adapter(model: Any, adapter: str | os.PathLike[str]) -> Any:
    """The model with a LoRA adapter: merged into float32 weights, kept beside lower-precision ones.

    Merging adds the adapter's delta to the base weights, which bfloat16 rounds to about 3 significant digits:
    a small change of the adapter (an RL step on top of SFT) then mostly vanishes, and the merged model is not
    the policy that was trained (which adds the float32 LoRA branch to the base layer's output). Unmerged, the
    model decodes exactly as it did in training, at the cost of the small LoRA matmuls.
    """
    import torch

    try:
        from peft import PeftModel
    except ImportError:
        raise MissingDependencyError("loading an adapter needs peft: pip install -e '.[local]'", package="peft",
                                     extra="local") from None
    if not (os.path.isdir(adapter) and os.path.isfile(os.path.join(adapter, "adapter_config.json"))):
        raise ModelLoadError(f"{adapter}: not a LoRA adapter folder (no adapter_config.json)")
    model = PeftModel.from_pretrained(model, str(adapter))
    if model.get_base_model().dtype == torch.float32:
        return model.merge_and_unload()
    return model
