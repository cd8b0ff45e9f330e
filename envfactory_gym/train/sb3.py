"""A discrete, fixed-size view of an env for Stable-Baselines3: candidate tool calls and hashed text features."""

from __future__ import annotations

import itertools
import json
import re
import zlib
from collections.abc import Iterable, Mapping
from typing import Any

import gymnasium as gym
import numpy as np

from envfactory_gym.conversation import conversation_env
from envfactory_gym.reward.answers import records

ASK_EMAIL = "Could you tell me your email address?"
ASK_ZIP = "Could you tell me your zip code?"
NO_ANSWER = "All done, thank you."
#: The candidates that state one record of the latest tool result as the final answer (0 and 3-9; 1 and 2 ask).
ANSWER_SLOTS = (0, 3, 4, 5, 6, 7, 8, 9)
_FIXED = 10
_EXAMPLE = re.compile(r'e\.g\.\s*"([^"]+)"')
_TEXT_VALUES = re.compile(r"[\w.+%-]+@[\w-]+(?:\.[\w-]+)+|\b[A-Z]{1,4}-\d+\b|\b\d{5}\b")
_NAME = re.compile(r"\b(?:I'?m|I am|name is)\s+([A-Z][a-z]+)\s+([A-Z][a-z'-]+)")
_KEYWORD = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]{3,}\b")
_WORD = re.compile(r"[a-z0-9]+(?:[-@.][a-z0-9]+)*")


def value_shape(value: str) -> str:
    """The shape of an id-like value: emails are one shape; digits runs become 9 (``ORD-10231`` -> ``ORD-9``)."""
    return "email" if "@" in value else re.sub(r"\d+", "9", value)


