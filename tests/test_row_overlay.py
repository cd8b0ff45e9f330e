"""storage="rows": an env keeps only the rows it changed (shared overlay tables, read through views)."""

from __future__ import annotations

import duckdb
import gymnasium as gym
import pytest

from envfactory_gym.database.connection import shared_connection
from envfactory_gym.database.overlay import insert_head, split
from envfactory_gym.errors import ConfigError, ToolError
from tests.suite_envs import SUITE_IDS


def _write(sql, params=()):
    return lambda db: db.execute(sql, list(params))


@pytest.fixture(autouse=True)
def _overlays_again(library_package):
    """A test that makes the library template fall back to whole copies must not change the next test's storage."""
    yield
    library_package.template.rows_fallback = False


@pytest.mark.parametrize("sql, kind, alias, set_params, where_params", [
    ("UPDATE orders SET status = ?, total = total + ? WHERE order_id = ?", "update", None, 2, 1),
    ("UPDATE orders o SET note = 'a ? WHERE' WHERE o.id IN (SELECT id FROM x WHERE y = ?)", "update", "o", 0, 1),
    ("UPDATE t SET a = (SELECT max(v) FROM u WHERE w = ?) WHERE id = ?", "update", None, 1, 1),
    ("DELETE FROM promo WHERE order_id = ? AND code = ?", "delete", None, 0, 2),
    ("DELETE FROM promo", "delete", None, 0, 0),
])
def test_plain_writes_are_cut_at_their_top_level_keywords(sql, kind, alias, set_params, where_params):
    cut = split(sql)
    assert cut is not None
    assert (cut.kind, cut.alias, cut.set_params, cut.where_params) == (kind, alias, set_params, where_params)


@pytest.mark.parametrize("sql", [
    "UPDATE t SET a = b.a FROM b WHERE t.id = b.id",  # a join
    "UPDATE t SET a = 1 WHERE id = 2 RETURNING id",
    "DELETE FROM t USING u WHERE t.id = u.id",
    "SELECT 1",
])
def test_writes_an_overlay_cannot_take_are_not_cut(sql):
    assert split(sql) is None


def test_insert_heads():
    assert insert_head("INSERT INTO orders VALUES (?, ?)") == (18, False)
    assert insert_head("INSERT INTO orders (a, b) VALUES (?, ?)") == (18, True)
    for sql in ("INSERT INTO t VALUES (1) ON CONFLICT DO NOTHING", "INSERT OR REPLACE INTO t VALUES (1)",
                "INSERT INTO t BY NAME SELECT 1 AS a", "INSERT INTO t DEFAULT VALUES",
                "INSERT INTO t VALUES (1) RETURNING a"):
        assert insert_head(sql) is None, sql


def test_unknown_storage_is_refused(library_package):
    with pytest.raises(ConfigError, match="storage must be one of"):
        library_package.new_state(storage="row")


def test_writes_leave_the_env_no_copy_and_other_envs_untouched(library_package):
    a, b = library_package.new_state(storage="rows"), library_package.new_state(storage="rows")
    try:
        h0 = b.state_hash()
        a.run_in_transaction(_write("UPDATE books SET copies = 7 WHERE book_id = 'B-001'"), writes=True)
        a.run_in_transaction(_write("DELETE FROM members WHERE member_id = 'M-002'"), writes=True)
        a.run_in_transaction(_write("INSERT INTO loans VALUES ('L-901', 'M-003', 'B-001', "
                                    "TIMESTAMP '2026-02-01 09:00:00', false)"), writes=True)
        assert a.copied == set() and a.viewed == {"books", "members", "loans"}
        assert a.db.scalar("SELECT copies FROM books WHERE book_id = 'B-001'") == 7
        assert a.db.scalar("SELECT count(*) FROM members WHERE member_id = 'M-002'") == 0
        assert a.db.scalar("SELECT count(*) FROM loans WHERE loan_id = 'L-901'") == 1
        diff = a.diff()
        assert len(diff.changed["books"]) == 1 and len(diff.deleted["members"]) == 1
        assert len(diff.inserted["loans"]) == 1
        assert b.state_hash() == h0 and not b.diff(library_package.template.tables)
        a.reset()
        assert a.state_hash() == h0 and not a.diff(library_package.template.tables)
        assert a.fingerprints(library_package.template.tables) == library_package.template.fingerprints
    finally:
        a.close()
        b.close()


