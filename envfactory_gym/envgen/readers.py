"""Resource readers: a documentation folder, an MCP server's tool listing, and dispatch to every reader by input."""

from __future__ import annotations

import json
import re
import shlex
import tempfile
import urllib.error
import urllib.request
from collections.abc import Sequence
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from envfactory_gym.envgen.digest import Digest, Entity, EntityField, Operation, Parameter
from envfactory_gym.errors import MissingDependencyError, ResourceError

#: Documentation pages the docs reader reads.
DOC_SUFFIXES = (".md", ".markdown", ".html", ".htm", ".txt", ".rst")
#: How much raw text a docs digest keeps (characters).
MAX_TEXT_CHARS = 60_000
MAX_URL_BYTES = 5 * 1024 * 1024
_METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")
_ENDPOINT = re.compile(r"^(?:#+\s*)?`?(GET|POST|PUT|PATCH|DELETE)\s+(/[^\s`]*)`?\s*$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_RULE_WORDS = re.compile(r"\b(only|must|cannot|can ?not|at most|at least|no more than|within|before|after|"
                         r"limit|maximum|minimum|refund|fee|deadline|until|unless|expired?|exceed)\b", re.IGNORECASE)
_TYPES = {"string": "string", "str": "string", "text": "string", "date": "string", "datetime": "string",
          "time": "string", "email": "string", "integer": "integer", "int": "integer", "number": "number",
          "float": "number", "decimal": "number", "money": "number", "amount": "number", "boolean": "boolean",
          "bool": "boolean", "array": "array", "list": "array", "object": "object"}
_READ_PREFIXES = ("get", "list", "find", "search", "show", "lookup", "look", "check", "read", "view", "count",
                  "describe", "query", "fetch", "retrieve")


# -- dispatch --------------------------------------------------------------------------------------------------

def read_resources(resources: str, name: str, domain: str, *, mcp_timeout_s: float = 30.0) -> Digest:
    """Read one resource argument into a digest named ``name`` in ``domain``.

    ``resources`` is ``mcp:CMD ARGS...`` (an MCP server started with that command), an ``http(s)://`` URL (an
    OpenAPI document or a documentation page), or a path: a ``.sql`` schema (rows from CSV files beside it), an
    OpenAPI file (``.yaml``, ``.yml``, ``.json``), a documentation page, or a folder (read as its OpenAPI file or
    ``schema.sql`` when it holds one, else as documentation pages).
    """
    text = resources.strip()
    if not text:
        raise ResourceError("--resources: empty; give a folder, a file, a URL or mcp:COMMAND")
    if text.startswith("mcp:"):
        digest = read_mcp(shlex.split(text[4:]), timeout_s=mcp_timeout_s)
    elif re.match(r"^https?://", text):
        digest = read_url(text)
    else:
        digest = _read_path(Path(text).expanduser())
    return digest.model_copy(update={"name": name, "domain": domain})


def _read_path(path: Path) -> Digest:
    if not path.exists():
        raise ResourceError(f"--resources {str(path)!r}: no such file or folder")
    if path.is_dir():
        sql = sorted(path.glob("*.sql"))
        if sql:
            schema = path / "schema.sql" if (path / "schema.sql").is_file() else sql[0]
            return _read_sql(schema)
        specs = [p for p in sorted(path.iterdir()) if p.suffix.lower() in (".yaml", ".yml", ".json")
                 and _is_openapi(p)]
        if len(specs) == 1:
            return _read_openapi(specs[0])
        if len(specs) > 1:
            raise ResourceError(f"--resources {str(path)!r}: holds {len(specs)} OpenAPI documents "
                                f"({', '.join(p.name for p in specs)}); name one")
        return read_docs(path)
    suffix = path.suffix.lower()
    if suffix == ".sql":
        return _read_sql(path)
    if suffix in (".yaml", ".yml", ".json"):
        if not _is_openapi(path):
            raise ResourceError(f"--resources {str(path)!r}: not an OpenAPI document (no top-level 'openapi' key)")
        return _read_openapi(path)
    if suffix in DOC_SUFFIXES:
        return read_docs(path)
    raise ResourceError(f"--resources {str(path)!r}: unknown kind of file; expected a documentation page "
                        f"({', '.join(DOC_SUFFIXES)}), an OpenAPI document (.yaml, .json), a .sql schema or a folder")


def _is_openapi(path: Path) -> bool:
    try:
        head = path.read_text(encoding="utf-8", errors="replace")[:4000]
    except OSError:
        return False
    return bool(re.search(r"^\s*[\"']?(openapi|swagger)[\"']?\s*:", head, re.MULTILINE))


def _read_openapi(path: Path) -> Digest:
    try:
        from envfactory_gym.envgen.compile.operations import read_openapi
    except ImportError:
        raise MissingDependencyError(f"--resources {str(path)!r}: reading OpenAPI needs envfactory_gym.envgen."
                                     "compile.openapi, which this installation lacks",
                                     package="envfactory_gym.envgen.compile.openapi") from None
    return read_openapi(path)


def _read_sql(schema: Path) -> Digest:
    try:
        from envfactory_gym.envgen.compile.sql import read_sql
    except ImportError:
        raise MissingDependencyError(f"--resources {str(schema)!r}: reading SQL needs envfactory_gym.envgen.compile."
                                     "sql, which this installation lacks",
                                     package="envfactory_gym.envgen.compile.sql") from None
    rows = schema.parent / "rows"
    return read_sql(schema, rows if rows.is_dir() else schema.parent)


def read_url(url: str, timeout_s: float = 30.0) -> Digest:
    """Fetch one URL: an OpenAPI document (JSON or YAML) or a documentation page."""
    try:
        with urllib.request.urlopen(url, timeout=timeout_s) as resp:  # noqa: S310 (the user's own URL)
            body = resp.read(MAX_URL_BYTES + 1)
            ctype = resp.headers.get("Content-Type", "")
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise ResourceError(f"--resources {url}: cannot fetch ({getattr(exc, 'reason', exc)})") from None
    if len(body) > MAX_URL_BYTES:
        raise ResourceError(f"--resources {url}: larger than {MAX_URL_BYTES // (1024 * 1024)} MB")
    text = body.decode("utf-8", errors="replace")
    name = url.rstrip("/").rsplit("/", 1)[-1] or "page"
    with tempfile.TemporaryDirectory(prefix="envfactory-url-") as tmp:
        if re.search(r"^\s*[\"']?(openapi|swagger)[\"']?\s*:", text[:4000], re.MULTILINE):
            suffix = ".json" if text.lstrip().startswith("{") else ".yaml"
            path = Path(tmp) / f"openapi{suffix}"
            path.write_text(text, encoding="utf-8")
            digest = _read_openapi(path)
        else:
            suffix = ".html" if "html" in ctype or "<html" in text[:2000].lower() else ".md"
            path = Path(tmp) / (Path(name).stem + suffix)
            path.write_text(text, encoding="utf-8")
            digest = read_docs(path)
    return digest.model_copy(update={"sources": [url]})


# -- MCP -------------------------------------------------------------------------------------------------------

def read_mcp(command: Sequence[str], *, timeout_s: float = 30.0) -> Digest:
    """List the tools of the MCP server started with ``command``: one operation per tool."""
    if not command:
        raise ResourceError("--resources mcp: give the server's command after 'mcp:', e.g. mcp:python server.py")
    try:
        from envfactory_gym.serve.mcp_client import list_server_tools
    except ImportError:
        raise MissingDependencyError("--resources mcp:...: listing an MCP server needs envfactory_gym.serve."
                                     "mcp_protocol, which this installation lacks", package="mcp",
                                     extra="mcp") from None
    tools = list_server_tools(list(command), timeout_s=timeout_s)
    return digest_from_tools(tools, " ".join(command))


def digest_from_tools(tools: Sequence[dict[str, Any]], source: str) -> Digest:
    """A digest of MCP tool descriptions (``name``, ``description``, ``inputSchema``, optional ``annotations``)."""
    operations = []
    for t in tools:
        name = str(t.get("name", "")).strip()
        if not name:
            continue
        schema = t.get("inputSchema") or {}
        required = set(schema.get("required") or [])
        params = [_schema_param(p, spec if isinstance(spec, dict) else {}, p in required)
                  for p, spec in (schema.get("properties") or {}).items()]
        hints = t.get("annotations") or {}
        read_only = hints.get("readOnlyHint")
        kind = ("read" if read_only else "write") if read_only is not None else \
            ("read" if re.split(r"[_\W]+", name.lower())[0] in _READ_PREFIXES else "write")
        operations.append(Operation(name=name, kind=kind, description=str(t.get("description") or "").strip(),
                                    parameters=params))
    title = f"MCP server {source}"
    return Digest(name="mcp", domain="general", source_kind="mcp", sources=[source], title=title,
                  operations=operations)


def _schema_param(name: str, spec: dict[str, Any], required: bool) -> Parameter:
    kind = spec.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "string")
    items = spec.get("items") if isinstance(spec.get("items"), dict) else {}
    enum = spec.get("enum") if isinstance(spec.get("enum"), list) else None
    return Parameter(name=name, type=_TYPES.get(str(kind), "string"), required=required,
                     description=str(spec.get("description") or ""), enum=enum, format=spec.get("format"),
                     default=spec.get("default"), minimum=spec.get("minimum"), maximum=spec.get("maximum"),
                     items=_TYPES.get(str(items.get("type")), None) if items else None)


