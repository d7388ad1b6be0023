"""A third game, kept in tests: it proves a game needs nothing but its folder and the list.

Listing ``tests.tictactoe`` in ``firmware.rules.registry.GAME_PACKAGES`` makes it playable.
"""

from __future__ import annotations

from firmware.rules.registry import register
from tests.tictactoe.adapter import TICTACTOE_BOARD
from tests.tictactoe.game import TICTACTOE

register(TICTACTOE, board=TICTACTOE_BOARD)