@pytest.mark.parametrize("storage", ["copy", "rows"])
def test_the_same_writes_give_the_same_state_in_both_storages(library_package, storage):
    reference, s = library_package.new_state(), library_package.new_state(storage=storage)
    writes = ["UPDATE books SET copies = copies + 1",
              "DELETE FROM members WHERE member_id IN ('M-002', 'M-020')",
              "INSERT INTO members SELECT * REPLACE ('M-002' AS member_id) FROM members WHERE member_id = 'M-003'",
              "UPDATE members SET name = 'Renamed' WHERE member_id = 'M-002'"]
    try:
        for sql in writes:
            for state in (reference, s):
                state.run_in_transaction(_write(sql), writes=True)
            assert s.state_hash() == reference.state_hash()
            tables = library_package.template.tables
            assert s.fingerprints(tables) == reference.fingerprints(tables)
            assert s.diff().to_dict() == reference.diff().to_dict()
        s.reset()
        assert s.fingerprints(library_package.template.tables) == library_package.template.fingerprints
    finally:
        reference.close()
        s.close()


@pytest.mark.parametrize("first", [True, False])
def test_set_parameters_follow_the_statement_not_the_table_order(library_package, first):
    s, reference = library_package.new_state(storage="rows"), library_package.new_state()
    try:
        for state in (s, reference):
            if not first:  # an earlier write: the update runs in two steps on the overlay
                state.run_in_transaction(_write("UPDATE books SET copies = 1 WHERE book_id = 'B-003'"), writes=True)
            state.run_in_transaction(_write("UPDATE books SET price = ?, title = upper(title), copies = ? "
                                            "WHERE book_id = ? OR copies > ?", [9.5, 4, "B-002", 100]), writes=True)
        assert s.state_hash() == reference.state_hash()
        row = s.db.query_one("SELECT title, copies, price FROM books WHERE book_id = 'B-002'")
        assert row is not None and row["copies"] == 4 and float(row["price"]) == 9.5
    finally:
        s.close()
        reference.close()


def test_a_duplicate_key_is_refused_and_rolled_back(library_package):
    s = library_package.new_state(storage="rows")
    try:
        h0 = s.state_hash()
        with pytest.raises(duckdb.ConstraintException, match="Duplicate key"):
            s.run_in_transaction(_write("INSERT INTO members SELECT * FROM members WHERE member_id = 'M-003'"),
                                 writes=True)
        assert s.state_hash() == h0
    finally:
        s.close()


def test_a_failed_tool_leaves_no_overlay_rows(library_package):
    s = library_package.new_state(storage="rows")
    try:
        h0 = s.state_hash()

        def write_then_fail(db):
            db.execute("UPDATE members SET name = 'X' WHERE member_id = 'M-002'")
            raise ToolError("refused")

        for _ in range(2):  # the first call also makes the view
            with pytest.raises(ToolError):
                s.run_in_transaction(write_then_fail, writes=True)
            assert s.state_hash() == h0
    finally:
        s.close()


def test_a_key_change_turns_the_view_into_a_copy_of_what_the_env_holds(library_package):
    s, reference = library_package.new_state(storage="rows"), library_package.new_state()
    try:
        for state in (s, reference):
            state.run_in_transaction(_write("UPDATE books SET copies = 0 WHERE book_id = 'B-002'"), writes=True)
        assert "books" in s.viewed
        for state in (s, reference):  # sets a key column: the overlay cannot follow it
            state.run_in_transaction(_write("UPDATE books SET book_id = 'B-999' WHERE book_id = 'B-001'"),
                                     writes=True)
        assert "books" in s.copied and "books" not in s.viewed
        assert s.state_hash() == reference.state_hash()
        s.reset()
        reference.reset()
        assert s.state_hash() == reference.state_hash()
    finally:
        s.close()
        reference.close()


