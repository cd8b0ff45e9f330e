"""A static HTML page to browse the episodes of an eval run: conversation, tool calls, reward, state diff."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from envfactory_gym.errors import UnknownRunError, UsageError, suggest
from envfactory_gym.eval.store import EPISODES_FILE, load_records
from envfactory_gym.tasks import atomic_write_text

#: Characters that could end the embedding <script> element or an HTML comment, written as JSON escapes.
_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def embed_json(value: Any) -> str:
    """JSON that is safe inside ``<script type="application/json">``: no ``</script>``, ``<!--`` or ``&``."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    return "".join(_ESCAPES.get(ch, ch) for ch in text)


def write_viewer(run_dir: str | os.PathLike[str], output: str | os.PathLike[str] | None = None) -> Path:
    """Write the viewer page of ``run_dir`` (default ``run_dir/index.html``) and return its path."""
    run_dir = Path(run_dir)
    _check_run_dir(run_dir)
    records = sorted(load_records(run_dir), key=lambda r: (r["env"], r["task_id"], r["trial"]))
    summary_path = run_dir / "summary.json"
    summary = json.loads(summary_path.read_text(encoding="utf-8")) if summary_path.exists() else {}
    agents = list(dict.fromkeys(str(r["agent"]) for r in records if r.get("agent")))
    who = ", ".join(agents) if agents else run_dir.resolve().name  # the agent, not the folder it was saved in
    data = {"title": f"Episodes of {who}", "episodes": records,
            "summary": summary.get("summary", {})}
    path = Path(output) if output else run_dir / "index.html"
    atomic_write_text(path, _PAGE.replace("__DATA__", embed_json(data)))
    return path


def _check_run_dir(run_dir: Path) -> None:
    """Refuse a path that is not an eval run directory (never create one), naming the nearest sibling run."""
    if (run_dir / EPISODES_FILE).is_file() or (run_dir / "config.json").is_file():
        return
    if run_dir.is_dir():
        runs = sorted(p.name for p in run_dir.iterdir() if (p / EPISODES_FILE).is_file())
        inside = f"; the runs in it: {', '.join(runs[:10])}" if runs else ""
        raise UsageError(f"{run_dir} is not an eval run directory (no {EPISODES_FILE} or config.json in it)"
                         f"{inside}")
    if run_dir.exists():
        raise UsageError(f"{run_dir} is a file, not an eval run directory")
    parent = run_dir.absolute().parent
    runs = [p.name for p in parent.iterdir() if (p / EPISODES_FILE).is_file()] if parent.is_dir() else []
    raise UnknownRunError(str(run_dir), runs, f"no eval run directory {str(run_dir)!r}.{suggest(run_dir.name, runs)}")