# -- documentation pages ---------------------------------------------------------------------------------------

class _HTMLToMarkdown(HTMLParser):
    """HTML to the Markdown the page reader understands: headings, paragraphs, lists, tables and code blocks."""

    _BLOCKS = {"p", "div", "section", "article", "br", "ul", "ol", "table", "dl", "dt", "dd", "blockquote"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.line: list[str] = []
        self.skip = 0
        self.pre = False
        self.row: list[str] | None = None
        self.cell: list[str] | None = None
        self.rows_done = 0

    def _flush(self) -> None:
        text = re.sub(r"(?<=\S) {2,}", " ", "".join(self.line)).strip()
        if text:
            self.out.append(text)
        self.line = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "head", "nav"):
            self.skip += 1
        elif re.fullmatch(r"h[1-6]", tag):
            self._flush()
            self.line.append("#" * int(tag[1]) + " ")
        elif tag == "li":
            self._flush()
            self.line.append("- ")
        elif tag == "pre":
            self._flush()
            self.out.append("```")
            self.pre = True
        elif tag == "tr":
            self.row = []
        elif tag in ("td", "th"):
            self.cell = []
        elif tag == "code" and not self.pre:
            self._text("`")
        elif tag in self._BLOCKS:
            self._flush()
            if tag == "table":
                self.rows_done = 0

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "head", "nav"):
            self.skip = max(0, self.skip - 1)
        elif tag == "pre":
            self._flush()
            self.out.append("```")
            self.pre = False
        elif tag in ("td", "th") and self.row is not None and self.cell is not None:
            self.row.append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "tr" and self.row is not None:
            self.out.append("| " + " | ".join(self.row) + " |")
            if self.rows_done == 0:
                self.out.append("|" + "---|" * len(self.row))
            self.rows_done += 1
            self.row = None
        elif tag == "code" and not self.pre:
            self._text("`")
        elif re.fullmatch(r"h[1-6]", tag) or tag in self._BLOCKS or tag == "li":
            self._flush()
            if tag in ("p", "table", "ul", "ol") or re.fullmatch(r"h[1-6]", tag):
                self.out.append("")

    def _text(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)
        else:
            self.line.append(data)

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        if self.pre:
            for i, part in enumerate(data.split("\n")):
                if i:
                    self._flush_pre()
                self.line.append(part)
            return
        text = " ".join(data.split())
        if data[:1].isspace():
            text = " " + text
        if data[-1:].isspace() and text.strip():
            text += " "
        self._text(text)

    def _flush_pre(self) -> None:
        self.out.append("".join(self.line))
        self.line = []

    def markdown(self) -> str:
        self._flush()
        text = "\n".join(self.out)
        return re.sub(r"\n{3,}", "\n\n", text).strip() + "\n"


