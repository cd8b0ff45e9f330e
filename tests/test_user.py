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


def test_an_offer_of_more_help_ends_but_a_question_naming_anything_else_does_not():
    for closing in ("Your order is cancelled. Is there anything else I can help you with?",
                    "Done. Any other questions?", "It is cancelled. Anything else?"):
        user = ScriptedUser()
        user.start(TASK, seed=0)
        assert user.respond(closing).done, closing
    for asking in ("Do you know the order number, or anything else about it, such as its date?",
                   "What is the email of the account in question?"):
        user = ScriptedUser()
        user.start(TASK, seed=0)
        assert not user.respond(asking).done, asking


def test_asked_to_confirm_its_own_request_the_user_neither_consents_nor_takes_it_back():
    user = ScriptedUser()
    user.start(TASK, seed=0)
    reply = user.respond("Shall I go ahead and cancel it?").content.lower()
    assert "what i asked for" in reply and not any(w in reply for w in ("yes", "go ahead", "not sure", "don't do"))
