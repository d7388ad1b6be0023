"""Cubulus (rules.md): push balls into a 3x3x3 cube until a colour owns a square on a face.

The rules are ``game`` (with ``cube``, ``geometry``, ``state``), pure; ``layout`` draws the
unfolded cube on the 15x15 grid, ``adapter`` and ``scene`` put the game on the board;
``samples/`` holds example records and ``web/`` the cube in 3D for the pages.
"""

from __future__ import annotations

from pathlib import Path

from firmware.games.cubulus.adapter import CUBULUS_BOARD
from firmware.games.cubulus.game import CUBULUS
from firmware.games.cubulus.player import CUBULUS_PLAYER
from firmware.rules.registry import register

register(
    CUBULUS, board=CUBULUS_BOARD, player=CUBULUS_PLAYER, pages=str(Path(__file__).parent / "web")
)
