"""BFCL multi-turn through bfcl-eval's own modules: its entries, tool docs, API classes, executor and checker."""

from __future__ import annotations

import ast
import copy
import importlib
import inspect
import json
import keyword
import re
import threading
import uuid
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from types import SimpleNamespace
from typing import Any

from envfactory_gym.errors import BenchUnavailableError, DataFileError, UnknownCategoryError, suggest
from envfactory_gym.syntax import parse_python

#: The distribution and the categories this bridge plays (multi-turn entries without held-out functions).
PACKAGE = "bfcl-eval"
CATEGORIES = ("multi_turn_base",)
#: What to install when ``bfcl_eval`` or one of the few modules the multi-turn path imports is missing.
INSTALL_HINT = ("pip install --no-deps bfcl-eval==2026.3.23 && pip install mpmath filelock tenacity "
                "tree_sitter==0.21.3 tree-sitter-java==0.21.0 tree-sitter-javascript==0.21.4")
#: Stand-in for a call BFCL must not evaluate (an unknown function name or a non-identifier argument name): it
#: evaluates to a NameError in BFCL's executor, exactly as an undefined function does, with no side effect.
_REFUSED_CALL = "envfactory_refused_call()"


@lru_cache(maxsize=1)
def bfcl() -> SimpleNamespace:
    """The bfcl-eval functions the multi-turn path uses, imported once (only these submodules are imported)."""
    try:
        from bfcl_eval.constants import executable_backend_config as backend
        from bfcl_eval.constants.category_mapping import VERSION_PREFIX
        from bfcl_eval.constants.default_prompts import MAXIMUM_STEP_LIMIT, PROMPT_STYLE_TEMPLATES
        from bfcl_eval.constants.enums import ModelStyle
        from bfcl_eval.constants.eval_config import MULTI_TURN_FUNC_DOC_PATH, POSSIBLE_ANSWER_PATH, PROMPT_PATH
        from bfcl_eval.constants.type_mappings import GORILLA_TO_OPENAPI
        from bfcl_eval.eval_checker.multi_turn_eval import multi_turn_checker as checker
        from bfcl_eval.eval_checker.multi_turn_eval import multi_turn_utils as utils
        from bfcl_eval.model_handler.utils import convert_to_function_call, convert_to_tool
        from bfcl_eval.utils import add_language_specific_hint_to_function_doc, load_file
    except ImportError as exc:
        raise BenchUnavailableError(f"BFCL needs {exc.name or 'bfcl_eval'}: {INSTALL_HINT}") from None
    return SimpleNamespace(
        backend=backend, version_prefix=VERSION_PREFIX, step_limit=MAXIMUM_STEP_LIMIT,
        prompt_templates=PROMPT_STYLE_TEMPLATES, model_style=ModelStyle.OPENAI_COMPLETIONS,
        doc_path=MULTI_TURN_FUNC_DOC_PATH, answer_path=POSSIBLE_ANSWER_PATH, prompt_path=PROMPT_PATH,
        type_mapping=GORILLA_TO_OPENAPI, checker=checker, utils=utils,
        convert_to_function_call=convert_to_function_call, convert_to_tool=convert_to_tool,
        add_hint=add_language_specific_hint_to_function_doc, load_file=load_file)


@dataclass(frozen=True)
class BfclEntry:
    """One BFCL multi-turn entry with its ground truth and its tools (as BFCL gives them to FC models)."""

    id: str
    category: str
    #: The user's messages of each turn, in order.
    turns: tuple[tuple[dict[str, Any], ...], ...]
    initial_config: dict[str, Any]
    involved_classes: tuple[str, ...]
    #: BFCL's ground-truth calls per turn, as the strings of its answer file (``cd(folder='document')``).
    ground_truth: tuple[tuple[str, ...], ...]
    #: BFCL's function docs for the entry, with its language hint (what its prompting models are shown).
    functions: tuple[dict[str, Any], ...]
    #: The same docs in the OpenAI tool format, converted by BFCL's ``convert_to_tool`` for OpenAI FC models.
    tools: tuple[dict[str, Any], ...]

    @property
    def prompt_entry(self) -> dict[str, Any]:
        """The entry as BFCL's checker takes it."""
        return {"id": self.id, "initial_config": self.initial_config, "involved_classes": list(self.involved_classes)}

    @property
    def tool_names(self) -> frozenset[str]:
        """The functions BFCL's executor can run for this entry (public methods of its classes)."""
        return frozenset(name for cls in self.involved_classes for name in class_methods(cls))