class DiscreteToolCallEnv(gym.Env):
    """Wraps a tool env so that an action is an index into candidate actions built from the episode so far.

    Candidates: ``0`` and ``3``-``9`` the final answer stating the first to eighth record of the latest tool
    result that has records (one record, not everything seen: the reward pays a stated answer, not a haystack),
    ``1`` ask for the email, ``2`` ask for the zip code, then a block of slots per tool: the tool called with the
    k-th binding of its required parameters to values seen so far (the most recent first; a tool without required
    parameters binds its first string parameter, e.g. a search keyword). Values come from the user's turns (ids, emails,
    zip codes, names and capitalised words, matched to parameters by the shape of the examples in the
    parameter descriptions) and from tool results (by key name or by shape). An index that is not a valid
    candidate stands for the valid candidate at that index modulo their number, so learners without action
    masks run unmodified. The observation is hashed bag-of-words counts of the conversation (plus the last
    message and the calls made) followed by the mask of valid candidates. The reward is the env's.
    """

    metadata = {"render_modes": []}

    def __init__(self, env: gym.Env, max_candidates: int = 64, features: int = 512) -> None:
        super().__init__()
        self.env = env
        self.features = features
        self.max_candidates = max_candidates
        self.tools = [s["function"] for s in conversation_env(env).tool_schemas]
        self.slots = max(1, (max_candidates - _FIXED) // max(len(self.tools), 1))
        self.action_space = gym.spaces.Discrete(max_candidates)
        self.observation_space = gym.spaces.Box(0.0, 1.0, shape=(features + max_candidates,), dtype=np.float32)
        self._shapes = self._param_shapes()
        self.candidates: list[Any | None] = [None] * max_candidates
        self._messages: tuple = ()
        self._pool: dict[str, list[str]] = {}
        self._answers: list[str] = []

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict]:
        super().reset(seed=seed)
        obs, info = self.env.reset(seed=seed, options=options)
        self._pool, self._answers = {}, []
        self._observe(obs, start=0)
        return self._features(), info

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict]:
        index = int(action)
        chosen = self.candidates[index] if 0 <= index < self.max_candidates else None
        if chosen is None:
            # Unmasked learners pick invalid indices; folding them onto the valid ones keeps every step useful.
            valid = [c for c in self.candidates if c is not None]
            chosen = valid[index % len(valid)]
        start = len(self._messages)
        obs, reward, terminated, truncated, info = self.env.step(chosen)
        self._observe(obs, start)
        return self._features(), float(reward), bool(terminated), bool(truncated), info

    def action_masks(self) -> np.ndarray:
        """The valid candidates (the name sb3-contrib's MaskablePPO looks for)."""
        return np.array([c is not None for c in self.candidates], dtype=bool)

    def close(self) -> None:
        self.env.close()

    # -- candidates ---------------------------------------------------------------------------

    def _param_shapes(self) -> dict[str, set[str]]:
        shapes: dict[str, set[str]] = {}
        for tool in self.tools:
            for name, prop in tool["parameters"]["properties"].items():
                for example in _EXAMPLE.findall(str(prop.get("description", ""))):
                    shapes.setdefault(name, set()).add(value_shape(example))
        return shapes

    def _remember(self, key: str | None, value: Any) -> None:
        if not isinstance(value, (str, int)) or isinstance(value, bool):
            return
        text = str(value)
        names: set[str] = {key} if key is not None and (
            key in self._shapes or any(key in t["parameters"]["properties"] for t in self.tools)) else set()
        names |= {n for n, s in self._shapes.items() if value_shape(text) in s}
        for name in names:
            seen = self._pool.setdefault(name, [])
            if text in seen:
                seen.remove(text)
            seen.insert(0, text)  # the most recent first

    def _walk(self, obj: Any, key: str | None = None) -> Iterable[tuple[str | None, Any]]:
        if isinstance(obj, Mapping):
            for k, v in obj.items():
                yield from self._walk(v, str(k))
        elif isinstance(obj, list):
            for v in obj:
                yield from self._walk(v, key)
        else:
            yield key, obj

    def _observe(self, obs: tuple, start: int) -> None:
        self._messages = obs
        for m in obs[start:]:
            content = str(m.get("content") or "")
            if m.get("role") == "user":
                for value in _TEXT_VALUES.findall(content):
                    self._remember(None, value)
                for word in reversed(_KEYWORD.findall(content)):  # the first mentioned ends up first
                    self._remember("keyword", word)
                for first, last in _NAME.findall(content):
                    self._remember("first_name", first)
                    self._remember("last_name", last)
            elif m.get("role") == "tool" and not content.startswith("Error"):
                try:
                    data = json.loads(content)
                except json.JSONDecodeError:
                    continue
                for key, value in self._walk(data):
                    self._remember(key, value)
                answers = [r for r in records(data)
                           if sum(v is not None and not isinstance(v, bool) for v in r.values()) >= 2]
                if answers:
                    # One record's values in prose: a labelled paste of every field would not single the
                    # answer out (see envfactory_gym.reward.answers).
                    self._answers = ["Here is what I found: " + ", ".join(
                        str(v) for v in r.values() if v is not None and not isinstance(v, bool)).replace("?", "") + "."
                        for r in answers[:len(ANSWER_SLOTS)]]
        self.candidates = self._candidates()

    def _candidates(self) -> list[Any | None]:
        out: list[Any | None] = [None] * self.max_candidates
        out[1], out[2] = ASK_EMAIL, ASK_ZIP
        for slot, answer in zip(ANSWER_SLOTS, self._answers or [NO_ANSWER]):
            if slot < self.max_candidates:
                out[slot] = answer
        for t, tool in enumerate(self.tools):
            base = _FIXED + t * self.slots
            if base + self.slots > self.max_candidates:
                break
            for k, args in enumerate(itertools.islice(self._bindings(tool), self.slots)):
                out[base + k] = {"name": tool["name"], "arguments": args}
        return out

    def _bindings(self, tool: Mapping[str, Any]) -> Iterable[dict[str, Any]]:
        props = tool["parameters"]["properties"]
        names = list(tool["parameters"].get("required", []))
        if not names:  # a tool without required parameters: its first string parameter, when values exist
            names = [n for n, p in props.items() if p.get("type") == "string" and self._pool.get(n)][:1]
        choices = []
        for name in names:
            prop = props[name]
            if "enum" in prop:
                said = " ".join(str(m.get("content") or "") for m in self._messages if m.get("role") == "user")
                said = said.lower()
                choices.append([v for v in prop["enum"] if str(v).replace("_", " ") in said] or [prop["enum"][0]])
            elif prop.get("type") == "array":
                choices.append([[v] for v in self._pool.get(name.rstrip("s"), self._pool.get(name, []))])
            else:
                choices.append(self._pool.get(name, []))
        for combo in itertools.product(*choices):
            yield dict(zip(names, combo))

    # -- features -----------------------------------------------------------------------------

    def _features(self) -> np.ndarray:
        counts = np.zeros(self.features, dtype=np.float32)
        for m in self._messages[1:]:  # the system prompt is the same in every episode
            self._hash_words(counts, m.get("role", "") + " " + str(m.get("content") or ""), "")
            for call in m.get("tool_calls") or []:
                self._hash_words(counts, call["function"]["name"], "called:")
        if len(self._messages) > 1:
            last = self._messages[-1]
            self._hash_words(counts, last.get("role", "") + " " + str(last.get("content") or "")[:2000], "last:")
        feats = np.clip(np.log1p(counts) / 4.0, 0.0, 1.0)
        return np.concatenate([feats, self.action_masks().astype(np.float32)])

    def _hash_words(self, counts: np.ndarray, text: str, prefix: str) -> None:
        for word in _WORD.findall(text.lower()):
            counts[zlib.crc32((prefix + word).encode()) % self.features] += 1.0


def make_discrete_env(env_id: str = "EnvFactory/retail-v0", max_candidates: int = 64, features: int = 512,
                      **env_kwargs: Any) -> DiscreteToolCallEnv:
    """``gym.make(env_id, **env_kwargs)`` wrapped in :class:`DiscreteToolCallEnv`."""
    return DiscreteToolCallEnv(gym.make(env_id, **env_kwargs), max_candidates=max_candidates, features=features)
