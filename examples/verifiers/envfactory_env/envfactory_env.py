"""The verifiers environment module (``vf-eval envfactory-env``, prime-rl ``[[orchestrator.env]] id``).

``load_environment(dataset="rows.jsonl")`` trains on exported rows (``envfactory tasks export-rl --format
verifiers``); ``load_environment(env_ids=[...], limit=...)`` makes the rows from the catalog itself.
"""

from envfactory_gym.integrations.verifiers import load_environment

__all__ = ["load_environment"]
