"""Fields of a class get words, never codes; listed values become enums; lists show every row a request can name.

Blind play of compiled real specifications found a payment method seeded ``P-827190`` although the request body
says "One of (card, token, payment_profile, cash, cheque)", an evidence type ``E-476376``, and a list of forty
rows that showed thirty-six with no filter to find the rest. On ``ledger_desk.yaml``:

- a description's whole list of values ("One of (...)", "Can be: 'a' or 'b'", "low | high") is the field's enum,
  read from the table's own field or from a request input that writes it; examples ("e.g. EU, US") only seed;
- a field named as a kind, status or method with no listed values is seeded with plain words of its class;
- a table whose lists cannot find a named row is seeded with no more rows than an unfiltered list shows; a list
  cut short says how many more rows match; a list filtered by the key returns the whole row, summaries otherwise.
"""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest

from envfactory_gym.envgen.compile import read_openapi
from envfactory_gym.envgen.compile.blueprint import Column, Table
from envfactory_gym.envgen.compile.described import described_enum, described_values, is_class_field
from envfactory_gym.envgen.compile.listing import LIST_CHARS
from envfactory_gym.envgen.compile.plan import build_plan
from envfactory_gym.envgen.compile.seeding import draw, table_specs
from tests.envgen._helpers import SPECS, compile_spec, run_calls

SPEC = SPECS / "ledger_desk.yaml"
CODE = re.compile(r"^[A-Z]+-\d+$")


