"""Culls (rules.md): five in a row with culls, duel or 2-vs-2 teams.

The rules are ``game`` (with ``board``, ``geometry``, ``readout``, ``switches``, ``tokens``), pure;
``adapter``, ``scene`` and ``words`` put the game on the board; ``samples/`` holds example records,
``web/`` the rules card for the board page, ``lessons/`` the lessons (one file each) and
``puzzles/`` the puzzles of the kinds in ``tactics``.
"""

from __future__ import annotations

from pathlib import Path

from firmware.games.culls.game import CULLS
from firmware.games.culls.options import OPTIONS
from firmware.games.culls.tactics import CULLS_PUZZLES
from firmware.rules.registry import Later, Teaching, register

HERE = Path(__file__).resolve().parent
TASKS = {
    "win": "{side} to play: make five now",
    "cull": "{side} to play: cull two chips",
    "stop": "{side} to play: stop {next} from making five next turn",
    "win2": "{side} to play: make sure of five next turn, whatever {next} does",
}
TEACHING = Teaching(
    str(HERE / "lessons"),
    str(HERE / "puzzles"),
    CULLS_PUZZLES,
    samples=str(HERE / "samples"),
    tasks=TASKS,
)

register(
    CULLS,
    board=Later("firmware.games.culls.adapter:CULLS_BOARD"),
    player=Later("firmware.games.culls.player:CULLS_PLAYER"),
    pages=str(HERE / "web"),
    teaching=TEACHING,
    options=OPTIONS,
)
