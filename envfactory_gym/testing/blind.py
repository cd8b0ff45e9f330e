"""Blind play: replay an agent's actions on one task, seeing only what an agent sees, and keep correct play as tests.

An episode file is JSONL, one action per line: a JSON string is a message to the user, an object
``{"name": ..., "arguments": {...}}`` a tool call. Episodes are deterministic, so a player appends one action at
a time and replays the file to see the next observation. The gold trajectory is never shown.

``generated_envs/<name>/tests/blind_play.jsonl`` keeps the episodes of correct, policy-following play, one per
line: ``{"task_id", "kind", "actions": [...], "expected_reward", "note"}``; an environment's tests replay them
with :meth:`BlindEpisode.replay` (see :func:`blind_play_test`). An episode the environment still fails carries
``"known_defect": "<why>"``: its test is a strict expected failure, so fixing the defect shows up.

    python -m envfactory_gym.testing.blind ENV TASK_ID ACTIONS.jsonl     # replay and print the conversation
    python -m envfactory_gym.testing.blind ENV --prompt                  # the system prompt and tool schemas
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from envfactory_gym.errors import DataFileError, EnvFactoryError

BLIND_FILE = "blind_play.jsonl"
#: The most a shortcut episode may score.
SHORTCUT_MAX = 0.1


@dataclass
class BlindEpisode:
    """One recorded episode of blind play and the reward correct play must get."""

    task_id: str
    actions: list[Any]
    expected_reward: float = 1.0
    kind: str = ""
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BlindEpisode:
        known = {"task_id", "actions", "expected_reward", "kind", "note"}
        return cls(task_id=str(data["task_id"]), actions=list(data["actions"]),
                   expected_reward=float(data.get("expected_reward", 1.0)), kind=str(data.get("kind", "")),
                   note=str(data.get("note", "")), extra={k: v for k, v in data.items() if k not in known})

    def replay(self, env: Any) -> tuple[float, dict[str, Any] | None, tuple]:
        """Play the actions on ``env`` (a ToolUseEnv or a wrapper); return the reward, the reward components
        (None while the episode has not ended) and the last observation. The reset is seeded, so the simulated
        user words its replies the same way on every replay."""
        obs, _ = env.reset(seed=0, options={"task_id": self.task_id})
        reward, components = 0.0, None
        for action in self.actions:
            obs, r, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                return float(r), info.get("reward_components"), obs
        return reward, components, obs


def load_episodes(path: str | Path) -> list[BlindEpisode]:
    """The episodes of a blind-play file (a missing file holds none); a bad line names the file and line."""
    path = Path(path)
    if not path.is_file():
        return []
    out = []
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            out.append(BlindEpisode.from_dict(json.loads(line)))
        except (ValueError, KeyError, TypeError) as exc:
            raise DataFileError(f"{path}: line {lineno}: not a blind-play episode ({exc})") from None
    return out


def read_actions(path: str | Path) -> list[Any]:
    """The actions of an episode file, one JSON value per line (blank lines skipped)."""
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise DataFileError(f"{path}: no such actions file") from None
    out = []
    for lineno, line in enumerate(lines, 1):
        if line.strip():
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise DataFileError(f"{path}: line {lineno}: not JSON ({exc.msg})") from None
    return out


def open_env(env: str) -> Any:
    """A ToolUseEnv from an environment folder or a registered env id, with the defaults a user gets."""
    import gymnasium as gym

    from envfactory_gym.env import ToolUseEnv
    from envfactory_gym.registration import resolve_env_id

    if Path(env).is_dir():
        return ToolUseEnv(env)
    return gym.make(resolve_env_id(env)).unwrapped


def blind_play_test(env_dir: str | Path) -> Any:
    """A parametrized pytest test replaying every episode of ``<env_dir>/tests/blind_play.jsonl``: correct play
    must get its expected reward, a shortcut (``"kind": "shortcut"``) at most 0.1
    (``test_blind_play = blind_play_test(ENV.root)`` in an environment's test module)."""
    import pytest

    root = Path(env_dir)
    episodes = load_episodes(root / "tests" / BLIND_FILE)

    marked = [pytest.param(e, marks=pytest.mark.xfail(reason=e.extra["known_defect"], strict=True))
              if e.extra.get("known_defect") else e for e in episodes]

    @pytest.mark.parametrize("episode", marked, ids=[f"{e.task_id}-{i}" for i, e in enumerate(episodes)])
    def test_blind_play(episode: BlindEpisode) -> None:
        env = open_env(str(root))
        try:
            reward, components, _ = episode.replay(env)
        finally:
            env.close()
        assert components is not None, f"{episode.task_id}: the episode did not end"
        if episode.kind == "shortcut":
            assert reward <= SHORTCUT_MAX, (episode.task_id, components)
        else:
            assert reward == pytest.approx(episode.expected_reward, abs=1e-6), (episode.task_id, components)

    return test_blind_play


def _print_conversation(obs: Sequence[dict[str, Any]], out: Any) -> None:
    for m in obs[1:]:
        role = m["role"]
        if role == "assistant" and m.get("tool_calls"):
            for c in m["tool_calls"]:
                print(f"[agent -> tool] {c['function']['name']}({c['function']['arguments']})", file=out)
            if m.get("content"):
                print(f"[agent] {m['content']}", file=out)
        elif role == "tool":
            print(f"[tool result] {m['content']}", file=out)
        else:
            print(f"[{'agent' if role == 'assistant' else role}] {m['content']}", file=out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m envfactory_gym.testing.blind", description=__doc__.split("\n")[0])
    parser.add_argument("env", help="environment folder or env id")
    parser.add_argument("task_id", nargs="?")
    parser.add_argument("actions", nargs="?", help="JSONL file, one action per line")
    parser.add_argument("--prompt", action="store_true", help="print the system prompt and the tool schemas")
    args = parser.parse_args(argv)
    try:
        env = open_env(args.env)
        if args.prompt:
            print(env.system_prompt)
            print("\n# Tool schemas (OpenAI format)")
            print(json.dumps(env.tool_schemas, indent=1))
            return 0
        if not args.task_id:
            parser.error("task_id is required unless --prompt is given")
        actions = read_actions(args.actions) if args.actions else []
        episode = BlindEpisode(args.task_id, actions)
        reward, components, obs = episode.replay(env)
    except EnvFactoryError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    _print_conversation(obs, sys.stdout)
    if components is None:
        print("\n(episode still running: append the next action and replay)")
    else:
        print(f"\n=== episode ended: reward {reward:.3f}")
        print(json.dumps({k: components[k] for k in ("trace", "state", "communicate", "length_penalty",
                                                      "format_penalty", "num_calls", "num_gold_calls")}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
