"""τ²-bench's prompts read from its source, the scripted user's opening, and the LLM user with τ²'s own prompt."""

from __future__ import annotations

import ast
import functools
import importlib.util
import re
from pathlib import Path
from typing import Any

from envfactory_gym.llm_user import AGENT_GREETING, LLMUserSimulator
from envfactory_gym.syntax import parse_python
from envfactory_gym.user import UserTurn

#: The user's end-of-conversation tokens in τ² (``tau2.user.base``): stop, transfer to a human, out of scope.
USER_STOP_TOKENS = ("###STOP###", "###TRANSFER###", "###OUT-OF-SCOPE###")


@functools.cache
def module_constant(module: str, name: str) -> str | None:
    """A string constant of a τ² module, read from its source without importing it.

    τ²'s agent and user-simulator modules import litellm at module level only to call LLMs; their prompt
    texts are plain string constants (stripped where the source strips them), read here as written.
    """
    spec = importlib.util.find_spec(module.split(".")[0])
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations)), *module.split(".")[1:]).with_suffix(".py")
    try:
        tree = parse_python(path.read_text(encoding="utf-8"), str(path))
    except (OSError, SyntaxError):
        return None
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            value = node.value
            strip = False
            if (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "strip"
                    and not value.args):
                value, strip = value.func.value, True
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                return value.value.strip() if strip else value.value
    return None


def agent_system_prompt(policy: str) -> str:
    """τ²'s LLM-agent system prompt (its agent instruction and the domain policy), or the policy alone."""
    template = module_constant("tau2.agent.llm_agent", "SYSTEM_PROMPT")
    instruction = module_constant("tau2.agent.llm_agent", "AGENT_INSTRUCTION")
    if template is None or instruction is None:
        return policy
    return template.format(agent_instruction=instruction, domain_policy=policy)


def user_system_prompt(scenario: str, guidelines_path: Path) -> str:
    """τ²'s user-simulator system prompt for a task's user scenario (``str(task.user_scenario)``)."""
    template = module_constant("tau2.user.user_simulator", "SYSTEM_PROMPT")
    guidelines = guidelines_path.read_text(encoding="utf-8")
    if template is None:
        return f"{guidelines}\n\n<scenario>\n{scenario}\n</scenario>"
    return template.format(global_user_sim_guidelines=guidelines, instructions=scenario)


# Second person (the scenario speaks to the simulated user) to first person (the user speaks).
_PERSON = [
    (r"\byou are\b", "I am"), (r"\byou're\b", "I'm"), (r"\byou were\b", "I was"), (r"\byou've\b", "I've"),
    (r"\byou'd\b", "I'd"), (r"\byou'll\b", "I'll"), (r"\byourself\b", "myself"), (r"\byours\b", "mine"),
    (r"\byour\b", "my"), (r"\b(to|for|with|ask|asks|tell|tells|give|gives|offer|offers|help|helps) you\b", r"\1 me"),
    # "you" before punctuation or a preposition/article is an object ("cost you in total" -> "cost me in total").
    (r"(?<!thank )\byou\b(?=\s*(?:[.,!?;:)]|$|\s(?:in|a|an|the|about|on|at|by|if|when|and|or|as|so|than)\b))", "me"),
    (r"(?<!thank )\byou\b", "I"),
]


def first_person(text: str) -> str:
    """Rewrite a scenario's second-person text as the user's own words ("You are X" -> "I am X")."""
    for pattern, repl in _PERSON:
        def replace(m: re.Match[str], r: str = repl) -> str:
            return _cased(m, m.expand(r))

        text = re.sub(pattern, replace, text, flags=re.IGNORECASE)
    return text


def _cased(match: re.Match[str], text: str) -> str:
    return text[:1].upper() + text[1:] if match.group(0)[:1].isupper() else text


def scripted_opening(instructions: Any) -> str:
    """The scripted user's opening: the scenario's reason for calling, what the user knows and the rest of
    its instructions, in the first person (all facts at once: the scripted user cannot disclose them later)."""
    if isinstance(instructions, str):
        return first_person(instructions.strip())
    parts = [getattr(instructions, k, None) for k in ("reason_for_call", "known_info", "task_instructions")]
    return "\n\n".join(first_person(p.strip()) for p in parts if p and p.strip())


class Tau2LLMUser(LLMUserSimulator):
    """Our LLM user (any OpenAI-compatible endpoint, seeded, recordable) with τ²'s user-simulator prompt.

    The task's ``user_system_prompt`` (τ²'s guidelines and the task's scenario) replaces our prompt; the
    conversation opens with the agent's greeting as in τ², and any of τ²'s user tokens (stop, transfer,
    out of scope) ends it.
    """

    @classmethod
    def from_user(cls, user: LLMUserSimulator) -> Tau2LLMUser:
        """The same endpoint, recording and replay settings as ``user``."""
        return cls(user.client, record_path=user.record_path, replay_path=user.replay_path, max_tokens=user.max_tokens)

    def start(self, task: Any, seed: int) -> UserTurn:
        prompt = getattr(task, "user_system_prompt", None)
        if not prompt:
            return super().start(task, seed)
        self._task = task
        self._seed = int(seed)
        self._messages = [{"role": "system", "content": prompt}, {"role": "user", "content": AGENT_GREETING}]
        return self._turn()

    def _turn(self) -> UserTurn:
        turn = super()._turn()
        text = turn.content
        done = turn.done or any(token in text for token in USER_STOP_TOKENS)
        for token in USER_STOP_TOKENS:
            text = text.replace(token, "")
        return UserTurn(text.strip() if done else text, done=done)
