"""Tiny causal LMs built locally (no hub): a byte-level BPE tokenizer and a 2-layer Llama, saved as a folder."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

SPECIAL_TOKENS = ("<pad>", "<|im_start|>", "<|im_end|>")


def build_tiny_llama(folder: str | Path, corpus: Iterable[str], chat_template: str, vocab_size: int = 500,
                     seed: int = 0) -> Path:
    """Train a small tokenizer on ``corpus``, build a random 2-layer Llama, save both to ``folder``.

    The folder loads through ``AutoTokenizer.from_pretrained`` / ``AutoModelForCausalLM.from_pretrained``
    exactly like a downloaded model, so loading code can be tested offline and in seconds.
    """
    import torch
    import transformers
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    folder = Path(folder)
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=vocab_size, special_tokens=list(SPECIAL_TOKENS),
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tok.train_from_iterator(list(corpus), trainer)
    fast = transformers.PreTrainedTokenizerFast(tokenizer_object=tok, pad_token="<pad>", eos_token="<|im_end|>",
                                                bos_token="<|im_start|>")
    fast.chat_template = chat_template
    fast.save_pretrained(folder)
    config = transformers.LlamaConfig(vocab_size=len(fast), hidden_size=64, intermediate_size=128,
                                      num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2,
                                      max_position_embeddings=8192, pad_token_id=fast.pad_token_id,
                                      eos_token_id=fast.eos_token_id, bos_token_id=fast.bos_token_id)
    torch.manual_seed(seed)
    transformers.LlamaForCausalLM(config).save_pretrained(folder)
    return folder
