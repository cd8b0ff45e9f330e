"""An agent backed by any OpenAI-compatible endpoint (vLLM, SGLang, OpenAI...), native or Hermes-text tool calls."""

from __future__ import annotations

import os
import time
import warnings
from typing import Any, Literal

import gymnasium as gym

from envfactory_gym.agents.hermes import chat_messages, text_messages
from envfactory_gym.conversation import conversation_env
from envfactory_gym.llm import DeadlineExceeded, LLMClient

Mode = Literal["tools", "text"]
ToolChoice = Literal["auto", "required", "none"]
TOOL_CHOICES: tuple[str, ...] = ("auto", "required", "none")

#: Requests that offered tools and got no tool call back, through one client, before the agent warns once.
NO_CALL_WARNING_AFTER = 20


class OpenAIAgent:
    """Sends the conversation to a chat-completions endpoint and returns the model's turn as the action.

    ``mode="tools"`` uses native function calling: the env's tool schemas as ``tools=`` with an explicit
    ``tool_choice`` (``"auto"`` by default; OpenAI assumes it, but some servers render no tools without it).
    ``mode="text"`` sends a tool-less chat where calls and results are Hermes ``<tool_call>``/``<tool_response>``
    text and returns the model's raw text, which the env parses (malformed calls come back as error
    observations). Retries, timeouts, the request deadline and the in-flight limit are those of the shared
    :class:`LLMClient`; ``request_deadline_s`` overrides the client's deadline, and ``episode_deadline_s``
    bounds the time of all the episode's requests (both raise :class:`DeadlineExceeded`). A conversation the
    endpoint refuses as too long for the model's context raises ``ContextLengthError``, which an evaluation
    records as a truncated episode.
    """

    name = "openai"

    def __init__(self, base_url: str | None = None, model: str | None = None, api_key: str | None = None,
                 mode: Mode = "tools", temperature: float = 0.0, max_tokens: int | None = 1024, seed: int = 0,
                 timeout_s: float = 120.0, max_retries: int = 3, concurrency: int = 8,
                 client: LLMClient | None = None, tool_choice: ToolChoice = "auto",
                 request_deadline_s: float | None = None, episode_deadline_s: float | None = None) -> None:
        if mode not in ("tools", "text"):
            raise ValueError(f"mode must be 'tools' or 'text', got {mode!r}")
        if tool_choice not in TOOL_CHOICES:
            raise ValueError(f"tool_choice must be one of {', '.join(TOOL_CHOICES)}, got {tool_choice!r}")
        for label, value in (("request_deadline_s", request_deadline_s), ("episode_deadline_s", episode_deadline_s)):
            if value is not None and not value > 0:
                raise ValueError(f"{label} must be positive or None, got {value!r}")
        if client is None:
            base_url = base_url or os.environ.get("OPENAI_BASE_URL") or "https://api.openai.com/v1"
            model = model or os.environ.get("OPENAI_MODEL")
            if not model:
                raise ValueError("the openai agent needs a model (--model, or OPENAI_MODEL)")
            client = LLMClient(base_url, model, api_key=api_key, timeout_s=timeout_s, max_retries=max_retries,
                               concurrency=concurrency, seed=seed)
        self.client = client
        self.mode: Mode = mode
        self.tool_choice: ToolChoice = tool_choice
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.seed = seed
        self.request_deadline_s = request_deadline_s
        self.episode_deadline_s = episode_deadline_s
        # Native calls get the schemas through ``tools=``: the compact list in the system prompt would repeat them.
        self.env_kwargs: dict[str, Any] = {"tools_in_system": mode == "text"}
        self._tools: list[dict[str, Any]] = []
        self._episode_seed = seed
        self._episode_start = time.monotonic()
        self._checked_calls = False

    def set_episode_seed(self, seed: int) -> None:
        """Seed the endpoint's sampling for the next episode (reproducible at temperature > 0)."""
        self._episode_seed = seed

    def reset(self, env: gym.Env, observation: tuple, info: dict[str, Any]) -> None:
        self._tools = list(conversation_env(env).tool_schemas)
        self._episode_start = time.monotonic()

    def act(self, observation: tuple, info: dict[str, Any]) -> Any:
        step = int(info.get("step", 0))
        options: dict[str, Any] = {"seed": self._episode_seed * 1000 + step, "temperature": self.temperature,
                                   "max_tokens": self.max_tokens}
        if self.mode == "text":
            return self._chat(text_messages(observation), options, step).content or ""
        messages = chat_messages(observation)
        for m in messages:  # servers with strict request models refuse a null content next to tool calls
            if m.get("content") is None:
                m["content"] = ""
        if self._tools:
            options.update(tools=self._tools, tool_choice=self.tool_choice)
        result = self._chat(messages, options, step)
        if self._tools and not self._checked_calls:
            self._check_tool_calls(bool(result.tool_calls))
        if result.tool_calls:
            return {"role": "assistant", "content": result.content or "", "tool_calls": result.tool_calls}
        # A model that wrote its calls as text (no tool parser on the server) still gets them run by the env.
        return result.content or ""

    def usage_summary(self) -> dict[str, int]:
        """Tokens and requests used so far through this agent's client."""
        return self.client.usage_summary()

    def _chat(self, messages: list[dict[str, Any]], options: dict[str, Any], step: int) -> Any:
        """One request, under the request deadline and what is left of the episode's."""
        deadline = self.request_deadline_s if self.request_deadline_s is not None else self.client.deadline_s
        bound_by_episode = False
        if self.episode_deadline_s is not None:
            left = self.episode_deadline_s - (time.monotonic() - self._episode_start)
            if left <= 0:
                raise self._episode_late(step)
            bound_by_episode = deadline is None or left < deadline
            deadline = min(left, deadline) if deadline is not None else left
        try:
            return self.client.chat(messages, deadline_s=deadline, **options)
        except DeadlineExceeded as exc:
            if bound_by_episode:
                raise self._episode_late(step, exc.problem) from None
            raise

    def _episode_late(self, step: int, problem: str = "") -> DeadlineExceeded:
        detail = f" (during turn {step + 1}: {problem})" if problem else f" after {step} turns"
        return DeadlineExceeded(self.client.base_url, f"the episode ran past its {self.episode_deadline_s:g} s "
                                f"deadline{detail}", attempts=0)

    def _check_tool_calls(self, called: bool) -> None:
        """Warn once when the endpoint keeps answering without any native tool call."""
        if called:
            self._checked_calls = True
            return
        usage = self.client.usage_summary()
        if usage["tool_call_replies"]:
            self._checked_calls = True
        elif usage["tool_requests"] >= NO_CALL_WARNING_AFTER:
            self._checked_calls = True
            warnings.warn(f"{self.client.base_url} answered {NO_CALL_WARNING_AFTER}+ requests that offered tools "
                          f"(tool_choice={self.tool_choice!r}) without a single native tool call: the server may "
                          "not render tools= or parse the model's calls (check its tool-call parser and chat "
                          "template; --tool-choice required forces calls, --mode text needs no server support)",
                          RuntimeWarning, stacklevel=3)
