"""Read the operations of an OpenAPI document: resources, path parameters bound by position, verbs and states."""

from __future__ import annotations

import keyword
import re
from pathlib import Path
from typing import Any

from envfactory_gym.envgen.compile.inline import NESTED, spelled_call
from envfactory_gym.envgen.compile.loader import load_openapi
from envfactory_gym.envgen.compile.openapi import SchemaReader, _extensions, clean_text, field_name, snake
from envfactory_gym.envgen.compile.parents import encloses_most, parent_field
from envfactory_gym.envgen.compile.patches import expand_patches, is_patch_list
from envfactory_gym.envgen.compile.rpcnames import (
    article_of,
    call_words,
    is_rpc_path,
    names_part,
    query_action,
    unknown_verb_call,
)
from envfactory_gym.envgen.compile.vocabulary import (
    ACTION_VERBS,
    KNOWN,
    RPC_VERBS,
    STATE_FIELDS,
    STATE_WORDS,
    TERMINAL,
)
from envfactory_gym.envgen.digest import Digest, Operation, Parameter
from envfactory_gym.errors import ResourceError, suggest

_METHODS = ("get", "post", "put", "patch", "delete")
#: Query parameters that page, sort or shape a list: the compiled list tool pages by itself (at most 50 rows).
PAGING = frozenset({"limit", "offset", "page", "per_page", "page_size", "pagesize", "size", "cursor", "page_token",
                    "next_token", "next", "after", "before", "start", "start_index", "skip", "top", "count",
                    "max_results", "maxresults", "starting_after", "ending_before", "since_id", "max_id", "marker",
                    "continuation_token", "page_number", "pagenumber", "results_per_page"})
SORTING = frozenset({"sort", "sort_by", "sortby", "order", "order_by", "orderby", "direction", "sort_order",
                     "sort_dir", "sort_direction", "dir", "asc", "desc", "ordering"})
SHAPING = frozenset({"fields", "expand", "include", "exclude", "embed", "select", "format", "pretty", "callback",
                     "locale", "lang", "language", "view", "verbose", "prettyprint", "alt", "quota_user", "user_ip",
                     "oauth_token", "upload_type", "upload_protocol", "uploadtype", "envelope", "jsonp",
                     "pretty_print", "xgafv"})  # Google's prettyPrint and $.xgafv (its error format)
AUTH = frozenset({"api_key", "apikey", "key", "access_token", "token", "auth", "authorization", "app_id", "app_key",
                  "client_id", "client_secret", "signature", "sig", "apiKey", "x_api_key", "secret", "password"})


def norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


class Skip(Exception):
    """An operation the compiler leaves out; the message is the reason in the report."""


