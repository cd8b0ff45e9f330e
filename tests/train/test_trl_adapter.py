"""The TRL environment adapter: driven directly (no TRL needed), then inside a real ``trl.GRPOTrainer`` run."""

from __future__ import annotations

import inspect
import json

import gymnasium as gym
import pytest

from envfactory_gym.train.trl_adapter import (
    environment_factory,
    finish_episode,
    reward_func,
    task_rows,
)
from tests.conftest import LIBRARY_ID

LIBRARY_TOOLS = {"find_member", "get_book", "search_books", "borrow_book", "return_book", "buggy_write",
                 "full_audit", "sneaky_read"}


def _trl_tool_names(cls: type) -> set[str]:
    """The methods TRL 1.16's GRPOTrainer exposes as tools (its discovery rule, copied)."""
    return {name for name, _ in inspect.getmembers(cls, predicate=inspect.isfunction)
            if name not in ("reset", "get_reward") and not name.startswith("_")}


def test_tool_methods_have_typed_signatures_and_docstrings():
    cls = environment_factory(LIBRARY_ID)
    sig = inspect.signature(cls.get_book)
    assert list(sig.parameters) == ["self", "book_id"] and sig.parameters["book_id"].annotation is str
    assert sig.return_annotation is str and "book" in cls.get_book.__doc__.lower()
    assert "limit" in inspect.signature(cls.search_books).parameters


def test_trl_sees_exactly_the_env_tools_and_no_reward_hook(library_package):
    cls = environment_factory(LIBRARY_ID)
    assert _trl_tool_names(cls) == LIBRARY_TOOLS == set(library_package.tools)
    assert not hasattr(cls, "get_reward")  # TRL would call it without the rollout's final answer


def test_calls_run_through_step_and_the_reward_ends_the_episode():
    env = environment_factory(LIBRARY_ID)()
    try:
        opening = env.reset(task_id="lib-title", prompt=[{"role": "user", "content": ""}])  # TRL passes the row
        assert "B-005" in opening
        result = env.get_book(book_id="B-005")
        assert json.loads(result)["book_id"] == "B-005"
        assert env.get_book("B-999").startswith("Error")
        title = json.loads(result)["title"]
        answer = [{"role": "assistant", "content": f"The title is {title}."}]
        (reward,) = reward_func(completions=[answer], environments=[env])
        assert 0.0 <= reward <= 1.0 and env.reward_components["trace"] == 1.0
        assert env.reward_components["communicate"] == 1.0
        assert finish_episode(env) == reward  # the episode has ended: the reward stays
        assert env.get_book("B-005").startswith("Error: the episode has ended")
        env.reset(task_id="lib-title")
        env.get_book(book_id="B-005")
        ends_on_call = [{"role": "assistant", "content": "", "tool_calls": [{"type": "function"}]}]
        assert reward_func(completions=[ends_on_call], environments=[env]) == [finish_episode(env)]
        assert env.reward_components["communicate"] == 0.0 < reward
    finally:
        env.env.close()


def test_task_rows_carry_the_system_prompt_and_the_task_id():
    rows = task_rows(LIBRARY_ID)
    assert [r["task_id"] for r in rows] == ["lib-borrow", "lib-return", "lib-title", "lib-search"]
    system, user = rows[0]["prompt"]
    assert system["role"] == "system" and user == {"role": "user", "content": ""}
    assert "Conversation" in system["content"] and "# Tools" not in system["content"]  # TRL renders the tools
    assert not any(f"{name}(" in system["content"] for name in LIBRARY_TOOLS)
    assert "# Tools" in task_rows(LIBRARY_ID, tools_in_system=True)[0]["prompt"][0]["content"]
    assert [r["task_id"] for r in task_rows(LIBRARY_ID, ["lib-title"])] == ["lib-title"]
    env = environment_factory(LIBRARY_ID)()
    try:
        assert "# Tools" not in env.env.unwrapped.system_prompt
    finally:
        env.env.close()


def test_transformers_builds_the_schema_from_a_method():
    utils = pytest.importorskip("transformers.utils")
    env = environment_factory(LIBRARY_ID)()
    try:
        schema = utils.get_json_schema(env.borrow_book)
    finally:
        env.env.close()
    params = schema["function"]["parameters"]
    assert schema["function"]["name"] == "borrow_book" and {"member_id", "book_id"} <= set(params["required"])
    assert params["properties"]["channel"]["enum"] == ["desk", "online"]


# -- a real GRPOTrainer run ----------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def tiny_qwen(tmp_path_factory, sft_file):
    """A 2-layer Llama whose tokenizer carries TRL's Qwen2.5 chat template, which TRL knows how to parse."""
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    chat_template_utils = pytest.importorskip("trl.chat_template_utils")
    from envfactory_gym.testing.tiny_models import build_tiny_llama

    corpus = [json.dumps(json.loads(line)) for line in sft_file.read_text().splitlines()]
    return build_tiny_llama(tmp_path_factory.mktemp("tiny-qwen"), corpus * 3,
                            chat_template_utils.qwen2_5_chat_template, vocab_size=500)


