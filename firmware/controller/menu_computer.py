"""The menu's "vs computer" rows: which seat the computer takes (or none) and its level.

Below the game tiles: a row with a white "nobody" cell and one cell per seat of the picked game in
that seat's colour (the chosen one bright), and under it one cell per level, lit up to the level
chosen.
"""

from __future__ import annotations

from collections.abc import Callable

from firmware.controller.adapter import SeatSpec
from firmware.players import HIGHEST, LOWEST
from firmware.render import palette as p
from firmware.render.screens import Tile
from hal.interfaces import Cell

SeatsOf = Callable[[], tuple[SeatSpec, ...]]  # the seats of the game picked on the menu


class ComputerRows:
    """The seat the computer plays on a game started from the menu (None: nobody) and its level."""

    def __init__(self, columns: int, rows: int, seats_of: SeatsOf) -> None:
        self.columns = columns
        self.rows = rows
        self._seats_of = seats_of
        self.seat: int | None = None
        self.level = HIGHEST

    def seats(self) -> tuple[SeatSpec, ...]:
        return self._seats_of()

    def chosen_seat(self) -> SeatSpec | None:
        """The seat picked for the computer, if the picked game has it."""
        seats = self.seats()
        return seats[self.seat] if self.seat is not None and self.seat < len(seats) else None

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
        looks = [p.MENU_CHOSEN, *(p.piece(spec.colour) for spec in self.seats())]
        picked = 0 if self.chosen_seat() is None else (self.seat or 0) + 1
        tiles = [
            Tile((cell,), (look,), index == picked)
            for index, (cell, look) in enumerate(zip(self.seat_cells(), looks, strict=True))
        ]
        tiles += [
            Tile((cell,), (p.MENU_CHOSEN,), LOWEST + index <= self.level)
            for index, cell in enumerate(self.level_cells())
        ]
        return tiles

    def tap(self, cell: Cell) -> None:
        """Pick the seat or the level ``cell`` shows (any other cell: nothing)."""
        seat_cells = self.seat_cells()
        if cell in seat_cells:
            index = seat_cells.index(cell)
            self.seat = None if index == 0 else index - 1
        level_cells = self.level_cells()
        if cell in level_cells:
            self.level = LOWEST + level_cells.index(cell)
