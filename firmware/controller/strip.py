"""The command strip: a board without buttons still has undo, new and menu.

Holding any corner cell for ``HOLD_SECONDS`` opens a strip of command cells lit across the middle
row; a tap on one of them does what the button of that name does, a tap anywhere else closes the
strip and means nothing else. The finger that opened it is let go without it counting as a tap.
"""

from __future__ import annotations

from dataclasses import dataclass

from firmware.render import palette as p
from firmware.render.stack import Light, LightStack
from firmware.rules.grid import cell_name
from hal.interfaces import RGB, Cell

HOLD_SECONDS = 1.5
STRIP_LAYER = p.ERRORS - 1  # over the game and the menu, under error flashes
COMMAND_LOOKS: dict[str, RGB] = {
    "undo": (255, 140, 0),
    "new": p.READY,
    "menu": p.MENU_CHOSEN,
    "hint": (170, 60, 255),
    "review": (0, 180, 255),
    "back": (0, 180, 255),
    "forward": (0, 180, 255),
    "leave": p.MENU_CHOSEN,
    "lesson": p.HINT,
    "puzzle": (0, 180, 255),
    "resign": (255, 40, 40),  # asks first: modes/resign.py
    "mistakes": p.MISTAKE,  # "show my mistakes" after a round against the computer
}


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
        """Light the commands ``names`` across the middle row, two cells apart, centred; more
        than fit so go side by side, and more than a row holds go on to the rows above."""
        self.commands = tuple(map(Command, names, strip_cells(len(names), self.columns, self.rows)))
        self.is_open = True

    def close(self) -> None:
        self.is_open = False
        self.commands = ()

    def command_at(self, cell: Cell) -> str | None:
        for command in self.commands:
            if command.cell == cell:
                return command.name
        return None

    def lights(self, stack: LightStack) -> None:
        """The strip's rows dark but for its commands, over whatever is below."""
        if not self.is_open:
            return
        rows = {c.cell[1] for c in self.commands} or {self.rows // 2}
        stack.add(
            [(x, y) for y in sorted(rows) for x in range(self.columns)], Light(STRIP_LAYER, p.OFF)
        )
        for command in self.commands:
            look = COMMAND_LOOKS.get(command.name, p.ACCEPT)
            stack.add([command.cell], Light(STRIP_LAYER, look))  # added later: on top

    def words(self) -> str:
        """The open strip in words, for the screens."""
        listed = ", ".join(f"{c.name} {cell_name(c.cell)}" for c in self.commands)
        return f"Commands: {listed}. Tap one, or any other cell to close"


def strip_cells(count: int, columns: int, rows: int) -> list[Cell]:
    """Where ``count`` commands lie on a ``columns`` x ``rows`` board, every one on the grid:
    the middle row, two apart while they fit, else side by side, row after row upwards."""
    middle = rows // 2
    if 2 * count - 1 <= columns:
        first = columns // 2 - (count - 1)
        return [(first + 2 * i, middle) for i in range(count)]
    lines = [min(columns, count - start) for start in range(0, count, columns)]
    if middle + len(lines) > rows - 1:  # never onto the top row and its corners
        raise ValueError(f"{count} commands do not fit on a {columns} x {rows} board")
    cells: list[Cell] = []
    for line, width in enumerate(lines):
        first = (columns - width) // 2
        cells += [(first + i, middle + line) for i in range(width)]
    return cells
