"""The MCP server over stdio and streamable HTTP with the official client, and list_server_tools."""

from __future__ import annotations

import contextlib
import io
import json
import re
import sys
from pathlib import Path

import anyio
import gymnasium as gym
import httpx2
import pytest
from mcp import Client, StdioServerParameters

import envfactory_gym
from envfactory_gym.errors import EnvFactoryError
from envfactory_gym.serve.mcp_client import list_server_tools
from envfactory_gym.serve.mcp_protocol import check_tool_names, server_tools
from tests.serve.conftest import ENV_ID, gym_script, play, start_server, stop_server

DOC = Path(__file__).resolve().parents[2] / "docs" / "serve.md"
README = Path(__file__).resolve().parents[2] / "README.md"
SERVE = [sys.executable, "-m", "envfactory_gym.serve", "retail-v0"]


def env_schemas() -> dict[str, dict]:
    env = gym.make(ENV_ID)
    try:
        return {s["function"]["name"]: s["function"] for s in env.unwrapped.tool_schemas}
    finally:
        env.close()


def test_list_server_tools_reads_the_envfactory_serve_command():
    tools = list_server_tools([sys.executable, "-m", "envfactory_gym.cli", "serve", "retail-v0"])
    schemas = env_schemas()
    assert [t["name"] for t in tools] == [*schemas, "episode_start", "episode_say", "episode_finish"]
    for tool in tools[:len(schemas)]:  # the schemas the gym gives agents, unchanged
        fn = schemas[tool["name"]]
        assert tool == {"name": fn["name"], "description": fn["description"], "inputSchema": fn["parameters"]}
    assert tools[-3]["inputSchema"]["properties"].keys() == {"task_id", "seed"}


@pytest.mark.parametrize(("command", "needle"), [
    (["envfactory-no-such-command"], "MCP server envfactory-no-such-command: command not found"),
    ([sys.executable, "-c", "import sys; sys.exit('cannot load the tools')"],
     "the server stopped or broke the protocol: .*\\(server stderr: cannot load the tools\\)"),
    ([sys.executable, "-c", "import time; time.sleep(60)"], "no answer within 1.5 s"),
    ([], "the command is empty"),
])
def test_list_server_tools_failures_are_one_line_errors_naming_the_command(command, needle):
    with pytest.raises(EnvFactoryError, match=needle) as exc:
        list_server_tools(command, timeout_s=1.5)
    assert "\n" not in str(exc.value)
    if command:
        assert command[0] in str(exc.value)


def test_control_tool_names_cannot_collide_with_env_tools():
    with pytest.raises(EnvFactoryError, match="tool named 'episode_say', which is one of the MCP server's control"):
        check_tool_names(["get_order", "episode_say"], "EnvFactory/x-v0")
    names = [t.name for t in server_tools(ENV_ID)]
    assert len(names) == len(set(names)) == len(envfactory_gym.get_package(ENV_ID).tools) + 3


def test_an_episode_over_stdio_gets_exactly_the_gym_reward():
    script = gym_script("retail-001", seed=5)

    async def main() -> tuple[list[str], dict]:
        params = StdioServerParameters(command=SERVE[0], args=SERVE[1:])
        async with Client(params) as client:
            return await play(client, script)

    answers, final = anyio.run(main)
    assert answers == script.answers
    assert final["reward"] == script.reward == 1.0 and final["reward_components"] == script.components


@pytest.mark.parametrize("task_id", ["retail-036", "retail-052"])
def test_an_episode_over_http_gets_exactly_the_gym_reward(http_url, task_id):
    script = gym_script(task_id, seed=1)

    async def main() -> tuple[list[str], dict, str | None]:
        async with Client(http_url) as client:
            answers, final = await play(client, script)
            return answers, final, client.session.initialize_result.instructions

    answers, final, instructions = anyio.run(main)
    assert answers == script.answers
    assert final["reward"] == script.reward and final["reward_components"] == script.components
    assert final["task_id"] == task_id and final["terminated"]
    policy = envfactory_gym.get_package(ENV_ID).policy
    assert instructions.startswith(policy) and "<tool_call>" not in instructions


def test_concurrent_http_sessions_never_see_each_other_s_writes(http_url):
    cancel = ("cancel_pending_order", {"order_id": "ORD-11255", "reason": "ordered_by_mistake"})
    details = ("get_order_details", {"order_id": "ORD-11255"})

    async def main() -> dict[str, str]:
        async with Client(http_url) as a, Client(http_url) as b:
            for client in (a, b):
                await client.call_tool("episode_start", {"task_id": "retail-051", "seed": 0})
            out = {"a_cancel": (await a.call_tool(*cancel)).content[0].text}
            out["a_details"], out["b_details"] = [(await c.call_tool(*details)).content[0].text for c in (a, b)]
            out["a_again"] = (await a.call_tool(*cancel)).content[0].text
            out["b_cancel"] = (await b.call_tool(*cancel)).content[0].text
            return out

    out = anyio.run(main)
    assert json.loads(out["a_details"])["status"] == "cancelled"
    assert json.loads(out["b_details"])["status"] == "pending"
    assert out["a_again"].startswith("Error: ") and not out["b_cancel"].startswith("Error: ")
    assert out["b_cancel"] == out["a_cancel"]


