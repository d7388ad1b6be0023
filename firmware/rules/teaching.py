"""What a game teaches: the folders of its lessons, puzzles and samples, and its puzzle kinds.

A game registers it as a ``Later`` (``firmware.rules.registry``), so it is read only by what
teaches: the board's lessons and puzzles, ``cullsboard lessons`` and ``puzzles``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from firmware.rules.api import GameState

# A puzzle kind's answers: every action that solves the position for the side to act (sorted;
# empty when the position is not a puzzle of that kind).
PuzzleSolver = Callable[[GameState], list[str]]


@dataclass(frozen=True, slots=True)
class Teaching:
    """The folders of a game's lessons, puzzles and sample records, and its puzzle kinds."""

    lessons: str
    puzzles: str
    kinds: Mapping[str, PuzzleSolver] = field(default_factory=dict)
    samples: str = ""  # the example records puzzles are also made from
    tasks: Mapping[str, str] = field(default_factory=dict)  # each kind's task: "{side} to play..."
