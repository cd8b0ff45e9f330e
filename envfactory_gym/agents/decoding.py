"""Batched decoding of token prompts with reused KV caches: the shared system prompt's and each conversation's."""

from __future__ import annotations

import copy
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from typing import Any

#: The end of a Hermes tool call: decoding with ``stop_after_call`` ends a turn at its first one.
CALL_END = "</tool_call>"

#: Pad positions per row above which a CPU batch's rows are prefilled one by one (see ``generate_batch``).
RAGGED_PADDING = 48


def cache_keyword() -> str:
    """The keyword a model's KV cache goes by: ``cache`` in recent transformers, ``past_key_values`` before."""
    try:
        from transformers.generation import utils
    except ImportError:
        return "past_key_values"
    return "cache" if "cache" in getattr(utils, "ALL_CACHE_NAMES", ()) else "past_key_values"


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
        self._ids, self._kv, self._owner = ids, getattr(out, cache_keyword()), owner
        return n, self._kv

    def clear(self) -> None:
        """Forget the cached prefix (after the model's weights change)."""
        self._ids, self._kv, self._owner = [], None, None


class SessionCache:
    """Each conversation's token ids and KV cache, kept from one turn to the next.

    A turn's prompt is the previous turn's prompt, its completion and the environment's answer: with the cache,
    decoding prefills only the tokens past the longest prefix it shares with what the conversation's cache
    holds, instead of the whole conversation again (most of a multi-turn episode's cost on a CPU). Reuse is
    decided by token ids, so a re-rendered history that differs from the sampled tokens only costs the part
    after the first difference. The cache must be cleared when the model's weights change.
    """

    def __init__(self, max_sessions: int = 64) -> None:
        self.max_sessions = max_sessions
        self._store: OrderedDict[Hashable, tuple[list[int], list[tuple[Any, Any]]]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._store)

    def match(self, key: Hashable, prompt: Sequence[int]) -> tuple[int, list[tuple[Any, Any]] | None]:
        """``(length, per-layer (keys, values))`` of the conversation's cached prefix of ``prompt``."""
        if key not in self._store:
            return 0, None
        ids, kv = self._store[key]
        n = _common_prefix([ids, prompt], min(len(ids), len(prompt) - 1))
        return n, kv

    def put(self, key: Hashable, ids: list[int], kv: list[tuple[Any, Any]]) -> None:
        self._store[key] = (ids, kv)
        self._store.move_to_end(key)
        while len(self._store) > self.max_sessions:
            self._store.popitem(last=False)

    def drop(self, key: Hashable) -> None:
        """Forget one conversation (its episode ended)."""
        self._store.pop(key, None)

    def clear(self) -> None:
        self._store.clear()


def generate_batch(model: Any, prompts: Sequence[Sequence[int]], pad_id: int, cache: PrefixCache | None = None,
                   sessions: SessionCache | None = None, keys: Sequence[Hashable] | None = None,
                   chunk_tokens: int = 32, ragged_padding: int | None = None, **generate_kwargs: Any) -> list[list[int]]:
    """The new tokens of ``model.generate`` for each prompt (rows padded with ``pad_id`` after they end).

    Each row starts from the longest cached prefix it has: its conversation's (``sessions``, by ``keys``) or
    the prefix shared by every prompt (``cache``). Cached rows are left-padded to a common length and each row's
    own tokens are padded after its cache, so every row sees a gap-free sequence: position ids follow the
    attention mask. With ``sessions``, each row's cache (prompt and completion) is kept for its next turn.

    With ``sessions``, rows are decoded ``chunk_tokens`` at a time and a chunk goes on with the unfinished rows
    only: ``generate`` keeps computing every row of a batch until the last one stops, so one rambling row would
    make every finished row pay for all its tokens. Rows whose new tokens would be mostly padding are prefilled
    one by one first, for the same reason (on a CPU, when the batch would compute more than ``ragged_padding``
    pad positions per row; default ``RAGGED_PADDING``, negative: never). ``chunk_tokens=0`` decodes in one call.
    Neither changes what is decoded in exact arithmetic (tested in float32); in bfloat16 a different batch
    shape can round a near tie the other way.
    """
    limit = int(generate_kwargs.get("max_new_tokens") or 0)
    if sessions is None or keys is None:
        return _generate_once(model, prompts, pad_id, cache, sessions, keys, **generate_kwargs)
    padding = RAGGED_PADDING if ragged_padding is None else ragged_padding
    if padding >= 0:
        _prefill_ragged(model, prompts, cache, sessions, keys, padding)
    if not chunk_tokens or limit <= chunk_tokens or len(prompts) == 1:
        return _generate_once(model, prompts, pad_id, cache, sessions, keys, **generate_kwargs)
    finished = _stop_test(model, pad_id, generate_kwargs)
    rows: list[list[int]] = [[] for _ in prompts]
    live = list(range(len(prompts)))
    while live and len(rows[live[0]]) < limit:
        n = min(chunk_tokens, limit - len(rows[live[0]]))
        new = _generate_once(model, [list(prompts[r]) + rows[r] for r in live], pad_id, cache, sessions,
                             [keys[r] for r in live], **{**generate_kwargs, "max_new_tokens": n})
        for r, tokens in zip(live, new):
            rows[r] += tokens + [pad_id] * (n - len(tokens))
        live = [r for r in live if not finished(rows[r])]
    width = max(len(r) for r in rows)
    return [r + [pad_id] * (width - len(r)) for r in rows]


