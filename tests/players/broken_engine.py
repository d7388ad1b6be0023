"""Engines that break the protocol on purpose, for the tests of the board and of engine-check.

Run: ``python tests/players/broken_engine.py illegal|silent|hang-once MARKER``.
``illegal`` answers every ``go`` with a cell that is already taken (or off the board);
``silent`` answers ``readyok`` but never a ``go``; ``hang-once MARKER`` is silent the first time
(it creates the file MARKER) and the built-in engine every time after.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path


def main() -> int:
    mode = sys.argv[1]
    if mode == "hang-once":
        marker = Path(sys.argv[2])
        if marker.exists():
            os.execv(sys.executable, [sys.executable, "-m", "firmware", "engine"])
        marker.touch()
        mode = "silent"
    moves: list[str] = []
    for line in sys.stdin:
        command, _, rest = line.strip().partition(" ")
        if command == "quit":
            return 0
        if command == "isready":
            print("readyok", flush=True)
        elif command == "position":
            moves = list(json.loads(rest)["moves"])
        elif command == "go" and mode == "illegal":
            print(f"bestmove {moves[0] if moves else 'z99'}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
