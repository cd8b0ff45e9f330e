"""The serve command's arguments: checked when parsed, one-line errors, env ids resolved."""

from __future__ import annotations

import subprocess
import sys

import pytest

from envfactory_gym.cli import build_parser


def test_serve_arguments_and_defaults():
    args = build_parser().parse_args(["serve", "envfactory_gym:EnvFactory/retail-v0"])
    assert (args.env_id, args.transport, args.host, args.port) == ("EnvFactory/retail-v0", "stdio", "127.0.0.1", 8000)
    assert args.max_sessions == 1024 and args.idle_timeout == 600.0
    args = build_parser().parse_args(["serve", "retail-v0", "--transport", "http", "--port", "0",
                                      "--max-sessions", "3", "--idle-timeout", "1.5"])
    assert (args.transport, args.port, args.max_sessions, args.idle_timeout) == ("http", 0, 3, 1.5)
    assert args.storage == "rows"
    assert build_parser().parse_args(["serve", "retail-v0", "--storage", "copy"]).storage == "copy"


@pytest.mark.parametrize(("argv", "needle"), [
    (["serve", "retial-v0"], "argument env_id: unknown environment 'retial-v0'. Did you mean 'EnvFactory/retail-v0'"),
    (["serve", "retail-v0", "--port", "70000"], "argument --port: expected a port from 0 to 65535"),
    (["serve", "retail-v0", "--max-sessions", "0"], "argument --max-sessions: expected a positive integer"),
    (["serve", "retail-v0", "--idle-timeout", "-1"], "argument --idle-timeout: expected a positive number"),
    (["serve", "retail-v0", "--transport", "ws"], "argument --transport: invalid choice: 'ws'"),
    (["serve", "retail-v0", "--storage", "row"], "argument --storage: invalid choice: 'row'"),
])
def test_bad_serve_arguments_get_a_one_line_error(argv, needle, capsys):
    with pytest.raises(SystemExit) as exc:
        build_parser().parse_args(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert needle in err and len(err.strip().splitlines()) == 1, err


def test_a_port_in_use_is_a_one_line_error():
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        proc = subprocess.run([sys.executable, "-m", "envfactory_gym.serve", "retail-v0", "--transport", "http",
                               "--port", port], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in proc.stderr and len(proc.stderr.strip().splitlines()) == 1


def test_stopping_with_a_session_open_logs_no_asgi_error():
    """uvicorn reports each event stream cut by the shutdown as an error; the server drops that line then."""
    import logging

    pytest.importorskip("mcp")
    from envfactory_gym.serve.mcp_protocol import _ShutdownFilter

    class Server:
        should_exit = False

    server = Server()
    quiet = _ShutdownFilter(server)
    line = logging.LogRecord("uvicorn.error", logging.ERROR, __file__, 1,
                             "ASGI callable returned without completing response.", None, None)
    other = logging.LogRecord("uvicorn.error", logging.ERROR, __file__, 1, "Exception in ASGI application", None, None)
    assert quiet.filter(line) and quiet.filter(other)  # while serving, every error is shown
    server.should_exit = True
    assert not quiet.filter(line) and quiet.filter(other)