def _expected_reward(calls: list[dict], answer: str) -> float:
    """The composite reward of a trajectory replayed on a plain ``gym.make`` env (no adapter, no TRL)."""
    env = gym.make(LIBRARY_ID)
    try:
        env.reset(options={"task_id": "lib-title"})
        for call in calls:
            env.step(call)
        _obs, reward, terminated, truncated, _info = env.step(answer)
        if not (terminated or truncated):
            _obs, reward, *_ = env.step("###STOP###")
        return float(reward)
    finally:
        env.close()


def test_grpo_trainer_runs_our_env_with_tool_calls_and_its_reward(tiny_qwen, tmp_path, monkeypatch, library_package):
    """Two GRPO steps on lib-title. The random tiny model never writes a tool call, so its sampling is scripted
    (first rollout: ``get_book`` then an answer built from the tool result it reads in its context; second: a
    wrong answer); the prompt rendering, response parsing, tool loop, env, reward and optimizer step are TRL's."""
    trl = pytest.importorskip("trl")
    datasets = pytest.importorskip("datasets")
    import torch
    import transformers

    monkeypatch.setenv("TRL_EXPERIMENTAL_SILENCE", "1")
    torch.set_num_threads(1)
    tok = transformers.AutoTokenizer.from_pretrained(tiny_qwen)
    model = transformers.AutoModelForCausalLM.from_pretrained(tiny_qwen)
    before = {n: p.detach().clone() for n, p in model.named_parameters()}
    turns: list[str] = []

    def scripted_generate(input_ids, attention_mask, **_):
        replies = []
        for i, (ids, mask) in enumerate(zip(input_ids, attention_mask)):
            context = tok.decode(ids[mask.bool()])
            turns.append(context)
            if "<tool_response>" in context:
                book = json.loads(context.rsplit("<tool_response>\n", 1)[1].split("\n</tool_response>", 1)[0])
                reply = f"The title of {book['book_id']} is {book['title']}."
            elif i % 2 == 0:
                reply = '<tool_call>\n{"name": "get_book", "arguments": {"book_id": "B-005"}}\n</tool_call>'
            else:
                reply = "I cannot tell."
            replies.append(torch.tensor(tok(reply + "<|im_end|>", add_special_tokens=False)["input_ids"]))
        padded = torch.nn.utils.rnn.pad_sequence(replies, batch_first=True, padding_value=tok.pad_token_id)
        return torch.cat([input_ids, padded.to(input_ids)], dim=1)

    model.generate = scripted_generate
    resets: list[str | None] = []

    class Library(environment_factory(LIBRARY_ID)):
        def reset(self, **row):
            resets.append(row.get("task_id"))
            return super().reset(**row)

    args = trl.GRPOConfig(output_dir=str(tmp_path), report_to="none", use_cpu=True, max_completion_length=160,
                          num_generations=2, per_device_train_batch_size=2, max_steps=2, learning_rate=1e-3,
                          logging_steps=1, save_strategy="no", seed=0)
    trainer = trl.GRPOTrainer(model=model, reward_funcs=reward_func, args=args, processing_class=tok,
                              train_dataset=datasets.Dataset.from_list(task_rows(LIBRARY_ID, ["lib-title"])),
                              environment_factory=Library)
    assert {t.__name__ for t in trainer.tools} == LIBRARY_TOOLS and trainer.reward_func_names == ["reward_func"]
    trainer.train()

    assert trainer.state.global_step == 2
    assert resets == ["lib-title"] * 4 and len(trainer.environments) == 2  # two instances, each reset twice
    opening = next(t.instruction for t in library_package.tasks if t.id == "lib-title")
    assert turns[0].count(opening) == 1 and "get_book" in turns[0]  # reset's text and the tool schemas
    for name in LIBRARY_TOOLS:  # every tool shown once: TRL's schema, not also the env's compact list
        assert turns[0].count(f'"name": "{name}"') == 1 and f"{name}(" not in turns[0]
    good = _expected_reward([{"name": "get_book", "arguments": {"book_id": "B-005"}}],
                            "The title of B-005 is Book about topic 5.")
    bad = _expected_reward([], "I cannot tell.")
    assert good > bad
    logs = [h for h in trainer.state.log_history if "rewards/reward_func/mean" in h]
    assert len(logs) == 2
    for log in logs:
        assert log["rewards/reward_func/mean"] == pytest.approx((good + bad) / 2)
        assert log["tools/call_frequency"] == 0.5 and log["tools/failure_frequency"] == 0.0
        assert log["reward_components/trace"] == pytest.approx(0.5) and log["reward_components/communicate"] == 0.5
    assert [e.reward_components["communicate"] for e in trainer.environments] == [1.0, 0.0]
    assert any(not torch.equal(before[n], p) for n, p in model.named_parameters())
