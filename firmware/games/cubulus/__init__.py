"""Cubulus (rules.md): push balls into a 3x3x3 cube until a colour owns a square on a face.

The rules are ``game`` (with ``cube``, ``geometry``, ``state``), pure; ``layout`` draws the
unfolded cube on the 15x15 grid, ``adapter`` and ``scene`` put the game on the board;
``samples/`` holds example records, ``web/`` the cube in 3D for the pages, ``lessons/`` the
lessons (one file each) and ``puzzles/`` the ``win`` and ``stop`` puzzles.
"""

from __future__ import annotations

from pathlib import Path

from firmware.games.cubulus.game import CUBULUS
from firmware.games.cubulus.options import OPTIONS
from firmware.rules.registry import Later, Teaching, register
from firmware.rules.tactics import stopping_actions, winning_actions

HERE = Path(__file__).resolve().parent
PUZZLES = {"win": winning_actions, "stop": stopping_actions}
TASKS = {
    "win": "{side} to play: make a square now",
    "stop": "{side} to play: stop {next} from making a square next turn",
}
TEACHING = Teaching(
    str(HERE / "lessons"),
    str(HERE / "puzzles"),
    PUZZLES,
    samples=str(HERE / "samples"),
    tasks=TASKS,
)

register(
    CUBULUS,
    board=Later("firmware.games.cubulus.adapter:CUBULUS_BOARD"),
    player=Later("firmware.games.cubulus.player:CUBULUS_PLAYER"),
    pages=str(HERE / "web"),
    teaching=TEACHING,
    options=OPTIONS,
)