_LOAD_LOCK = threading.Lock()


@cache
def _func_docs(class_name: str) -> tuple[dict[str, Any], ...]:
    b = bfcl()
    path = b.doc_path / b.backend.MULTI_TURN_FUNC_DOC_FILE_MAPPING[class_name]
    return tuple(b.load_file(path, use_lock=False))


def load_entries(category: str = "multi_turn_base") -> dict[str, BfclEntry]:
    """Every entry of a BFCL multi-turn category, by id, in file order (loaded once per process)."""
    if category not in CATEGORIES:
        raise UnknownCategoryError(category, CATEGORIES, f"unsupported BFCL category {category!r};"
                                   f"{suggest(category, CATEGORIES)} supported: {', '.join(CATEGORIES)}")
    with _LOAD_LOCK:
        return _load_entries(category)


@cache
def _load_entries(category: str) -> dict[str, BfclEntry]:
    b = bfcl()
    name = f"{b.version_prefix}_{category}.json"
    prompts = b.load_file(b.prompt_path / name, use_lock=False)
    answers = b.load_file(b.answer_path / name, use_lock=False)
    if len(prompts) != len(answers):
        raise DataFileError(f"{b.answer_path / name}: {len(answers)} answers for {len(prompts)} entries")
    out: dict[str, BfclEntry] = {}
    for raw, answer in zip(prompts, answers):
        if raw["id"] != answer["id"]:
            raise DataFileError(f"{b.answer_path / name}: answer {answer['id']!r} is not for entry {raw['id']!r}")
        # As bfcl_eval.utils.populate_test_cases_with_predefined_functions does (without its file lock, which
        # writes beside the installed package): the docs of every involved class, in order.
        functions = [copy.deepcopy(doc) for cls in raw["involved_classes"] for doc in _func_docs(cls)]
        functions = b.add_hint([{"id": raw["id"], "function": functions}])[0]["function"]
        tools = b.convert_to_tool(functions, b.type_mapping, b.model_style)
        out[raw["id"]] = BfclEntry(
            id=raw["id"], category=category,
            turns=tuple(tuple(dict(m) for m in turn) for turn in raw["question"]),
            initial_config=raw.get("initial_config", {}), involved_classes=tuple(raw["involved_classes"]),
            ground_truth=tuple(tuple(turn) for turn in answer["ground_truth"]),
            functions=tuple(functions), tools=tuple(tools))
    return out


@cache
def api_class(class_name: str) -> type:
    """One of BFCL's API classes (``GorillaFileSystem``, ``TwitterAPI``...), from its own module."""
    module = importlib.import_module(bfcl().backend.CLASS_FILE_PATH_MAPPING[class_name])
    return getattr(module, class_name)


@cache
def class_methods(class_name: str) -> dict[str, inspect.Signature]:
    """The public methods of a BFCL API class (what its executor maps names to), with their signatures."""
    cls = api_class(class_name)
    return {name: inspect.signature(fn) for name, fn in inspect.getmembers(cls, predicate=inspect.isfunction)
            if not name.startswith("_")}


