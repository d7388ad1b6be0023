"""Where each cell's LED sits on the chain.

The chain runs along the grid starting at one corner. With the defaults (``bottom-left``,
``horizontal``) LED 0 is under cell a1 ``(0, 0)``, LED 1 under ``(1, 0)`` and so on along the
bottom row; a ``serpentine`` chain then comes back along the second row from the right, a ``rows``
chain starts every row again on the left. ``vertical`` runs the same way up and down the columns.
Status LEDs always follow the last grid LED, in order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

Corner = Literal["bottom-left", "bottom-right", "top-left", "top-right"]
Direction = Literal["horizontal", "vertical"]

CORNERS: tuple[Corner, ...] = ("bottom-left", "bottom-right", "top-left", "top-right")
DIRECTIONS: tuple[Direction, ...] = ("horizontal", "vertical")


@dataclass(frozen=True, slots=True)
class LedMapping:
    """``cell_for_led[i]`` is the cell under LED ``i``, as ``row * columns + column``."""

    columns: int
    rows: int
    cell_for_led: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.columns < 1 or self.rows < 1:
            raise ValueError(f"the grid needs at least one cell, got {self.columns}x{self.rows}")
        count = self.columns * self.rows
        if len(self.cell_for_led) != count:
            raise ValueError(
                f"LED map has {len(self.cell_for_led)} entries, the {self.columns}x{self.rows}"
                f" grid has {count} cells"
            )
        seen: set[int] = set()
        for led, cell in enumerate(self.cell_for_led):
            if not 0 <= cell < count:
                raise ValueError(f"LED map entry {led} is cell {cell}, outside 0..{count - 1}")
            if cell in seen:
                raise ValueError(f"LED map entry {led} repeats cell {cell}")
            seen.add(cell)

    @classmethod
    def serpentine(
        cls,
        columns: int,
        rows: int,
        *,
        start: Corner = "bottom-left",
        direction: Direction = "horizontal",
    ) -> LedMapping:
        """A chain that turns back at the end of every row (or column)."""
        return cls(columns, rows, _walk(columns, rows, start, direction, zigzag=True))

    @classmethod
    def rows_layout(
        cls,
        columns: int,
        rows: int,
        *,
        start: Corner = "bottom-left",
        direction: Direction = "horizontal",
    ) -> LedMapping:
        """A chain that starts every row (or column) again from the same side."""
        return cls(columns, rows, _walk(columns, rows, start, direction, zigzag=False))

    @classmethod
    def explicit(cls, columns: int, rows: int, cells: Sequence[int]) -> LedMapping:
        """A hand-made chain: ``cells[i]`` is the cell index under LED ``i``."""
        return cls(columns, rows, tuple(cells))


def _walk(
    columns: int, rows: int, start: Corner, direction: Direction, *, zigzag: bool
) -> tuple[int, ...]:
    if start not in CORNERS:
        raise ValueError(f"unknown LED start corner {start!r}: use one of {', '.join(CORNERS)}")
    if direction not in DIRECTIONS:
        raise ValueError(f"unknown LED direction {direction!r}: use horizontal or vertical")
    from_right = start.endswith("right")
    from_top = start.startswith("top")
    column_order = list(range(columns))[:: -1 if from_right else 1]
    row_order = list(range(rows))[:: -1 if from_top else 1]
    order: list[int] = []
    if direction == "horizontal":
        for lap, row in enumerate(row_order):
            along = column_order[::-1] if zigzag and lap % 2 else column_order
            order.extend(row * columns + column for column in along)
    else:
        for lap, column in enumerate(column_order):
            along = row_order[::-1] if zigzag and lap % 2 else row_order
            order.extend(row * columns + column for row in along)
    return tuple(order)
