"""An agent backed by any OpenAI-compatible endpoint (vLLM, SGLang, OpenAI...), native or Hermes-text tool calls."""

from __future__ import annotations

import os
from typing import Any, Literal

import gymnasium as gym

from envfactory_gym.agents.hermes import chat_messages, text_messages
from envfactory_gym.llm import LLMClient

Mode = Literal["tools", "text"]


class OpenAIAgent:
    """Sends the conversation to a chat-completions endpoint and returns the model's turn as the action.

    ``mode="tools"`` uses native function calling (the env's tool schemas as ``tools=``); ``mode="text"``
    sends a tool-less chat where calls and results are Hermes ``<tool_call>``/``<tool_response>`` text and
    returns the model's raw text, which the env parses (malformed calls come back as error observations).
    Retries, timeouts and the in-flight limit are those of the shared :class:`LLMClient`.
    """

    name = "openai"

    def __init__(self, base_url: str | None = None, model: str | None = None, api_key: str | None = None,
                 mode: Mode = "tools", temperature: float = 0.0, max_tokens: int | None = 1024, seed: int = 0,
                 timeout_s: float = 120.0, max_retries: int = 3, concurrency: int = 8,
                 client: LLMClient | None = None) -> None:
        if mode not in ("tools", "text"):
            raise ValueError(f"mode must be 'tools' or 'text', got {mode!r}")
        if client is None:
            base_url = base_url or os.environ.get("OPENAI_BASE_URL") or "https://api.openai.com/v1"
            model = model or os.environ.get("OPENAI_MODEL")
            if not model:
                raise ValueError("the openai agent needs a model (--model, or OPENAI_MODEL)")
            client = LLMClient(base_url, model, api_key=api_key, timeout_s=timeout_s, max_retries=max_retries,
                               concurrency=concurrency, seed=seed)
        self.client = client
        self.mode: Mode = mode
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.seed = seed
        # Native calls get the schemas through ``tools=``: the compact list in the system prompt would repeat them.
        self.env_kwargs: dict[str, Any] = {"tools_in_system": mode == "text"}
        self._tools: list[dict[str, Any]] = []
        self._episode_seed = seed

    def set_episode_seed(self, seed: int) -> None:
        """Seed the endpoint's sampling for the next episode (reproducible at temperature > 0)."""
        self._episode_seed = seed

    def reset(self, env: gym.Env, observation: tuple, info: dict[str, Any]) -> None:
        self._tools = list(env.unwrapped.tool_schemas)

    def act(self, observation: tuple, info: dict[str, Any]) -> Any:
        step_seed = self._episode_seed * 1000 + int(info.get("step", 0))
        if self.mode == "text":
            result = self.client.chat(text_messages(observation), seed=step_seed, temperature=self.temperature,
                                      max_tokens=self.max_tokens)
            return result.content or ""
        result = self.client.chat(chat_messages(observation), seed=step_seed, temperature=self.temperature,
                                  max_tokens=self.max_tokens, tools=self._tools or None)
        if result.tool_calls:
            return {"role": "assistant", "content": result.content, "tool_calls": result.tool_calls}
        # A model that wrote its calls as text (no tool parser on the server) still gets them run by the env.
        return result.content or ""

    def usage_summary(self) -> dict[str, int]:
        """Tokens and requests used so far through this agent's client."""
        return self.client.usage_summary()
