"""An env conversation through a tokenizer's chat template, tool calls and tools included whatever the template.

Many small models' templates (SmolLM2's among them) know neither ``tool_calls`` nor ``tools=``: given an
observation as it is, such a template renders the assistant turn that made a call as an empty turn and ignores
the tools. :func:`render_chat` renders native tool calls where the template knows them and Hermes text
(``<tool_call>`` blocks, results as ``<tool_response>`` user turns: the form the env parses back) where it
does not, and lists the tools in the system message when the template does not render ``tools=``.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Mapping, Sequence
from typing import Any

#: The instructions that introduce the tools in a template without ``tools=`` support (Hermes format).
TOOLS_HEADER = ("# Tools\n\nYou may call functions. Their signatures are within <tools></tools>:\n<tools>\n{tools}\n"
                "</tools>\n\nFor each call, write a JSON object with the function name and arguments within "
                "<tool_call></tool_call> tags:\n<tool_call>\n{{\"name\": <function-name>, \"arguments\": "
                "<args-json-object>}}\n</tool_call>")

_warned: set[int] = set()


def renders_tool_calls(tokenizer: Any) -> bool:
    """Whether the tokenizer's chat template writes an assistant message's ``tool_calls``."""
    return "tool_calls" in str(getattr(tokenizer, "chat_template", None) or "")


def renders_tools(tokenizer: Any) -> bool:
    """Whether the tokenizer's chat template renders the ``tools=`` it is given."""
    return "tools" in str(getattr(tokenizer, "chat_template", None) or "")


def template_messages(tokenizer: Any, messages: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Messages in the form the model's template renders: native tool calls if it knows them, else Hermes text."""
    from envfactory_gym.agents.hermes import chat_messages, text_messages  # agents/ imports lazily: keep it so

    if not renders_tool_calls(tokenizer):
        return text_messages(messages)
    out = chat_messages(messages)
    for m in out:
        for call in m.get("tool_calls") or []:
            args = call["function"]["arguments"]
            if isinstance(args, str):
                try:
                    call["function"]["arguments"] = json.loads(args)
                except json.JSONDecodeError:
                    pass  # the template prints what the model wrote
    return out


def render(tokenizer: Any, messages: Sequence[Mapping[str, Any]], tools: list[dict[str, Any]] | None,
           add_generation_prompt: bool = False) -> str:
    """The chat-template text of already converted messages (``tools=`` passed when the template uses it)."""
    kwargs: dict[str, Any] = {"tokenize": False, "add_generation_prompt": add_generation_prompt}
    if tools and renders_tools(tokenizer):
        kwargs["tools"] = tools
    return tokenizer.apply_chat_template(list(messages), **kwargs)


def render_chat(tokenizer: Any, messages: Sequence[Mapping[str, Any]], tools: Sequence[Mapping[str, Any]] | None = None,
                *, add_generation_prompt: bool = True, warn: bool = True) -> str:
    """The prompt text of an env conversation (an observation) for ``tokenizer``'s chat template.

    Tool calls and results are rendered natively when the template knows ``tool_calls``, else as Hermes text;
    ``tools`` (the env's ``tool_schemas``) go to the template when it renders ``tools=``, else into the system
    message as a Hermes ``<tools>`` block. Nothing of the conversation is dropped either way. ``warn``: a
    ``UserWarning`` (once per template) says when the template needed the Hermes fallback.

    Example:
        >>> text = render_chat(tokenizer, obs, env.unwrapped.tool_schemas)  # doctest: +SKIP
    """
    msgs = template_messages(tokenizer, messages)
    tool_list = [dict(t) for t in tools or ()]
    lacking = [what for what, ok in (("tool calls", renders_tool_calls(tokenizer)),
                                     ("tools=", renders_tools(tokenizer) or not tool_list)) if not ok]
    if tool_list and not renders_tools(tokenizer):
        block = TOOLS_HEADER.format(tools="\n".join(json.dumps(t, ensure_ascii=False) for t in tool_list))
        if msgs and msgs[0]["role"] == "system":
            msgs[0] = {**msgs[0], "content": f"{msgs[0].get('content') or ''}\n\n{block}".strip()}
        else:
            msgs.insert(0, {"role": "system", "content": block})
    template = str(getattr(tokenizer, "chat_template", None) or "")
    if warn and lacking and hash(template) not in _warned:
        _warned.add(hash(template))
        name = getattr(tokenizer, "name_or_path", "") or "this tokenizer"
        warnings.warn(f"the chat template of {name} renders no {' and no '.join(lacking)}: render_chat writes "
                      "calls as Hermes <tool_call> text and results as <tool_response> turns (the form the env "
                      "parses)" + (", and lists the tools in the system message" if "tools=" in lacking else ""),
                      UserWarning, stacklevel=2)
    return render(tokenizer, msgs, tool_list or None, add_generation_prompt=add_generation_prompt)
