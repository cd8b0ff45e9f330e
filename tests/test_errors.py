"""The error hierarchy: every family is an EnvFactoryError, names suggest the nearest, moved classes stay importable."""

from __future__ import annotations

import warnings

import pytest

from envfactory_gym import errors
from envfactory_gym.errors import (
    BenchUnavailableError,
    ConfigError,
    ContextLengthError,
    DataFileError,
    EnvFactoryError,
    EpisodeStateError,
    EpisodeTruncated,
    LLMError,
    MissingDependencyError,
    ModelEndpointError,
    ModelError,
    ResourceError,
    SessionLimitError,
    TemplateError,
    UnknownBackendError,
    UnknownCheckError,
    UnknownEnvError,
    UnknownNameError,
    UnknownTaskError,
    UsageError,
)


def test_every_error_class_is_an_envfactory_error_except_the_sandbox_refusal():
    from envfactory_gym.verify.guard import SandboxViolation

    classes = [v for v in vars(errors).values() if isinstance(v, type) and issubclass(v, BaseException)]
    assert len(classes) > 40
    assert all(issubclass(c, EnvFactoryError) for c in classes)
    assert issubclass(SandboxViolation, PermissionError) and not issubclass(SandboxViolation, EnvFactoryError)


def test_builtin_bases_kept_for_callers_that_catch_them():
    assert issubclass(ConfigError, ValueError) and issubclass(ConfigError, UsageError)
    assert issubclass(UnknownCheckError, ValueError) and issubclass(UnknownCheckError, UnknownNameError)
    assert issubclass(UnknownTaskError, KeyError)
    assert issubclass(TemplateError, ValueError)
    assert issubclass(ContextLengthError, LLMError) and issubclass(ContextLengthError, EpisodeTruncated)
    assert issubclass(LLMError, ModelEndpointError) and issubclass(ModelError, ModelEndpointError)
    assert issubclass(BenchUnavailableError, MissingDependencyError)
    assert issubclass(ResourceError, DataFileError)
    assert issubclass(SessionLimitError, EnvFactoryError)


def test_unknown_name_message_suggests_and_lists():
    exc = UnknownBackendError("rya", ("local", "ray"))
    assert str(exc) == "unknown backend 'rya'. Did you mean 'ray'? Available: local, ray"
    assert exc.name == "rya" and exc.known == ["local", "ray"]
    custom = UnknownEnvError("x", ["a"], "unknown environment 'x'. Registered: a")
    assert str(custom) == "unknown environment 'x'. Registered: a" and custom.kind == "environment"


def test_missing_dependency_names_the_extra():
    exc = MissingDependencyError("the ray backend needs ray", package="ray", extra="ray")
    assert (exc.package, exc.extra) == ("ray", "ray")


def test_raises_are_the_specific_classes():
    from envfactory_gym.precision import resolve_dtype
    from envfactory_gym.registration import resolve_env_id
    from envfactory_gym.scale.cluster import check_backend

    with pytest.raises(UnknownBackendError, match="Did you mean 'ray'"):
        check_backend("rays")
    with pytest.raises(UnknownEnvError, match="unknown environment"):
        resolve_env_id("EnvFactory/no_such_env_anywhere")
    pytest.importorskip("torch")
    with pytest.raises(errors.UnknownDtypeError, match="unknown dtype 'float17'"):
        resolve_dtype("float17", "cpu")


def test_moved_classes_stay_importable_from_their_old_modules():
    from envfactory_gym.benchmark_envs.bfcl_data import BenchUnavailableError as Bench
    from envfactory_gym.envgen.model import ModelError as Model
    from envfactory_gym.envgen.responses import ResponseError
    from envfactory_gym.llm import ContextLengthError as Context
    from envfactory_gym.llm import DeadlineExceeded
    from envfactory_gym.llm import LLMError as Llm
    from envfactory_gym.llm_user import MissingRecordError
    from envfactory_gym.querygen.refine import UnphraseableTask
    from envfactory_gym.querygen.template import TemplateError as Template
    from envfactory_gym.serve.sessions import EpisodeStateError as State
    from envfactory_gym.serve.sessions import SessionLimitError as Limit

    assert (Bench, Model, Context, Llm, Template, State, Limit) == (
        BenchUnavailableError, ModelError, ContextLengthError, LLMError, TemplateError, EpisodeStateError,
        SessionLimitError)
    assert ResponseError is errors.ResponseError and DeadlineExceeded is errors.DeadlineExceeded
    assert MissingRecordError is errors.MissingRecordError and UnphraseableTask is errors.UnphraseableTask


def test_action_parse_error_is_deprecated_but_importable():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        from envfactory_gym.errors import ActionParseError
    assert issubclass(ActionParseError, EnvFactoryError)
    assert any(issubclass(w.category, DeprecationWarning) for w in caught)
    with pytest.raises(AttributeError):
        errors.NoSuchError  # noqa: B018
