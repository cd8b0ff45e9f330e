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
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    pytest.importorskip("peft")
    from envfactory_gym.testing.tiny_models import build_tiny_llama

    corpus = [json.dumps(json.loads(line)) for line in sft_file.read_text().splitlines()]
    return build_tiny_llama(tmp_path_factory.mktemp("tiny-llama"), corpus * 3, TOOL_CHATML, vocab_size=500)
