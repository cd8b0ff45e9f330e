"""The TRL environment adapter, driven directly (no TRL needed): reset, tool methods, reward."""

from __future__ import annotations

import inspect
import json

from envfactory_gym.train.trl_adapter import environment_factory, reward_func
from tests.conftest import LIBRARY_ID


def test_tool_methods_have_typed_signatures_and_docstrings():
    cls = environment_factory(LIBRARY_ID)
    sig = inspect.signature(cls.get_book)
    assert list(sig.parameters) == ["self", "book_id"] and sig.parameters["book_id"].annotation is str
    assert sig.return_annotation is str and "book" in cls.get_book.__doc__.lower()
    assert "limit" in inspect.signature(cls.search_books).parameters


def test_calls_run_through_step_and_the_reward_ends_the_episode():
    env = environment_factory(LIBRARY_ID)()
    try:
        opening = env.reset(task_id="lib-title")
        assert "B-005" in opening
        result = env.get_book(book_id="B-005")
        assert json.loads(result)["book_id"] == "B-005"
        assert env.get_book("B-999").startswith("Error")
        title = json.loads(result)["title"]
        reward = env.get_reward(final_answer=f"The title is {title}.")
        assert 0.0 <= reward <= 1.0 and env.reward_components["trace"] == 1.0
        assert reward_func([env]) == [reward]
        assert env.get_book("B-005").startswith("Error: the episode has ended")
        env.reset(task_id="lib-title")
        assert reward_func([env]) == [env.get_reward()] and env.reward_components
    finally:
        env.close()


def test_transformers_builds_the_schema_from_a_method():
    import pytest

    utils = pytest.importorskip("transformers.utils")
    env = environment_factory(LIBRARY_ID)()
    try:
        schema = utils.get_json_schema(env.borrow_book)
    finally:
        env.close()
    params = schema["function"]["parameters"]
    assert schema["function"]["name"] == "borrow_book" and {"member_id", "book_id"} <= set(params["required"])
    assert params["properties"]["channel"]["enum"] == ["desk", "online"]
