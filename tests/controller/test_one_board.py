"""One board per state directory: a second copy is refused with the first one's PID."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.service.state_lock import StateDirBusyError, lock_state_dir

ROOT = Path(__file__).resolve().parents[2]


def _first_copy(state: Path) -> subprocess.Popen[str]:
    """A board that keeps running (its script is standard input, left open) on ``state``."""
    command = [sys.executable, "-m", "firmware", "--mock-hal", "--game", "culls", "--seed", "1"]
    command += ["--state-dir", str(state), "--script", "-"]
    process = subprocess.Popen(command, cwd=ROOT, stdin=subprocess.PIPE, text=True)
    lock = state / "lock"
    deadline = time.monotonic() + 30.0
    while time.monotonic() < deadline and process.poll() is None:
        journal = state / "journal.jsonl"  # the round is on (match and round written): up
        started = journal.exists() and b'"e":"round"' in journal.read_bytes()
        if started and lock.exists() and lock.read_text().strip() == str(process.pid):
            return process
        time.sleep(0.05)
    process.kill()
    raise AssertionError("the first board did not take its state directory")


def test_a_second_copy_on_the_same_state_dir_exits_2_naming_the_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = tmp_path / "state"
    first = _first_copy(state)
    try:
        journal = (state / "journal.jsonl").read_bytes()
        code = main(["--mock-hal", "--state-dir", str(state), "--script", "-", "--web", "off"])
        err = capsys.readouterr().err
        assert code == 2
        assert err == (
            f"cullsboard: another cullsboard (PID {first.pid}) is running on the state directory "
            f"{state}: stop it first (one board per state directory)\n"
        )
        assert (state / "journal.jsonl").read_bytes() == journal  # the saved match untouched
        assert first.poll() is None
    finally:
        assert first.stdin is not None
        first.stdin.close()
        assert first.wait(30) == 0


def test_a_killed_board_leaves_no_stale_lock(tmp_path: Path) -> None:
    state = tmp_path / "state"
    first = _first_copy(state)
    os.kill(first.pid, signal.SIGKILL)
    first.wait(30)
    with lock_state_dir(state) as lock:
        assert lock.held
        assert (state / "lock").read_text() == f"{os.getpid()}\n"


def test_boards_on_different_state_dirs_run_side_by_side(tmp_path: Path) -> None:
    with lock_state_dir(tmp_path / "a") as first, lock_state_dir(tmp_path / "b") as second:
        assert first.held and second.held
        with pytest.raises(StateDirBusyError) as busy:
            lock_state_dir(tmp_path / "a")
        assert busy.value.pid == os.getpid()
    with lock_state_dir(tmp_path / "a") as again:  # released on leaving the block
        assert again.held


def test_an_unwritable_state_dir_is_not_locked_and_plays_in_memory(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    lock = lock_state_dir(blocker / "state")
    assert not lock.held
    lock.release()
    lock.release()  # safe twice