def html_to_markdown(html: str) -> str:
    """The text of an HTML page as Markdown (headings, lists, tables and code blocks kept)."""
    parser = _HTMLToMarkdown()
    parser.feed(html)
    parser.close()
    return parser.markdown()


def read_docs(path: str | Path, *, max_chars: int = MAX_TEXT_CHARS) -> Digest:
    """Read documentation pages (a folder of Markdown, HTML and text files, or one page) into a digest.

    Structured parts become entities and operations: ``METHOD /path`` lines with their parameter tables, field
    tables (a first column named field, column, attribute or property) and ``Fields: `a`, `b``` sentences. Rules
    (list items that say only, must, at most, within...) become constraints. The text itself is kept (up to
    ``max_chars``) for the model.
    """
    path = Path(path)
    if path.is_dir():
        pages = sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in DOC_SUFFIXES
                       and not any(part.startswith(".") for part in p.relative_to(path).parts))
        if not pages:
            raise ResourceError(f"--resources {str(path)!r}: no documentation pages ({', '.join(DOC_SUFFIXES)}) "
                                "in the folder")
        root = path
    elif path.is_file():
        pages, root = [path], path.parent
    else:
        raise ResourceError(f"--resources {str(path)!r}: no such file or folder")
    entities: dict[str, Entity] = {}
    operations: dict[str, Operation] = {}
    constraints: list[str] = []
    examples: list[str] = []
    texts: list[str] = []
    title = description = ""
    for page in pages:
        raw = page.read_text(encoding="utf-8", errors="replace")
        md = html_to_markdown(raw) if page.suffix.lower() in (".html", ".htm") else raw
        rel = page.relative_to(root).as_posix()
        texts.append(f"==== {rel} ====\n{md.strip()}\n")
        page_title, page_desc = _title(md)
        if page_title and (not title or page.stem.lower() in ("index", "readme")):
            title, description = page_title, page_desc
        _scan(md, entities, operations, constraints, examples)
    text = "\n".join(texts)
    if len(text) > max_chars:
        text = text[:max_chars].rsplit("\n", 1)[0] + f"\n[... {len(text) - max_chars} more characters left out]"
    return Digest(name=_snake(title or path.stem) or "docs", domain="general", source_kind="docs",
                  sources=[str(p) for p in pages], title=title, description=description,
                  entities=list(entities.values()), operations=list(operations.values()),
                  constraints=list(dict.fromkeys(constraints))[:120], examples=examples[:20], text=text)


