"""Cubulus (rules.md): push balls into a 3x3x3 cube until a colour owns a square on a face.

The rules are ``game`` (with ``cube``, ``geometry``, ``state``), pure; ``layout`` draws the
unfolded cube on the 15x15 grid, ``adapter`` and ``scene`` put the game on the board,
``teaching`` says where its lessons and puzzles are; ``samples/`` holds example records, ``web/``
the cube in 3D for the pages, ``lessons/`` the lessons (one file each) and ``puzzles/`` the
``win`` and ``stop`` puzzles.
"""

from __future__ import annotations

from pathlib import Path

from firmware.games.cubulus.options import OPTIONS
from firmware.rules.registry import Later, register

# Only the options are read at once (``cullsboard --help`` lists them): the rest is a Later.
HERE = Path(__file__).resolve().parent

register(
    Later("firmware.games.cubulus.game:CUBULUS"),  # the rules: when a game is asked for
    name="cubulus",
    board=Later("firmware.games.cubulus.adapter:CUBULUS_BOARD"),
    player=Later("firmware.games.cubulus.player:CUBULUS_PLAYER"),
    pages=str(HERE / "web"),
    teaching=Later("firmware.games.cubulus.teaching:TEACHING"),
    options=OPTIONS,
)
