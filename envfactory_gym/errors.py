"""The error hierarchy of envfactory-gym; messages carry the offending value and suggest the nearest name.

Every error the package raises on purpose is an :class:`EnvFactoryError` (``except EnvFactoryError`` catches them
all); the families below it say what went wrong::

    EnvFactoryError
    ├── UsageError                 an argument, option or combination of them that is not valid
    │   └── ConfigError            settings given as a mapping that do not validate (also a ValueError)
    ├── UnknownNameError           a name that is not one of the known ones (also a ValueError); a subclass a kind
    │   └── UnknownAgentError, UnknownEnvError, UnknownCheckError, UnknownStrategyError, UnknownBackendError,
    │       UnknownDomainError, UnknownSplitError, UnknownCategoryError, UnknownDtypeError, UnknownScheduleError,
    │       UnknownAdapterError, UnknownEntityError, UnknownRunError
    ├── UnknownTaskError           a task id the environment does not have (also a KeyError)
    ├── AgentSpecError             an agent of one's own that cannot be loaded (also a ValueError)
    ├── AgentBuildError            an agent whose factory failed (in a worker)
    ├── MissingDependencyError     an optional package that is not installed; names the extra to install
    │   └── BenchUnavailableError  a benchmark's package (or a module it needs) is not installed
    ├── ModelEndpointError         a model endpoint or its answers failed
    │   ├── LLMError               a chat request that failed for good
    │   │   ├── DeadlineExceeded
    │   │   └── ContextLengthError (also an EpisodeTruncated)
    │   ├── ModelError             the env-generation model failed for good
    │   └── ResponseError          a model answer that does not follow its stage's format
    ├── ModelLoadError             a local model or adapter that cannot be loaded
    ├── ChatTemplateError          a tokenizer chat template that cannot serve the conversation
    ├── DataFileError              a data file that cannot be read or is malformed
    │   ├── ResourceError          an env-generation resource (docs, OpenAPI, SQL, URL, MCP server, digest)
    │   └── MissingRecordError     a replayed recording that lacks the turn asked for
    ├── CompileError               resources that cannot be compiled into an environment
    ├── TemplateError              a QueryGen template that does not parse (also a ValueError)
    ├── UnphraseableTask           a task whose request cannot be phrased without ids
    ├── EnvFormatError             an environment folder or one of its files is malformed
    │   ├── EnvNotVerifiedError
    │   └── TaskFileError
    ├── GateError                  an environment that does not pass the verification gate
    ├── CommandError               an external command that failed
    ├── ClusterError               a Ray cluster or worker that cannot be started, reached or kept alive
    ├── ServerError                an MCP or HTTP server that cannot be started, reached or served
    │   └── SessionLimitError
    ├── EpisodeError               an episode that cannot take the request
    │   ├── EpisodeStateError
    │   ├── UnsupportedTaskError
    │   └── EpisodeTruncated
    ├── ToolCallError              a tool call that failed (its message is what the agent reads)
    │   └── UnknownToolError, ToolArgumentError, ToolError, ToolTimeoutError
    ├── ToolDefinitionError
    └── Interrupted

One error class lives elsewhere on purpose: ``envfactory_gym.verify.guard.SandboxViolation``, a ``PermissionError``
only. Sandboxed code meets it as the refusal the operating system would give, so no ``except EnvFactoryError`` may
swallow it; and the guard module imports nothing of the package (it loads before the package does), nor does the
core import it.
"""

from __future__ import annotations

import difflib
import warnings
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

M = TypeVar("M")


def suggest(name: str, candidates: Iterable[str]) -> str:
    """Return a ' Did you mean ...?' hint for the candidate closest to ``name``, or an empty string."""
    matches = difflib.get_close_matches(str(name), list(candidates), n=1, cutoff=0.6)
    return f" Did you mean {matches[0]!r}?" if matches else ""