class OperationReader:
    """The operations of one document; those that cannot be compiled are listed in ``skipped`` with their reason."""

    def __init__(self, schemas: SchemaReader) -> None:
        self.s = schemas
        self.skipped: list[dict[str, str]] = []
        self.notes: list[str] = []
        self.path_only: list[Parameter] = []  # the current operation's path parameters that name no field
        self.tables: dict[str, str] = {}
        self.singles = {w for n in schemas.entities for w in (snake(n), schemas.cores.get(n, snake(n)))}
        # Whole names first (``certificate`` is Certificate's before it is TagsToCertificate's last word).
        for last in (False, True):
            for n in schemas.entities:
                for word in dict.fromkeys((snake(n), schemas.cores.get(n, snake(n)))):
                    for form in _forms(word, last):
                        self.tables.setdefault(form, n)

    def read_operations(self) -> list[Operation]:
        paths = self.s.doc.get("paths") or {}
        if not isinstance(paths, dict):
            raise self.s.error("'paths' must be a mapping of paths to operations")
        ops: list[Operation] = []
        taken: set[str] = set()
        posted = {query_action(str(p)) for p, item in paths.items() if isinstance(item, dict) and "post" in item}
        for path, item in paths.items():
            if isinstance(item, dict) and isinstance(item.get("$ref"), str):
                item = self.s.target(item["$ref"], f"paths.{path}")
            if not isinstance(item, dict):
                self.skipped.append({"operation": "", "method": "", "path": str(path),
                                     "reason": "the path item is not a mapping of methods"})
                continue
            shared = item.get("parameters") or []
            for method in _METHODS:
                op = item.get(method)
                if not isinstance(op, dict):
                    continue
                name = _tool_name(str(op.get("operationId") or f"{method}_{path}"), taken)
                called = query_action(str(path))
                if method == "get" and called and called in posted:  # the query protocol: GET and POST alike
                    self.skipped.append({"operation": name, "method": "GET", "path": str(path), "reason": (
                        f"the GET form of the query-protocol call {called} (its POST form is compiled)")})
                    continue
                try:
                    ops.append(self.operation(name, str(path), method, op, shared))
                    taken.add(name)
                except (Skip, ResourceError) as exc:
                    reason = str(exc).split(": ", 1)[-1] if isinstance(exc, ResourceError) else str(exc)
                    self.skipped.append({"operation": name, "method": method.upper(), "path": str(path),
                                         "reason": reason})
        return ops

    # -- one operation ---------------------------------------------------------------------------------------

    def operation(self, name: str, path: str, method: str, op: dict[str, Any], shared: list[Any]) -> Operation:
        where = f"paths.{path}.{method}"
        if op.get("deprecated"):
            raise Skip("deprecated")
        path_params, query = self.parameters(name, where, [*shared, *(op.get("parameters") or [])],
                                             call=query_action(path))
        body, body_ref = self.body(name, where, op)
        route = rpc_route(path)  # '/#X-Amz-Target=Service.DeleteThing' is the RPC call '/DeleteThing'
        call = spelled_call(route, op.get("operationId"))
        if call:  # '/v1/createschedulingpolicy' is the call 'CreateSchedulingPolicy', its words lost to the case
            route = route.rstrip("/").rsplit("/", 1)[0] + "/" + call
        entity, returns = self.operation_entity(route, method, op, body_ref, where)
        verb = _verb("post" if query_action(path) else method,  # ?Action=DescribeThing: the call's name says
                     route, returns, name, self.tables, self.singles, is_rpc_path(path, route))
        segments = [s for s in route.split("/") if s]
        if method == "delete" and len(segments) >= 2 and segments[-2].startswith("{") and \
                not segments[-1].startswith("{") and self.segment_entity(segments[-1]) is None:
            # DELETE /issues/{n}/assignees removes people from an issue: not a delete of the issue
            raise Skip(f"removes the {segments[-1]!r} of {article_of(entity)}, a part the specification gives no "
                       "resource of its own (not a delete of the record)")
        if method == "delete" and len(segments) >= 4 and segments[-1].startswith("{") and \
                segments[-3].startswith("{") and not segments[-4].startswith("{"):
            parent = self.segment_entity(segments[-4])
            if parent and parent != entity and entity in self.s.entities and not any(
                    f.references == parent for f in self.s.entities[entity].fields):
                # DELETE /issues/{n}/labels/{name}: the label leaves the issue; a label holds no issue to delete with
                raise Skip(f"unlinks {article_of(entity)} from {article_of(parent)} (no field of {entity} refers "
                           f"to {parent}: a link the compiler has no table for), not a delete of the {entity}")
        self.path_only = []
        params = self.bind_path(name, route, verb, entity, path_params)
        names = {p.name for p in params}
        if verb == "create":  # POST /{parent}/topics?topicId=orders: the id the new topic is known by
            query = self.chosen_key(name, entity, query)
        if verb == "update":  # UpdateGroup {GroupId, Operations: [{AttributePath, AttributeValue}]}
            body = expand_patches(body, self.s.entities[entity], name, self.notes)
        for p in [*query, *body]:
            if p.name in names:
                self.notes.append(f"{name}: {p.extensions.get('in')} field {p.name!r} is also a path parameter; "
                                  "the path's value is used")
                continue
            names.add(p.name)
            params.append(p)
        if verb == "get" and method == "post" and "{" not in route:  # POST /getAccountHolder {code?, ...}
            pk = self.s.entities[entity].primary_key()
            given = [p for p in [*query, *body] if not (pk and p.name == pk.name)]
            if pk is None or (given and not any(p.name == pk.name and p.required for p in [*query, *body])):
                verb = "list"  # the key optional among other inputs: a lookup by any of them, i.e. a filtered list
        kind = "read" if verb in ("list", "get") else "write"
        ext = _extensions(op)
        if self.path_only:  # path parameters no field holds: the deployment's scope when (nearly) every call has one
            ext["path-scope"] = [p.model_dump(mode="json") for p in self.path_only]
        if verb in ("action", "delete") and "transition" not in ext:
            transition = self.transition(name, path, op, entity, verb)
            if transition:
                verb = "action"
                ext["transition"] = transition
            elif verb == "action":
                last = route.rstrip("/").split("/")[-1]
                word = call_words(last)[:1] if last and not last.startswith("{") else []
                raise Skip(f"an action{' (' + repr(word[0]) + ')' if word else ''} whose "
                           "state change the specification does not say (no x-transition, and no status enum "
                           "holds a value for its verb)")
        errors = [" ".join(f"{code} {(r.get('description') if isinstance(r, dict) else '') or ''}".split())[:200]
                  for code, r in (op.get("responses") or {}).items() if str(code)[:1] in "45"]
        summary = clean_text(op.get("summary"), 200).replace("\n\n", " ")
        details = clean_text(op.get("description"), 500).replace("\n\n", " ")
        description = "\n\n".join(x for x in (summary or details, details if summary else "") if x)
        return Operation(name=name, kind=kind, description=description, verb=verb, entity=entity,
                         method=method.upper(), path=path, parameters=params, returns=returns, errors=errors,
                         extensions=ext)

    def chosen_key(self, name: str, entity: str, query: list[Parameter]) -> list[Parameter]:
        """A create's query parameter naming the new record's id (``topicId`` of ``POST /{parent}/topics``) where
        the resource holds no such field: the caller chooses the record's key (Google's ``name`` ends with it)."""
        record = self.s.entities[entity]
        pk = record.primary_key()
        held = {f.name for f in record.fields}
        core = self.s.cores.get(entity, snake(entity))
        if pk is None or pk.name in {p.name for p in query}:
            return query
        chosen = [p for p in query if p.name not in held and p.name in (f"{core}_id", f"{core.split('_')[-1]}_id")]
        if len(chosen) != 1:
            return query
        self.notes.append(f"{name}: query parameter {chosen[0].extensions.get('given')!r} names the new record: "
                          f"its key {pk.name!r}")
        key = _renamed(chosen[0], pk.name, pk.type)
        key.extensions["chosen"] = True
        return [key if p is chosen[0] else p for p in query]

    def parameters(self, name: str, where: str, raws: list[Any], call: str | None = None
                   ) -> tuple[list[Parameter], list[Parameter]]:
        """Path and query parameters; headers, cookies, paging, sorting and credentials are noted and dropped, as
        are constants of the call (``Version=2012-11-05``, the query protocol's ``Action`` naming ``call``)."""
        path_params: list[Parameter] = []
        query: list[Parameter] = []
        seen: set[tuple[str, str]] = set()
        for i, raw in enumerate(raws):
            p = self.s.target(raw["$ref"], f"{where}.parameters[{i}]") if isinstance(raw, dict) and "$ref" in raw \
                else raw
            if not isinstance(p, dict) or "name" not in p:
                continue
            place, original = str(p.get("in")), str(p["name"])
            if (place, original) in seen:
                continue
            seen.add((place, original))
            if place not in ("path", "query"):
                continue  # headers and cookies are transport, not part of the tool
            lowered = snake(original)
            if place == "query":
                for group, label in ((PAGING, "paging"), (SORTING, "sorting"), (SHAPING, "response shaping"),
                                     (AUTH, "credentials")):
                    if lowered in group or original in group:
                        self.notes.append(f"{name}: query parameter {original!r} ({label}) dropped")
                        break
                else:
                    label = ""
                if label:
                    continue
            fields = self.s.parameter(field_name(original), p.get("schema") or {k: v for k, v in p.items() if k in (
                "type", "format", "enum", "minimum", "maximum", "items", "pattern")},
                f"{where}.parameters.{original}", required=bool(p.get("required")) or place == "path", by_key={})
            fields["description"] = clean_text(p.get("description") or fields["description"], 300).replace(
                "\n\n", " ")
            fields["extensions"] = {**fields["extensions"], **_extensions(p), "in": place, "given": original}
            if place == "query" and fields["required"] and (len(fields.get("enum") or []) == 1 or call and
                                                              original == "Action"):
                self.notes.append(f"{name}: query parameter {original!r} is a constant of the call "
                                  f"({call if original == 'Action' and call else fields['enum'][0]!r}); dropped")
                continue
            if place == "query" and fields["type"] in ("array", "object"):
                self.notes.append(f"{name}: query parameter {original!r} ({fields['type']}) dropped")
                continue
            (path_params if place == "path" else query).append(Parameter(**fields))
        return path_params, query

    def body(self, name: str, where: str, op: dict[str, Any]) -> tuple[list[Parameter], str | None]:
        body = op.get("requestBody")
        if isinstance(body, dict) and "$ref" in body:
            body = self.s.target(body["$ref"], f"{where}.requestBody")
        if not isinstance(body, dict):
            return [], None
        content = body.get("content") or {}
        media: Any = next((v for k, v in content.items() if "json" in k), None) or \
            next(iter(content.values()), {}) if content else {}
        raw = (media or {}).get("schema") or {}
        schema, _ = self.s.flatten(raw, f"{where}.requestBody")
        if schema.get("type") == "array":
            raise Skip("the request body is a list (a batch operation)")
        body_ref = self.s.direct_ref(raw)
        props = schema.get("properties") or {}
        if len(props) == 1:  # a wrapper such as {"pet": {...}}
            only, sub = next(iter(props.items()))
            inner, _ = self.s.flatten(sub, f"{where}.requestBody.{only}")
            if inner.get("type", "object") == "object" and inner.get("properties"):
                body_ref, schema = self.s.direct_ref(sub) or body_ref, inner
                props = inner["properties"]
        required = {field_name(str(r)) for r in schema.get("required") or [] if isinstance(r, str)}
        flat_props: dict[str, Any] = {}
        for prop, sub in props.items():  # ARM: a resource's own fields one level down, under "properties"
            nested = self.s.flatten(sub, str(prop))[0] if prop in NESTED else {}
            if isinstance(nested.get("properties"), dict) and nested["properties"]:
                required |= {field_name(str(r)) for r in nested.get("required") or [] if isinstance(r, str)}
                for inner, inner_sub in nested["properties"].items():
                    flat_props.setdefault(inner, inner_sub)
            else:
                flat_props.setdefault(prop, sub)
        props = flat_props
        out: list[Parameter] = []
        seen: set[str] = set()
        for prop, sub in props.items():
            if self.s.flatten(sub, str(prop))[0].get("readOnly"):
                continue
            pname = field_name(str(prop))
            if pname in seen:
                continue
            seen.add(pname)
            try:
                fields = self.s.parameter(pname, sub, f"{where}.requestBody.{prop}", required=pname in required,
                                          by_key={})
            except ResourceError as exc:
                self.notes.append(f"{name}: body field {prop!r} dropped ({str(exc).split(': ', 1)[-1]})")
                continue
            fields["extensions"] = {**fields["extensions"], "in": "body", "given": str(prop)}
            if is_patch_list(self.s, sub, f"{where}.requestBody.{prop}"):
                fields["extensions"]["patch"] = True  # expanded once the resource is known (an update's)
            out.append(Parameter(**fields))
        return out, body_ref

    def operation_entity(self, path: str, method: str, op: dict[str, Any], body_ref: str | None,
                         where: str) -> tuple[str, str]:
        """The resource an operation acts on, and ``"list"``/``"one"``/``""`` for what it returns."""
        responses = op.get("responses") or {}
        literal = [s for s in path.split("/") if s and not s.startswith("{")]
        named = self.segment_entity(literal[-1]) if literal else None  # DescribeGroup: Group
        codes = sorted((str(c) for c in responses if str(c).startswith("2")), key=lambda c: c != "200")
        for code in [*codes, "default"]:
            resp = responses.get(code) if code in responses else responses.get(int(code)) if code.isdigit() else None
            if isinstance(resp, dict) and "$ref" in resp:
                resp = self.s.target(resp["$ref"], f"{where}.responses.{code}")
            content = (resp or {}).get("content") or {}
            for media in content.values():
                found = self.returned(media.get("schema") if isinstance(media, dict) else None, where, named)
                if found and named and found[0] != named and self._receipt(found[0], named, body_ref):
                    return named, found[1]
                if found:
                    return found
        for at in range(len(literal) - 1, -1, -1):
            named = self.segment_entity(literal[at])
            if named:
                part = next((x for x in literal[at + 1:] if names_part(x, KNOWN)), None)
                if part:  # /profiles/objects, /profiles/objects/delete: a part of a profile, not the profile
                    raise Skip(f"acts on the {part!r} of {article_of(named)}, a part the specification gives no "
                               "resource schema of its own")
                return named, ""
        if body_ref and self.s.entity_of_ref(body_ref):
            return self.s.entity_of_ref(body_ref) or "", ""
        hint = suggest(_camel(literal[-1]), self.s.entities) if literal else ""
        raise Skip("no resource schema: the response names no schema with an id, and no path segment names one"
                   + hint)

    def _receipt(self, found: str, named: str, body_ref: str | None) -> bool:
        """Whether the resource a response wraps is only a receipt of the call on ``named``, the resource its path
        names: the request body is ``named`` itself, or the wrapped record holds nothing but its id
        (``POST /companies {Company}`` answering ``{status, data: UnifiedId {id}}`` creates a company)."""
        if body_ref and self.s.entity_of_ref(body_ref) == named:
            return True
        return all(f.primary_key for f in self.s.entities[found].fields)

    def returned(self, raw: Any, where: str, named: str | None = None) -> tuple[str, str] | None:
        """The entity a response schema holds: itself, an array of it, or wrapped ({"items": [...], "data": {}});
        a response with the key of the resource the call is named after (``named``) is that resource, whatever
        lists it embeds (DescribeGroupResponse {GroupId, ExternalIds: [...]} is a Group)."""
        if not isinstance(raw, dict):
            return None
        name = self.s.entity_of_ref(self.s.direct_ref(raw))
        if name:
            return name, "one"
        schema, _ = self.s.flatten(raw, where)
        if schema.get("type") == "array":
            name = self.s.entity_of_ref(self.s.direct_ref(schema.get("items")))
            return (name, "list") if name else None
        props = schema.get("properties") or {}
        pk = self.s.entities[named].primary_key() if named else None
        if named and pk is not None and any(field_name(str(p)) == pk.name for p in props):
            return named, "one"
        if self.s.entity_refs.get(self.s.direct_ref(raw) or "") is None and props:
            for sub in props.values():  # a wrapper: the one property that holds resources
                flat, _ = self.s.flatten(sub, where)
                if flat.get("type") == "array":
                    name = self.s.entity_of_ref(self.s.direct_ref(flat.get("items")))
                    if name:
                        return name, "list"
            singles = [p for p in props if p in ("data", "item", "result", "resource", "record", "object")] or \
                (list(props) if len(props) <= 2 else [])
            for prop in singles:
                name = self.s.entity_of_ref(self.s.direct_ref(props[prop]))
                if name:
                    return name, "one"
        return None

    def segment_entity(self, segment: str) -> str | None:
        """The resource a path segment names: ``pets``, ``pet``, or in RPC style ``closeAccount``, ``getPet``."""
        key = snake(segment)
        words = key.split("_")
        bare = "_".join(words[1:]) if len(words) > 1 and (words[0] in RPC_VERBS or words[0] in STATE_WORDS) else key
        for form in dict.fromkeys((key, *_singulars(key), bare, *_singulars(bare))):
            if form in self.tables:
                return self.tables[form]
        if len(words) > 2:  # an RPC call's noun inside its name: RenewCertificate, AddTagsToCertificate
            for size in range(len(words) - 1, 0, -1):
                for start in range(len(words) - size, 0, -1):
                    part = "_".join(words[start:start + size])
                    for form in (part, *_singulars(part)):
                        if form in self.tables:
                            return self.tables[form]
        return None

    # -- path parameters ---------------------------------------------------------------------------------------

    def bind_path(self, name: str, path: str, verb: str, entity: str, params: list[Parameter]) -> list[Parameter]:
        """Path parameters named by position: the one after ``/members`` is a Member id, whatever it is called.

        The last one naming the operation's own resource is its key; one naming another resource becomes the
        operation's reference to it (``/owners/{o}/pets`` lists or creates pets of owner ``o``).
        """
        ent = self.s.entities[entity]
        pk = ent.primary_key()
        assert pk is not None
        segments = [s for s in path.split("/") if s]
        by_given = {str(p.extensions.get("given")): p for p in params}
        out: list[Parameter] = []
        own_positions = [i for i, s in enumerate(segments) if s.startswith("{") and i > 0
                         and self.segment_entity(segments[i - 1]) == entity]
        ends_with_param = bool(segments) and segments[-1].startswith("{")
        for i, seg in enumerate(segments):
            if not seg.startswith("{"):
                continue
            given = seg.strip("{}")
            p = by_given.get(given)
            if p is None:
                continue
            owner = self.segment_entity(segments[i - 1]) if i > 0 and not segments[i - 1].startswith("{") else None
            is_key = (own_positions and i == own_positions[-1]) or (
                not own_positions and owner is None and verb != "list" and (ends_with_param and i == len(segments) - 1
                                                                           or field_name(given) == pk.name))
            if is_key and verb == "list" and p.enum:  # /players/me/players/{collection}: a fixed view, not an id
                self.notes.append(f"{name}: path parameter {given!r} picks one of {len(p.enum)} fixed views of the "
                                  "list; dropped")
                continue
            if is_key:
                out.append(_renamed(p, pk.name, pk.type))
                continue
            column = field_name(given) if any(f.name == field_name(given) for f in ent.fields) else None
            if owner is not None and owner != entity:
                refs = [f for f in ent.fields if f.references == owner]
                same = next((f for f in ent.fields if f.name == column and not f.primary_key), None)
                if not refs and same is not None and same.references is None and same.type in ("string", "integer"):
                    # /services/{ServiceSid}/channels: a channel's service_sid names its service, whatever its format
                    same.references = owner
                    refs = [same]
                    self.notes.append(f"{name}: {entity} field {column!r} refers to {owner} (its path says so)")
                column = refs[0].name if refs else column
                if column is None and verb in ("create", "list") and not encloses_most(
                        self.s.doc.get("paths") or {}, seg):  # /order/{order_id}/issue_refund
                    added = parent_field(ent, self.s.entities[owner], given)
                    column = added.name if added else None
                    if added:
                        self.notes.append(f"{name}: {entity} field {column!r} refers to {owner} (its path nests it)")
            if column is None:
                if verb in ("get", "update", "delete", "action", "list", "create"):
                    self.notes.append(f"{name}: path parameter {given!r} names no field of {entity}; dropped "
                                      "(it only scopes the path)")
                    self.path_only.append(_renamed(p, field_name(given), p.type))  # a scope, maybe: see scope.py
                    continue
            out.append(_renamed(p, column or field_name(given), p.type))
        return out

    # -- states ----------------------------------------------------------------------------------------------

    def transition(self, name: str, path: str, op: dict[str, Any], entity: str, verb: str) -> dict[str, Any] | None:
        """The state change an action's verb states on a status enum: ``cancel`` sets ``cancelled``."""
        words = call_words(name) + call_words(path.rstrip("/").split("/")[-1])
        if verb == "delete":
            words = [w for w in words if w in ("cancel", "void", "archive", "close", "revoke", "deactivate")]
        fields = [f for f in self.s.entities[entity].fields if f.enum and f.type == "string"]
        fields.sort(key=lambda f: (f.name not in STATE_FIELDS, not f.name.endswith(STATE_FIELDS)))
        for word in words:
            for target in STATE_WORDS.get(word, ()):
                for f in fields:
                    hit = next((v for v in f.enum or [] if norm(str(v)) == norm(target)), None)
                    if hit is not None:
                        sources = [v for v in f.enum or [] if v != hit and norm(str(v)) not in TERMINAL]
                        self.notes.append(f"{name}: sets {f.name} to {hit!r} (read from its verb '{word}')")
                        return {"field": f.name, "from": sources or [v for v in f.enum or [] if v != hit],
                                "to": hit}
        return None


