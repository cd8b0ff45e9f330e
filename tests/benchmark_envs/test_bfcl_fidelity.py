"""Fidelity of Bench/bfcl-multi-turn-base-v0 on every BFCL entry: our verdicts against BFCL's checker called directly."""

from __future__ import annotations

import copy
import uuid
from typing import Any

import pytest

from envfactory_gym.benchmark_envs.bfcl_data import (
    BenchUnavailableError,
    BfclEntry,
    BfclSession,
    bfcl,
    load_entries,
    parse_call,
)

try:
    bfcl()
except BenchUnavailableError as exc:
    pytest.skip(str(exc), allow_module_level=True)

import gymnasium as gym  # noqa: E402

import envfactory_gym  # noqa: E402,F401
from envfactory_gym.agents.oracle import OracleAgent  # noqa: E402

ENV_ID = "Bench/bfcl-multi-turn-base-v0"
Turns = list[list[tuple[str, dict[str, Any]]]]


def bfcl_direct(entry: BfclEntry, turns: Turns) -> bool:
    """BFCL's own verdict: its FC decoder on each call, one step per call, then ``multi_turn_checker``."""
    b = bfcl()
    decoded = [[b.convert_to_function_call([{name: args}]) for name, args in turn] for turn in turns]
    model = f"direct_{uuid.uuid4().hex}"
    try:
        result = b.checker.multi_turn_checker(decoded, [list(t) for t in entry.ground_truth],
                                              {"id": entry.id, "initial_config": entry.initial_config,
                                               "involved_classes": list(entry.involved_classes)},
                                              entry.category, model)
    finally:
        namespace = vars(b.utils)
        for name in [n for n in namespace if n.startswith(model)]:
            del namespace[name]
    return bool(result["valid"])


def bfcl_ground_truth_score(entry: BfclEntry) -> bool:
    """BFCL's score of its own ground truth, each turn's answer as one step (as its answer file lists them)."""
    b = bfcl()
    model = f"gt_{uuid.uuid4().hex}"
    try:
        result = b.checker.multi_turn_checker([[list(t)] if t else [] for t in entry.ground_truth],
                                              [list(t) for t in entry.ground_truth],
                                              {"id": entry.id, "initial_config": entry.initial_config,
                                               "involved_classes": list(entry.involved_classes)},
                                              entry.category, model)
    finally:
        namespace = vars(b.utils)
        for name in [n for n in namespace if n.startswith(model)]:
            del namespace[name]
    return bool(result["valid"])


def play(env: gym.Env, entry_id: str, turns: Turns) -> dict[str, Any]:
    """Play the turns through ``step()`` (one call per step, a message ending each turn); the terminal info."""
    env.reset(options={"task_id": entry_id})
    info: dict[str, Any] = {}
    done = False
    for turn in turns:
        for name, args in turn:
            _obs, _r, terminated, truncated, info = env.step({"name": name, "arguments": args})
            assert not (terminated or truncated)
        _obs, _r, terminated, truncated, info = env.step("Done.")
        done = terminated or truncated
    assert done
    return info


def write_calls(entry: BfclEntry, turns: Turns) -> set[tuple[int, int]]:
    """(turn, index) of the ground-truth calls that change the public state of BFCL's instances."""
    session = BfclSession(entry)
    out = set()
    try:
        for t, turn in enumerate(turns):
            for i, (name, args) in enumerate(turn):
                before = _public_state(session)
                session.execute(bfcl().convert_to_function_call([{name: args}]))
                if _public_state(session) != before:
                    out.add((t, i))
    finally:
        session.close()
    return out


def _public_state(session: BfclSession) -> dict[str, Any]:
    return {cls: copy.deepcopy({k: v for k, v in vars(inst).items() if not k.startswith("_")})
            for cls, inst in session.instances.items()}


def _wrong(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return value * 2 + 1
    if isinstance(value, str):
        return value + "_x"
    if isinstance(value, list):
        return value[1:] if value else ["x"]
    if isinstance(value, dict):
        return {**value, "x": 1}
    return "x"


def perturbations(entry: BfclEntry, turns: Turns) -> dict[str, Turns]:
    """A wrong argument, a missing write call, an extra write call and a skipped turn, where the entry has them."""
    writes = sorted(write_calls(entry, turns))
    out: dict[str, Turns] = {}
    with_args = [(t, i) for t, turn in enumerate(turns) for i, (_n, a) in enumerate(turn) if a]
    target = next((w for w in writes if turns[w[0]][w[1]][1]), with_args[0] if with_args else None)
    if target is not None:
        t, i = target
        name, args = turns[t][i]
        key = sorted(args)[0]
        wrong = copy.deepcopy(turns)
        wrong[t][i] = (name, {**args, key: _wrong(args[key])})
        out["wrong_argument"] = wrong
    if writes:
        t, i = writes[0]
        missing = copy.deepcopy(turns)
        del missing[t][i]
        out["missing_write"] = missing
        extra = copy.deepcopy(turns)
        extra[t].insert(i + 1, copy.deepcopy(turns[t][i]))
        out["extra_write"] = extra
    played = [t for t, turn in enumerate(turns) if turn]
    if played:
        skipped = copy.deepcopy(turns)
        skipped[played[-1]] = []
        out["skipped_turn"] = skipped
    return out


@pytest.mark.slow
def test_every_entry_oracle_and_perturbations_agree_with_bfcl() -> None:
    entries = load_entries()
    assert len(entries) == 200
    env = gym.make(ENV_ID)
    oracle = OracleAgent()
    counts: dict[str, list[int]] = {}
    oracle_passed = 0
    try:
        for entry_id, entry in entries.items():
            # The oracle through the public API, as `envfactory eval --agent oracle` plays it.
            obs, info = env.reset(options={"task_id": entry_id})
            oracle.reset(env, obs, info)
            terminated = truncated = False
            while not (terminated or truncated):
                obs, reward, terminated, truncated, info = env.step(oracle.act(obs, info))
            assert info["benchmark"]["passed"] == bfcl_ground_truth_score(entry), entry_id
            assert reward == float(info["benchmark"]["passed"])
            oracle_passed += info["benchmark"]["passed"]

            turns = [[parse_call(entry, c) for c in turn] for turn in entry.ground_truth]
            for kind, perturbed in perturbations(entry, turns).items():
                ours = play(env, entry_id, perturbed)["benchmark"]["passed"]
                theirs = bfcl_direct(entry, perturbed)
                assert ours == theirs, (entry_id, kind, ours, theirs)
                counts.setdefault(kind, [0, 0])[int(ours)] += 1
    finally:
        env.close()
    # BFCL passes its own ground truth on every entry, so the oracle does too.
    assert oracle_passed == len(entries)
    # Every kind of perturbation was played on most entries and changed verdicts; a repeated write often errors
    # out without changing the state (a second mkdir), which BFCL's checks accept.
    for kind in ("wrong_argument", "missing_write", "extra_write", "skipped_turn"):
        failed, passed = counts[kind]
        assert failed + passed >= 150, (kind, counts)
        assert failed > (passed if kind != "extra_write" else 50), (kind, counts)
