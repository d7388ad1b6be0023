"""A third game, kept in tests: it proves a game needs nothing but its folder and the list.

Listing ``tests.tictactoe`` in ``firmware.rules.registry.GAME_PACKAGES`` makes it playable; its
``web/`` folder is its own drawing for the pages.
"""

from __future__ import annotations

from pathlib import Path

from firmware.rules.registry import register
from tests.tictactoe.adapter import TICTACTOE_BOARD
from tests.tictactoe.game import TICTACTOE

register(TICTACTOE, board=TICTACTOE_BOARD, pages=str(Path(__file__).parent / "web"))
