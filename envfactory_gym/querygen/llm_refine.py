"""LLM refiner: rewrites a sampled task as a natural request, checked to still determine its gold calls."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from envfactory_gym.errors import EnvFactoryError
from envfactory_gym.llm import LLMClient
from envfactory_gym.package import EnvPackage
from envfactory_gym.querygen.graph import ToolGraph, identifier_columns
from envfactory_gym.querygen.refine import leaked_identifiers, refine_task
from envfactory_gym.tasks import Task, UserFact

TAG_LLM = "refiner:llm"
TAG_FALLBACK = "refiner:offline-fallback"

PROMPT = """Rewrite the steps below as the opening message of a customer writing to customer service.

Steps the agent will have to take (tool calls, in order):
{steps}

Values the customer must provide (each must appear, verbatim, in the request or in user_facts; enum values \
may use spaces instead of underscores):
{values}

Rules:
- One natural message with implicit intent: say what the customer wants, not which tools to call; merge the \
goals into one request.
- Never write identifiers (order ids, customer ids, item ids, codes like {example}); refer to things by name, \
date or description instead.
- Hold back identity details (email, zip code, phone) as user_facts, given only when the agent asks.
{outputs}
Answer with JSON only: {{"instruction": "...", "user_facts": {{"email": {{"value": "...", \
"keywords": ["email", "e-mail"]}}}}}}"""


class LLMRefiner:
    """Refines tasks with an LLM; an answer that leaks ids or loses a user value is retried, then replaced
    by the offline refiner's rewrite. The path taken is tagged (``refiner:llm`` / ``refiner:offline-fallback``).
    """

    def __init__(self, client: LLMClient, max_attempts: int = 3, graph: ToolGraph | None = None,
                 temperature: float = 0.0) -> None:
        self.client = client
        self.max_attempts = max_attempts
        self.graph = graph
        self.temperature = temperature
        self.rejections: list[str] = []

    def __call__(self, task: Task, pkg: EnvPackage, results: list[Any] | None = None,
                 rng: random.Random | None = None) -> Task:
        return self.refine(task, pkg, results, rng)

    def refine(self, task: Task, pkg: EnvPackage, results: list[Any] | None = None,
               rng: random.Random | None = None) -> Task:
        """The refined task (tagged with the path taken)."""
        graph = self.graph = self.graph or ToolGraph.from_package(pkg)
        values = user_values(task, pkg, graph)
        messages = [{"role": "user", "content": build_prompt(task, values)}]
        for attempt in range(self.max_attempts):
            try:
                reply = self.client.chat(messages, seed=attempt, temperature=self.temperature,
                                         response_format={"type": "json_object"})
                candidate = parse_answer(task, reply.content or "")
            except (EnvFactoryError, ValueError) as exc:
                self.rejections.append(f"{task.id}: {exc}")
                continue
            problems = check(candidate, pkg, values)
            if not problems:
                return _tagged(candidate, TAG_LLM)
            self.rejections.append(f"{task.id}: {'; '.join(problems)}")
            messages = [*messages, {"role": "assistant", "content": reply.content or ""},
                        {"role": "user", "content": "That answer is not usable: " + "; ".join(problems)
                         + ". Answer again with JSON only."}]
        return _tagged(refine_task(task, pkg, results, rng), TAG_FALLBACK)


def user_values(task: Task, pkg: EnvPackage, graph: ToolGraph) -> list[str]:
    """Argument values of the gold calls that no tool produces and the reward checks: the user must give them."""
    ids = identifier_columns(pkg)
    out: list[str] = []
    for call in task.gold_calls:
        for key, value in call.arguments.items():
            if key in ids or key.endswith(("_id", "_ids")) or key in call.masked or graph.producers(call.name, key):
                continue
            for v in value if isinstance(value, list) else [value]:
                if v is not None and not isinstance(v, (bool, dict, list)) and str(v) not in out:
                    out.append(str(v))
    return out


def missing_values(task: Task, values: list[str]) -> list[str]:
    """The ``values`` that appear neither in the instruction nor among the user facts."""
    text = _norm(" ".join([task.instruction, *(f.value for f in task.user_facts.values())]))
    return [v for v in values if not any(form in text for form in _forms(v))]


def check(task: Task, pkg: EnvPackage, values: list[str]) -> list[str]:
    """What makes a refined task unusable (empty when it is fine)."""
    problems = []
    leaked = leaked_identifiers(task, pkg)
    if leaked:
        problems.append(f"the request spells out identifiers {', '.join(leaked)}")
    missing = missing_values(task, values)
    if missing:
        problems.append(f"these values are missing: {', '.join(missing)}")
    return problems


def build_prompt(task: Task, values: list[str]) -> str:
    """The rewriting prompt for ``task``."""
    steps = "\n".join(f"{i}. {c.name}({json.dumps(c.arguments, default=str)})"
                      for i, c in enumerate(task.gold_calls, 1))
    example = next((str(v) for c in task.gold_calls for k, v in c.arguments.items() if k.endswith("_id")), "ORD-123")
    outputs = (f"- The customer asks a question whose answer includes: {', '.join(task.outputs)} (do not write "
               "these answers in the request).\n") if task.outputs else ""
    return PROMPT.format(steps=steps, values="\n".join(f"- {v}" for v in values) or "- (none)",
                         example=example, outputs=outputs)


def parse_answer(task: Task, text: str) -> Task:
    """The task with the answer's instruction and user facts; ``ValueError`` when the answer is not usable JSON."""
    match = re.search(r"\{.*\}", text, re.S)
    if not match:
        raise ValueError(f"no JSON object in the answer {text[:120]!r}")
    data = json.loads(match.group(0))
    instruction = data.get("instruction") if isinstance(data, dict) else None
    if not isinstance(instruction, str) or not instruction.strip():
        raise ValueError("the answer has no 'instruction' string")
    facts: dict[str, UserFact] = dict(task.user_facts)
    raw = data.get("user_facts") or {}
    if not isinstance(raw, dict):
        raise ValueError("'user_facts' is not an object")
    for name, fact in raw.items():
        key = re.sub(r"\W+", "_", str(name).strip().lower()).strip("_") or "fact"
        if isinstance(fact, dict):
            facts[key] = UserFact(value=str(fact.get("value", "")),
                                  keywords=[str(k) for k in fact.get("keywords", []) if str(k).strip()])
        else:
            facts[key] = UserFact(value=str(fact))
    return task.model_copy(update={"instruction": instruction.strip(), "user_facts": facts})


def _tagged(task: Task, tag: str) -> Task:
    tags = [t for t in task.tags if t not in (TAG_LLM, TAG_FALLBACK)]
    return task.model_copy(update={"tags": [*tags, tag]})


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("_", " ")).lower()


def _forms(value: str) -> list[str]:
    """Ways a value may be written: as is, with spaces for underscores, and numbers with or without cents."""
    forms = [_norm(value)]
    try:
        number = float(value)
    except ValueError:
        return forms
    forms += [f"{number:.2f}", f"{number:g}"]
    return forms
