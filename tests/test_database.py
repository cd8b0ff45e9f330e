"""DuckDB state: isolation, snapshot reset, row diffs, hashing and transactional tool calls."""

from __future__ import annotations

import pytest

from envfactory_gym.database import DuckDBState, Template
from envfactory_gym.errors import EnvFormatError, ToolError


def _borrow(db, member_id, book_id):
    db.execute("UPDATE books SET copies = copies - 1 WHERE book_id = ?", [book_id])
    db.execute("INSERT INTO loans VALUES ('L-900', ?, ?, ?, false)", [member_id, book_id, db.now])


def test_states_are_isolated_and_reset_restores_template(library_package):
    a, b = library_package.new_state(), library_package.new_state()
    try:
        h0 = a.state_hash()
        assert b.state_hash() == h0
        a.run_in_transaction(_borrow, "M-002", "B-001", writes=True)
        assert a.state_hash() != h0
        assert b.state_hash() == h0, "a write in one env leaked into another"
        assert a.dirty == {"books", "loans"}
        a.reset()
        assert a.state_hash() == h0 and not a.dirty
    finally:
        a.close()
        b.close()


def test_diff_reports_inserted_deleted_changed_rows(library_package):
    s = library_package.new_state()
    try:
        s.run_in_transaction(_borrow, "M-002", "B-001", writes=True)
        s.run_in_transaction(lambda db: db.execute("DELETE FROM members WHERE member_id = 'M-020'"), writes=True)
        d = s.diff()
        assert d.tables == {"books", "loans", "members"}
        (before, after), = d.changed["books"]
        assert before["copies"] == after["copies"] + 1 and after["book_id"] == "B-001"
        assert d.inserted["loans"][0]["loan_id"] == "L-900"
        assert d.inserted["loans"][0]["lent_at"] == "2026-02-01T09:00:00"
        assert d.deleted["members"][0]["member_id"] == "M-020"
        changes = d.changes(library_package.template.tables)
        assert ("members", '["M-020"]', "-") in changes
        assert len(changes) == 3
        assert d.to_dict()["books"]["changed"][0]["after"]["copies"] == after["copies"]
    finally:
        s.close()


def test_failed_write_rolls_back_everything(library_package):
    s = library_package.new_state()
    try:
        h0 = s.state_hash()

        def half_then_fail(db):
            db.execute("UPDATE books SET copies = 99 WHERE book_id = 'B-001'")
            raise ToolError("refused after writing")

        with pytest.raises(ToolError):
            s.run_in_transaction(half_then_fail, writes=True)
        assert s.state_hash() == h0
        with pytest.raises(Exception, match="Duplicate key"):
            s.run_in_transaction(lambda db: db.execute(
                "INSERT INTO members VALUES ('M-001', 'x@y', 'dup')"), writes=True)
        assert s.state_hash() == h0
    finally:
        s.close()


def test_read_tools_cannot_write_and_only_plain_dml_is_allowed(library_package):
    s = library_package.new_state()
    try:
        with pytest.raises(PermissionError):
            s.run_in_transaction(lambda db: db.execute("DELETE FROM books"), writes=False)
        for sql in ("DROP TABLE books", "SELECT 1; SELECT 2", "ATTACH ':memory:' AS x"):
            with pytest.raises(ValueError):
                s.run_in_transaction(lambda db, q=sql: db.query(q), writes=True)
        with pytest.raises(ValueError, match="use execute"):
            s.run_in_transaction(lambda db: db.query("DELETE FROM books"), writes=True)
        assert s.db.scalar("SELECT count(*) FROM books") == 30
    finally:
        s.close()


def test_bound_parameters_keep_sql_fragments_literal(library_package):
    s = library_package.new_state()
    try:
        h0 = s.state_hash()
        hostile = "x'; DROP TABLE books; --"
        assert s.db.query("SELECT * FROM members WHERE email = ?", [hostile]) == []
        assert s.state_hash() == h0
    finally:
        s.close()


def test_close_is_idempotent_and_releases_catalog(library_package):
    s = library_package.new_state()
    catalog = s.catalog
    s.close()
    s.close()
    assert s.closed
    from envfactory_gym.database import shared_connection

    names = {r[0] for r in shared_connection().execute("SELECT database_name FROM duckdb_databases()").fetchall()}
    assert catalog not in names


def test_template_rejects_bad_schema_and_seed(tmp_path):
    (tmp_path / "seed").mkdir()
    schema = tmp_path / "schema.sql"
    schema.write_text("CREATE TABLE t (a INTEGER);")
    with pytest.raises(EnvFormatError, match="no PRIMARY KEY") as err:
        Template.load(schema, tmp_path / "seed")
    assert str(schema) in str(err.value)
    schema.write_text("CREATE TABLE t (a INTEGER PRIMARY KEY, b VARCHAR);")
    (tmp_path / "seed" / "t.csv").write_text("a,b\nnot-a-number,x\n")
    with pytest.raises(EnvFormatError, match="t.csv"):
        Template.load(schema, tmp_path / "seed")
    (tmp_path / "seed" / "t.csv").write_text("a,b\n1,x\n")
    (tmp_path / "seed" / "zzz.csv").write_text("a\n1\n")
    with pytest.raises(EnvFormatError, match="unknown table 'zzz'"):
        Template.load(schema, tmp_path / "seed")
    (tmp_path / "seed" / "zzz.csv").unlink()
    tmpl = Template.load(schema, tmp_path / "seed")
    state = DuckDBState(tmpl)
    assert state.db.query("SELECT * FROM t") == [{"a": 1, "b": "x"}]
    state.close()


def test_the_same_change_on_two_rows_changes_the_fingerprint(library_package):
    # A row hash mixes its last column's hash in linearly: without a second hash, the same change of that column
    # on two rows (both prices 10.00 -> 20.00) cancelled out in the XOR, and the states fingerprinted equal.
    s = library_package.new_state()
    try:
        s.run_in_transaction(lambda db: db.execute("UPDATE books SET price = 10 WHERE book_id IN ('B-001', 'B-002')"),
                             writes=True)
        before = s.fingerprints(["books"])
        s.run_in_transaction(lambda db: db.execute("UPDATE books SET price = 20 WHERE book_id IN ('B-001', 'B-002')"),
                             writes=True)
        assert s.fingerprints(["books"]) != before
        s.run_in_transaction(lambda db: db.execute("UPDATE books SET price = 10 WHERE book_id IN ('B-001', 'B-002')"),
                             writes=True)
        assert s.fingerprints(["books"]) == before
    finally:
        s.close()