def _title(md: str) -> tuple[str, str]:
    lines = md.splitlines()
    for i, line in enumerate(lines):
        m = _HEADING.match(line)
        if m and len(m.group(1)) == 1:
            para: list[str] = []
            for nxt in lines[i + 1:]:
                if not nxt.strip():
                    if para:
                        break
                    continue
                if nxt.startswith(("#", "|", "```", "- ")):
                    break
                para.append(nxt.strip())
            text = " ".join(para)
            return m.group(2).strip(), text if len(text) <= 600 else text[:600].rsplit(" ", 1)[0] + " ..."
    return "", ""


def _sections(md: str) -> list[tuple[str, int, list[str]]]:
    """``(heading, level, body lines)`` per heading or endpoint line; fenced code kept in the body."""
    out: list[tuple[str, int, list[str]]] = [("", 0, [])]
    fence = False
    for line in md.splitlines():
        if line.strip().startswith("```"):
            fence = not fence
            out[-1][2].append(line)
            continue
        m = _HEADING.match(line) if not fence else None
        if m:
            out.append((m.group(2).strip().strip("`").strip(), len(m.group(1)), []))
        elif not fence and _ENDPOINT.match(line.strip()):
            out.append((line.strip().strip("`"), 7, []))
        else:
            out[-1][2].append(line)
    return out


