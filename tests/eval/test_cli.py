"""``envfactory eval`` refuses what it cannot run before writing anything, and stops in one line."""

from __future__ import annotations

import json

import pytest

from envfactory_gym.cli import main
from envfactory_gym.eval.store import load_records
from tests.conftest import LIBRARY_DIR, LIBRARY_ID


def bad_task_file(tmp_path):
    lines = (LIBRARY_DIR / "tasks.jsonl").read_text().splitlines()
    task = json.loads(lines[2])
    task["gold_calls"][0]["name"] += "_now"
    path = tmp_path / "heldout.jsonl"
    path.write_text("\n".join([*lines[:2], json.dumps(task)]) + "\n")
    return path


def test_a_task_file_with_an_unknown_tool_is_refused_by_name_before_anything_runs(tmp_path, capsys):
    path, run = bad_task_file(tmp_path), tmp_path / "run"
    assert main(["eval", "--quiet", "--agent", "oracle", "--envs", LIBRARY_ID, "--tasks", str(path),
                 "--report", str(run)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"envfactory eval: error: {path}: line 3: task ") and err.count("\n") == 1
    assert "uses unknown tool" in err and "Did you mean" in err and "rerun" not in err
    assert not run.exists()


@pytest.mark.parametrize(("argv", "needle"), [
    (["--tasks", "{tmp}"], "{tmp}: is a folder, not a JSONL task file"),
    (["--report", "{tmp}/file"], "argument --report: cannot write into {tmp}/file: it is a file, not a folder"),
    (["--json", "{tmp}"], "argument --json: cannot write {tmp}: it is a folder; give a file name"),
    (["--workers", "4"], "--workers needs --backend ray"),
    (["--agent", "orcale"], "unknown agent 'orcale'. Did you mean 'oracle'?"),
])
def test_bad_arguments_are_one_line_and_write_nothing(tmp_path, capsys, argv, needle):
    (tmp_path / "file").write_text("")
    argv = [a.format(tmp=tmp_path) for a in argv]
    report = [] if "--report" in argv else ["--report", str(tmp_path / "run")]
    try:
        code = main(["eval", "--quiet", "--envs", LIBRARY_ID, *report, *argv])
    except SystemExit as exc:  # refused while the arguments are parsed
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2 and needle.format(tmp=tmp_path) in err and len(err.strip().splitlines()) == 1, err
    assert err.startswith("envfactory eval: error: ") and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_a_run_that_failed_before_its_first_episode_does_not_block_the_next(tmp_path, monkeypatch, capsys):
    """An endpoint that fails every episode leaves a folder without episodes: another command may use it."""
    import envfactory_gym.eval.harness as harness

    run = tmp_path / "run"
    real = harness.play_spec
    monkeypatch.setattr(harness, "play_spec", lambda *a, **k: (_ for _ in ()).throw(ConnectionError("down")))
    assert main(["eval", "--quiet", "--agent", "oracle", "--envs", LIBRARY_ID, "--report", str(run)]) == 1
    assert load_records(run) == [] and "episode" in capsys.readouterr().err
    monkeypatch.setattr(harness, "play_spec", real)
    # Other settings (here a task file) in the same folder: accepted, since it holds no episode.
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text("\n".join((LIBRARY_DIR / "tasks.jsonl").read_text().splitlines()[:2]) + "\n")
    assert main(["eval", "--quiet", "--agent", "oracle", "--envs", LIBRARY_ID, "--tasks", str(tasks),
                 "--report", str(run)]) == 0
    assert len(load_records(run)) == 2
    assert json.loads((run / "config.json").read_text())["tasks"] == str(tasks.resolve())


def test_ctrl_c_is_one_line_with_what_is_saved_and_how_to_continue(tmp_path, monkeypatch, capsys):
    import envfactory_gym.eval.harness as harness

    run, real = tmp_path / "run", harness.run_eval

    def stopped_after_two(specs, *args, **kwargs):  # Ctrl-C reaches the main thread after two episodes
        real(specs[:2], *args, **kwargs)
        raise KeyboardInterrupt

    monkeypatch.setattr(harness, "run_eval", stopped_after_two)
    assert main(["eval", "--quiet", "--agent", "oracle", "--envs", LIBRARY_ID, "--report", str(run)]) == 130
    err = capsys.readouterr().err
    assert err == (f"envfactory eval: interrupted: 2 of 4 episodes of oracle are saved in {run}; rerun the same "
                   "command to play the rest\n")
    monkeypatch.setattr(harness, "run_eval", real)
    assert main(["eval", "--quiet", "--agent", "oracle", "--envs", LIBRARY_ID, "--report", str(run)]) == 0
    assert len(load_records(run)) == 4 and "played 2 episodes (2 already done)" in capsys.readouterr().out


def test_the_progress_bar_shows_no_eta(tmp_path, capsys):
    assert main(["eval", "--agent", "oracle", "--envs", LIBRARY_ID, "--report", str(tmp_path / "run")]) == 0
    err = capsys.readouterr().err
    assert "4/4 episodes" in err and "elapsed" in err and "<" not in err and "?" not in err


@pytest.fixture
def python_sigint():
    """Python's own Ctrl-C handler for one test: interrupt_main() does nothing while SIGINT is ignored or left to the
    OS, as an earlier test in the same worker may leave it (seen under xdist)."""
    import signal

    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def test_ctrl_c_with_threaded_agents_lets_the_running_episodes_end_and_counts_them(tmp_path, monkeypatch, capsys,
                                                                                   python_sigint):
    """The real signal path: Ctrl-C reaches the main thread while worker threads play; they finish the episode in
    hand, store it and stop (no thread left inside native code at exit), and the message counts it."""
    import _thread
    import threading
    import time

    import envfactory_gym.eval.harness as harness

    run, real, calls = tmp_path / "run", harness.play_spec, []

    def interrupt_during_the_second(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            _thread.interrupt_main()  # what Ctrl-C does
        if len(calls) >= 2:
            time.sleep(1.0)  # slow episodes: still playing when the main thread sees it, even on a loaded machine
        return real(*args, **kwargs)

    monkeypatch.setattr(harness, "play_spec", interrupt_during_the_second)
    assert main(["eval", "--quiet", "--agent", "oracle", "--envs", LIBRARY_ID, "--trials", "3", "--concurrency", "2",
                 "--report", str(run)]) == 130
    saved = len(load_records(run))
    assert 1 <= saved < 12 and f"interrupted: {saved} of 12 episodes of oracle" in capsys.readouterr().err
    assert not [t for t in threading.enumerate() if t.name.startswith("eval-") and t.is_alive()]
