"""A row of choices a part of the board adds to the menu (the game clock's, say).

The menu lights its tiles, hands it every tap, says its choice among the menu's words and its
cells among the cells to tap; the pages get its ``summary`` in the scoreboard's ``menu.rows``
(docs/scoreboard.md) and show it as a group of buttons, each a tap on its cell.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from firmware.render.screens import Tile
from firmware.rules.api import JsonValue
from hal.interfaces import Cell

CellName = Callable[[Cell], "str | None"]  # a cell's board name, None where it is off the board


class MenuRow(Protocol):
    """Choices in a row of menu cells; one of them is the chosen one."""

    def tiles(self) -> list[Tile]: ...

    def tap(self, cell: Cell) -> None:
        """Pick the choice ``cell`` shows (any other cell: nothing)."""

    def chosen_words(self) -> str | None:
        """The choice in the menu's sentence of what starts ("clock 5+3"); None: nothing said."""

    def where(self, name: CellName) -> str:
        """Its cells to tap, in words ("clock: e2 none, f2 3+2, ...")."""

    def summary(self, name: CellName) -> dict[str, JsonValue]:
        """``{"key", "label", "choices": [{"value", "text", "cell", "chosen"}]}`` for the pages."""


def row_summary(
    key: str, label: str, choices: list[tuple[str, str, Cell, bool]], name: CellName
) -> dict[str, JsonValue]:
    """A row's ``summary`` from its (value, text, cell, chosen) choices."""
    shown: list[JsonValue] = [
        {"value": value, "text": text, "cell": name(cell), "chosen": chosen}
        for value, text, cell, chosen in choices
    ]
    return {"key": key, "label": label, "choices": shown}
