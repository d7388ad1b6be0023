"""The command strip lays every command it is given on the board, whatever its size: two cells
apart across the middle row where they fit, side by side where not, and on the rows above when
one row is too short; never off the grid, never two on one cell."""

from __future__ import annotations

import pytest

from firmware.controller.commands.strip import CommandStrip
from firmware.rules.grid import cell_name


@pytest.mark.parametrize("side", [5, 7, 9, 15, 18])
def test_every_command_has_a_cell_of_its_own_on_the_board(side: int) -> None:
    for count in range(1, 2 * side + 3):
        strip = CommandStrip(side, side)
        strip.open(tuple(f"c{i}" for i in range(count)))
        cells = [command.cell for command in strip.commands]
        assert len(set(cells)) == count
        assert all(0 <= x < side and 0 <= y < side for x, y in cells), (side, count, cells)
        assert "Commands: " in strip.words()
        assert all(strip.command_at(cell) == f"c{i}" for i, cell in enumerate(cells))


def test_the_usual_strip_is_two_apart_and_centred_on_the_middle_row() -> None:
    strip = CommandStrip(15, 15)
    strip.open(("undo", "new", "menu"))
    assert [cell_name(c.cell) for c in strip.commands] == ["f8", "h8", "j8"]
    strip.open(tuple(f"c{i}" for i in range(9)))  # nine: side by side, centred
    assert [c.cell for c in strip.commands] == [(x, 7) for x in range(3, 12)]
