"""A tiny Llama with a tool-aware ChatML template, built locally, and SFT records of the library env."""

from __future__ import annotations

import json

import pytest

from tests.conftest import LIBRARY_DIR, LIBRARY_ID

TOOL_CHATML = (
    "{% if tools %}<|im_start|>system\n<tools>{% for t in tools %}{{ t['function']['name'] }} {% endfor %}"
    "</tools><|im_end|>\n{% endif %}"
    "{% for m in messages %}"
    "{% if m['role'] == 'assistant' %}<|im_start|>assistant\n{% if m['content'] %}{{ m['content'] }}{% endif %}"
    "{% for c in m.get('tool_calls') or [] %}<tool_call>{\"name\": \"{{ c['function']['name'] }}\", "
    "\"arguments\": {{ c['function']['arguments'] | tojson }}}</tool_call>{% endfor %}<|im_end|>\n"
    "{% else %}<|im_start|>{{ m['role'] }}\n{{ m['content'] }}<|im_end|>\n{% endif %}"
    "{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)


@pytest.fixture(scope="session")
def sft_file(tmp_path_factory):
    from envfactory_gym.querygen.export import sft_records, write_jsonl

    path = tmp_path_factory.mktemp("sft") / "sft.jsonl"
    write_jsonl(path, sft_records(LIBRARY_ID, LIBRARY_DIR / "tasks.jsonl"))
    return path


@pytest.fixture(scope="session")
def tiny_model(tmp_path_factory, sft_file):
    """A 2-layer Llama (hidden 64) and a byte-level BPE tokenizer trained on the SFT records."""
    torch = pytest.importorskip("torch")
    transformers = pytest.importorskip("transformers")
    pytest.importorskip("peft")
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    folder = tmp_path_factory.mktemp("tiny-llama")
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=500, special_tokens=["<pad>", "<|im_start|>", "<|im_end|>"],
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    corpus = [json.dumps(json.loads(line)) for line in sft_file.read_text().splitlines()]
    tok.train_from_iterator(corpus * 3, trainer)
    fast = transformers.PreTrainedTokenizerFast(tokenizer_object=tok, pad_token="<pad>", eos_token="<|im_end|>",
                                                bos_token="<|im_start|>")
    fast.chat_template = TOOL_CHATML
    fast.save_pretrained(folder)
    config = transformers.LlamaConfig(vocab_size=len(fast), hidden_size=64, intermediate_size=128,
                                      num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2,
                                      max_position_embeddings=8192, pad_token_id=fast.pad_token_id,
                                      eos_token_id=fast.eos_token_id, bos_token_id=fast.bos_token_id)
    torch.manual_seed(0)
    transformers.LlamaForCausalLM(config).save_pretrained(folder)
    return folder
