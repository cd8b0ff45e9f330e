"""LLM refiner: rewrites a sampled task as a natural request, checked to still determine its gold calls."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from envfactory_gym.errors import EnvFactoryError
from envfactory_gym.llm import LLMClient
from envfactory_gym.package import EnvPackage
from envfactory_gym.querygen.checks import leaked_identifiers, missing_values, user_values, value_forms
from envfactory_gym.querygen.graph import ToolGraph
from envfactory_gym.querygen.refine import TAG_IN_SEQUENCE, refine_task
from envfactory_gym.querygen.spec import declarations_for
from envfactory_gym.tasks import Task, UserFact

__all__ = ["TAG_FALLBACK", "TAG_LLM", "LLMRefiner", "build_prompt", "check", "missing_values", "parse_answer",
           "user_values"]

TAG_LLM = "refiner:llm"
TAG_FALLBACK = "refiner:offline-fallback"

PROMPT = """Rewrite the steps below as the opening message of a user writing to this service's assistant.
The service: {service}

Steps the assistant will have to take (tool calls, in sequence):
{steps}

Values the user must provide (each must appear, verbatim, in the request or in user_facts; enum values \
may use spaces instead of underscores{phrasings}):
{values}

Rules:
- One natural message with implicit intent: say what the user wants, not which tools to call; when the steps \
make several changes, ask for all of them in this one message{sequence}.
- Never write identifiers (ids or codes like {example}); refer to things by name, date or description instead.
{facts}{outputs}
Answer with JSON only: {{"instruction": "...", "user_facts": {{"{fact}": {{"value": "...", \
"keywords": [{keywords}]}}}}}}"""


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
        messages = [{"role": "user", "content": build_prompt(task, values, pkg)}]
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


def check(task: Task, pkg: EnvPackage, values: list[str]) -> list[str]:
    """What makes a refined task unusable (empty when it is fine)."""
    problems = []
    leaked = leaked_identifiers(task, pkg)
    if leaked:
        problems.append(f"the request spells out identifiers {', '.join(leaked)}")
    missing = missing_values(task, values, value_forms(task, pkg))
    if missing:
        problems.append(f"these values are missing: {', '.join(missing)}")
    return problems


def build_prompt(task: Task, values: list[str], pkg: EnvPackage | None = None) -> str:
    """The rewriting prompt for ``task`` (the environment's declarations add phrasings and identity details)."""
    steps = "\n".join(f"{i}. {c.name}({json.dumps(c.arguments, default=str)})"
                      for i, c in enumerate(task.gold_calls, 1))
    example = next((str(v) for c in task.gold_calls for k, v in c.arguments.items() if k.endswith("_id")), "ID-123")
    outputs = (f"- The user asks a question whose answer includes: {', '.join(task.outputs)} (do not write "
               "these answers in the request).\n") if task.outputs else ""
    spec = declarations_for(pkg) if pkg is not None else None
    forms = value_forms(task, pkg) if pkg is not None else {}
    said = [f"{v!r} as {' or '.join(repr(f) for f in forms[v])}" for v in values if v in forms]
    phrasings = f", or as phrased here: {'; '.join(said)}" if said else ""
    facts, fact, keywords = "", "detail", '"detail"'
    if spec is not None and spec.user.facts:
        names = ", ".join(spec.label(k) for k in spec.user.facts)
        facts = f"- Hold back identity details ({names}) as user_facts, given only when the assistant asks.\n"
        fact, decl = next(iter(spec.user.facts.items()))
        keywords = ", ".join(json.dumps(k) for k in decl.keywords or [spec.label(fact)])
    service = pkg.manifest.description if pkg is not None else "(not described)"
    sequence = ", in this sequence" if TAG_IN_SEQUENCE in task.tags else ""
    return PROMPT.format(service=service, steps=steps, values="\n".join(f"- {v}" for v in values) or "- (none)",
                         example=example, outputs=outputs, phrasings=phrasings, facts=facts, fact=fact,
                         keywords=keywords, sequence=sequence)


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
