"""The error hierarchy of envfactory-gym; messages carry the offending value and suggest the nearest name."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, TypeVar

M = TypeVar("M")


def suggest(name: str, candidates: Iterable[str]) -> str:
    """Return a ' Did you mean ...?' hint for the candidate closest to ``name``, or an empty string."""
    matches = difflib.get_close_matches(str(name), list(candidates), n=1, cutoff=0.6)
    return f" Did you mean {matches[0]!r}?" if matches else ""


class EnvFactoryError(Exception):
    """Base class of every error raised by envfactory-gym."""


class ConfigError(EnvFactoryError, ValueError):
    """Settings given as a mapping (e.g. ``gym.make(..., reward={...})``) that do not validate."""


def validate_model(cls: type[M], data: Mapping[str, Any], what: str) -> M:
    """``cls(**data)`` for a pydantic model, or a one-line :class:`ConfigError` naming ``what``, every bad key
    (an unknown one with the nearest field: "Did you mean 'tau'?") and the problem."""
    import pydantic

    try:
        return cls.model_validate(dict(data))  # type: ignore[attr-defined]
    except pydantic.ValidationError as exc:
        fields = list(getattr(cls, "model_fields", {}))
        problems = []
        for err in exc.errors(include_url=False):
            key = ".".join(str(x) for x in err["loc"]) or "(root)"
            if err["type"] == "extra_forbidden":
                hint = suggest(key, fields)
                problems.append(f"unknown setting {key!r}." + (hint or f" Settings: {', '.join(fields)}"))
            else:
                problems.append(f"{key}: {err['msg']} (got {err.get('input')!r})")
        raise ConfigError(f"{what}: " + "; ".join(problems)) from None


class UnknownNameError(EnvFactoryError, ValueError):
    """A name (of an agent, a format, a backend...) that is not one of the known ones; suggests the nearest."""

    kind = "name"

    def __init__(self, name: object, known: Iterable[str]) -> None:
        known = list(known)
        self.name, self.known = name, known
        super().__init__(f"unknown {self.kind} {name!r}.{suggest(str(name), known)} Available: {', '.join(known)}")


class UnknownAgentError(UnknownNameError):
    """An agent name that is neither a built-in agent nor a ``file.py:Class`` / ``module:Class`` spec."""

    kind = "agent"


class AgentSpecError(EnvFactoryError, ValueError):
    """An agent of one's own (``file.py:Class`` or ``module:Class``) that cannot be loaded."""

    def __init__(self, spec: str, problem: str) -> None:
        self.spec = spec
        super().__init__(f"agent {spec!r}: {problem}")


class EnvFormatError(EnvFactoryError):
    """An environment folder or one of its files is malformed."""

    def __init__(self, path: str | Path, problem: str, detail: str | None = None) -> None:
        self.path = Path(path)
        self.problem = problem
        #: The underlying library's full message, when there is more to say than the one line (``--verbose``).
        self.detail = detail
        super().__init__(f"{self.path}: {problem}")


class EnvNotVerifiedError(EnvFormatError):
    """An environment folder without a passing verification record that matches its files."""


class TaskFileError(EnvFormatError):
    """A task file (JSONL) is malformed."""


class UnknownTaskError(EnvFactoryError, KeyError):
    """A task id that the environment does not have."""

    def __init__(self, task_id: str, known: Iterable[str]) -> None:
        known = list(known)
        self.task_id = task_id
        msg = f"unknown task id {task_id!r} ({len(known)} tasks available).{suggest(task_id, known)}"
        super().__init__(msg)

    def __str__(self) -> str:  # KeyError would otherwise quote the message
        return str(self.args[0])


class ToolCallError(EnvFactoryError):
    """A tool call that failed; its message is what the agent reads."""

    #: Whether the failure is the agent's formatting mistake (counts for the format penalty).
    is_format_error: bool = False


class UnknownToolError(ToolCallError):
    """The agent called a tool that does not exist."""

    is_format_error = True

    def __init__(self, name: object, known: Iterable[str]) -> None:
        known = sorted(known)
        super().__init__(
            f"unknown tool {name!r}.{suggest(str(name), known)} Available tools: {', '.join(known)}"
        )


class ToolArgumentError(ToolCallError):
    """A tool call's arguments do not validate against the tool's schema."""

    is_format_error = True


class ToolError(ToolCallError):
    """A tool's own business-rule refusal (e.g. modifying an order that already shipped).

    Tools raise this to tell the agent why the request cannot be done; the state is left unchanged.
    """


class ToolTimeoutError(ToolCallError):
    """A tool ran longer than its time limit and was interrupted."""


class ToolDefinitionError(EnvFactoryError):
    """A tool function cannot be turned into a tool (bad signature, missing docstring...)."""


class ActionParseError(EnvFactoryError):
    """An action could not be parsed into tool calls or a message."""


class Interrupted(EnvFactoryError):
    """A command stopped by Ctrl-C or SIGTERM; its message says what was kept and how to continue."""


class EpisodeTruncated(EnvFactoryError):
    """An agent cannot go on with its episode because of the conversation itself (e.g. it outgrew the model's
    context): an evaluation ends the episode there as truncated, scores it and records this message."""
