"""EnvUnderTest: an environment folder's test scaffolding, checked on the library fixture and in a real pytest run."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from envfactory_gym.database import DuckDBState
from envfactory_gym.errors import EnvFormatError, ToolArgumentError, ToolError, UnknownToolError
from envfactory_gym.testing import EnvUnderTest

LIBRARY_DIR = Path(__file__).resolve().parents[1] / "fixtures" / "library"
LIBRARY = EnvUnderTest(LIBRARY_DIR / "tests" / "test_library.py")
state = LIBRARY.state_fixture()
later = LIBRARY.state_fixture(now="2026-03-01T09:00:00")


def test_the_folder_is_found_from_a_test_file_or_given_as_is() -> None:
    assert LIBRARY.root == LIBRARY_DIR.resolve()
    assert EnvUnderTest(LIBRARY_DIR).root == LIBRARY.root
    assert LIBRARY.manifest.name == "minilib" and repr(LIBRARY) == f"EnvUnderTest({str(LIBRARY.root)!r})"


def test_tools_are_imported_from_the_folders_tools_py_by_path() -> None:
    assert Path(LIBRARY.module.__file__) == LIBRARY.root / "tools.py"
    assert LIBRARY.module.__name__ == "minilib_tools_under_test" and LIBRARY.module.__name__ not in sys.modules
    assert {"find_member", "borrow_book", "return_book"} <= set(LIBRARY.tools)
    assert LIBRARY.tools["borrow_book"].writes and not LIBRARY.tools["find_member"].writes
    assert [t.id for t in LIBRARY.tasks][:2] == ["lib-borrow", "lib-return"]
    assert set(LIBRARY.template.tables) == {"books", "loans", "members"}


def test_the_state_fixture_is_named_after_its_attribute_and_keeps_its_clock(state: DuckDBState,
                                                                             later: DuckDBState) -> None:
    assert state is not later and not state.closed
    assert state.db.now == "2026-02-01T09:00:00" and later.db.now == "2026-03-01T09:00:00"


def test_run_reads_and_writes_like_an_episode(state: DuckDBState) -> None:
    member = LIBRARY.run(state, "find_member", email="member2@example.org")
    loan = LIBRARY.run(state, "borrow_book", member_id=member["member_id"], book_id="B-002")
    row = LIBRARY.one(state, "SELECT member_id, returned FROM loans WHERE loan_id = ?", [loan["loan_id"]])
    assert row == {"member_id": "M-002", "returned": False}


def test_run_names_the_nearest_tool_and_validates_arguments(state: DuckDBState) -> None:
    with pytest.raises(UnknownToolError, match="Did you mean 'borrow_book'"):
        LIBRARY.run(state, "borow_book", member_id="M-002", book_id="B-002")
    with pytest.raises(ToolArgumentError, match="channel"):
        LIBRARY.run(state, "borrow_book", member_id="M-002", book_id="B-002", channel="fax")


def test_one_fails_the_test_when_no_row_matches(state: DuckDBState) -> None:
    with pytest.raises(AssertionError, match="no row for"):
        LIBRARY.one(state, "SELECT * FROM books WHERE book_id = ?", ["B-999"])


def test_assert_refused_returns_the_refusal_of_a_rolled_back_call(state: DuckDBState) -> None:
    # borrow_book decrements the copies before it refuses: the rollback must leave every table as it was.
    error = LIBRARY.assert_refused(state, "borrow_book", r"B-003 has no copy", member_id="M-002", book_id="B-003")
    assert isinstance(error, ToolError) and str(error) == "book B-003 has no copy available"


def test_assert_refused_fails_when_the_call_succeeds_or_says_something_else(state: DuckDBState) -> None:
    with pytest.raises(AssertionError, match="was not refused"):
        LIBRARY.assert_refused(state, "get_book", "no book", book_id="B-001")
    with pytest.raises(AssertionError, match="does not match 'no member'"):
        LIBRARY.assert_refused(state, "get_book", "no member", book_id="B-999")


def test_assert_refused_fails_when_a_refused_call_changed_the_state(state: DuckDBState,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    real = state.run_in_transaction

    def write_then_refuse(func: object, *args: object, writes: bool = False, **kwargs: object) -> None:
        real(lambda db: db.execute("UPDATE books SET copies = 9 WHERE book_id = 'B-001'"), writes=True)
        raise ToolError("refused after a committed write")

    monkeypatch.setattr(state, "run_in_transaction", write_then_refuse)
    with pytest.raises(AssertionError, match="was refused but changed books"):
        LIBRARY.assert_refused(state, "get_book", "refused", book_id="B-001")


def test_a_broken_folder_is_a_one_line_error_naming_the_file(tmp_path: Path) -> None:
    with pytest.raises(EnvFormatError, match=r"manifest\.json: missing manifest\.json"):
        EnvUnderTest(tmp_path / "tests" / "test_nothing.py")
    folder = tmp_path / "library"
    shutil.copytree(LIBRARY_DIR, folder)
    (folder / "tools.py").unlink()
    with pytest.raises(EnvFormatError, match=r"tools\.py: missing tools\.py"):
        EnvUnderTest(folder)
    (folder / "tools.py").write_text("def broken(:\n", encoding="utf-8")
    with pytest.raises(EnvFormatError, match=r"tools\.py: import failed: SyntaxError"):
        EnvUnderTest(folder)
    (folder / "tools.py").write_text("import math\n\nRATE = math.tau / undefined_rate\n", encoding="utf-8")
    with pytest.raises(EnvFormatError, match=r"import failed: NameError: .*'undefined_rate'.* \(line 3\)$"):
        EnvUnderTest(folder)


FIRST = '''
from envfactory_gym.testing import EnvUnderTest

ENV = EnvUnderTest(__file__)
state = ENV.state_fixture()
SEEN = []


def test_a_write(state):
    SEEN.append(state)
    ENV.run(state, "borrow_book", member_id="M-002", book_id="B-002")
    assert ENV.one(state, "SELECT count(*) AS n FROM loans")["n"] == 2


def test_the_next_test_starts_from_the_seed(state):
    assert state is SEEN[0]
    assert ENV.one(state, "SELECT count(*) AS n FROM loans")["n"] == 1
    ENV.assert_refused(state, "return_book", "no open loan", loan_id="L-999")
'''

SECOND = '''
import sys


def test_the_first_modules_state_was_closed_after_its_tests():
    first = next(m for name, m in sys.modules.items() if name.endswith("test_first"))
    assert first.SEEN and all(s.closed for s in first.SEEN)
'''


def test_a_test_module_runs_under_coverage_of_the_folders_tools_py(tmp_path: Path) -> None:
    folder = tmp_path / "library"
    shutil.copytree(LIBRARY_DIR, folder)
    (folder / "tests").mkdir()
    (folder / "tests" / "test_first.py").write_text(textwrap.dedent(FIRST), encoding="utf-8")
    (folder / "tests" / "test_second.py").write_text(textwrap.dedent(SECOND), encoding="utf-8")
    data, report = tmp_path / ".coverage", tmp_path / "coverage.json"
    res = subprocess.run([sys.executable, "-m", "coverage", "run", f"--data-file={data}",
                          f"--include={folder / 'tools.py'}", "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "--rootdir", str(folder), "-o", "addopts=", str(folder / "tests")],
                         cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "3 passed" in res.stdout
    subprocess.run([sys.executable, "-m", "coverage", "json", f"--data-file={data}", "-o", str(report)],
                   cwd=tmp_path, check=True, capture_output=True, timeout=60)
    (entry,) = json.loads(report.read_text())["files"].values()
    lines = (folder / "tools.py").read_text(encoding="utf-8").splitlines()
    executed = {lines[n - 1].strip() for n in entry["executed_lines"]}
    assert 'loan_id = f"L-{n:03d}"' in executed  # borrow_book's body, run through ENV.run
    assert 'db.execute("UPDATE loans SET returned = true WHERE loan_id = ?", [loan_id])' not in executed
