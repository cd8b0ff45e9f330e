"""verl: the agent loop run the way verl's ``AgentLoopWorker`` runs a row, against a stand-in of verl 0.9.1's
agent-loop module (``pip install verl`` would replace transformers 5.24 with 5.10, so verl is not installed here;
see standins.py for the interface it mirrors)."""

from __future__ import annotations

from pathlib import Path

import gymnasium as gym
import yaml

from envfactory_gym.integrations.core import component_metrics
from envfactory_gym.integrations.export import task_rows

from .conftest import BANKING, RETAIL, reference
from .standins import install_verl, run_verl_row

EXAMPLE = Path(__file__).parents[2] / "examples" / "verl" / "agent_loop.yaml"


def example_config(**overrides):
    """The agent-loop entries of the example's YAML (what verl reads from ``agent_loop_config_path``)."""
    return [{**entry, **overrides} for entry in yaml.safe_load(EXAMPLE.read_text())]



class Server:
    """verl's server manager, replaying the reference's model text (ending each turn with EOS)."""

    def __init__(self, tokenizer, actions):
        self.tokenizer, self.actions, self.prompts = tokenizer, list(actions), []

    async def generate(self, request_id, *, prompt_ids, sampling_params, **_):
        from verl.workers.rollout.replica import TokenOutput

        self.prompts.append(self.tokenizer.decode(prompt_ids))
        ids = self.tokenizer.encode(self.actions.pop(0)) + [self.tokenizer.eos_token_id]
        return TokenOutput(token_ids=ids, log_probs=[-0.5] * len(ids))


def test_episode_gives_the_gyms_reward_and_components(monkeypatch, tokenizer):
    agent_loop = install_verl(monkeypatch)
    ref = reference(RETAIL)
    row = task_rows(RETAIL, "verl", task_ids=[ref.task_id])[0]
    from envfactory_gym.integrations.verl import AGENT_NAME, agent_loop_class

    agent_loop_class()
    assert row["agent_name"] == AGENT_NAME and AGENT_NAME in agent_loop._agent_loop_registry
    server = Server(tokenizer, ref.actions)
    out = run_verl_row(agent_loop, row, tokenizer, server)
    assert out.reward_score == ref.reward == 1.0
    assert out.extra_fields["reward_extra_info"] == component_metrics(ref.components)
    assert out.extra_fields["task_id"] == ref.task_id and not server.actions
    # the policy's tokens are trained on, the env's (tool results, the user's replies) are masked out
    generated = sum(len(tokenizer.encode(a)) + 1 for a in ref.actions)
    assert sum(out.response_mask) == generated and len(out.response_mask) == len(out.response_ids)
    assert out.response_logprobs is not None and len(out.response_logprobs) == len(out.response_ids)
    # state is held across calls: the last turn's prompt holds every earlier tool result and the user's replies
    assert server.prompts[-1].count("<|im_start|>tool\n") == sum("<tool_call>" in a for a in ref.actions[:-1])
    assert "<tools>" in tokenizer.decode(out.prompt_ids)  # the env's tool schemas, through the chat template


def test_mixed_dataset_routes_each_row(monkeypatch, tokenizer):
    agent_loop = install_verl(monkeypatch)
    rows = task_rows([RETAIL, BANKING], "verl", limit=1)
    assert [r["data_source"] for r in rows] == [RETAIL, BANKING]
    for row in rows:
        ref = reference(row["extra_info"]["env_id"], row["extra_info"]["task_id"])
        out = run_verl_row(agent_loop, row, tokenizer, Server(tokenizer, ref.actions), agent_loop_config=example_config())
        assert (out.extra_fields["env_id"], out.reward_score) == (ref.env_id, ref.reward)
        assert out.extra_fields["reward_extra_info"] == component_metrics(ref.components)


def test_a_cut_rollout_is_scored_as_it_stands(monkeypatch, tokenizer):
    agent_loop = install_verl(monkeypatch)
    ref = reference(RETAIL)
    row = task_rows(RETAIL, "verl", task_ids=[ref.task_id])[0]
    out = run_verl_row(agent_loop, row, tokenizer, Server(tokenizer, ref.actions),
                       agent_loop_config=example_config(max_turns=2))
    env = gym.make(RETAIL)
    env.reset(options={"task_id": ref.task_id})
    for action in [*ref.actions[:2], "###STOP###"]:
        _, reward, term, trunc, info = env.step(action)
    env.close()
    assert term or trunc
    assert out.reward_score == reward < 1.0
    assert out.extra_fields["reward_extra_info"] == component_metrics(info["reward_components"])