def rpc_route(path: str) -> str:
    """A path with RPC-style segments reduced to the call's name: ``/#X-Amz-Target=Service.DeleteThing`` and
    ``/?Action=DeleteThing`` read as ``/DeleteThing`` (the target names the operation, the path nothing else)."""
    out = []
    for seg in path.split("/"):
        if not seg.startswith("{") and ("=" in seg or seg.startswith(("#", "?"))):
            seg = re.split(r"[=.#?&]", seg.split("&", 1)[0].rsplit("=", 1)[-1])[-1]
        out.append(seg)
    return "/".join(out)


def _camel(segment: str) -> str:
    words = snake(segment).split("_")
    if words and words[-1].endswith("s"):
        words[-1] = words[-1][:-1]
    return "".join(w.title() for w in words)


def _renamed(p: Parameter, name: str, kind: str) -> Parameter:
    data = p.model_dump()
    data["name"], data["type"], data["required"] = name, kind if kind in ("string", "integer") else "string", True
    return Parameter(**data)


def _forms(word: str, last: bool = True) -> list[str]:
    """A resource name as a path segment may spell it: itself and its plural, or (``last``) its last word and
    that word's plural."""
    from envfactory_gym.envgen.compile.blueprint import plural

    if last:
        end = word.split("_")[-1]
        # 'id' is ExternalId's last word, not a name of it: GetGroupId is no call on external ids
        return [] if end in ("id", "ids", "key", "name", "code", "arn", "uuid") and "_" in word else [end, plural(end)]
    return list(dict.fromkeys([word, plural(word), word.replace("_", ""), plural(word.replace("_", ""))]))


