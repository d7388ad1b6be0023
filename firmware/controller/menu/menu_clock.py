"""The menu's clock row: the time control of the matches started from the menu, by touch.

A row of cells just under the game tiles, one per control (none, then the common ones and
the board's default, ``--clock`` or ``play.clock``, if it is another); the chosen one is bright.
The game clock (``game_clock.BoardClock``) reads the choice when a match begins.
"""

from __future__ import annotations

import itertools

from firmware.controller.menu.menu_row import CellName, row_summary
from firmware.render import palette as p
from firmware.render.screens import Tile
from firmware.rules.api import JsonValue
from firmware.rules.time_control import NO_CLOCK, TimeControl, parse_time_control
from hal.interfaces import Cell

CONTROLS = ("none", "3+2", "5+3", "10", "15+10", "turn:30", "turn:60")
CLOCK_LOOK = (255, 190, 60)


def control_words(control: TimeControl) -> str:
    """A control for people: "no clock", "10 min", "5 min + 3 s", "30 s a turn"."""
    if control.per_turn:
        return f"{str(control).removeprefix('turn:')} s a turn"
    if not control.timed:
        return "no clock"
    minutes, _, seconds = str(control).partition("+")
    return f"{minutes} min + {seconds} s" if seconds else f"{minutes} min"


class ClockRow:
    """Which time control the menu starts matches with (the board's default to begin with)."""

    def __init__(self, columns: int, rows: int, default: TimeControl = NO_CLOCK) -> None:
        self.columns = columns
        self.rows = rows
        known = [parse_time_control(text) for text in CONTROLS]
        self.controls = tuple(known if default in known else [*known, default])
        self.control = default

    def choose(self, control: TimeControl) -> None:
        """Make ``control`` the chosen one (given its own cell if the row has none for it)."""
        if control not in self.controls:
            self.controls = (*self.controls, control)
        self.control = control

    def cells(self) -> tuple[Cell, ...]:
        left = self.columns // 2 - len(self.controls) // 2
        return tuple((left + i, self.rows // 2 + 2) for i in range(len(self.controls)))

    def tiles(self) -> list[Tile]:
        return [
            Tile(
                (cell,), (p.dim(CLOCK_LOOK, 0.3) if not c.timed else CLOCK_LOOK,), c == self.control
            )
            for cell, c in zip(self.cells(), self.controls, strict=True)
        ]

    def tap(self, cell: Cell) -> None:
        cells = self.cells()
        if cell in cells:
            self.control = self.controls[cells.index(cell)]

    def chosen_words(self) -> str | None:
        return f"clock {self.control}" if self.control.timed else None

    def where(self, name: CellName) -> str:
        cells = self.cells()
        names = [name(cell) for cell in cells]
        in_a_row = all(names) and all(
            (x + 1, y) == after for (x, y), after in itertools.pairwise(cells)
        )
        if in_a_row and len(cells) > 1:  # the row's ends, then its controls in order
            return f"clock {names[0]}-{names[-1]}: {', '.join(map(str, self.controls))}"
        named = [f"{n} {c}" for n, c in zip(names, self.controls, strict=True) if n]
        return f"clock: {', '.join(named)}" if named else ""

    def summary(self, name: CellName) -> dict[str, JsonValue]:
        choices = [
            (str(c), control_words(c), cell, c == self.control)
            for cell, c in zip(self.cells(), self.controls, strict=True)
        ]
        return row_summary("clock", "Clock", choices, name)
