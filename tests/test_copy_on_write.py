"""Copy-on-write states: lazy table copies, row-level resets, fingerprints and the write-path guards."""

from __future__ import annotations

import duckdb
import pytest

from envfactory_gym.errors import ToolError


def _write(sql, params=()):
    return lambda db: db.execute(sql, list(params))


def test_new_state_copies_nothing_until_a_write(library_package):
    s = library_package.new_state()
    try:
        assert s.copied == set()
        s.run_in_transaction(_write("UPDATE books SET copies = 7 WHERE book_id = 'B-001'"), writes=True)
        assert s.copied == {"books"} and s.dirty == {"books"}
        assert s.db.scalar("SELECT copies FROM books WHERE book_id = 'B-001'") == 7
    finally:
        s.close()


def test_first_write_that_fails_leaves_no_partial_state(library_package):
    s = library_package.new_state()
    try:
        h0 = s.state_hash()

        def write_then_fail(db):
            db.execute("UPDATE members SET name = 'X' WHERE member_id = 'M-002'")
            raise ToolError("refused")

        with pytest.raises(ToolError):
            s.run_in_transaction(write_then_fail, writes=True)
        assert s.state_hash() == h0
        s.reset()
        assert s.state_hash() == h0 and not s.diff(library_package.template.tables)
    finally:
        s.close()


@pytest.mark.parametrize("sql", [
    "UPDATE books SET copies = copies + 1",
    "DELETE FROM members WHERE member_id IN ('M-002', 'M-020')",
    "INSERT INTO loans VALUES ('L-901', 'M-002', 'B-001', TIMESTAMP '2026-02-01 09:00:00', false)",
    "UPDATE books SET book_id = 'B-999' WHERE book_id = 'B-001'",  # a key change: restored whole
])
def test_reset_restores_exactly_the_rows_written(library_package, sql):
    s = library_package.new_state()
    try:
        h0 = s.state_hash()
        for _ in range(3):
            s.run_in_transaction(_write(sql), writes=True)
            assert s.state_hash() != h0
            s.reset()
            assert s.state_hash() == h0
            assert not s.diff(library_package.template.tables)
    finally:
        s.close()


def test_untracked_writes_are_restored_whole(library_package):
    s = library_package.new_state()
    try:
        h0 = s.state_hash()
        s.materialize(["books"])
        s._cur.execute("UPDATE books SET copies = 0")
        s.mark_written(["books"])
        s.reset()
        assert s.state_hash() == h0
    finally:
        s.close()


def test_fingerprints_follow_contents(library_package):
    s = library_package.new_state()
    try:
        base = library_package.template.fingerprints
        assert s.fingerprints(["books", "loans"]) == {"books": base["books"], "loans": base["loans"]}
        s.run_in_transaction(_write("UPDATE books SET copies = copies + 1 WHERE book_id = 'B-001'"), writes=True)
        assert s.fingerprints(["books"])["books"] != base["books"]
        s.run_in_transaction(_write("UPDATE books SET copies = copies - 1 WHERE book_id = 'B-001'"), writes=True)
        assert s.fingerprints(["books"])["books"] == base["books"]
    finally:
        s.close()


def test_qualified_write_targets_are_refused(library_package):
    s = library_package.new_state()
    try:
        h0 = s.state_hash()
        with pytest.raises(ValueError, match="plain names"):
            s.run_in_transaction(_write(f"UPDATE {library_package.template.catalog}.books SET copies = 0"),
                                 writes=True)
        assert s.state_hash() == h0
    finally:
        s.close()


def _indexes(state):
    return state._cur.execute("SELECT count(*) FROM duckdb_indexes() WHERE database_name = ?",
                              [state.catalog]).fetchone()[0] + state._cur.execute(
        "SELECT count(*) FROM duckdb_constraints() WHERE database_name = ? AND constraint_type = 'PRIMARY KEY'",
        [state.catalog]).fetchone()[0]