def _stop_test(model: Any, pad_id: int, generate_kwargs: dict[str, Any]) -> Any:
    """Whether a row's tokens so far end its turn: an end-of-sequence or pad token, or a stop string."""
    eos = generate_kwargs.get("eos_token_id", getattr(getattr(model, "generation_config", None), "eos_token_id", None))
    ends = {pad_id} | set(eos if isinstance(eos, (list, tuple)) else [] if eos is None else [eos])
    stops = generate_kwargs.get("stop_strings") or []
    stops = [stops] if isinstance(stops, str) else list(stops)
    tokenizer = generate_kwargs.get("tokenizer")

    def finished(row: list[int]) -> bool:
        if any(t in ends for t in row):
            return True
        return bool(stops and tokenizer is not None and any(x in tokenizer.decode(row) for x in stops))

    return finished


def _prefill_ragged(model: Any, prompts: Sequence[Sequence[int]], cache: PrefixCache | None,
                    sessions: SessionCache, keys: Sequence[Hashable], padding: int) -> None:
    """Prefill rows one by one into their conversation caches when batching them would mostly compute padding.

    A batch prefills every row as wide as its widest: the turn after a long tool result, or a row whose
    history was re-rendered, makes the others compute hundreds of pad positions. Each row's own tokens but the
    last go through the model alone instead; the batched call then starts every row at its last token.
    """
    import torch

    device = next(model.parameters()).device
    if len(prompts) < 2 or device.type != "cpu":  # a GPU computes a batch's padding alongside, nearly for free
        return
    _, shared, starts, sources = _row_starts(model, prompts, cache, sessions, keys)
    own = [len(p) - s for p, s in zip(prompts, starts)]
    # A one-row forward costs about what a few dozen more tokens do: worth it when each row saves more padding.
    if max(own) * len(prompts) - sum(own) <= padding * len(prompts):
        return
    from transformers import DynamicCache

    for key, p, s, src, k in zip(keys, prompts, starts, sources, own):
        if k < 2:
            continue
        if src is not None:
            data = [(keys_[:, :, :s], values[:, :, :s]) for keys_, values in src]
        elif shared is not None and s:
            data = [(layer.keys[:, :, :s], layer.values[:, :, :s]) for layer in shared.layers]
        else:
            data = None
        past = DynamicCache(ddp_cache_data=data) if data else DynamicCache()
        with torch.inference_mode():
            model(input_ids=torch.tensor([list(p[s:-1])], device=device), use_cache=True, logits_to_keep=1,
                  **{cache_keyword(): past})
        # A DynamicCache of a full-attention model holds full layers (keys and values set by the forward pass).
        layers: list[Any] = past.layers
        sessions.put(key, list(p[:-1]), [(layer.keys.clone(), layer.values.clone()) for layer in layers])


def _row_starts(model: Any, prompts: Sequence[Sequence[int]], cache: PrefixCache | None,
                sessions: SessionCache | None, keys: Sequence[Hashable] | None) -> tuple[int, Any, list[int], list[Any]]:
    """The shared prefix (length, KV cache), and where each row's own tokens start and whose cache precedes them.

    A row's conversation cache (``sessions``) is used where it covers more of the row than the shared prefix.
    """
    n, kv = cache.lookup(model, prompts) if cache is not None else (0, None)
    starts: list[int] = [n] * len(prompts)
    sources: list[Any] = [None] * len(prompts)
    if sessions is not None and keys is not None:
        for row, (key, p) in enumerate(zip(keys, prompts)):
            m, own_kv = sessions.match(key, p)
            if own_kv is not None and m > n:
                starts[row], sources[row] = m, own_kv
    return n, kv, starts, sources


