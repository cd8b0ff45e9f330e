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


def test_conversation_caches_carry_over_turns_without_changing_tokens(tiny_model):
    from transformers import AutoModelForCausalLM, AutoTokenizer

    from envfactory_gym.agents.decoding import PrefixCache, SessionCache, generate_batch

    tok = AutoTokenizer.from_pretrained(tiny_model)
    model = AutoModelForCausalLM.from_pretrained(tiny_model).eval()
    shared = tok("<|im_start|>system\nYou help library members find and borrow books.<|im_end|>\n")["input_ids"]
    prompts = [shared + tok(x)["input_ids"] for x in ("find book", "a much longer request about members", "x")]
    answers = [tok(x)["input_ids"] for x in ("B-005 is out", "ok", "the member has three books on loan")]
    kwargs = {"max_new_tokens": 8, "do_sample": False}
    sessions, prefix = SessionCache(), PrefixCache(min_tokens=4)
    keys = ["a", "b", "c"]
    turns = []
    for cached in (True, False):
        history, outputs = [list(p) for p in prompts], []
        for turn in range(3):
            new = generate_batch(model, history, tok.pad_token_id, prefix if cached else None,
                                 sessions=sessions if cached else None, keys=keys, **kwargs)
            outputs.append(new)
            # The next prompt: the turn as generated, then the environment's answer (one row re-renders its turn).
            history = [h + (n if row else n[:3]) + answers[(row + turn) % 3] for row, (h, n) in
                       enumerate(zip(history, new))]
            if cached:
                assert len(sessions) == 3
        turns.append(outputs)
    assert turns[0] == turns[1]
    sessions.drop("a")
    assert len(sessions) == 2 and sessions.match("a", prompts[0]) == (0, None)


def test_session_cache_is_bounded():
    from envfactory_gym.agents.decoding import SessionCache

    sessions = SessionCache(max_sessions=2)
    for key in "abc":
        sessions.put(key, [1, 2, 3], [])
    assert len(sessions) == 2 and sessions.match("a", [1, 2, 3])[1] is None
    assert sessions.match("c", [1, 2, 9]) == (2, [])


@pytest.mark.parametrize("chunk_tokens", [3, 4])
def test_chunked_decoding_and_ragged_prefill_change_no_token(tiny_model, chunk_tokens):
    from transformers import AutoModelForCausalLM, AutoTokenizer

    from envfactory_gym.agents import decoding
    from envfactory_gym.agents.decoding import PrefixCache, SessionCache, generate_batch

    tok = AutoTokenizer.from_pretrained(tiny_model)
    model = AutoModelForCausalLM.from_pretrained(tiny_model).eval()
    shared = tok("<|im_start|>system\nYou help library members find and borrow books.<|im_end|>\n")["input_ids"]
    requests = ("find book", "a much longer request about members and their loans and the fines they owe", "x")
    prompts = [shared + tok(x)["input_ids"] for x in requests]
    # Answers of very different lengths make the next turn's batch mostly padding: its rows prefill one by one.
    answers = [tok(x)["input_ids"] for x in ("B-005 is out", "ok", "the member has three books on loan " * 6)]
    kwargs = {"max_new_tokens": 10, "do_sample": False}
    calls = []
    once = decoding._generate_once

    def counting(model, prompts, *args, **kw):
        calls.append(len(prompts))
        return once(model, prompts, *args, **kw)

    outputs = []
    for chunk, padding in ((0, -1), (chunk_tokens, 0)):
        sessions, prefix, history, turns = SessionCache(), PrefixCache(min_tokens=4), [list(p) for p in prompts], []
        decoding._generate_once, calls[:] = counting, []
        try:
            for turn in range(3):
                new = generate_batch(model, history, tok.pad_token_id, prefix, sessions=sessions, keys="abc",
                                     chunk_tokens=chunk, ragged_padding=padding, **kwargs)
                turns.append(new)
                history = [h + n + answers[(row + turn) % 3] for row, (h, n) in enumerate(zip(history, new))]
        finally:
            decoding._generate_once = once
        outputs.append(turns)
    assert outputs[0] == outputs[1]
    assert calls and max(calls) == 3  # chunks ran, on at most the whole batch


def test_chunks_go_on_with_unfinished_rows_only(tiny_model):
    from transformers import AutoModelForCausalLM, AutoTokenizer

    from envfactory_gym.agents import decoding
    from envfactory_gym.agents.decoding import SessionCache, generate_batch

    tok = AutoTokenizer.from_pretrained(tiny_model)
    model = AutoModelForCausalLM.from_pretrained(tiny_model).eval()
    prompts = [tok(x)["input_ids"] for x in ("find book B-005", "a request", "x")]
    plain = generate_batch(model, prompts, tok.pad_token_id, None, SessionCache(), "abc", chunk_tokens=0,
                           max_new_tokens=12, do_sample=False)
    # The first row's first two tokens end its turn: it must leave the batch after the first chunk.
    stop = tok.decode(plain[0][:2])
    sizes = []
    once = decoding._generate_once

    def counting(model, prompts, *args, **kw):
        sizes.append(len(prompts))
        return once(model, prompts, *args, **kw)

    decoding._generate_once = counting
    try:
        out = generate_batch(model, prompts, tok.pad_token_id, None, SessionCache(), "abc", chunk_tokens=4,
                             max_new_tokens=12, do_sample=False, stop_strings=[stop], tokenizer=tok)
    finally:
        decoding._generate_once = once
    assert sizes[0] == 3 and all(n <= 2 for n in sizes[1:]) and len(sizes) >= 2
    assert tok.decode(out[0]).startswith(stop) and len(out[0]) == len(out[1])
