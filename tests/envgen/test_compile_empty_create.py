"""A create that takes no input is skipped with its reason: every call makes the same empty record."""

from __future__ import annotations

from pathlib import Path

from envfactory_gym.envgen.compile import compile_digest, read_openapi

SPEC = """
openapi: 3.0.3
info: {title: Feed Desk, version: "1.0", license: {name: MIT}}
paths:
  /feeds:
    get:
      operationId: listFeeds
      summary: List feeds
      responses:
        "200": {description: ok, content: {application/json: {schema: {type: array, items: {$ref: "#/components/schemas/Feed"}}}}}
    post:
      operationId: createFeed
      summary: Create a feed
      requestBody: {content: {application/json: {schema: {$ref: "#/components/schemas/Feed"}}}}
      responses:
        "201": {description: created, content: {application/json: {schema: {$ref: "#/components/schemas/Feed"}}}}
  /feeds/commit:
    post:
      operationId: commitFeed
      summary: Commit feed items
      responses:
        "201": {description: created, content: {application/json: {schema: {$ref: "#/components/schemas/Feed"}}}}
components:
  schemas:
    Feed:
      type: object
      required: [title]
      properties:
        id: {type: string, readOnly: true}
        title: {type: string}
        size: {type: integer, minimum: 0, readOnly: true}
"""


def test_a_create_without_inputs_is_skipped_with_its_reason(tmp_path: Path) -> None:
    spec = tmp_path / "feeds.yaml"
    spec.write_text(SPEC, encoding="utf-8")
    import json

    folder = compile_digest(read_openapi(spec), tmp_path / "feeds", tasks=3)
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    assert "create_feed" in {t["name"] for t in report["tools"]}
    skipped = {s["operation"]: s["reason"] for s in report["skipped"]}
    assert "takes no input" in skipped["commit_feed"]
