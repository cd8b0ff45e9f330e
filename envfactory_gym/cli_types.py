"""Argument types of the ``envfactory`` command line: every value is checked when the arguments are parsed."""

from __future__ import annotations

import argparse
import difflib
import math
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from envfactory_gym.errors import EnvFactoryError, suggest


def error_line(prog: str, message: str) -> str:
    """The one form every error of the command line takes: ``envfactory eval: error: <message>``."""
    return f"{prog}: error: {message}"


class ArgumentParser(argparse.ArgumentParser):
    """An ``ArgumentParser`` (and its subcommands') whose errors are one line: ``prog: error: ...``.

    A misspelled subcommand, choice or option gets the nearest valid one ("Did you mean ...?").
    """

    def error(self, message: str) -> NoReturn:
        self.exit(2, error_line(self.prog, f"{_with_suggestion(message)} (see {self.prog} --help)") + "\n")

    def parse_args(self, args: Sequence[str] | None = None, namespace: Any = None) -> Any:  # type: ignore[override]
        argv = list(sys.argv[1:] if args is None else args)
        parsed, extras = self.parse_known_args(argv, namespace)
        if extras:
            # Report unknown options on the subcommand that received them, with its nearest option.
            parser = innermost_parser(self, argv)
            hints = [_nearest_option(parser, e) for e in extras if e.startswith("-")]
            hint = next((h for h in hints if h), "")
            parser.error(f"unrecognized arguments: {' '.join(extras)}.{hint}".rstrip("."))
        return parsed


def innermost_parser(parser: argparse.ArgumentParser, argv: Sequence[str]) -> argparse.ArgumentParser:
    """The (sub)parser that the subcommand names in ``argv`` select (e.g. ``envfactory tasks sample``)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for i, token in enumerate(argv):
                if token in action.choices:
                    return innermost_parser(action.choices[token], argv[i + 1:])
    return parser


def _nearest_option(parser: argparse.ArgumentParser, text: str) -> str:
    options = [o for a in parser._actions for o in a.option_strings if o.startswith("--")]
    return suggest(text.split("=", 1)[0], options)


def _with_suggestion(message: str) -> str:
    """argparse's ``invalid choice: 'evl' (choose from ...)`` with the nearest choice suggested."""
    m = re.search(r"invalid choice: '?([^'\s]*)'? \(choose from (.*)\)", message)
    if not m:
        return message
    choices = re.findall(r"'([^']*)'", m.group(2)) or [c.strip() for c in m.group(2).split(",")]
    near = difflib.get_close_matches(m.group(1), choices, n=1, cutoff=0.6)
    return f"{message}. Did you mean {near[0]!r}?" if near else message


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except (TypeError, ValueError):
        raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}") from None


def _float(text: str, what: str) -> float:
    try:
        value = float(text)
    except (TypeError, ValueError):
        raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}")
    return value


def positive_int(text: str) -> int:
    """An integer >= 1."""
    value = _int(text, "a positive integer")
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer (1 or more), got {text!r}")
    return value


def non_negative_int(text: str) -> int:
    """An integer >= 0."""
    value = _int(text, "a non-negative integer")
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a non-negative integer (0 or more), got {text!r}")
    return value


def int_at_least(minimum: int) -> Callable[[str], int]:
    """The type of an integer >= ``minimum``."""

    def check(text: str) -> int:
        value = _int(text, f"an integer of at least {minimum}")
        if value < minimum:
            raise argparse.ArgumentTypeError(f"expected an integer of at least {minimum}, got {text!r}")
        return value

    check.__name__ = f"int_at_least_{minimum}"
    return check


def positive_float(text: str) -> float:
    """A finite number > 0."""
    value = _float(text, "a positive number")
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive number (more than 0), got {text!r}")
    return value


def non_negative_float(text: str) -> float:
    """A finite number >= 0."""
    value = _float(text, "a non-negative number")
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a non-negative number (0 or more), got {text!r}")
    return value


def fraction(text: str) -> float:
    """A number in [0, 1]."""
    value = _float(text, "a number from 0 to 1")
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"expected a number from 0 to 1, got {text!r}")
    return value


def open_fraction(text: str) -> float:
    """A number in (0, 1] (e.g. a top-p)."""
    value = _float(text, "a number in (0, 1]")
    if not 0.0 < value <= 1.0:
        raise argparse.ArgumentTypeError(f"expected a number more than 0 and at most 1, got {text!r}")
    return value


def below_one(text: str) -> float:
    """A number in [0, 1) (e.g. a dropout or min-p)."""
    value = _float(text, "a number in [0, 1)")
    if not 0.0 <= value < 1.0:
        raise argparse.ArgumentTypeError(f"expected a number from 0 up to (not including) 1, got {text!r}")
    return value


def known_env_id(text: str) -> str:
    """A registered env id in any accepted form, resolved to ``EnvFactory/<name>-v<version>``."""
    from envfactory_gym.registration import resolve_env_id

    try:
        return resolve_env_id(text)
    except EnvFactoryError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def env_id_or_folder(text: str) -> str:
    """A registered env id (resolved), or an environment folder (a directory with a manifest.json, resolved)."""
    from pathlib import Path

    folder = Path(text)
    if folder.is_dir() and (folder / "manifest.json").is_file():
        return str(folder.resolve())
    return known_env_id(text)


def known_env_ids(text: str) -> str:
    """Comma-separated registered env ids, each resolved; returned comma-separated, duplicates dropped."""
    names = [part.strip() for part in text.split(",") if part.strip()]
    if not names:
        raise argparse.ArgumentTypeError(f"expected one or more comma-separated env ids, got {text!r}")
    return ",".join(dict.fromkeys(known_env_id(name) for name in names))


def output_file(text: str) -> str:
    """A file to write (:func:`output_path`), which must not be an existing folder."""
    path = output_path(text)
    if Path(path).is_dir():
        raise argparse.ArgumentTypeError(f"cannot write {text}: it is a folder; give a file name (e.g. "
                                         f"{Path(text) / 'summary.json'})")
    return path


def output_dir(text: str) -> str:
    """A folder to write into (:func:`output_path`), which must not be an existing file."""
    path = output_path(text)
    if Path(path).exists() and not Path(path).is_dir():
        raise argparse.ArgumentTypeError(f"cannot write into {text}: it is a file, not a folder; give a folder")
    return path


def output_path(text: str) -> str:
    """A file or folder to write: its parent folder must exist, or be one new folder inside an existing one.

    ``out/x.jsonl`` creates ``out/`` when the current folder exists; ``/missing/x.jsonl`` (a new folder at the
    filesystem root) and ``a/b/x.jsonl`` (two missing levels) are refused instead of creating a tree.
    """
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a path, got an empty string")
    path = Path(text).expanduser()
    parent = path.absolute().parent
    if parent.is_dir():
        return str(path)
    if parent.exists():
        raise argparse.ArgumentTypeError(f"cannot write {text}: {parent} is a file, not a folder")
    grand = parent.parent
    if grand.is_dir() and grand != grand.parent:
        return str(path)
    missing = parent
    while not missing.parent.exists() and missing.parent != missing.parent.parent:
        missing = missing.parent
    raise argparse.ArgumentTypeError(f"cannot write {text}: folder {missing} does not exist (create it first)")
