"""Culls's rule switches as offered on the command line, the staff page and the menu."""

from __future__ import annotations

from firmware.rules.options import Option

# The values the rules take (``switches``), kept here: reading the options loads no rules.
MODES = ("duel", "teams")
ROUNDS_TO_WIN = (3, 4)

ROUNDS = Option(
    "rounds",
    "rounds_to_win",
    ROUNDS_TO_WIN,
    "round wins for a match",
    "Round wins for the match",
    tuple(f"First to {n}" for n in ROUNDS_TO_WIN),
)
MODE = Option("mode", "mode", MODES, "duel or 2-vs-2 teams", "Culls mode", ("Duel", "Teams 2 vs 2"))
OPTIONS = (MODE, ROUNDS)