def test_copies_carry_no_key_index_and_keep_every_other_constraint(library_package):
    s = library_package.new_state()
    try:
        s.materialize(library_package.template.tables)
        assert _indexes(s) == 0  # a written table costs its rows, not an index over them
        with pytest.raises(Exception, match="NOT NULL"):
            s.run_in_transaction(_write("UPDATE books SET title = NULL WHERE book_id = 'B-001'"), writes=True)
        with pytest.raises(Exception, match="NOT NULL"):  # key columns stay NOT NULL
            s.run_in_transaction(_write("UPDATE books SET book_id = NULL WHERE book_id = 'B-001'"), writes=True)
    finally:
        s.close()


@pytest.mark.parametrize("sql", [
    "INSERT INTO loans SELECT * FROM loans WHERE loan_id = (SELECT min(loan_id) FROM loans)",  # a key again
    "UPDATE books SET book_id = 'B-002' WHERE book_id = 'B-001'",  # a key set to one that exists
])
def test_a_duplicate_key_is_refused_and_rolled_back(library_package, sql):
    s = library_package.new_state()
    try:
        s.run_in_transaction(_write("UPDATE books SET copies = copies WHERE book_id = 'B-001'"), writes=True)
        s.run_in_transaction(_write("UPDATE loans SET returned = returned WHERE false"), writes=True)
        h0 = s.state_hash()
        with pytest.raises(duckdb.ConstraintException, match="Duplicate key"):
            s.run_in_transaction(_write(sql), writes=True)
        assert s.state_hash() == h0
    finally:
        s.close()


def test_an_env_whose_tools_upsert_keeps_its_indexes(library_package, tmp_path):
    import shutil

    from envfactory_gym.package import load_package

    folder = shutil.copytree(library_package.path, tmp_path / "library")
    tools = folder / "tools.py"
    tools.write_text(tools.read_text() + "\n# INSERT OR REPLACE INTO books ... (an upsert)\n")
    package = load_package(folder)
    assert package.template.indexed_copies and not library_package.template.indexed_copies
    s = package.new_state()
    try:
        s.materialize(["books"])
        assert _indexes(s) >= 1
    finally:
        s.close()


def test_the_key_map_follows_deletes_rollbacks_and_resets(library_package):
    s = library_package.new_state()
    new = "INSERT INTO loans VALUES ('L-901', 'M-002', 'B-001', TIMESTAMP '2026-02-01 09:00:00', false)"
    first = s.db.scalar("SELECT min(loan_id) FROM loans")
    try:
        def insert_then_refuse(db):
            db.execute(new)
            raise ToolError("refused after the insert")

        with pytest.raises(ToolError):
            s.run_in_transaction(insert_then_refuse, writes=True)
        s.run_in_transaction(_write(new), writes=True)  # the rolled-back insert left no trace in the map
        with pytest.raises(duckdb.ConstraintException, match="L-901"):
            s.run_in_transaction(_write(new), writes=True)
        s.run_in_transaction(_write(f"DELETE FROM loans WHERE loan_id = '{first}'"), writes=True)
        s.run_in_transaction(_write(f"INSERT INTO loans SELECT * FROM {library_package.template.catalog}.loans "
                                    f"WHERE loan_id = '{first}'"), writes=True)  # a deleted key may come back
        two = ("INSERT INTO loans VALUES ('L-902', 'M-002', 'B-001', TIMESTAMP '2026-02-01 09:00:00', false), "
               "('L-902', 'M-003', 'B-002', TIMESTAMP '2026-02-01 09:00:00', false)")
        with pytest.raises(duckdb.ConstraintException, match="L-902"):
            s.run_in_transaction(_write(two), writes=True)
        s.reset()
        s.run_in_transaction(_write(new), writes=True)  # after a reset L-901 is new again
        assert s.db.scalar("SELECT count(*) FROM loans WHERE loan_id = 'L-901'") == 1
    finally:
        s.close()