class EnvFactoryError(Exception):
    """Base class of every error raised by envfactory-gym."""


class UsageError(EnvFactoryError):
    """An argument or command-line option that is not valid, alone or with the others given; the message names
    the option and the value."""


class ConfigError(UsageError, ValueError):
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

    def __init__(self, name: object, known: Iterable[str], message: str | None = None) -> None:
        """``message`` replaces the standard one (``unknown KIND 'x'. Did you mean 'y'? Available: ...``) where
        the caller says more (which option, which file); it should still name the value and suggest."""
        known = list(known)
        self.name, self.known = name, known
        super().__init__(message if message is not None else
                         f"unknown {self.kind} {name!r}.{suggest(str(name), known)} Available: {', '.join(known)}")


class UnknownAgentError(UnknownNameError):
    """An agent name that is neither a built-in agent nor a ``file.py:Class`` / ``module:Class`` spec."""

    kind = "agent"


class UnknownEnvError(UnknownNameError):
    """An environment id that is not registered."""

    kind = "environment"


class UnknownCheckError(UnknownNameError):
    """A verification check name that is not one of ``ALL_CHECKS``."""

    kind = "check"


class UnknownStrategyError(UnknownNameError):
    """A soundness-probe strategy that does not exist."""

    kind = "strategy"


class UnknownBackendError(UnknownNameError):
    """An execution backend (``local``, ``ray``) that does not exist."""

    kind = "backend"


class UnknownDomainError(UnknownNameError):
    """A benchmark domain (e.g. a τ² domain) that does not exist."""

    kind = "domain"


class UnknownSplitError(UnknownNameError):
    """A task split of a benchmark that does not exist."""

    kind = "split"


class UnknownCategoryError(UnknownNameError):
    """A benchmark category (e.g. of BFCL) that is not supported."""

    kind = "category"


class UnknownDtypeError(UnknownNameError):
    """A model dtype name that is not one of the supported ones."""

    kind = "dtype"


class UnknownScheduleError(UnknownNameError):
    """A learning-rate schedule that does not exist."""

    kind = "lr schedule"


class UnknownAdapterError(UnknownNameError):
    """A shipped LoRA adapter name that does not exist."""

    kind = "adapter"


class UnknownEntityError(UnknownNameError):
    """An entity (resource) name that a resource digest does not hold."""

    kind = "entity"


class UnknownRunError(UnknownNameError):
    """An eval run directory that does not exist."""

    kind = "eval run directory"


class AgentSpecError(EnvFactoryError, ValueError):
    """An agent of one's own (``file.py:Class`` or ``module:Class``) that cannot be loaded."""

    def __init__(self, spec: str, problem: str) -> None:
        self.spec = spec
        super().__init__(f"agent {spec!r}: {problem}")


class AgentBuildError(EnvFactoryError):
    """An agent whose factory failed where it runs (e.g. in a Ray worker); the message carries the cause."""


class MissingDependencyError(EnvFactoryError):
    """An optional package that this installation lacks; the message names it and the command to install it.

    ``package`` is the missing distribution (or module), ``extra`` the envfactory-gym extra that brings it, if any.
    """

    def __init__(self, message: str, *, package: str | Sequence[str] | None = None, extra: str | None = None) -> None:
        self.package = package
        self.extra = extra
        super().__init__(message)


class BenchUnavailableError(MissingDependencyError):
    """A benchmark's package (or a module it needs) is not installed."""


class ModelEndpointError(EnvFactoryError):
    """A model endpoint that failed, or answered with something that cannot be used."""


class LLMError(ModelEndpointError):
    """A chat request that failed for good: a non-retryable error, or retries exhausted."""

    def __init__(self, endpoint: str, problem: str, attempts: int = 1) -> None:
        self.endpoint = endpoint
        self.problem = problem
        self.attempts = attempts
        tries = f" after {attempts} attempt{'s' if attempts != 1 else ''}" if attempts else ""
        super().__init__(f"chat request to {endpoint} failed{tries}: {problem}")


