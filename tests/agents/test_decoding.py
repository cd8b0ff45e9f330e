"""Batched decoding with a cached shared prefix gives the tokens plain one-prompt decoding gives."""

from __future__ import annotations

import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")


def test_cached_prefix_and_middle_padding_change_no_token(tiny_model):
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    from envfactory_gym.agents.decoding import PrefixCache, generate_batch

    tok = AutoTokenizer.from_pretrained(tiny_model)
    model = AutoModelForCausalLM.from_pretrained(tiny_model).eval()
    shared = tok("<|im_start|>system\nYou help library members find and borrow books.<|im_end|>\n")["input_ids"]
    prompts = [shared + tok(x)["input_ids"] for x in ("find book", "a much longer request about members", "x")]
    plain = [model.generate(input_ids=torch.tensor([p]), max_new_tokens=10, do_sample=False,
                            pad_token_id=tok.pad_token_id)[0, len(p):].tolist() for p in prompts]
    cache = PrefixCache(min_tokens=4)
    first = generate_batch(model, prompts, tok.pad_token_id, cache, max_new_tokens=10, do_sample=False)
    assert len(cache._ids) >= len(shared)  # the shared part was cached...
    again = generate_batch(model, prompts[::-1], tok.pad_token_id, cache, max_new_tokens=10, do_sample=False)
    uncached = generate_batch(model, prompts, tok.pad_token_id, None, max_new_tokens=10, do_sample=False)
    for row, want in zip(first, plain):
        assert row[: len(want)] == want  # ...and no token changed
    assert again[::-1] == first and uncached == first


def test_prompts_without_a_common_prefix_decode_without_cache(tiny_model):
    from transformers import AutoModelForCausalLM, AutoTokenizer

    from envfactory_gym.agents.decoding import PrefixCache, generate_batch

    tok = AutoTokenizer.from_pretrained(tiny_model)
    model = AutoModelForCausalLM.from_pretrained(tiny_model).eval()
    cache = PrefixCache()
    out = generate_batch(model, [tok("abc")["input_ids"], tok("xyz")["input_ids"]], tok.pad_token_id, cache,
                         max_new_tokens=3, do_sample=False)
    assert len(out) == 2 and cache._ids == []
