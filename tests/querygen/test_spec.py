"""querygen.json: the shipped declarations load, a missing file means defaults, mistakes are one-line errors."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from envfactory_gym.errors import EnvFormatError
from envfactory_gym.querygen.spec import FILE_NAME, QueryGenSpec, load_declarations

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = [ROOT / "generated_envs" / "retail", ROOT / "tests" / "fixtures" / "library",
           ROOT / "tests" / "fixtures" / "outpatient"]


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda p: p.name)
def test_shipped_declarations_load(folder):
    spec = load_declarations(folder)
    assert spec.user.facts and spec.tables and spec.tools
    assert all(fact.keywords for fact in spec.user.facts.values())


def test_missing_file_means_defaults(tmp_path):
    spec = load_declarations(tmp_path)
    assert spec == QueryGenSpec()
    assert spec.label("placed_at") == "placed at" and spec.askable("anything")
    assert spec.say_value("some_tool", "reason", "no_longer_needed") == "no longer needed"


@pytest.fixture
def library_copy(tmp_path):
    """A copy of the library fixture whose querygen.json a test may break."""
    folder = tmp_path / "library"
    shutil.copytree(ROOT / "tests" / "fixtures" / "library", folder)
    return folder


def _broken(folder: Path, change) -> str:
    """The error for the fixture's declarations with one ``change``."""
    data = json.loads((ROOT / "tests" / "fixtures" / "library" / FILE_NAME).read_text())
    change(data)
    (folder / FILE_NAME).write_text(json.dumps(data))
    with pytest.raises(EnvFormatError) as err:
        load_declarations(folder)
    message = str(err.value)
    assert "\n" not in message and FILE_NAME in message
    return message


def test_unknown_key_names_the_nearest(library_copy):
    msg = _broken(library_copy, lambda d: d["tools"]["borrow_book"].update(gaol=["x"]))
    assert "tools.borrow_book.gaol: unknown key. Did you mean 'goal'?" in msg
    msg = _broken(library_copy, lambda d: d.update(feilds={}))
    assert "feilds" in msg and "'fields'" in msg


def test_names_are_checked_against_the_environment(library_copy):
    msg = _broken(library_copy, lambda d: d["tools"].update(borow_book={"goal": ["x"]}))
    assert "tools.borow_book: no such tool. Did you mean 'borrow_book'?" in msg
    msg = _broken(library_copy, lambda d: d["tables"].update(book={"refer": ["x"]}))
    assert "tables.book: no such table. Did you mean 'books'?" in msg
    msg = _broken(library_copy, lambda d: d["parameters"]["keyword"].update(column="books.titel"))
    assert "table 'books' has no column 'titel'. Did you mean 'title'?" in msg
    msg = _broken(library_copy, lambda d: d["tools"]["borrow_book"].update(goal=["Lend me {book}."]))
    assert "tools.borrow_book.goal.0: unknown placeholder {book}. Did you mean 'book_id'?" in msg


def test_bad_values_and_templates(library_copy):
    msg = _broken(library_copy, lambda d: d["tools"]["get_book"].update(target="sometimes"))
    assert "tools.get_book.target" in msg
    msg = _broken(library_copy, lambda d: d["tables"]["books"].update(refer=["the book {title"]))
    assert "tables.books.refer.0: unclosed '{'" in msg
    (library_copy / FILE_NAME).write_text("{not json")
    with pytest.raises(EnvFormatError, match="not valid JSON"):
        load_declarations(library_copy)
    (library_copy / FILE_NAME).write_text("[]")
    with pytest.raises(EnvFormatError, match="JSON object"):
        load_declarations(library_copy)