def parse_call(entry: BfclEntry, text: str) -> tuple[str, dict[str, Any]]:
    """A ground-truth call string as (name, keyword arguments).

    BFCL's own ``ast_parse`` keeps keyword arguments only, and a few answers pass one positionally
    (``sort('final_report.pdf')``); here positional arguments are bound to their names with the signature of the
    BFCL method that runs them.
    """
    node = parse_python(text.strip(), mode="eval").body
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
        raise ValueError(f"not a function call: {text!r}")
    name = node.func.id
    args = [ast.literal_eval(a) for a in node.args]
    kwargs = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg is not None}
    if args:
        signature = next((class_methods(c)[name] for c in entry.involved_classes if name in class_methods(c)), None)
        if signature is None:
            raise ValueError(f"{name!r} is not a method of {', '.join(entry.involved_classes)}")
        bound = signature.bind_partial(None, *args, **kwargs).arguments
        bound.pop(next(iter(signature.parameters)))  # self
        kwargs = dict(bound)
    return name, kwargs


def call_string(entry: BfclEntry, name: str, arguments: Mapping[str, Any]) -> tuple[str, str | None]:
    """The call as BFCL's FC handlers decode it (``convert_to_function_call``), and why it is refused, if it is.

    BFCL evaluates these strings, so only a function of the entry's classes with identifier argument names and
    JSON values (whose ``repr`` is a Python literal) is passed on; anything else becomes a stand-in that fails
    in BFCL's executor like an undefined function does.
    """
    if name not in entry.tool_names:
        return _REFUSED_CALL, f"name {name!r} is not defined"
    bad = [k for k in arguments if not isinstance(k, str) or not k.isidentifier() or keyword.iskeyword(k)]
    if bad:
        return _REFUSED_CALL, f"invalid argument name {bad[0]!r}"
    try:
        values = json.loads(json.dumps(dict(arguments), allow_nan=False))
    except (TypeError, ValueError, RecursionError):
        return _REFUSED_CALL, "argument values must be JSON values"
    return bfcl().convert_to_function_call([{name: values}])[0], None


def _instance_names(key: str, entry_id: str, classes: Sequence[str]) -> list[str]:
    # The globals BFCL's executor keeps instances under, for the inference run and the checker's two runs.
    names = []
    for model in (key, f"{key}_eval", f"{key}_ground_truth_eval"):
        names += [re.sub(r"[-./:]", "_", f"{model}_{entry_id}_{cls}_instance") for cls in classes]
    return names


def _purge(key: str, entry_id: str, classes: Sequence[str]) -> None:
    namespace = vars(bfcl().utils)
    for name in _instance_names(key, entry_id, classes):
        namespace.pop(name, None)


class BfclSession:
    """One episode's instances of BFCL's API classes, under a key no other episode uses.

    BFCL's executor caches instances in its module's globals under ``<model>_<entry>_<class>_instance``; each
    session plays as a model name of its own (``envfactory_<uuid>``), so concurrent episodes never share state,
    and :meth:`close` (or garbage collection) removes every instance it or its checks created.
    """

    def __init__(self, entry: BfclEntry) -> None:
        self.entry = entry
        self.key = f"envfactory_{uuid.uuid4().hex}"
        self._finalizer = weakref.finalize(self, _purge, self.key, entry.id, entry.involved_classes)
        self.instances: dict[str, Any] = {}
        self.execute([])  # as BFCL's inference loop does first: load every class's initial state

    def execute(self, calls: Sequence[str]) -> list[str]:
        """Run call strings on this episode's instances with BFCL's executor; one result string per call."""
        results, self.instances = bfcl().utils.execute_multi_turn_func_call(
            func_call_list=list(calls), initial_config=self.entry.initial_config,
            involved_classes=list(self.entry.involved_classes), model_name=self.key, test_entry_id=self.entry.id,
            long_context=False, is_evaL_run=False)
        return results

    def check(self, decoded: Sequence[Sequence[Sequence[str]]]) -> dict[str, Any]:
        """BFCL's verdict on this episode's calls (see :func:`check_entry`), run under this session's key."""
        return check_entry(self.entry, decoded, key=self.key)

    def close(self) -> None:
        """Drop every instance of this session from BFCL's executor; safe to call more than once."""
        self._finalizer()