def _generate_once(model: Any, prompts: Sequence[Sequence[int]], pad_id: int, cache: PrefixCache | None = None,
                   sessions: SessionCache | None = None, keys: Sequence[Hashable] | None = None,
                   **generate_kwargs: Any) -> list[list[int]]:
    """One ``model.generate`` call over the batch, each row from its longest cached prefix."""
    import torch

    n, kv, starts, sources = _row_starts(model, prompts, cache, sessions, keys)
    width = max(len(p) - s for p, s in zip(prompts, starts))
    c = max(starts)
    ids = torch.full((len(prompts), c + width), pad_id, dtype=torch.long)
    mask = torch.zeros_like(ids)
    for row, (p, s) in enumerate(zip(prompts, starts)):
        own = torch.tensor(list(p[s:]), dtype=torch.long)
        ids[row, c - s:c] = torch.tensor(list(p[:s]), dtype=torch.long)
        ids[row, c + width - len(own):] = own
        mask[row, c - s:c] = 1
        mask[row, c + width - len(own):] = 1
    device = next(model.parameters()).device
    kwargs = dict(generate_kwargs)
    past = None
    if any(src is not None for src in sources):
        past = _batched_cache(kv, sources, starts, c)
    elif kv is not None:
        past = copy.deepcopy(kv)  # generate extends the cache in place
        past.batch_repeat_interleave(len(prompts))
    if past is not None:
        kwargs[cache_keyword()] = past
    elif sessions is not None:
        from transformers import DynamicCache

        past = kwargs[cache_keyword()] = DynamicCache()
    with torch.inference_mode():
        out = model.generate(input_ids=ids.to(device), attention_mask=mask.to(device), pad_token_id=pad_id, **kwargs)
    new = out[:, c + width:].tolist()
    if sessions is not None and keys is not None and past is not None:
        _keep_sessions(sessions, keys, prompts, new, starts, past, c, width)
    return new


def _batched_cache(shared: Any, sources: list[Any], starts: list[int], c: int) -> Any:
    """One batch cache: row ``r`` holds its first ``starts[r]`` positions right-aligned at ``c`` (zeros before)."""
    from transformers import DynamicCache

    def row_kv(row: int, layer: int) -> tuple[Any, Any]:
        src = sources[row]
        if src is not None:
            return src[layer]
        return shared.layers[layer].keys, shared.layers[layer].values

    n_layers = len(next(src for src in sources if src is not None))
    data = []
    for layer in range(n_layers):
        k0, v0 = row_kv(0, layer)
        keys = k0.new_zeros((len(sources), k0.shape[1], c, k0.shape[3]))
        values = v0.new_zeros((len(sources), v0.shape[1], c, v0.shape[3]))
        for row, s in enumerate(starts):
            if s:
                k, v = row_kv(row, layer)
                keys[row, :, c - s:] = k[0, :, :s]
                values[row, :, c - s:] = v[0, :, :s]
        data.append((keys, values))
    return DynamicCache(ddp_cache_data=data)


def _keep_sessions(sessions: SessionCache, keys: Sequence[Hashable], prompts: Sequence[Sequence[int]],
                   new: list[list[int]], starts: list[int], past: Any, c: int, width: int) -> None:
    """Store each row's cache compacted to its own positions: cached prefix, own tokens, generated tokens."""
    import torch

    cached = past.get_seq_length()
    for row, (key, p) in enumerate(zip(keys, prompts)):
        s, own = starts[row], len(p) - starts[row]
        generated = max(0, min(len(new[row]), cached - c - width))  # the last sampled token was never fed back
        index = torch.tensor(list(range(c - s, c)) + list(range(c + width - own, c + width + generated)))
        kv = [(layer.keys[row:row + 1, :, index].clone(), layer.values[row:row + 1, :, index].clone())
              for layer in past.layers]
        sessions.put(key, list(p) + new[row][:generated], kv)


def _common_prefix(prompts: Sequence[Sequence[int]], limit: int) -> int:
    first = prompts[0]
    n = 0
    while n < limit and all(p[n] == first[n] for p in prompts):
        n += 1
    return n