def _scan(md: str, entities: dict[str, Entity], operations: dict[str, Operation], constraints: list[str],
          examples: list[str]) -> None:
    heading_stack: list[tuple[int, str]] = []
    for heading, level, body in _sections(md):
        if level and level < 7:
            heading_stack = [(lv, h) for lv, h in heading_stack if lv < level] + [(level, heading)]
        endpoint = _ENDPOINT.match(heading) if heading else None
        tables = _tables(body)
        bullets = [_clean(b) for b in _bullets(body)]
        rules = [b for b in bullets if _RULE_WORDS.search(b)]
        for block in _fenced(body):
            if len(block) < 600 and ("{" in block or "/" in block):
                examples.append(block)
        if endpoint:
            op = _operation(endpoint.group(1), endpoint.group(2), body, tables, rules)
            operations.setdefault(op.name, op)
            constraints.extend(f"{op.name}: {r}" for r in rules)
            owner = _snake(op.path.strip("/").split("/")[0]) if op.path and op.method == "GET" else ""
        else:
            constraints.extend(rules)
            owner = _entity_name(heading_stack[-1][1] if heading_stack else "")
        for header, rows in tables:
            if header and header[0].lower().strip("` ") in ("field", "fields", "column", "attribute", "property"):
                _add_fields(entities, owner, [r[0] for r in rows], rows, header)
        for m in re.finditer(r"\bFields?:\s*((?:`\w+`[,\s]*(?:and\s+)?)+)", " ".join(body)):
            _add_fields(entities, owner, re.findall(r"`(\w+)`", m.group(1)), [], [])


def _operation(method: str, path: str, body: list[str], tables: list[tuple[list[str], list[list[str]]]],
               rules: list[str]) -> Operation:
    segs = [s for s in path.strip("/").split("/") if s and not re.fullmatch(r"v\d+|api", s)]
    params: dict[str, Parameter] = {}
    for seg in segs:
        m = re.fullmatch(r"\{(\w+)\}", seg)
        if m:
            params[m.group(1)] = Parameter(name=m.group(1), required=True, description="path parameter")
    for header, rows in tables:
        low = [h.lower().strip("` ") for h in header]
        if not low or low[0] not in ("parameter", "param", "name", "argument"):
            continue
        col = {h: i for i, h in enumerate(low)}
        for r in rows:
            cells = {h: r[i] for h, i in col.items() if i < len(r)}
            for pname in re.findall(r"`?(\w+)`?", r[0])[:4]:
                kind = _TYPES.get(cells.get("type", "").lower().split(" ")[0].strip("`"), "string")
                req = cells.get("required", "").lower().startswith(("y", "true", "required"))
                text = cells.get("description") or cells.get("meaning") or cells.get("notes") or ""
                params[pname] = Parameter(name=pname, type=kind, required=req, description=_clean(text))
    for line in body:
        m = re.match(r"^\s*Body:\s*`?(\{.*\})`?", line.strip())
        if m:
            for pname, values in re.findall(r"\"(\w+)\"\s*:\s*([^,}]+(?:\|[^,}]+)*)", m.group(1)):
                enum = re.findall(r"\"([\w-]+)\"", values) if "|" in values else None
                params.setdefault(pname, Parameter(name=pname, required=True, enum=enum or None,
                                                   description="request body field"))
    literal = [s for s in segs if not s.startswith("{")]
    last_is_param = bool(segs) and segs[-1].startswith("{")
    base = _singular(literal[0]) if literal else "resource"
    if method == "GET":
        if last_is_param:
            name, verb = f"get_{_singular(literal[-1]) if literal else base}", "get"
        elif len(literal) == 1:
            name, verb = f"list_{literal[0]}", "list"
        else:
            name, verb = (f"list_{base}_{literal[-1]}", "list") if len(segs) > 2 else (f"{literal[-1]}_{base}", "search")
    elif method == "DELETE":
        name, verb = f"delete_{_singular(literal[-1]) if literal else base}", "delete"
    elif method in ("PUT", "PATCH"):
        name, verb = f"update_{_singular(literal[-1]) if literal else base}", "update"
    elif last_is_param or len(literal) == 1:
        name, verb = f"create_{_singular(literal[-1]) if literal else base}", "create"
    else:
        name, verb = f"{literal[-1]}_{_singular(literal[-2])}", "action"
    paragraphs = [ln.strip() for ln in body if ln.strip() and not ln.lstrip().startswith(("|", "```", "-", "*"))]
    desc = _clean(paragraphs[0]) if paragraphs else ""
    errors = [r for r in rules if re.search(r"\b[45]\d\d\b", r)] or \
        [_clean(ln) for ln in body if re.search(r"`?\b(404|409|422)\b`?", ln)][:6]
    return Operation(name=_snake(name), kind="read" if method == "GET" else "write", description=desc, verb=verb,
                     entity=base, method=method, path=path, parameters=list(params.values()), errors=errors)


