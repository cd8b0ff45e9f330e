"""TaskBuilder: gold calls played on the seed state, outputs checked against their results, tasks written."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from envfactory_gym.authoring.tasks import TaskBuilder
from envfactory_gym.errors import EnvFactoryError, ToolError
from envfactory_gym.tasks import load_tasks

LIBRARY_DIR = Path(__file__).resolve().parents[1] / "fixtures" / "library"


@pytest.fixture
def builder() -> TaskBuilder:
    b = TaskBuilder(LIBRARY_DIR, prefix="lib")
    yield b
    b.close()


def test_a_task_holds_the_calls_played_since_begin(builder: TaskBuilder) -> None:
    builder.begin()
    member = builder.call("find_member", email="member3@example.org")
    loan = builder.call("borrow_book", ["channel"], member_id=member["member_id"], book_id="B-002")
    task = builder.add_task("Please lend me B-002.", tags=["write"], outputs=[loan["loan_id"]],
                            user_facts={"email": {"value": "member3@example.org", "keywords": ["email"]}})
    assert task.id == "lib-001" and [c.name for c in task.gold_calls] == ["find_member", "borrow_book"]
    assert task.gold_calls[1].masked == ["channel"] and task.outputs == [loan["loan_id"]]
    assert builder.rows("SELECT * FROM loans WHERE loan_id = ?", [loan["loan_id"]])  # played, not yet reset
    builder.play([{"name": "get_book", "arguments": {"book_id": "B-001"}}])
    assert not builder.rows("SELECT * FROM loans WHERE loan_id = ?", [loan["loan_id"]])  # begin reset it
    assert builder.add_task("What is B-001?", outputs=["B-001"], task_id="lib-book").id == "lib-book"


def test_outputs_no_result_holds_are_refused(builder: TaskBuilder) -> None:
    builder.play([{"name": "get_book", "arguments": {"book_id": "B-001"}}])
    with pytest.raises(EnvFactoryError, match=r"lib-001: outputs \['not in any result'\]"):
        builder.add_task("What is B-001?", outputs=["not in any result"])
    assert builder.add_task("What is B-001?", outputs=["not in any result"], check_outputs=False).outputs
    with pytest.raises(ToolError):
        builder.call("return_book", loan_id="L-999")
    with pytest.raises(EnvFactoryError, match=r"no row 0 for 'SELECT \* FROM books WHERE book_id = \?'"):
        builder.row("SELECT * FROM books WHERE book_id = ?", ["B-999"])


def test_write_keeps_only_the_tasks_asked_for(builder: TaskBuilder, tmp_path: Path) -> None:
    path = tmp_path / "tasks.jsonl"
    shutil.copy(LIBRARY_DIR / "tasks.jsonl", path)
    before = load_tasks(path)
    builder.play([{"name": "get_book", "arguments": {"book_id": "B-001"}}])
    builder.add_task("What is B-001?", outputs=["B-001"], task_id="lib-title")
    builder.write(path, keep=lambda t: True)
    after = load_tasks(path)
    assert [t.id for t in after] == ["lib-title"] + [t.id for t in before if t.id != "lib-title"]
    builder.write(path)
    assert [t.id for t in load_tasks(path)] == ["lib-title"]


def test_a_script_is_a_build_function_and_main(tmp_path: Path) -> None:
    folder = Path(shutil.copytree(LIBRARY_DIR, tmp_path / "library"))
    (folder / "seed" / "make_tasks.py").write_text(
        "from pathlib import Path\n\nfrom envfactory_gym.authoring.tasks import TaskBuilder\n\n"
        "b = TaskBuilder(Path(__file__).resolve().parents[1])\n\n\ndef build() -> None:\n"
        "    b.begin()\n    b.call('get_book', book_id='B-001')\n    b.add_task('What is B-001?', outputs=['B-001'])\n\n\n"
        "raise SystemExit(b.main(build))\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    done = subprocess.run([sys.executable, str(folder / "seed" / "make_tasks.py"), "--out", str(out)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert f"wrote 1 tasks to {out}" in done.stdout and [t.id for t in load_tasks(out)] == ["minilib-001"]