def test_one_tool_writing_an_overlay_and_a_table_that_needs_a_copy_falls_back_to_copies(library_package):
    """A DuckDB transaction writes one catalog: the env turns every table it reads through a view into a copy
    (and later envs of the template start with copies)."""
    s, reference = library_package.new_state(storage="rows"), library_package.new_state()

    def both(db):
        db.execute("UPDATE members SET name = 'Renamed' WHERE member_id = 'M-002'")
        db.execute("UPDATE books SET book_id = 'B-999' WHERE book_id = 'B-001'")  # a key change: needs a copy

    try:
        s.run_in_transaction(_write("UPDATE books SET copies = 3 WHERE book_id = 'B-002'"), writes=True)
        reference.run_in_transaction(_write("UPDATE books SET copies = 3 WHERE book_id = 'B-002'"), writes=True)
        s.run_in_transaction(both, writes=True)
        reference.run_in_transaction(both, writes=True)
        assert s.state_hash() == reference.state_hash()
        assert s.storage == "copy" and {"members", "books"} <= s.copied and not s.viewed
        assert library_package.new_state(storage="rows").storage == "copy"
        s.reset()
        reference.reset()
        assert s.state_hash() == reference.state_hash()
    finally:
        s.close()
        reference.close()


def test_a_set_that_only_mentions_the_key_stays_in_the_overlay(library_package):
    s = library_package.new_state(storage="rows")
    try:
        s.run_in_transaction(_write("UPDATE books SET copies = CASE WHEN book_id = 'B-001' THEN 0 ELSE copies END "
                                    "WHERE book_id IN ('B-001', 'B-002')"), writes=True)
        assert s.viewed == {"books"} and not s.copied
        assert s.db.scalar("SELECT copies FROM books WHERE book_id = 'B-001'") == 0
    finally:
        s.close()


def test_closing_an_env_forgets_its_overlay_rows(library_package):
    s = library_package.new_state(storage="rows")
    s.run_in_transaction(_write("UPDATE books SET copies = 7 WHERE book_id = 'B-001'"), writes=True)
    overlays, env = library_package.template.overlays(), s._env_id
    cur = shared_connection().cursor()
    s.close()
    try:
        assert cur.execute(f"SELECT count(*) FROM {overlays.catalog}.main.books WHERE _ef_env = {env}").fetchone() == (0,)
    finally:
        cur.close()


def test_deleted_overlay_rows_are_reclaimed_every_so_many_resets(library_package):
    overlays = library_package.template.overlays()
    s = library_package.new_state(storage="rows")
    every, before = overlays.vacuum_every, overlays.vacuums
    overlays.vacuum_every = 3
    try:
        h0 = s.state_hash()
        for _ in range(6):
            s.run_in_transaction(_write("UPDATE books SET copies = copies + 1"), writes=True)
            s.reset()
        assert overlays.vacuums == before + 2
        assert s.state_hash() == h0
        s.run_in_transaction(_write("UPDATE books SET copies = 9 WHERE book_id = 'B-001'"), writes=True)
        assert s.db.scalar("SELECT copies FROM books WHERE book_id = 'B-001'") == 9
    finally:
        overlays.vacuum_every = every
        s.close()


def _play(env, task):
    reward = 0.0
    for c in task.gold_calls:
        env.step({"name": c.name, "arguments": dict(c.arguments)})
    facts = "; ".join(task.outputs)
    _, reward, _, _, info = env.step(f"All done. {facts}." if facts else "All done, your request is complete.")
    return reward, info


@pytest.mark.parametrize("env_id", SUITE_IDS)
def test_writing_episodes_score_and_end_the_same_in_both_storages(env_id):
    copy, rows = gym.make(env_id), gym.make(env_id, storage="rows")
    try:
        pkg = copy.unwrapped.package
        writing = sorted((t for t in pkg.tasks if pkg.gold(t).diff), key=lambda t: -len(pkg.gold(t).changes))[:2]
        assert writing, f"{env_id} has no writing task"
        for task in writing:
            for env in (copy, rows):
                env.reset(seed=0, options={"task_id": task.id})
            r_copy, i_copy = _play(copy, task)
            r_rows, i_rows = _play(rows, task)
            assert r_rows == r_copy, (task.id, i_rows.get("reward_components"), i_copy.get("reward_components"))
            assert rows.unwrapped.state.state_hash() == copy.unwrapped.state.state_hash(), task.id
        rows.reset(seed=0)
        assert rows.unwrapped.state.fingerprints(pkg.template.tables) == pkg.template.fingerprints
    finally:
        copy.close()
        rows.close()