def _singulars(word: str) -> list[str]:
    out = []
    if word.endswith("ies"):
        out.append(word[:-3] + "y")
    if word.endswith("es"):
        out.append(word[:-2])
    if word.endswith("s"):
        out.append(word[:-1])
    return out


def _tool_name(raw: str, taken: set[str]) -> str:
    name = snake(raw)[:60].strip("_") or "operation"
    if name[0].isdigit():
        name = f"op_{name}"
    if keyword.iskeyword(name):
        name += "_"
    base, n = name, 2
    while name in taken:
        name, n = f"{base}_{n}", n + 1
    return name


def _verb(method: str, path: str, returns: str, name: str, tables: dict[str, str], singles: set[str] | None = None,
          rpc: bool = False) -> str:
    segments = [s for s in path.rstrip("/").split("/") if s]
    ends_with_id = bool(segments) and segments[-1].startswith("{")
    if method == "get":
        return "list" if returns == "list" or not ends_with_id else "get"
    if method == "put" and "create" in snake(name).split("_"):  # PUT .../things/{name}: create or replace
        return "create"
    if method == "post" and ends_with_id and [w for w in snake(name).split("_") if w not in _METHODS][:1] == \
            ["create"]:  # POST /streams/{StreamName} 'CreateStream': a create naming its new record
        return "create"
    if method in ("put", "patch"):
        return "update"
    if method == "delete":
        return "delete"
    last = snake(segments[-1]) if segments else ""
    names_collection = last in tables or any(f in tables for f in _singulars(last))
    first = (call_words(segments[-1]) or [""])[0] if segments else ""  # unSuspendX: 'unsuspend'
    called = [w for w in snake(name).split("_") if w not in _METHODS][:1]  # operationId 'post-getThing'
    reads = [w for w in ([first] if not ends_with_id and not names_collection else []) + called
             if RPC_VERBS.get(w) in ("get", "list")]
    if returns == "list" or reads:  # POST /searchThings, /getThing, /#Action=DescribeThing: a read
        return "list" if returns == "list" or RPC_VERBS[reads[0]] == "list" else "get"
    if not ends_with_id and not names_collection and first in RPC_VERBS:  # POST /getAccount, /closeAccount
        return RPC_VERBS[first]
    if not ends_with_id and not names_collection and first in STATE_WORDS:
        return "action"
    if not ends_with_id and not names_collection and first in ACTION_VERBS:  # POST /renewCertificate
        return "action"
    if not ends_with_id and not names_collection and unknown_verb_call(segments[-1] if segments else "", KNOWN,
                                                                       tables, singles or set(), rpc):
        return "action"  # POST /checkAccountHolder, /unSuspendAccountHolder: a verb on a record, not a create
    return "create" if not ends_with_id and (names_collection or "{" not in path) else "action"


