"""StateDiff: the rows an episode added, changed and removed, as the reward and the records compare them."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from envfactory_gym.database.template import TableInfo


@dataclass
class StateDiff:
    """Row-level difference between two states: per table, the rows inserted, deleted and changed."""

    inserted: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    deleted: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    changed: dict[str, list[tuple[dict[str, Any], dict[str, Any]]]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.inserted or self.deleted or self.changed)

    @property
    def tables(self) -> set[str]:
        """Tables with at least one difference."""
        return set(self.inserted) | set(self.deleted) | set(self.changed)

    def changes(self, tables: dict[str, TableInfo]) -> frozenset[tuple[str, str, str]]:
        """Canonical change set: (table, primary key, row after or '-' if deleted), for exact comparison."""
        out = set()
        for t, rows in self.inserted.items():
            out |= {(t, _key(r, tables[t]), _dump(r)) for r in rows}
        for t, rows in self.deleted.items():
            out |= {(t, _key(r, tables[t]), "-") for r in rows}
        for t, pairs in self.changed.items():
            out |= {(t, _key(after, tables[t]), _dump(after)) for _, after in pairs}
        return frozenset(out)

    def loose_changes(self, tables: dict[str, TableInfo]) -> list[tuple[str, str, str]]:
        """The change set with the ids of inserted rows left out (as a sorted list: a multiset): the same changes
        made in another order give new rows other sequential ids, and rows that point at them other values."""
        new_ids = {_dump(r[c]) for t, rows in self.inserted.items() for r in rows for c in tables[t].primary_key}

        def loose(row: dict[str, Any], skip: Sequence[str] = ()) -> str:
            return _dump({k: "<new>" if _dump(v) in new_ids else v for k, v in row.items() if k not in skip})

        out = [(t, "*", loose(r, tables[t].primary_key)) for t, rows in self.inserted.items() for r in rows]
        out += [(t, _key(r, tables[t]), "-") for t, rows in self.deleted.items() for r in rows]
        out += [(t, _key(a, tables[t]), loose(a)) for t, pairs in self.changed.items() for _, a in pairs]
        return sorted(out)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly summary (used in infos and trajectory files)."""
        return {
            t: {
                "inserted": self.inserted.get(t, []),
                "deleted": self.deleted.get(t, []),
                "changed": [{"before": b, "after": a} for b, a in self.changed.get(t, [])],
            }
            for t in sorted(self.tables)
        }


def _key(row: dict[str, Any], info: TableInfo) -> str:
    return _dump([row[c] for c in info.primary_key])


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str, separators=(",", ":"))
