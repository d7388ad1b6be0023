"""The command strip: a board without buttons still has undo, new and menu.

Holding any corner cell for ``HOLD_SECONDS`` opens a strip of command cells lit across the middle
row; a tap on one of them does what the button of that name does, a tap anywhere else closes the
strip and means nothing else. The finger that opened it is let go without it counting as a tap.
"""

from __future__ import annotations

from dataclasses import dataclass

from firmware.controller.commands import command_registry
from firmware.render import palette as p
from firmware.render.stack import Light, LightStack
from firmware.rules.grid import cell_name
from hal.interfaces import Cell

HOLD_SECONDS = 1.5
STRIP_LAYER = p.ERRORS - 1  # over the game and the menu, under error flashes


@dataclass(frozen=True, slots=True)
class Command:
    """One lit cell of the strip and the command it stands for."""

    name: str
    cell: Cell


class CommandStrip:
    """Which corner is being held, whether the strip is open, and where its commands lie."""

    def __init__(self, columns: int, rows: int) -> None:
        self.columns = columns
        self.rows = rows
        self.is_open = False
        self.commands: tuple[Command, ...] = ()
        self._held: tuple[Cell, float] | None = None
        self._swallow: Cell | None = None  # the corner whose release must not count as a tap

    @property
    def corners(self) -> tuple[Cell, ...]:
        right, top = self.columns - 1, self.rows - 1
        return ((0, 0), (right, 0), (0, top), (right, top))

    def pressed(self, cell: Cell, t: float) -> None:
        """A finger went down on ``cell``: a corner starts the hold."""
        self._held = (cell, t) if cell in self.corners else None

    def released(self, cell: Cell) -> bool:
        """A finger came up from ``cell``; True if that release must not count as a tap."""
        if self._held is not None and self._held[0] == cell:
            self._held = None
        if self._swallow == cell:
            self._swallow = None
            return True
        return False

    def deadline(self) -> float | None:
        """When the corner being held opens the strip."""
        return None if self._held is None else self._held[1] + HOLD_SECONDS

    def due(self, now: float) -> bool:
        """True once when a corner has been held long enough."""
        deadline = self.deadline()
        if self._held is None or deadline is None or now < deadline:
            return False
        self._swallow = self._held[0]
        self._held = None
        return True

    def open(self, names: tuple[str, ...]) -> None:
        """Light the commands ``names`` across the middle row, centred: two cells apart where
        they fit so, side by side where not, and on the rows above when one row is too short
        (every command on the board, whatever the board's size and the number offered)."""
        self.commands = tuple(
            Command(name, cell) for name, cell in zip(names, self._cells(len(names)), strict=True)
        )
        self.is_open = True

    def _cells(self, count: int) -> list[Cell]:
        return strip_cells(count, self.columns, self.rows)

    def close(self) -> None:
        self.is_open = False
        self.commands = ()

    @property
    def strip_cells(self) -> tuple[Cell, ...]:
        return tuple(command.cell for command in self.commands)

    def command_at(self, cell: Cell) -> str | None:
        for command in self.commands:
            if command.cell == cell:
                return command.name
        return None

    def lights(self, stack: LightStack) -> None:
        """The strip's rows dark but for its commands, over whatever is below."""
        if not self.is_open:
            return
        for y in sorted({cell[1] for cell in self.strip_cells}):
            stack.add([(x, y) for x in range(self.columns)], Light(STRIP_LAYER, p.OFF))
        for command in self.commands:
            look = command_registry.look(command.name)
            stack.add([command.cell], Light(STRIP_LAYER, look))  # added later: on top

    def words(self) -> str:
        """The open strip in words, for the screens."""
        listed = ", ".join(f"{c.name} {cell_name(c.cell)}" for c in self.commands)
        return f"Commands: {listed}. Tap one, or any other cell to close"


def strip_cells(count: int, columns: int, rows: int) -> list[Cell]:
    """Where ``count`` commands lie on a board of ``columns`` x ``rows``: centred on the middle
    row, two apart where they fit, side by side where not, on the rows above when one row is too
    short."""
    middle = rows // 2
    gap = 2 if 2 * count - 1 <= columns else 1
    per_row = max(1, (columns + gap - 1) // gap)
    cells: list[Cell] = []
    for start in range(0, count, per_row):
        in_row = min(per_row, count - start)
        first = (columns - (gap * (in_row - 1) + 1)) // 2
        y = (middle + len(cells) // per_row) % rows  # upwards from the middle row
        cells += [(first + gap * i, y) for i in range(in_row)]
    return cells
