"""A full card, then space back, then a power cut: every action is there after the restart.

The disk is filled for real (a tiny tmpfs, mounted as root); under CI=true the test must run.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.small_disk import fill, small_disk

__all__ = ["small_disk"]  # the fixture

ROOT = Path(__file__).resolve().parents[2]


def wait_for(what: Callable[[], bool], why: str, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not what():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {why}")
        time.sleep(0.02)


class Board:
    """``cullsboard --mock-hal`` with typed commands on a pipe; its warnings collected."""

    def __init__(self, state: Path, frames: Path) -> None:
        argv = ["--mock-hal", "--game", "culls", "--seed", "1", "--web", "off"]
        self.frames = frames
        self.process = subprocess.Popen(
            [sys.executable, "-m", "firmware", *argv, "--state-dir", str(state),
             "--frames", str(frames)],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )  # fmt: skip
        self.warnings: list[str] = []
        threading.Thread(target=self._collect, daemon=True).start()

    def _collect(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.warnings.append(line.rstrip("\n"))

    def _frames(self) -> int:
        return self.frames.read_bytes().count(b"\n") if self.frames.exists() else 0

    def type(self, line: str) -> None:
        """Type ``line`` and wait until the board has drawn its answer."""
        assert self.process.stdin is not None
        before = self._frames()
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        wait_for(lambda: self._frames() > before, f"the board to answer {line}")


def journal_moves(state: Path) -> list[str]:
    path = state / "journal.jsonl"
    lines = path.read_text().splitlines() if path.exists() else []
    return [str(json.loads(line)["token"]) for line in lines if '"e":"do"' in line]


def test_full_then_space_back_then_a_power_cut_loses_no_action(
    tmp_path: Path, small_disk: Path
) -> None:
    state, frames, record = small_disk / "state", tmp_path / "frames.jsonl", tmp_path / "r.json"
    state.mkdir()
    filler = fill(small_disk)
    board = Board(state, frames)
    wait_for(lambda: board._frames() > 0, "the first frame")
    for move in ("h8", "i8"):
        board.type(move)
    wait_for(lambda: any("cannot write the journal" in w for w in board.warnings), "a warning")
    assert journal_moves(state) == []
    filler.unlink()  # space back
    board.type("g8")
    wait_for(lambda: journal_moves(state) == ["h8", "i8", "g8"], "the journal to catch up")
    board.type("j8")
    wait_for(lambda: journal_moves(state) == ["h8", "i8", "g8", "j8"], "the last move")
    board.process.kill()  # the power cut
    board.process.wait(10)
    saving = [w for w in board.warnings if "journal" in w]
    assert len(saving) == 2 and "is written again" in saving[1], board.warnings

    argv = ["--mock-hal", "--state-dir", str(state), "--script", "/dev/null"]
    again = subprocess.run(
        [sys.executable, "-m", "firmware", *argv, "--record", str(record)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert again.returncode == 0, again.stderr
    assert json.loads(record.read_text())["moves"] == ["h8", "i8", "g8", "j8"]
