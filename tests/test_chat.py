"""render_chat: an env conversation through any chat template, tool calls and tools never dropped."""

from __future__ import annotations

import gymnasium as gym
import pytest

from envfactory_gym import render_chat
from tests.conftest import LIBRARY_ID

#: A ChatML template that knows neither tool_calls nor tools= (SmolLM2's kind).
PLAIN_CHATML = ("{% for m in messages %}<|im_start|>{{ m['role'] }}\n{{ m['content'] }}<|im_end|>\n{% endfor %}"
                "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}")
#: One that renders both (Qwen's kind).
TOOL_CHATML = ("{% if tools %}<|im_start|>system\n<tools>{% for t in tools %}{{ t['function']['name'] }} "
               "{% endfor %}</tools><|im_end|>\n{% endif %}{% for m in messages %}<|im_start|>{{ m['role'] }}\n"
               "{{ m['content'] or '' }}{% for c in m.get('tool_calls') or [] %}<tool_call>{{ c['function']['name'] }}"
               "</tool_call>{% endfor %}<|im_end|>\n{% endfor %}")


class Tokenizer:
    """The one method render_chat needs, rendering with jinja2 as transformers does."""

    def __init__(self, template: str, name: str) -> None:
        self.chat_template, self.name_or_path = template, name

    def apply_chat_template(self, messages, tools=None, tokenize=False, add_generation_prompt=False):
        import jinja2

        return jinja2.Environment().from_string(self.chat_template).render(
            messages=messages, tools=tools, add_generation_prompt=add_generation_prompt)


@pytest.fixture
def episode():
    env = gym.make(LIBRARY_ID, tools_in_system=False)
    obs, _ = env.reset(options={"task_index": 0})
    name = env.unwrapped.tool_schemas[0]["function"]["name"]
    obs, *_ = env.step({"name": name, "arguments": {}})
    yield obs, env.unwrapped.tool_schemas, name
    env.close()


def test_a_template_without_tool_support_gets_hermes_text_and_a_warning(episode):
    obs, tools, name = episode
    with pytest.warns(UserWarning, match="renders no tool calls and no tools=: render_chat writes calls as Hermes"):
        text = render_chat(Tokenizer(PLAIN_CHATML, "plain-model"), obs, tools)
    assert f'<tool_call>{{"name": "{name}"' in text  # the call the template would have dropped
    assert "<tool_response>" in text and "<tools>" in text  # the result, and the tools in the system message
    assert all(t["function"]["name"] in text for t in tools)
    assert text.endswith("<|im_start|>assistant\n")


def test_a_tool_aware_template_renders_natively_without_warning(episode, recwarn):
    obs, tools, name = episode
    text = render_chat(Tokenizer(TOOL_CHATML, "tool-model"), obs, tools, add_generation_prompt=False)
    assert f"<tool_call>{name}</tool_call>" in text and "<|im_start|>tool" in text
    assert text.startswith("<|im_start|>system\n<tools>") and "# Tools" not in text
    assert not [w for w in recwarn if issubclass(w.category, UserWarning)]