def test_bad_calls_get_the_gym_s_error_results_and_the_session_goes_on(http_url):
    actions = [
        {"name": "get_order", "arguments": {"order_id": "ORD-11255"}},             # unknown tool
        {"name": "get_order_details", "arguments": {"order": "ORD-11255"}},        # bad arguments
        {"name": "get_order_details", "arguments": {"order_id": 11255}},           # wrong type
        {"name": "cancel_pending_order", "arguments": {"order_id": "ORD-10447", "reason": "no_longer_needed"}},
    ]
    env = gym.make(ENV_ID)
    env.reset(seed=0, options={"task_id": "retail-036"})
    expected = [env.step(a)[0][-1]["content"] for a in actions]
    env.close()
    assert all(text.startswith("Error: ") for text in expected)

    async def main() -> list:
        async with Client(http_url) as client:
            early = await client.call_tool("get_order_details", {"order_id": "ORD-11255"})
            start = await client.call_tool("episode_start", {"task_id": "retail-036", "seed": 0})
            results = [await client.call_tool(a["name"], a["arguments"]) for a in actions]
            bad_control = [await client.call_tool("episode_start", {"seed": "seven"}),
                           await client.call_tool("episode_say", {"text": "hi"})]
            final = await client.call_tool("episode_finish", {})
            return [early, start, results, bad_control, final]

    early, start, results, bad_control, final = anyio.run(main)
    assert early.is_error and "call episode_start first" in early.content[0].text
    assert not start.is_error
    assert [r.content[0].text for r in results] == expected and all(r.is_error for r in results)
    assert "Did you mean 'get_order_details'?" in expected[0]
    assert [r.is_error for r in bad_control] == [True, True]
    assert "seed must be a non-negative integer" in bad_control[0].content[0].text
    assert "unexpected argument 'text'" in bad_control[1].content[0].text
    assert "'text' Did" not in bad_control[1].content[0].text  # "...'text'. Did you mean" when a name is near
    components = final.structured_content["reward_components"]
    assert components["format_errors"] == 3 and final.structured_content["reward"] == 0.0


def test_cap_refusal_and_idle_release_over_http():
    proc, url = start_server("--max-sessions", "2", "--idle-timeout", "6")

    async def main() -> None:
        async with Client(url) as a, Client(url) as b, Client(url) as c:
            for client in (a, b):
                assert not (await client.call_tool("episode_start", {"task_id": "retail-036"})).is_error
            refused = await c.call_tool("episode_start", {"task_id": "retail-036"})
            assert refused.is_error
            assert re.search(r"session cap reached: 2 sessions .* restart the server with a larger --max-sessions",
                             refused.content[0].text)
            with anyio.fail_after(30):  # a and b idle out; then c gets an environment
                while (await c.call_tool("episode_start", {"task_id": "retail-036"})).is_error:
                    await anyio.sleep(0.5)
            late = await a.call_tool("episode_say", {"message": "Could you tell me your email?"})
            assert late.is_error and "no request for 6 s (the server's idle timeout)" in late.content[0].text
            assert not (await c.call_tool("episode_say", {"message": "What is your email?"})).is_error

    try:
        anyio.run(main)
    finally:
        stop_server(proc)


def test_stateless_protocol_requests_are_refused_with_the_versions_to_use(http_url):
    body = {"jsonrpc": "2.0", "id": 7, "method": "tools/list", "params": {}}
    response = httpx2.post(http_url, json=body, headers={"mcp-protocol-version": "2026-07-28",
                                                         "accept": "application/json, text/event-stream"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert response.json()["id"] == 7 and error["code"] == -32022
    assert "2025-11-25" in error["data"]["supported"] and "initialize handshake" in error["message"]


@pytest.mark.parametrize(("doc", "heading"), [(DOC, "## A client that plays an episode over HTTP"),
                                               (README, "## Serving environments over MCP")])
def test_the_doc_client_example_plays_an_episode_over_http(http_url, doc, heading):
    text = doc.read_text(encoding="utf-8")
    section = text[text.index(heading):]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    assert "http://127.0.0.1:8000/mcp" in code
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code.replace("http://127.0.0.1:8000/mcp", http_url), doc.name, "exec"), {"__name__": "doc"})
    printed = out.getvalue().splitlines()
    assert printed[0].startswith("customer: Where is my Pinecone Ceramic Table Lamp?")
    assert printed[1].startswith("reward: 1.0 {")
