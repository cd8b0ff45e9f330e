"""OpenRLHF agent file (``--train.agent_func_path examples/openrlhf/agent_func.py``): one envfactory-gym env per sample.

Each sample's label (``envfactory tasks export-rl --format openrlhf``) names its environment and task; the
reward is the env's composite reward, its components go to OpenRLHF's logs. ``ENVFACTORY_MAX_TURNS`` caps turns.
"""

from envfactory_gym.integrations.openrlhf import AgentExecutor, AgentInstance  # noqa: F401
