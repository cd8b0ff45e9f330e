"""The scripted user simulator."""

from __future__ import annotations

from envfactory_gym.tasks import Task
from envfactory_gym.user import ScriptedUser, UserSimulator

TASK = Task.model_validate({
    "id": "t", "instruction": "Please cancel my order.",
    "user_facts": {"email": {"value": "a@b.c", "keywords": ["email", "e-mail"]},
                   "zip_code": {"value": "30301", "keywords": ["zip"]}},
    "gold_calls": [{"name": "x"}], "outputs": ["y"],
})


def test_opens_with_request_and_answers_only_what_is_asked():
    user = ScriptedUser()
    assert isinstance(user, UserSimulator)
    assert user.start(TASK, seed=0).content == "Please cancel my order."
    turn = user.respond("Could you share your e-mail?")
    assert "a@b.c" in turn.content and "30301" not in turn.content and not turn.done
    both = user.respond("And your email and zip?")
    assert "a@b.c" in both.content and "30301" in both.content


def test_keywords_match_whole_words_only():
    user = ScriptedUser()
    user.start(TASK, seed=0)
    turn = user.respond("Is the file unzipped?")
    assert "30301" not in turn.content


def test_ends_on_final_answer_and_after_unanswerable_questions():
    user = ScriptedUser(max_unanswerable=2)
    user.start(TASK, seed=1)
    assert user.respond("Your order is cancelled.").done
    user.start(TASK, seed=1)
    assert not user.respond("What is your favourite colour?").done
    assert user.respond("And your pet's name?").done


def test_same_seed_same_words():
    a, b = ScriptedUser(), ScriptedUser()
    a.start(TASK, 5)
    b.start(TASK, 5)
    assert [a.respond("email?").content for _ in range(3)] == [b.respond("email?").content for _ in range(3)]
