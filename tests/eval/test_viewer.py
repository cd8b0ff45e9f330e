"""The trajectory viewer: hostile strings stay text, and the page of a real run renders in headless Chromium."""

from __future__ import annotations

import json
import shutil
import struct
import subprocess
import tempfile
import zlib
from pathlib import Path

import pytest

from envfactory_gym.agents.openai_agent import OpenAIAgent
from envfactory_gym.eval.cli import main
from envfactory_gym.eval.harness import plan_episodes, run_eval
from envfactory_gym.eval.viewer import embed_json, write_viewer
from envfactory_gym.llm import LLMClient
from envfactory_gym.testing.replay_server import ReplayServer
from tests.conftest import LIBRARY_ID

HOSTILE = "</script><b id=\"pwned\">x</b><!-- \u2028 & <script>document.title='pwned'</script>"


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome", "headless_shell"):
        if path := shutil.which(name):
            return path
    return None


def run_chromium(url: str, *args: str) -> subprocess.CompletedProcess:
    exe = chromium()
    assert exe is not None
    with tempfile.TemporaryDirectory() as profile:
        return subprocess.run([exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                               "--disable-background-networking", "--disable-component-update", "--disable-sync",
                               f"--user-data-dir={profile}", "--window-size=1280,900", *args, url],
                              capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def real_run(tmp_path_factory) -> Path:
    """A real eval run: the oracle on every library task, plus a model run whose texts try to break the page."""
    run_dir = tmp_path_factory.mktemp("run")
    assert main(["eval", "--quiet", "--agent", "oracle", "--envs", LIBRARY_ID, "--report", str(run_dir)]) == 0

    def model(request):
        if request["messages"][-1]["role"] == "tool":
            return {"content": "Result: " + HOSTILE}
        return {"tool_calls": [{"name": "get_book", "arguments": {"book_id": HOSTILE}}]}

    hostile = [s for s in plan_episodes([LIBRARY_ID], trials=2) if s.trial == 1][:1]
    with ReplayServer(model) as server:
        client = LLMClient(server.base_url, "replay")
        run_eval(hostile, lambda: OpenAIAgent(client=client), run_dir, progress=False)
    return run_dir


def test_embedded_json_cannot_close_the_script():
    text = embed_json({"a": HOSTILE})
    assert "<" not in text and ">" not in text and "&" not in text and "\u2028" not in text
    assert json.loads(text) == {"a": HOSTILE}


def test_page_embeds_every_episode(real_run):
    page = write_viewer(real_run).read_text()
    assert page.count("</script>") == 2  # the data block and the page's own script, nothing from the data
    assert "lib-title" in page and "pwned" in page and 'id="pwned"' not in page


def png_pixels_vary(path: Path) -> bool:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    width = height = 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    return width >= 800 and height >= 600 and len(set(raw)) > 64


@pytest.mark.skipif(chromium() is None, reason="no chromium binary (apt-get install -y chromium)")
def test_viewer_renders_in_headless_chromium(real_run, tmp_path):
    page = write_viewer(real_run, tmp_path / "view.html")
    dom = run_chromium(page.as_uri(), "--dump-dom")
    assert dom.returncode == 0, dom.stderr[-2000:]
    # The script ran: the list and the first episode were built, hostile text stayed text.
    assert "lib-borrow #0" in dom.stdout and "Reward breakdown" in dom.stdout and "State diff (agent)" in dom.stdout
    assert '<b id="pwned">' not in dom.stdout and "<title>envfactory episodes</title>" in dom.stdout
    hostile = run_chromium(page.as_uri() + "#1", "--dump-dom")  # #N opens the N-th episode
    assert "lib-borrow · EnvFactory/minilib-v0 · trial 1" in hostile.stdout
    assert "Result: &lt;/script&gt;&lt;b id=" in hostile.stdout and '<b id="pwned">' not in hostile.stdout
    assert "<title>envfactory episodes</title>" in hostile.stdout
    shot = tmp_path / "shot.png"
    out = run_chromium(page.as_uri(), f"--screenshot={shot}")
    assert shot.exists(), out.stderr[-2000:]
    assert png_pixels_vary(shot)


def test_the_page_is_titled_with_the_agent_not_the_folder(tmp_path):
    run = tmp_path / "smollm2"  # a folder named after another agent, as in the README's main job
    assert main(["eval", "--quiet", "--agent", "oracle", "--baseline", "random", "--envs", LIBRARY_ID, "--limit", "1",
                 "--report", str(run)]) == 0
    assert '"title": "Episodes of oracle"' in write_viewer(run).read_text()
    assert '"title": "Episodes of random"' in write_viewer(run / "baseline").read_text()
