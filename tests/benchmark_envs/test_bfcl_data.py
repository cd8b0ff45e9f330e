"""The BFCL bridge: bfcl-eval's entries, executor and checker, per-episode instances and the missing-package error."""

from __future__ import annotations

import sys

import pytest

from envfactory_gym.benchmark_envs import bfcl_data
from envfactory_gym.benchmark_envs.bfcl_data import BenchUnavailableError

try:
    bfcl_data.bfcl()
except BenchUnavailableError as exc:
    pytest.skip(str(exc), allow_module_level=True)

from envfactory_gym.benchmark_envs.bfcl_data import BfclSession, call_string, check_entry, load_entries, parse_call  # noqa: E402


def executor_globals() -> set[str]:
    return {n for n in vars(bfcl_data.bfcl().utils) if n.startswith("envfactory_")}


def test_entries_are_bfcl_multi_turn_base_with_answers() -> None:
    entries = load_entries()
    assert len(entries) == 200 and list(entries)[0] == "multi_turn_base_0"
    entry = entries["multi_turn_base_0"]
    assert set(entry.involved_classes) == {"TwitterAPI", "GorillaFileSystem"}
    assert len(entry.turns) == len(entry.ground_truth) == 4
    assert entry.ground_truth[0][0] == "cd(folder='document')"
    assert load_entries() is entries  # loaded once per process


def test_call_string_is_bfcls_fc_decoding_and_refuses_what_it_must_not_evaluate() -> None:
    entry = load_entries()["multi_turn_base_0"]
    assert call_string(entry, "mv", {"source": "a.txt", "destination": "b"}) == (
        "mv(source='a.txt',destination='b')", None)
    for name, args in [("lss", {}), ("open", {"file": "x"}), ("ls", {"a b": 1}), ("ls", {"class": 1}),
                       ("ls", {"a": float("nan")}), ("ls", {"a": object()})]:
        text, why = call_string(entry, name, args)
        assert text == "envfactory_refused_call()" and why


def test_check_entry_matches_bfcl_and_names_the_failing_turn() -> None:
    entry = load_entries()["multi_turn_base_1"]
    before = executor_globals()
    truth = [[list(t)] for t in entry.ground_truth]
    assert check_entry(entry, truth)["valid"] is True
    wrong = [list(turn) for turn in truth]
    wrong[2] = [["cd(folder='archive')", "grep(file_name='log.txt',pattern='Warning')"]]
    result = check_entry(entry, wrong)
    assert result["valid"] is False and [t["passed"] for t in result["turns"]] == [True, True, False, False]
    short = check_entry(entry, truth[:2])
    assert short["error_type"] == "multi_turn:force_terminated"
    assert executor_globals() == before  # the checker's instances are dropped after each run


def test_gold_calls_parse_positional_arguments_by_signature() -> None:
    entry = load_entries()["multi_turn_base_0"]
    assert parse_call(entry, "sort('final_report.pdf')") == ("sort", {"file_name": "final_report.pdf"})
    assert parse_call(entry, "mv(source='a', destination='b')") == ("mv", {"source": "a", "destination": "b"})
    with pytest.raises(ValueError):
        parse_call(entry, "nope('x')")
    session = BfclSession(entry)
    assert session.execute(["pwd()"]) == ['{"current_working_directory": "/workspace"}']
    session.close()


def test_missing_dependency_is_a_one_line_error(monkeypatch: pytest.MonkeyPatch) -> None:
    bfcl_data.bfcl.cache_clear()
    monkeypatch.setitem(sys.modules, "tree_sitter", None)
    monkeypatch.delitem(sys.modules, "bfcl_eval.model_handler.utils", raising=False)
    monkeypatch.delitem(sys.modules, "bfcl_eval.model_handler.parser.java_parser", raising=False)
    try:
        with pytest.raises(BenchUnavailableError, match=r"BFCL needs tree_sitter: pip install") as err:
            bfcl_data.bfcl()
        assert "\n" not in str(err.value)
    finally:
        bfcl_data.bfcl.cache_clear()


