"""How a compiled write tool's goal is said in a request: the specification's summary when it reads as one, else
the verb and the record's noun (never the operation's documentation prose)."""

from __future__ import annotations

import re

from envfactory_gym.envgen.compile.blueprint import ToolPlan, article, words

#: Longest summary (in words) a request repeats as the user's goal.
MAX_GOAL_WORDS = 8
#: Words of documentation, not of a person asking for something.
_DOC_WORDS = re.compile(r"\b(this|these|call|calls|endpoint|method|api|operation|request|response|returns?|used|"
                        r"allows?|uri|payload|parameter|note|important)\b|[:!()<>{}\[\]]", re.I)
_VERBS = {"create": "add", "update": "update", "delete": "remove"}


def goal_phrase(tp: ToolPlan) -> str:
    """The goal a request says for ``tp``, without a final full stop: a short imperative summary as the
    specification gives it ("Issue refund", "Close the ticket"), else "add a shipping fulfillment",
    "update the evidence", "remove the label", or the tool name's words for other actions."""
    summary = " ".join(tp.summary.split()).rstrip(".")
    first = summary.split(". ")[0]
    if first and first == summary and len(first.split()) <= MAX_GOAL_WORDS and not _DOC_WORDS.search(first):
        return first[0].upper() + first[1:]
    noun = tp.table.noun
    verb = _VERBS.get(tp.verb)
    if verb == "add":
        return f"Add {article(noun)}"
    if verb:
        return f"{verb.capitalize()} the {noun}"
    said = words(tp.name)
    return said[0].upper() + said[1:]