# The page builds every element with textContent: episode data never becomes markup.
_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>envfactory episodes</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{margin:0;font:14px/1.4 system-ui,sans-serif;color:#1d2330;background:#f4f5f8;display:flex;height:100vh}
#side{width:330px;overflow:auto;background:#fff;border-right:1px solid #d9dce3}
#side h1{font-size:15px;margin:12px}#filter{margin:0 12px 8px;width:calc(100% - 24px);box-sizing:border-box;padding:5px}
.ep{padding:6px 12px;cursor:pointer;border-top:1px solid #eef0f4;display:flex;justify-content:space-between}
.ep:hover{background:#eef3ff}.ep.sel{background:#dce7ff}
.badge{font-weight:600;border-radius:4px;padding:0 6px}.ok{background:#c9f2d2}.bad{background:#fbd3d3}
.mid{background:#fdeec2}#main{flex:1;overflow:auto;padding:16px 24px}
.msg{background:#fff;border:1px solid #dde1e8;border-radius:6px;margin:8px 0;padding:8px 10px;max-width:980px}
.role{font-size:11px;text-transform:uppercase;letter-spacing:.05em;color:#5b6475;margin-bottom:4px}
.system{background:#f7f7f2}.user{border-left:4px solid #4f7cff}.assistant{border-left:4px solid #1aa260}
.tool{border-left:4px solid #c28b00;background:#fffdf5}
pre{white-space:pre-wrap;word-break:break-word;margin:0;font:12px/1.4 ui-monospace,monospace}
.call{background:#eef7f0;border-radius:4px;padding:4px 6px;margin-top:4px}
table{border-collapse:collapse;margin:6px 0}td,th{border:1px solid #d9dce3;padding:3px 8px;text-align:left}
details{margin:4px 0}h2{font-size:16px;margin:16px 0 6px}
</style></head><body>
<div id="side"><h1 id="title"></h1><input id="filter" placeholder="filter: task id, env, text"><div id="list"></div></div>
<div id="main"></div>
<script type="application/json" id="data">__DATA__</script>
<script>
"use strict";
const DATA = JSON.parse(document.getElementById("data").textContent);
const eps = DATA.episodes;
function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  for (const k of kids) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
  return e;
}
function cls(r) { return r >= 1 - 1e-9 ? "ok" : r > 0 ? "mid" : "bad"; }
function pretty(s) { try { return JSON.stringify(JSON.parse(s), null, 2); } catch (e) { return String(s); } }
function table(obj) {
  const t = el("table");
  for (const [k, v] of Object.entries(obj || {}))
    t.append(el("tr", {}, el("th", {}, k), el("td", {}, typeof v === "number" ? +v.toFixed(4) : JSON.stringify(v))));
  return t;
}
function diffView(diff) {
  const box = el("div");
  const tables = Object.entries(diff || {});
  if (!tables.length) box.append(el("div", {}, "(no changes)"));
  for (const [name, d] of tables) {
    const det = el("details", {open: ""}, el("summary", {}, `${name}: +${d.inserted.length} -${d.deleted.length} ~${d.changed.length}`));
    for (const r of d.inserted) det.append(el("pre", {}, "+ " + JSON.stringify(r)));
    for (const r of d.deleted) det.append(el("pre", {}, "- " + JSON.stringify(r)));
    for (const c of d.changed) det.append(el("pre", {}, "~ " + JSON.stringify(c.before) + "\\n  -> " + JSON.stringify(c.after)));
    box.append(det);
  }
  return box;
}
function show(i) {
  document.querySelectorAll(".ep").forEach(x => x.classList.toggle("sel", +x.dataset.i === i));
  const ep = eps[i], main = document.getElementById("main");
  main.replaceChildren();
  main.append(el("h2", {}, `${ep.task_id} · ${ep.env} · trial ${ep.trial}`),
    el("div", {}, el("span", {class: "badge " + cls(ep.reward)}, "reward " + (+ep.reward).toFixed(3)),
       ` steps ${ep.steps}${ep.truncated ? " (truncated)" : ""} · seed ${ep.seed} · ${ep.agent || ""}`),
    el("h2", {}, "Task"), el("pre", {}, ep.instruction || ""),
    el("h2", {}, "Reward breakdown"), table(ep.components),
    el("h2", {}, "Conversation"));
  for (const m of ep.messages || []) {
    const box = el("div", {class: "msg " + m.role}, el("div", {class: "role"}, m.role + (m.name ? " · " + m.name : "")));
    if (m.content) box.append(el("pre", {}, m.role === "tool" ? pretty(m.content) : m.content));
    for (const c of m.tool_calls || [])
      box.append(el("div", {class: "call"}, el("pre", {}, "→ " + c.function.name + " " + pretty(c.function.arguments))));
    if (m.role === "system") main.append(el("details", {}, el("summary", {}, "system prompt"), box));
    else main.append(box);
  }
  main.append(el("h2", {}, "State diff (agent)"), diffView(ep.state_diff),
    el("h2", {}, "State diff (gold)"), diffView(ep.gold_diff),
    el("h2", {}, "Gold calls"), el("pre", {}, (ep.gold_calls || []).map(c => c.name + " " + JSON.stringify(c.arguments)).join("\\n")));
}
function list() {
  const q = document.getElementById("filter").value.toLowerCase(), box = document.getElementById("list");
  box.replaceChildren();
  eps.forEach((ep, i) => {
    if (q && !JSON.stringify([ep.task_id, ep.env, ep.instruction]).toLowerCase().includes(q)) return;
    const row = el("div", {class: "ep", "data-i": i}, el("span", {}, `${ep.task_id} #${ep.trial}`),
                   el("span", {class: "badge " + cls(ep.reward)}, (+ep.reward).toFixed(2)));
    row.onclick = () => show(i);
    box.append(row);
  });
}
document.getElementById("title").textContent = `${DATA.title} (${eps.length})`;
document.getElementById("filter").oninput = list;
list();
const start = Math.min(Math.max(parseInt(location.hash.slice(1)) || 0, 0), eps.length - 1);
if (eps.length) show(start); else document.getElementById("main").append(el("p", {}, "No episodes in this run yet."));
</script></body></html>
"""
