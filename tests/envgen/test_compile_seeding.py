"""Seed values of compiled environments fit their fields: class rules by type, format, pattern, bounds, name and
description; ends after starts; state-bound timestamps only on rows in that state; the clock; determinism."""

from __future__ import annotations

import csv
import re
import subprocess
import sys
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest

from envfactory_gym.envgen.compile import compile_digest, read_openapi
from envfactory_gym.envgen.compile.plan import Plan, build_plan
from envfactory_gym.envgen.compile.seeding import draw, generate_py
from envfactory_gym.envgen.compile.seedvalues import anchor, condition, fits_pattern, pattern_samples, stem

ROOT = Path(__file__).resolve().parents[2]
WALLET = ROOT / "tests" / "fixtures" / "envgen" / "specs" / "wallet_holders.yaml"
FITNESS = ROOT / "examples" / "envgen" / "fitness" / "openapi.yaml"
SENTENCE = re.compile(r"[A-Za-z]+ [a-z]+ [a-z]+")


def _plan(now: str | None = None) -> Plan:
    digest = read_openapi(WALLET)
    if now:
        digest.extensions["now"] = now
    return build_plan(digest, name="wallet")


def _seed(plan: Plan, folder: Path) -> dict[str, list[dict[str, str]]]:
    script = folder / "generate.py"
    script.write_text(generate_py(plan), encoding="utf-8")
    subprocess.run([sys.executable, str(script), "--out", str(folder)], check=True, capture_output=True, timeout=120)
    with_rows = {}
    for t in plan.tables:
        with (folder / f"{t.name}.csv").open(newline="", encoding="utf-8") as f:
            with_rows[t.name] = list(csv.DictReader(f))
    return with_rows


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict[str, str]]]:
    return _seed(_plan(), tmp_path_factory.mktemp("seed"))


def _draws(plan: Plan, table: str) -> dict[str, dict[str, Any]]:
    t = plan.table(table)
    return {c.name: draw(c, t) for c in t.columns if c is not t.key}


def _when(value: str) -> datetime:
    return datetime.fromisoformat(value) if len(value) > 10 else datetime.combine(date.fromisoformat(value),
                                                                                  datetime.min.time())


# -- the class rules ---------------------------------------------------------------------------------------------

def test_strings_are_drawn_by_their_class() -> None:
    d = _draws(_plan(), "holders")
    assert d["primary_currency"]["provider"] == "currency_code"
    assert d["birth_date"]["kind"] == "birth_date"
    assert d["middle_name"]["provider"] == "first_name"
    assert d["email_address"]["kind"] == "email"
    assert d["mobile_phone_number"]["provider"] == "phone_number"
    assert d["country_code"]["provider"] == "country_code"
    assert d["website_url"]["provider"] == "url"
    assert d["psp_reference"] == {"kind": "token", "prefix": "PSP-", "width": 6, "optional": 0.1}
    assert d["account_number"]["prefix"] == "" and d["account_number"]["width"] == 8
    assert d["status"]["kind"] == "enum" and d["status"]["values"] == ["Active", "Inactive", "Closed"]  # enforced
    assert d["notes"]["kind"] == "text"  # the only kind of field seeded with a sentence


def test_numbers_get_ranges_that_make_sense_without_bounds() -> None:
    d = _draws(_plan(), "holders")
    assert (d["risk_score"]["min"], d["risk_score"]["max"]) == (0.0, 1.0)  # a score by its name
    assert (d["match_confidence"]["min"], d["match_confidence"]["max"]) == (0.0, 1.0)  # "between 0 and 1"
    assert (d["discount_percent"]["min"], d["discount_percent"]["max"]) == (0.0, 100.0)


def test_time_pairs_and_state_bound_fields_are_read_from_the_table() -> None:
    plan = _plan()
    jobs, streams, holders = plan.table("payout_jobs"), plan.table("event_streams"), plan.table("holders")
    col = {t.name: {c.name: c for c in t.columns} for t in (jobs, streams, holders)}
    assert anchor(col["payout_jobs"]["job_end_time"], jobs) == "job_start_time"
    assert anchor(col["payout_jobs"]["job_start_time"], jobs) is None
    assert anchor(col["holders"]["updated_at"], holders) == "created_at"
    assert anchor(col["event_streams"]["valid_until"], streams) == "valid_from"
    assert condition(col["event_streams"]["stopped_since"], streams) == {"column": "state_", "values": ["STOPPED"]}
    assert condition(col["payout_jobs"]["cancelled_at"], jobs) == {"column": "status", "values": ["CANCELLED"]}
    assert condition(col["payout_jobs"]["job_end_time"], jobs) == {"column": "status", "values": ["COMPLETED"]}
    assert condition(col["payout_jobs"]["job_start_time"], jobs) is None
    assert stem("STOPPED") == stem("stopped") == stem("stop") and stem("COMPLETE") == stem("completed")
    assert stem("CANCELED") == stem("cancelled") and stem("RUNNING") != stem("stopped")


@pytest.mark.parametrize("pattern", [r"^[A-Z]{3}$", r"[a-f0-9]{32}", r"^[a-zA-Z0-9_-]+$", r"^(ACC|PAY)-\d{4}$",
                                     r"^\w+@\w+\.com$", r"[^\s]{2,5}"])
def test_pattern_samples_pass_the_tools_check(pattern: str) -> None:
    samples = pattern_samples(pattern, "field")
    assert samples and all(fits_pattern(pattern, s) for s in samples)
    assert samples == pattern_samples(pattern, "field")


