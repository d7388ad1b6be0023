"""Culls's teaching: the folders of its lessons, puzzles and samples, its puzzle kinds and
their tasks (registered as a ``Later``: loaded by what teaches, not by every use of the game)."""

from __future__ import annotations

from firmware.games.culls import HERE  # the package's folder (its __init__ holds the paths)
from firmware.games.culls.tactics import CULLS_PUZZLES
from firmware.rules.teaching import Teaching

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
