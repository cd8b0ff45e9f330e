"""An example agent of your own: look the user up with the first tool the request can fill, report, end."""

from __future__ import annotations

import json
import re
from typing import Any

import gymnasium as gym

_EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+")
_CODE = re.compile(r"\b[A-Z]{1,4}-?\d{3,}\b")


class LookupFirstAgent:
    """Fills the first tool whose required parameters are emails or ids from the request, then answers.

    Run it with ``envfactory run --env EnvFactory/retail-v0 --agent agents/lookup_first.py:LookupFirstAgent``.
    It plays one lookup and one answer, so it solves only the simplest read tasks: a starting point to copy.
    """

    name = "lookup-first"

    def __init__(self) -> None:
        self._tools: list[dict[str, Any]] = []
        self._called = False

    def reset(self, env: gym.Env, observation: tuple, info: dict[str, Any]) -> None:
        self._tools = [s.get("function", s) for s in env.unwrapped.tool_schemas]
        self._called = False

    def act(self, observation: tuple, info: dict[str, Any]) -> Any:
        if self._called:  # the lookup's result is the last message: say it, and end
            result = observation[-1]["content"]
            return f"Here is what I found: {result[:300]} ###STOP###"
        request = " ".join(m["content"] for m in observation if m["role"] == "user")
        call = self._fill(request)
        if call is None:
            return "Could you give me your email address or the reference number? ###STOP###"
        self._called = True
        return {"name": call[0], "arguments": call[1]}

    def _fill(self, request: str) -> tuple[str, dict[str, str]] | None:
        emails, codes = _EMAIL.findall(request), _CODE.findall(request)
        for tool in self._tools:
            params = tool.get("parameters", {})
            required = params.get("required", [])
            args: dict[str, str] = {}
            for name in required:
                if "email" in name and emails:
                    args[name] = emails[0]
                elif name.endswith("_id") and codes:
                    args[name] = codes[0]
            if required and len(args) == len(required):
                return tool["name"], json.loads(json.dumps(args))
        return None