# -- the seeded rows -----------------------------------------------------------------------------------------------

def test_seeded_strings_fit_their_fields(seeded: dict[str, list[dict[str, str]]]) -> None:
    holders = seeded["holders"]
    codes = {"primary_currency": r"[A-Z]{3}", "country_code": r"[A-Z]{2}", "birth_date": r"\d{4}-\d{2}-\d{2}",
             "psp_reference": r"PSP-\d{6}", "account_number": r"\d{8}", "middle_name": r"[A-Z][a-z]+",
             "email_address": r"[^@\s]+@[^@\s]+\.[a-z]+", "website_url": r"https?://\S+"}
    for column, shape in codes.items():
        values = [r[column] for r in holders if r[column]]
        assert values and all(re.fullmatch(shape, v) for v in values), (column, values[:3])
    assert {r["status"] for r in holders} <= {"Active", "Inactive", "Closed", ""}
    assert not any(SENTENCE.search(r[c]) for r in holders for c in codes)
    assert any(SENTENCE.search(r["notes"]) for r in holders)
    for r in holders:
        for column, low, high in (("risk_score", 0, 1), ("match_confidence", 0, 1), ("discount_percent", 0, 100)):
            assert r[column] == "" or low <= float(r[column]) <= high
    names = [r["stream_name"] for r in seeded["event_streams"] if r["stream_name"]]
    assert names and all(fits_pattern(r"^[a-zA-Z0-9_-]+$", n) and len(n) <= 64 for n in names)


def test_seeded_birth_dates_lie_in_the_past_of_the_clock(tmp_path: Path) -> None:
    rows = _seed(_plan(now="1990-06-01T09:00:00"), tmp_path)["holders"]
    births = [date.fromisoformat(r["birth_date"]) for r in rows if r["birth_date"]]
    assert births and all(date(1915, 1, 1) <= b <= date(1972, 6, 1) for b in births)  # 18 to 75 before 1990


def test_seeded_times_keep_their_order_and_the_clock(seeded: dict[str, list[dict[str, str]]]) -> None:
    now = datetime.fromisoformat(_plan().now)
    for r in seeded["holders"]:
        assert not r["created_at"] or _when(r["created_at"]) <= now
        assert not r["updated_at"] or _when(r["updated_at"]) <= now
        assert not (r["created_at"] and r["updated_at"]) or r["created_at"] <= r["updated_at"]
    jobs = seeded["payout_jobs"]
    ended = [(r, e) for r in jobs for e in (r["job_end_time"], r["cancelled_at"]) if e]  # done or cancelled
    assert ended and all(_when(e) <= now for _, e in ended)
    assert all(r["job_start_time"] < e for r, e in ended if r["job_start_time"])
    streams = seeded["event_streams"]
    assert all(r["valid_from"] < r["valid_until"] for r in streams if r["valid_from"] and r["valid_until"])


def test_state_bound_fields_are_empty_unless_the_status_says_so(seeded: dict[str, list[dict[str, str]]]) -> None:
    streams = seeded["event_streams"]
    assert {r["state_"] for r in streams} >= {"RUNNING", "STOPPED"}
    assert all(bool(r["stopped_since"]) == (r["state_"] == "STOPPED") for r in streams)
    jobs = seeded["payout_jobs"]
    assert all(r["status"] == "CANCELLED" for r in jobs if r["cancelled_at"])
    assert all(r["cancelled_at"] for r in jobs if r["status"] == "CANCELLED")
    assert all(r["status"] == "COMPLETED" for r in jobs if r["job_end_time"])


def test_seed_script_is_deterministic(seeded: dict[str, list[dict[str, str]]], tmp_path: Path) -> None:
    assert _seed(_plan(), tmp_path) == seeded


# -- the compiled tools enforce the constraints the seeds follow ----------------------------------------------------

@pytest.mark.slow
def test_compiled_tools_enforce_currency_pattern_and_enum(tmp_path: Path) -> None:
    from envfactory_gym.errors import ToolArgumentError, ToolError
    from envfactory_gym.package import EnvPackage

    folder = compile_digest(read_openapi(WALLET), tmp_path / "wallet", tasks=5)
    pkg = EnvPackage(folder)
    state = pkg.new_state()
    try:
        def run(**arguments: Any) -> Any:
            t = pkg.tools["create_holder"]
            return state.run_in_transaction(t.func, writes=t.writes, **t.validate(arguments))

        # the holder's code is the caller's to choose (its key): required, and new
        with pytest.raises(ToolError, match="does not match the pattern"):
            run(holder_code="HC-new-1", primary_currency="Picture enough break")
        with pytest.raises(ToolArgumentError):
            run(holder_code="HC-new-1", settlement_currency="XYZ")
        seeded = state.db.query_one("SELECT holder_code, primary_currency FROM holders "
                                    "WHERE primary_currency IS NOT NULL")
        assert run(holder_code="HC-new-1", primary_currency=seeded["primary_currency"],
                   settlement_currency="EUR")["settlement_currency"] == "EUR"
        with pytest.raises(ToolError, match="already has the holder code"):
            run(holder_code=seeded["holder_code"])
    finally:
        state.close()
        pkg.close()


def test_fitness_example_seed_keeps_its_classes(tmp_path: Path) -> None:
    plan = build_plan(read_openapi(FITNESS), name="fitness")
    rows = _seed(plan, tmp_path)
    for t in plan.tables:
        for c in t.columns:
            if c.kind == "string" and c.pattern:
                assert all(fits_pattern(c.pattern, r[c.name]) for r in rows[t.name] if r[c.name]), c.name
