"""A tiny local chat model shared by the model-agent tests."""

from __future__ import annotations

import pytest

CHATML = ("{% for m in messages %}<|im_start|>{{ m['role'] }}\n{{ m['content'] }}<|im_end|>\n{% endfor %}"
          "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}")


@pytest.fixture(scope="session")
def tiny_model(tmp_path_factory):
    """A 2-layer Llama and a byte-level BPE tokenizer with a ChatML template, saved as a model folder."""
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    from envfactory_gym.testing.tiny_models import build_tiny_llama

    corpus = ["<tool_call>{\"name\": \"get_book\", \"arguments\": {\"book_id\": \"B-005\"}}</tool_call>",
              "What is the title of book B-005? Call tools, message the user."] * 20
    return build_tiny_llama(tmp_path_factory.mktemp("tiny-llama"), corpus, CHATML, vocab_size=400)
