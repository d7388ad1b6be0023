"""Culls (rules.md): five in a row with culls, duel or 2-vs-2 teams.

The rules are ``game`` (with ``board``, ``geometry``, ``readout``, ``switches``, ``tokens``), pure;
``adapter``, ``scene`` and ``words`` put the game on the board; ``samples/`` holds example records
and ``web/`` the rules card for the board page.
"""

from __future__ import annotations

from pathlib import Path

from firmware.games.culls.adapter import CULLS_BOARD
from firmware.games.culls.game import CULLS
from firmware.games.culls.player import CULLS_PLAYER
from firmware.rules.registry import register

register(CULLS, board=CULLS_BOARD, player=CULLS_PLAYER, pages=str(Path(__file__).parent / "web"))
