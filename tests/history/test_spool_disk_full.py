"""The history on a card that fills and empties, then a power cut: no round is lost."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from firmware.history.store import History
from firmware.history.writer import SPOOL_NAME
from tests.small_disk import fill, small_disk

__all__ = ["small_disk"]  # the fixture

ROOT = Path(__file__).resolve().parents[2]
BOARD = """
import sys
from pathlib import Path
from firmware.history.store import History
from firmware.history.writer import SPOOL_NAME, HistoryWriter
from tests.history.snapshots import snapshot

state = Path(sys.argv[1])
board = HistoryWriter(lambda: History(state), state / SPOOL_NAME, lambda text: None)
for line in sys.stdin:
    verb, *rest = line.split()
    if verb == "save":
        board.save(snapshot(rest[0], int(rest[1])))
    done = board.retry()
    print("saved" if done else "kept", flush=True)
"""


class Board:
    """A history writer in a process of its own, told what to save line by line."""

    def __init__(self, state: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", BOARD, str(state)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )

    def say(self, line: str) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        return self.process.stdout.readline().strip()


def _fill_and_free(board: Board, disk: Path) -> None:
    assert board.say("save m0 1") == "saved"
    filler = fill(disk)
    assert board.say("save m1 1") == "kept"  # neither the database nor the spool can grow
    assert board.say("save m1 2") == "kept"
    assert board.say("retry") == "kept"
    filler.unlink()  # space back
    assert board.say("save m2 1") == "saved"  # and everything kept meanwhile with it


def test_full_then_space_back_then_a_power_cut_loses_no_round(small_disk: Path) -> None:
    state = small_disk / "state"
    board = Board(state)
    try:
        _fill_and_free(board, small_disk)
    finally:
        board.process.kill()  # the power cut
        board.process.wait(10)
    history = History(state)
    found = {key: history.snapshot(key) for key in ("m0", "m1", "m2")}
    assert {key: len(s.rounds) if s else None for key, s in found.items()} == {
        "m0": 1,
        "m1": 2,
        "m2": 1,
    }
    history.close()
    assert not (state / SPOOL_NAME).exists()