class DeadlineExceeded(LLMError):
    """A request (all its attempts together) or an episode that ran past its overall deadline."""


class ModelError(ModelEndpointError):
    """The env-generation model endpoint failed for good (a refused request, or retries exhausted); the stage may
    be rerun."""


class ResponseError(ModelEndpointError):
    """A model answer that does not follow its stage's format; the message says why, in one line."""


class ModelLoadError(EnvFactoryError):
    """A local model, model file or adapter that cannot be found or loaded; the message names it."""


class ChatTemplateError(EnvFactoryError):
    """A tokenizer whose chat template is missing or cannot render the conversation as the caller needs."""


class DataFileError(EnvFactoryError):
    """A data file (JSONL records, a recording, a batch list, run settings...) that cannot be read or is malformed;
    the message starts with the file (and line)."""

    def __init__(self, message: str, *, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else None
        super().__init__(message)


class ResourceError(DataFileError):
    """A resource given to env generation (documentation, OpenAPI, SQL schema, URL, MCP server, digest) that
    cannot be read or understood."""


class MissingRecordError(DataFileError):
    """Replay asked for a turn the recording does not hold (or holds for a different conversation)."""


class CompileError(EnvFactoryError):
    """Resources that cannot be compiled into an environment (no key, a filter on no field...)."""


class TemplateError(EnvFactoryError, ValueError):
    """A QueryGen template that does not parse (the message says where)."""


class UnphraseableTask(EnvFactoryError):
    """The request cannot name a row of the task without its id (no description tells it apart)."""


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


class GateError(EnvFactoryError):
    """An environment that does not pass the verification gate (so it is not landed or registered)."""


class CommandError(EnvFactoryError):
    """An external command (a subprocess) that could not run or exited with a failure."""


class ClusterError(EnvFactoryError):
    """A Ray cluster or worker that cannot be started, reached or kept alive."""


class ServerError(EnvFactoryError):
    """An MCP or HTTP server that cannot be started, reached, or that answers out of protocol."""


class SessionLimitError(ServerError):
    """A new session would exceed the server's session cap."""


class UnknownTaskError(EnvFactoryError, KeyError):
    """A task id that the environment does not have."""

    def __init__(self, task_id: str, known: Iterable[str], message: str | None = None) -> None:
        known = list(known)
        self.task_id = task_id
        msg = message if message is not None else \
            f"unknown task id {task_id!r} ({len(known)} tasks available).{suggest(task_id, known)}"
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


class Interrupted(EnvFactoryError):
    """A command stopped by Ctrl-C or SIGTERM; its message says what was kept and how to continue."""


class EpisodeError(EnvFactoryError):
    """An episode that cannot take the request, or cannot go on."""


class EpisodeStateError(EpisodeError):
    """A request that the episode cannot take now (no episode, episode over, unknown task...)."""


class UnsupportedTaskError(EpisodeError):
    """A benchmark task of a kind that this environment cannot play (e.g. one that starts mid-conversation)."""


class EpisodeTruncated(EpisodeError):
    """An agent cannot go on with its episode because of the conversation itself (e.g. it outgrew the model's
    context): an evaluation ends the episode there as truncated, scores it and records this message."""


class ContextLengthError(LLMError, EpisodeTruncated):
    """The endpoint refused the conversation as longer than the model's context: the episode cannot go on."""


class _ActionParseError(EnvFactoryError):
    """Deprecated and never raised: actions that do not parse become the agent's format errors, not exceptions."""


def __getattr__(name: str) -> Any:
    if name == "ActionParseError":
        warnings.warn("envfactory_gym.errors.ActionParseError is deprecated and never raised: an action that does "
                      "not parse is reported to the agent in its observation and counts as a format error",
                      DeprecationWarning, stacklevel=2)
        return _ActionParseError
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