def read_openapi(path: str | Path) -> Digest:
    """Read an OpenAPI 3.0/3.1 or Swagger 2.0 document (JSON or YAML; local files it refers to are bundled in).

    One entity per resource schema (an object with an id), one operation per method. An operation that cannot be
    compiled is left out with its reason in ``digest.extensions["skipped"]`` (notes on what was dropped or
    adapted in ``["notes"]``); the compile report lists both.

    Raises:
        EnvFactoryError: one line naming the file and the problem (unreadable, unsupported version, no resource
            schemas, no operation on a resource), with the nearest name where there is one.
    """
    path = Path(path)
    doc = load_openapi(path)
    reader = SchemaReader(path, doc)
    entities = reader.read_entities()
    ops_reader = OperationReader(reader)
    operations = ops_reader.read_operations()
    if not operations:
        reasons = [s["reason"] for s in ops_reader.skipped]
        top = max(set(reasons), key=reasons.count) if reasons else "the document has no paths"
        raise reader.error(f"no operation could be compiled ({len(reasons)} skipped; most often: {top})")
    info = doc.get("info") or {}
    title = " ".join(str(info.get("title", "")).split())
    constraints = [o.description.split("\n\n", 1)[1].strip() for o in operations if "\n\n" in o.description]
    ext = _extensions(info)
    ext.update(_extensions(doc))
    ext["skipped"] = ops_reader.skipped
    ext["notes"] = [*reader.notes, *ops_reader.notes]
    ext["source-version"] = str(info.get("version", ""))
    licence = info.get("license")
    if isinstance(licence, dict) and licence.get("name"):
        ext["source-license"] = str(licence["name"])
    return Digest(name=snake(str(ext.get("name") or title or path.stem))[:40] or "api",
                  domain=str(ext.get("domain") or "general"), source_kind="openapi", sources=[str(path)],
                  title=title, description=clean_text(info.get("description", ""), 600).replace("\n\n", " "),
                  entities=entities, operations=operations, constraints=list(dict.fromkeys(constraints)),
                  extensions=ext)
