"""The scripted user on paraphrased questions: synonyms, requests without a question mark, yes/no questions that
get the task's declared decision or an honest answer, and final answers that end the episode whatever they say."""

from __future__ import annotations

import pytest

from envfactory_gym.tasks import Task
from envfactory_gym.user import ScriptedUser, asking_sentences, mentions


def task(**facts) -> Task:
    return Task(id="t", instruction="Help me please.", gold_calls=[{"name": "x"}], user_facts=facts)


DOB = {"value": "1990-02-03", "keywords": ["date of birth", "birth", "dob"]}
ZIP = {"value": "55803", "keywords": ["zip"]}
CODE = {"value": "WF4YWVC6", "keywords": ["confirmation", "code"]}
YES = {"value": "Yes, please go ahead.", "keywords": ["proceed", "go ahead", "confirm", "would you like", "shall i"]}


def talk(t: Task, *messages: str, seed: int = 0) -> list:
    user = ScriptedUser()
    user.start(t, seed)
    return [user.respond(m) for m in messages]


@pytest.mark.parametrize("question", [
    "What's your birthdate?", "Could you share your birth date?", "Please provide your DOB.",
    "I'll need your date-of-birth to verify you.", "And your birthday?",
])
def test_synonyms_and_requests_ask_for_the_date_of_birth(question):
    assert "1990-02-03" in talk(task(date_of_birth=DOB), question)[0].content


@pytest.mark.parametrize("question", ["What is your zipcode?", "Please give me your ZIP code.", "Your postal code?"])
def test_zip_spellings(question):
    assert "55803" in talk(task(zip_code=ZIP), question)[0].content


def test_a_final_answer_ends_the_episode_whatever_words_it_contains():
    turn = talk(task(confirmation_code=CODE), "Done! Your confirmation code WF4YWVC6 is cancelled. Have a nice day.")[0]
    assert turn.done and "WF4YWVC6" not in turn.content
    closing = talk(task(confirmation_code=CODE), "Your booking is cancelled. Is there anything else I can help with?")
    assert closing[0].done


def test_yes_no_questions_get_the_declared_decision_or_no_consent():
    assert talk(task(answer=YES), "Shall I go ahead and cancel it?")[0].content == "Yes, please go ahead."
    assert talk(task(answer=YES), "Would you like me to proceed?")[0].content == "Yes, please go ahead."
    undecided = talk(task(), "Should I cancel the policy for you?")[0].content.lower()
    assert "go ahead with what" not in undecided and "not sure" in undecided or "don't know" in undecided
    for question in ("The channel in your request holds no such member. Should I delete it anyway?",
                     "Should I cancel the policy for you?", "Do you want me to proceed with the wrong course?"):
        for seed in range(4):
            said = talk(task(), question, seed=seed)[0].content.lower()
            assert not any(w in said for w in ("just do", "go ahead", "stick to", "yes")), said
    forbidding = Task(id="t", instruction="Just a quote.", gold_calls=[{"name": "x"}],
                      forbidden_calls=[{"name": "cancel"}])
    assert talk(forbidding, "Do you want me to cancel it now?")[0].content.startswith("No")


def test_a_request_for_the_code_inside_a_yes_no_question_gives_the_code_not_the_decision():
    out = talk(task(confirmation_code=CODE, answer=YES), "Could you tell me your confirmation code?")[0].content
    assert "WF4YWVC6" in out and "go ahead" not in out


def test_asking_sentences_and_mentions():
    assert asking_sentences("I found it. Is your email a.b@c.d? Thanks.") == ["Is your email a.b@c.d?"]
    assert asking_sentences("Your refund is $12.50. Have a good day!") == []
    assert mentions("what is your e-mail address", "email") and not mentions("unzipped", "zip")


def test_any_yes_no_question_gets_the_declared_decision_and_a_closing_question_ends():
    assert talk(task(answer=YES), "Is it OK if I record your notice for May 31?")[0].content == "Yes, please go ahead."
    assert talk(task(answer=YES), "Is there anything else I can help you with?")[0].done
