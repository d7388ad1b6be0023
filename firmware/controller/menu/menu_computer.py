"""The menu's "vs computer" rows: which seats the computer takes (any, or none) and its level.

Below the game tiles: a row with a white "nobody" cell and one cell per seat of the picked game in
that seat's colour, and under it one cell per level, lit up to the level chosen. A tap on a seat's
cell gives that seat to the computer or back to people; a tap on "nobody" gives every seat back.
The chosen seats are bright ("nobody" is bright when there are none): with every seat chosen the
board plays itself.
"""

from __future__ import annotations

from collections.abc import Callable

from firmware.controller.computer.computer import ComputerChoice, seat_key
from firmware.controller.core.adapter import SeatSpec
from firmware.players import HIGHEST, LOWEST
from firmware.render import palette as p
from firmware.render.screens import Tile
from hal.interfaces import Cell

SeatsOf = Callable[[], tuple[SeatSpec, ...]]  # the seats of the game picked on the menu


class ComputerRows:
    """The rows that show and change the computer's ``choice`` for the game picked on the menu."""

    def __init__(self, columns: int, rows: int, seats_of: SeatsOf, choice: ComputerChoice) -> None:
        """``choice``: the board's one record of the computer's seats and level."""
        self.columns = columns
        self.rows = rows
        self._seats_of = seats_of
        self.choice = choice

    @property
    def level(self) -> int:
        return self.choice.level

    def seats(self) -> tuple[SeatSpec, ...]:
        return self._seats_of()

    def chosen_seats(self) -> tuple[SeatSpec, ...]:
        """The seats of the picked game chosen for the computer, in seat order."""
        return tuple(spec for spec in self.seats() if self.choice.takes(spec))

    def seat_cells(self) -> tuple[Cell, ...]:
        """The "nobody" cell, then one cell per seat, two cells apart, centred."""
        count = len(self.seats())
        y = self.rows // 2 - 2
        left = self.columns // 2 - count
        return tuple((left + 2 * i, y) for i in range(count + 1))

    def level_cells(self) -> tuple[Cell, ...]:
        y = self.rows // 2 - 3
        left = self.columns // 2 - (HIGHEST - LOWEST + 1) // 2
        return tuple((left + i, y) for i in range(HIGHEST - LOWEST + 1))

    def tiles(self) -> list[Tile]:
        seats = self.seats()
        chosen = self.chosen_seats()
        cells = self.seat_cells()
        tiles = [Tile(cells[:1], (p.MENU_CHOSEN,), not chosen)]
        tiles += [
            Tile((cell,), (p.piece(spec.colour),), spec in chosen)
            for cell, spec in zip(cells[1:], seats, strict=True)
        ]
        tiles += [
            Tile((cell,), (p.MENU_CHOSEN,), LOWEST + index <= self.level)
            for index, cell in enumerate(self.level_cells())
        ]
        return tiles

    def tap(self, cell: Cell) -> None:
        """Toggle the seat, clear the seats ("nobody") or pick the level ``cell`` shows (any
        other cell: nothing)."""
        seat_cells = self.seat_cells()
        if cell == seat_cells[0]:
            self.choice.choose(())
        elif cell in seat_cells:
            self.choice.choose(self._toggled(self.seats()[seat_cells.index(cell) - 1]))
        level_cells = self.level_cells()
        if cell in level_cells:
            self.choice.choose(self.choice.seats, LOWEST + level_cells.index(cell))

    def _toggled(self, tapped: SeatSpec) -> set[str]:
        """The choice with ``tapped`` given to the computer or back, the picked game's seats by
        name (so a colour chosen for two seats splits); other games' seats stay chosen."""
        seats = self.seats()
        own = {seat_key(word) for spec in seats for word in (spec.name, spec.colour)}
        kept = {key for key in self.choice.seats if key not in own}
        names = {seat_key(spec.name) for spec in self.chosen_seats()}
        return kept | (names ^ {seat_key(tapped.name)})