def _add_fields(entities: dict[str, Entity], owner: str, names: list[str], rows: list[list[str]],
                header: list[str]) -> None:
    if not owner or not names:
        return
    entity = entities.setdefault(owner, Entity(name=owner))
    known = {f.name for f in entity.fields}
    low = [h.lower().strip("` ") for h in header]
    type_col = low.index("type") if "type" in low else None
    for i, cell in enumerate(names):
        row = rows[i] if i < len(rows) else []
        kind_text = row[type_col].lower() if type_col is not None and type_col < len(row) else ""
        kind = next((v for k, v in _TYPES.items() if re.search(rf"\b{k}\b", kind_text)), "string")
        notes = _clean(" ".join(row[1:])) if row else ""
        for fname in re.findall(r"`?(\w+)`?", cell) if rows else [cell]:
            if fname in known or fname.lower() in ("field", "type"):
                continue
            known.add(fname)
            pk = not entity.fields and (fname == "id" or fname == f"{_singular(owner)}_id" or fname.endswith("_id"))
            entity.fields.append(EntityField(name=fname, type=kind, description=notes, primary_key=pk,
                                             references=fname[:-3] if fname.endswith("_id") and not pk else None))


def _tables(body: list[str]) -> list[tuple[list[str], list[list[str]]]]:
    out, cur = [], []
    for line in [*body, ""]:
        if line.strip().startswith("|"):
            cur.append([c.strip() for c in line.strip().strip("|").split("|")])
        elif cur:
            rows = [r for r in cur[1:] if not all(re.fullmatch(r":?-{2,}:?", c) for c in r if c)]
            out.append((cur[0], rows))
            cur = []
    return out


def _bullets(body: list[str]) -> list[str]:
    items: list[str] = []
    fence = False
    for line in body:
        if line.strip().startswith("```"):
            fence = not fence
            continue
        if fence:
            continue
        m = re.match(r"^\s*(?:[-*+]|\d+[.)])\s+(.*)$", line)
        if m:
            items.append(m.group(1))
        elif items and line.startswith("  ") and line.strip():
            items[-1] += " " + line.strip()
    return items


def _fenced(body: list[str]) -> list[str]:
    blocks: list[str] = []
    cur: list[str] = []
    fence = False
    for line in body:
        if line.strip().startswith("```"):
            if fence:
                blocks.append("\n".join(cur).strip())
                cur = []
            fence = not fence
        elif fence:
            cur.append(line)
    return [b for b in blocks if b]


def _clean(text: str) -> str:
    return " ".join(text.replace("**", "").split())


def _singular(word: str) -> str:
    w = word.lower().replace("-", "_")
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("sses", "ches", "shes", "xes")):
        return w[:-2]
    if w.endswith("s") and not w.endswith("ss"):
        return w[:-1]
    return w


def _snake(text: str) -> str:
    return re.sub(r"_+", "_", re.sub(r"[^a-z0-9]+", "_", text.lower())).strip("_")[:60]


def _entity_name(heading: str) -> str:
    words = _snake(re.sub(r"\(.*?\)", "", heading)).split("_")
    return _snake("_".join(words[:3])) if words and words[0] else ""


def describe(digest: Digest) -> str:
    """A one-line summary of a digest (for progress lines)."""
    return (f"{digest.source_kind}: {len(digest.entities)} entities, {len(digest.operations)} operations, "
            f"{len(digest.constraints)} constraints, {len(digest.text):,} characters of text")


def digest_json(digest: Digest, max_chars: int = 120_000) -> str:
    """The digest as compact JSON for a prompt, its raw text cut so that the whole stays under ``max_chars``."""
    data = json.loads(digest.model_dump_json(exclude_defaults=True))
    out = json.dumps(data, indent=1, ensure_ascii=False)
    if len(out) > max_chars and data.get("text"):
        keep = max(0, len(data["text"]) - (len(out) - max_chars))
        data["text"] = data["text"][:keep] + "\n[... text cut to fit the prompt]"
        out = json.dumps(data, indent=1, ensure_ascii=False)
    return out
