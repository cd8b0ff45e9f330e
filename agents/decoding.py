"""Batched decoding of token prompts that share a prefix, with the prefix's KV cache computed once and reused."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

#: The end of a Hermes tool call: decoding with ``stop_after_call`` ends a turn at its first one.
CALL_END = "</tool_call>"


class PrefixCache:
    """The KV cache of the prompt prefix shared by every prompt of a batch (the system prompt), kept across calls.

    Every turn of every episode starts with the same system prompt, and on a CPU prefill is most of the cost of
    a turn: caching it once roughly halves the cost of evaluation and RL rollouts with a long tool list.
    """

    def __init__(self, min_tokens: int = 16) -> None:
        self.min_tokens = min_tokens
        self._ids: list[int] = []
        self._kv: Any = None
        self._owner: int | None = None

    def lookup(self, model: Any, prompts: Sequence[Sequence[int]]) -> tuple[int, Any]:
        """``(length, kv)`` of a cached prefix of every prompt (each keeps at least one token of its own)."""
        import torch

        limit = min(len(p) for p in prompts) - 1
        owner = id(model)
        if self._kv is not None and self._owner == owner and len(self._ids) <= limit and all(
                list(p[: len(self._ids)]) == self._ids for p in prompts):
            return len(self._ids), self._kv
        n = _common_prefix(prompts, limit)
        if n < self.min_tokens:
            return 0, None
        ids = list(prompts[0][:n])
        device = next(model.parameters()).device
        with torch.inference_mode():
            out = model(input_ids=torch.tensor([ids], device=device), use_cache=True, logits_to_keep=1)
        self._ids, self._kv, self._owner = ids, out.past_key_values, owner
        return n, self._kv

    def clear(self) -> None:
        """Forget the cached prefix (after the model's weights change)."""
        self._ids, self._kv, self._owner = [], None, None


def generate_batch(model: Any, prompts: Sequence[Sequence[int]], pad_id: int, cache: PrefixCache | None = None,
                   **generate_kwargs: Any) -> list[list[int]]:
    """The new tokens of ``model.generate`` for each prompt (rows padded with ``pad_id`` after they end).

    Prompts are padded between the shared prefix and their own tokens, so the cached prefix sits at the same
    positions in every row; position ids follow the attention mask, so each row sees a gap-free sequence.
    """
    import torch

    n, kv = cache.lookup(model, prompts) if cache is not None else (0, None)
    width = max(len(p) - n for p in prompts)
    ids = torch.full((len(prompts), n + width), pad_id, dtype=torch.long)
    mask = torch.zeros_like(ids)
    for row, p in enumerate(prompts):
        own = torch.tensor(list(p[n:]), dtype=torch.long)
        ids[row, :n] = torch.tensor(list(p[:n]), dtype=torch.long)
        ids[row, n + width - len(own):] = own
        mask[row, :n] = 1
        mask[row, n + width - len(own):] = 1
    device = next(model.parameters()).device
    kwargs = dict(generate_kwargs)
    if kv is not None:
        past = copy.deepcopy(kv)  # generate extends the cache in place
        past.batch_repeat_interleave(len(prompts))
        kwargs["past_key_values"] = past
    with torch.inference_mode():
        out = model.generate(input_ids=ids.to(device), attention_mask=mask.to(device), pad_token_id=pad_id, **kwargs)
    return out[:, n + width:].tolist()


def _common_prefix(prompts: Sequence[Sequence[int]], limit: int) -> int:
    first = prompts[0]
    n = 0
    while n < limit and all(p[n] == first[n] for p in prompts):
        n += 1
    return n
