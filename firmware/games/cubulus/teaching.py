"""Cubulus's teaching: the folders of its lessons, puzzles and samples, its puzzle kinds and
their tasks (registered as a ``Later``: loaded by what teaches, not by every use of the game)."""

from __future__ import annotations

from firmware.games.cubulus import HERE  # the package's folder (its __init__ holds the paths)
from firmware.rules.tactics import stopping_actions, winning_actions
from firmware.rules.teaching import Teaching

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
