"""The README's Quickstart runs as written and does what its comments say."""

from __future__ import annotations

import ast
import contextlib
import io
import json
import re
from pathlib import Path

import envfactory_gym

README = Path(__file__).resolve().parent.parent / "README.md"


def quickstart_code() -> str:
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Quickstart"):]
    section = section[: section.index("\n## ", 1)]
    match = re.search(r"```python\n(.*?)```", section, re.S)
    assert match, "no python block in the Quickstart section"
    return match.group(1)


def test_quickstart_runs_and_its_comments_hold():
    code = quickstart_code()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md (Quickstart)", "exec"), {"__name__": "readme"})
    printed = out.getvalue().splitlines()
    assert len(printed) == 3, printed

    # The task the snippet names, and the email its tool call uses.
    task_id = re.search(r'"task_id":\s*"([^"]+)"', code).group(1)
    email = re.search(r'"email":\s*"([^"]+)"', code).group(1)
    task = next(t for t in envfactory_gym.get_package("EnvFactory/retail-v0").tasks if t.id == task_id)

    # "the customer's request (it does not say who they are)"
    assert printed[0] == task.instruction and email not in printed[0]
    # "the simulated user answers from the task's hidden facts": the email is a hidden fact, and the user gives it
    assert task.user_facts["email"].value == email and email in printed[1]
    # {"role": "tool", "tool_call_id": ..., "content": "{...}"}: the lookup of that email finds the customer
    message = ast.literal_eval(printed[2])
    assert message["role"] == "tool" and message["tool_call_id"]
    customer = json.loads(message["content"])
    assert customer["customer_id"].startswith("C-") and not message["content"].startswith("Error")


def test_the_readme_catalog_is_the_one_the_records_give():
    from envfactory_gym.registration import shipped_envs_dir
    from envfactory_gym.verify.catalog import catalog, current_block, markdown

    shipped = {e: envfactory_gym.get_package(e).path for e in envfactory_gym.registered_env_ids()
               if envfactory_gym.get_package(e).path.is_relative_to(shipped_envs_dir().resolve())}
    text = README.read_text(encoding="utf-8")
    assert current_block(text) == markdown(catalog(shipped)), \
        "README catalog is stale: run `envfactory list --update README.md`"
