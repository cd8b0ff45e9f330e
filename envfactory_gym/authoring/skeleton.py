"""``new_environment``: write a skeleton environment folder that the gate verifies once its steps are followed."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from envfactory_gym.errors import CommandError, UsageError

TEMPLATE = Path(__file__).resolve().parent / "template"
NAME_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")


def _render(text: str, name: str, domain: str) -> str:
    title = name.replace("_", " ").title()
    return text.replace("{{name}}", name).replace("{{domain}}", domain).replace("{{Title}}", title)


def new_environment(name: str, domain: str, parent: str | Path, *, tasks: int = 40, seed: int = 0) -> Path:
    """Write ``parent/name``: manifest, schema, seed generator and CSVs, tools, policies, tests and sampled tasks.

    The folder is assembled in a temporary sibling and moved into place at the end, so a failure leaves nothing.

    Raises:
        UsageError: a bad name or domain, a parent that does not exist, or a folder that exists already.
    """
    if not NAME_PATTERN.match(name):
        raise UsageError(f"name {name!r}: use lowercase letters, digits and underscores, starting with a letter "
                              f"(e.g. {re.sub(r'[^a-z0-9_]', '_', name.lower()).strip('_') or 'my_env'!r})")
    if not domain.strip() or "\n" in domain:
        raise UsageError(f"--domain {domain!r}: give a short domain name, e.g. 'healthcare'")
    parent = Path(parent)
    if not parent.is_dir():
        raise UsageError(f"--dir {str(parent)!r} does not exist")
    target = parent / name
    if target.exists():
        raise UsageError(f"{target} already exists: choose another name or remove it")
    work = Path(tempfile.mkdtemp(prefix=f".{name}-", dir=parent))
    try:
        folder = work / name
        for src in sorted(TEMPLATE.rglob("*")):
            if src.is_dir() or "__pycache__" in src.parts:
                continue
            rel = src.relative_to(TEMPLATE).as_posix().replace("NAME", name)
            dst = folder / rel
            dst.parent.mkdir(parents=True, exist_ok=True)
            dst.write_text(_render(src.read_text(encoding="utf-8"), name, domain.strip()), encoding="utf-8")
        subprocess.run([sys.executable, str(folder / "seed" / "generate.py")], check=True, capture_output=True,
                       text=True, timeout=120)
        (folder / "tasks.jsonl").write_text("", encoding="utf-8")
        _sample_tasks(folder, tasks, seed)
        shutil.move(str(folder), str(target))
    except subprocess.CalledProcessError as exc:
        raise CommandError(f"the skeleton's seed script failed: {exc.stderr.strip().splitlines()[-1:]}") from None
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return target


def _sample_tasks(folder: Path, n: int, seed: int) -> None:
    """Fill tasks.jsonl with QueryGen tasks over the skeleton's tools (our own template code, run in-process)."""
    from envfactory_gym.package import EnvPackage
    from envfactory_gym.querygen.sampler import TaskSampler
    from envfactory_gym.tasks import append_tasks

    pkg = EnvPackage(folder, allow_no_tasks=True)
    append_tasks(folder / "tasks.jsonl", TaskSampler(pkg, seed=seed).sample(n))
    pkg.close()
