"""docs/cubulus-layout.md draws the layout the code uses, cell for cell."""

from __future__ import annotations

import re
from pathlib import Path

from firmware.games.cubulus.layout import (
    SIZE,
    CentreCell,
    FaceCell,
    SupplySlot,
    push_token,
    role_of,
)

DOC = Path(__file__).resolve().parents[3] / "docs" / "cubulus-layout.md"
MARKS = {"red": "r", "black": "k", "white": "w"}


def pictures() -> list[list[str]]:
    """The fenced text blocks of the page, each as its lines."""
    text = DOC.read_text(encoding="utf-8")
    return [block.splitlines() for block in re.findall(r"```text\n(.*?)```", text, re.DOTALL)]


def rows(picture: list[str]) -> dict[int, list[str]]:
    """Each numbered row of a picture (row 1 at the bottom) as its entries from column a."""
    found = {}
    for line in picture[1:]:
        number, *entries = line.split()
        found[int(number)] = entries
    return found


def mark(cell: tuple[int, int]) -> str:
    role = role_of(cell)
    if isinstance(role, FaceCell):
        return role.face
    if isinstance(role, CentreCell):
        return "*"
    if isinstance(role, SupplySlot):
        return MARKS[role.colour]
    return "."


def test_the_overview_marks_every_board_cell() -> None:
    overview = rows(pictures()[0])
    assert sorted(overview) == list(range(1, SIZE + 1))
    for number, entries in overview.items():
        assert entries == [mark((x, number - 1)) for x in range(SIZE)], f"row {number}"


def test_the_token_picture_names_every_push() -> None:
    drawn = rows(pictures()[1])
    shown = 0
    for number, entries in drawn.items():
        assert len(entries) == SIZE
        for x, entry in enumerate(entries):
            assert entry == (push_token((x, number - 1)) or "."), f"column {x}, row {number}"
            shown += entry != "."
    assert shown == 54