@pytest.fixture(scope="module")
def ledger(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_spec(SPEC, tmp_path_factory.mktemp("l") / "ledger_desk", tasks=3)


def _col(name: str, description: str = "", **kw: object) -> Column:
    return Column(name=name, kind="string", description=description, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(("description", "values"), [
    ("One of (card, token, payment_profile, cash, cheque). characters(20)",
     ["card", "token", "payment_profile", "cash", "cheque"]),
    ("The Message type. Can be: 'text' or 'media'", ["text", "media"]),
    ("The status (either 'SCHEDULED', 'PROCESSED' or 'CANCELLED')", ["SCHEDULED", "PROCESSED", "CANCELLED"]),
    ("Valid values: low | normal | high | urgent", ["low", "normal", "high", "urgent"]),
    ("Transaction kind: eu-b2c, eu-b2b, domestic, untaxed", ["eu-b2c", "eu-b2b", "domestic", "untaxed"]),
    ("Possible values: 'Active', 'Inactive', 'Closed'", ["Active", "Inactive", "Closed"]),
    ("Trouble ticket status. 'OPEN','CLOSED','REOPENED'", ["OPEN", "CLOSED", "REOPENED"]),
    ("Can be either 'Search' for all fields or 'Minimal' for a subset", ["Search", "Minimal"]),
    ('Possible values are: - "none" - No access. - "reader" - Read access', ["none", "reader"]),
])
def test_a_whole_list_in_a_description_is_the_fields_enum(description: str, values: list[str]) -> None:
    assert described_enum(_col("kind", description)) == values


@pytest.mark.parametrize("description", [
    "Http method. post, put, get etc.",  # open-ended
    'This will be either "privateNumber", one of your numbers or your sender name',  # prose after the first
    "This is one of the fields a caller sets",
    "Tax region code - e.g. EU, US, NO, JP",  # examples, not the whole set
    "Reason code. Common values are *SE* (Statutory), *CR* (Religious)",  # a sample
    "The current status. Possible values include: open, in_progress, closed, or - where no mapping exists",
])
def test_open_or_prose_lists_are_no_enum(description: str) -> None:
    assert described_enum(_col("kind", description)) == []


def test_examples_only_seed_and_values_must_fit_the_field() -> None:
    assert described_values(_col("tax_region", "Tax region code - e.g. EU, US, NO, JP")) == ["EU", "US", "NO", "JP"]
    assert described_enum(_col("kind", "One of (card, token, cash)", max_length=1)) == []


def test_fields_of_a_class_get_words_never_codes() -> None:
    t = Table(name="things", entity="Thing", noun="thing", description="", columns=[], key=_col("thing_id"))
    for name, desc in [("evidence_type", "See the EvidenceTypeEnum type for the supported evidence types"),
                       ("payment_method", "characters (16)"), ("order_fulfillment_status", "The degree to which"),
                       ("category", ""), ("seller_response", "The enumeration value returned in this field")]:
        c = _col(name, desc)
        d = draw(c, t)
        assert is_class_field(c) and d["kind"] == "pick", (name, d)
        assert all(not CODE.match(v) and v.replace("_", "").isalpha() for v in d["values"]), (name, d)
    refund = draw(_col("refund_status", "should result in a value of PENDING . A failed one gives FAILED , and an "
                                        "HTTP status code and/or API error code"), t)
    assert refund["values"] == ["PENDING", "FAILED"]  # the capitalised constants it names, no acronyms
    assert draw(_col("type_id"), t)["kind"] == "token" and not is_class_field(_col("status_code"))
    assert draw(_col("content_type"), t) == {"kind": "faker", "provider": "mime_type", "optional": 0.1}
    assert draw(_col("marital_status"), t)["values"][:2] == ["single", "married"]


def test_a_request_bodys_list_is_the_stored_fields_enum_and_the_tools() -> None:
    plan = build_plan(read_openapi(SPEC))
    charges = plan.table("charges")
    method = charges.column("payment_method")
    assert method is not None and method.enum == ["card", "token", "cash", "cheque"]  # the response says nothing
    create = next(tp for tp in plan.tools if tp.name == "create_charge")
    assert next(a for a in create.args if a.name == "payment_method").column.enum == method.enum
    spec = next(s for s in table_specs(plan) if s["name"] == "charges")
    assert spec["columns"]["payment_method"]["kind"] == "enum"
    assert any("'payment_method' takes the values its description lists" in n for n in plan.notes)


def test_the_compiled_seed_has_no_codes_in_class_fields(ledger: Path) -> None:
    schema = (ledger / "schema.sql").read_text(encoding="utf-8")
    assert "CHECK (payment_method IN ('card', 'token', 'cash', 'cheque'))" in schema
    tools = (ledger / "tools.py").read_text(encoding="utf-8")
    assert 'PaymentMethod = Literal["card", "token", "cash", "cheque"]' in tools
    assert "payment_method: PaymentMethod," in tools
    with (ledger / "seed" / "charges.csv").open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    for field in ("payment_method", "evidence_type", "status", "channel_type"):
        values = {r[field] for r in rows if r[field]}
        assert values and not any(CODE.match(v) for v in values), (field, values)
    assert {r["payment_method"] for r in rows if r["payment_method"]} <= {"card", "token", "cash", "cheque"}


def test_a_list_without_filters_that_find_a_row_shows_every_seeded_row(ledger: Path) -> None:
    with (ledger / "seed" / "charges.csv").open(newline="", encoding="utf-8") as f:
        seeded = [r["charge_id"] for r in csv.DictReader(f)]
    listed, = run_calls(ledger, [("list_charges", {})])
    assert 6 <= len(seeded) < 40 and [r["charge_id"] for r in listed] == seeded  # all of them, nothing after
    assert len(json.dumps(listed, default=str)) <= LIST_CHARS


def test_a_cut_list_says_how_many_more_rows_match(ledger: Path) -> None:
    adds = [("create_payer", {"name": f"Payer number {i}", "tier": "basic"}) for i in range(40)]
    *_, listed, found = run_calls(ledger, [*adds, ("list_payers", {}), ("list_payers", {"name": "Payer number 39"})])
    rows = [r for r in listed if isinstance(r, dict)]
    assert isinstance(listed[-1], str) and re.match(rf"\.\.\. {80 - len(rows)} more rows match", listed[-1])
    assert len(json.dumps(listed, default=str)) <= LIST_CHARS
    assert [r["name"] for r in found] == ["Payer number 39"]  # the name filter finds what the cut hides


def test_a_list_filtered_by_its_key_gives_the_whole_row(ledger: Path) -> None:
    listed, one = run_calls(ledger, [("list_payers", {}), ("list_payers", {"payer_id": "P-0001"})])
    assert "street" not in listed[0] and {"payer_id", "name"} <= set(listed[0])  # a summary
    assert len(one) == 1 and {"street", "city", "website", "description"} <= set(one[0])
    assert "given payer_id, the whole row" in (ledger / "tools.py").read_text(encoding="utf-8")
