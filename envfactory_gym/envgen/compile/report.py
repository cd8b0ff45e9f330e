"""The compile report of an environment folder: what was compiled, skipped (with reasons), left out and adapted."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from envfactory_gym.envgen.compile.plan import Plan


def report_data(plan: Plan, seconds: float | None = None) -> dict[str, Any]:
    """The report as JSON-ready data (``report.json``)."""
    data: dict[str, Any] = {
        # the source's file name only: the folder must not carry the compiling machine's paths
        "name": plan.name, "source": ", ".join(Path(x.strip()).name for x in plan.source.split(",") if x.strip()),
        "title": plan.title,
        "tables": [{"name": t.name, "resource": t.entity, "columns": len(t.columns),
                    "references": sorted({c.references for c in t.columns if c.references and c is not t.key})}
                   for t in plan.tables],
        "tools": [{"name": tp.name, "verb": tp.verb, "table": tp.table.name,
                   **({"method": tp.route[0].upper(), "path": tp.route[1]} if tp.route else {})} for tp in plan.tools],
        "skipped": plan.skipped,
        "left_out": plan.left_out,
        "notes": plan.notes,
        "reasons": dict(Counter(s["reason"] for s in plan.skipped).most_common()),
    }
    if seconds is not None:
        data["seconds"] = round(seconds, 2)
    return data


def report_text(data: dict[str, Any]) -> str:
    """The readable summary (``report.md``)."""
    lines = [f"# Compile report: {data['name']}", "", f"Source: {data['source']} ({data['title']})", "",
             f"Compiled {len(data['tables'])} tables and {len(data['tools'])} tools; skipped "
             f"{len(data['skipped'])} operations; left out {len(data['left_out'])} resources or tools.", "",
             "## Tables", ""]
    for t in data["tables"]:
        refs = f" (refers to {', '.join(t['references'])})" if t["references"] else ""
        lines.append(f"- {t['name']}: resource {t['resource']}, {t['columns']} columns{refs}")
    lines += ["", "## Tools", ""]
    lines += [f"- {tp['name']} ({tp['verb']} on {tp['table']})" for tp in data["tools"]]
    if data["skipped"]:
        lines += ["", "## Skipped operations", ""]
        lines += [f"- {s['method']} {s['path']} ({s['operation'] or 'no name'}): {s['reason']}"
                  for s in data["skipped"]]
    if data["left_out"]:
        lines += ["", "## Left out (budget and coherence)", ""]
        lines += [f"- {x.get('table') or x.get('tool')}: {x['reason']}" for x in data["left_out"]]
    if data["notes"]:
        lines += ["", "## Adapted", ""]
        lines += [f"- {n}" for n in data["notes"]]
    return "\n".join(lines) + "\n"


def report_json(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