def check_entry(entry: BfclEntry, decoded: Sequence[Sequence[Sequence[str]]], key: str | None = None) -> dict[str, Any]:
    """Score an entry's calls as BFCL's evaluator does, with per-turn results.

    ``decoded`` holds, per turn, the call strings of each step that made calls. As in BFCL's
    ``_evaluate_single_multi_turn_entry``: fewer turns than the ground truth fail the entry
    (``multi_turn:force_terminated``); otherwise ``multi_turn_checker`` runs its per-turn state and response
    checks and stops at the first failing turn. Returns ``{"valid", "error_type", "error_message", "turns",
    "error"}`` where ``turns`` holds one result per ground-truth turn (turns after a failure are not checked).
    """
    key = key or f"envfactory_{uuid.uuid4().hex}"
    truth = [list(t) for t in entry.ground_truth]
    decoded = [[list(step) for step in turn] for turn in decoded]
    turns = [{"turn": i, "checked": False, "passed": False,
              "calls": [c for step in (decoded[i] if i < len(decoded) else []) for c in step],
              "ground_truth": truth[i]} for i in range(len(truth))]
    if len(decoded) != len(truth):
        message = (f"Model was force-terminated during inference phase. The length of the model result turns "
                   f"({len(decoded)}) does not match the length of the ground truth turns ({len(truth)}).")
        return {"valid": False, "error_type": "multi_turn:force_terminated", "error_message": message,
                "turns": turns, "error": {}}
    result = _run_checker(entry, decoded, truth, key)
    failed_at = len(truth)
    if not result["valid"]:
        # The checker stops at the first failing turn without naming it for a state mismatch: the first prefix
        # of turns that fails is that turn.
        failed_at = next((i for i in range(len(truth))
                          if not _run_checker(entry, decoded[: i + 1], truth[: i + 1], key)["valid"]), len(truth) - 1)
    for i, turn in enumerate(turns):
        if i < failed_at:
            turn.update(checked=True, passed=True)
        elif i == failed_at:
            turn.update(checked=True, passed=False, error_type=result.get("error_type", ""),
                        error_message=result.get("error_message", ""))
    error = {}
    if not result["valid"]:
        details = result.get("details", {})
        error = {k: details[k] for k in ("differences", "missing_items") if k in details}
    return {"valid": bool(result["valid"]), "error_type": result.get("error_type", ""),
            "error_message": result.get("error_message", ""), "turns": turns, "error": _jsonable(error)}


def _run_checker(entry: BfclEntry, decoded: list, truth: list, key: str) -> dict[str, Any]:
    _purge_eval(key, entry)  # the checker's instances start fresh on every run
    try:
        return bfcl().checker.multi_turn_checker(decoded, truth, entry.prompt_entry, entry.category, key)
    finally:
        _purge_eval(key, entry)


def _purge_eval(key: str, entry: BfclEntry) -> None:
    namespace = vars(bfcl().utils)
    for name in _instance_names(key, entry.id, entry.involved_classes)[len(entry.involved_classes):]:
        namespace.pop(name, None)


def final_state_matches(session: BfclSession) -> bool:
    """Whether the episode's instances now hold the state the whole ground truth leads to (BFCL's state check)."""
    entry = session.entry
    gold = BfclSession(entry)
    try:
        gold.execute([c for turn in entry.ground_truth for c in turn])
        return bool(bfcl().checker.state_checker(session.instances, gold.instances)["valid"])
    finally:
        gold.close()


def _jsonable(value: Any, limit: int = 4000) -> Any:
    text = json.dumps(value, default=str)
    if len(text) <= limit:
        return json.loads(text)
    return text[:limit] + f"... [truncated {len(text) - limit} characters]"
