"""The reward: an episode's trace, state and words to the user scored in one composite (``score_episode``)."""

from envfactory_gym.reward.answers import AnswerKey, DataValues
from envfactory_gym.reward.composite import CompositeReward, RewardBreakdown, RewardConfig, communicated
from envfactory_gym.reward.episode import EpisodeTrace, score_episode
from envfactory_gym.reward.trace import (
    call_matches,
    count_duplicates,
    count_forbidden,
    identity_values,
    match_calls,
    needed_facts,
    reached_reads,
    result_forms,
    through_reached,
    values_match,
    verification_reads,
)

__all__ = [
    "AnswerKey", "CompositeReward", "DataValues", "EpisodeTrace", "RewardBreakdown", "RewardConfig", "call_matches",
    "communicated", "count_duplicates", "count_forbidden", "identity_values", "match_calls", "needed_facts",
    "reached_reads", "result_forms", "score_episode", "through_reached", "values_match", "verification_reads",
]
