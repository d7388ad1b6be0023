"""Culls (rules.md): five in a row with culls, duel or 2-vs-2 teams.

The rules are ``game`` (with ``board``, ``geometry``, ``readout``, ``switches``, ``tokens``), pure;
``adapter``, ``scene`` and ``words`` put the game on the board, ``teaching`` says where its
lessons and puzzles are; ``samples/`` holds example records, ``web/`` the rules card for the board
page, ``lessons/`` the lessons (one file each) and ``puzzles/`` the puzzles of the kinds in
``tactics``.
"""

from __future__ import annotations

from pathlib import Path

from firmware.games.culls.options import OPTIONS
from firmware.rules.registry import Later, register

# Only the options are read at once (``cullsboard --help`` lists them): the rest is a Later.
HERE = Path(__file__).resolve().parent

register(
    Later("firmware.games.culls.game:CULLS"),  # the rules: when a game is asked for
    name="culls",
    board=Later("firmware.games.culls.adapter:CULLS_BOARD"),
    player=Later("firmware.games.culls.player:CULLS_PLAYER"),
    pages=str(HERE / "web"),
    teaching=Later("firmware.games.culls.teaching:TEACHING"),
    options=OPTIONS,
)
