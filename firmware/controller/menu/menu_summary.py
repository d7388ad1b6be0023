"""The menu as data for the pages: each choice in words with the board cell a tap on it means."""

from __future__ import annotations

from firmware.controller.menu.menu import Menu
from firmware.controller.menu.menu_computer import ComputerRows
from firmware.players import LOWEST, level_words
from firmware.rules.api import JsonValue
from firmware.rules.grid import cell_name
from hal.interfaces import Cell


def _named(menu: Menu, cell: Cell) -> str | None:
    """The board name of ``cell``, or None where a small board has no room for it."""
    x, y = cell
    return cell_name(cell) if 0 <= x < menu.columns and 0 <= y < menu.rows else None


def menu_summary(menu: Menu) -> dict[str, JsonValue]:
    """The scoreboard's ``menu`` object (docs/scoreboard.md): games, option, computer, start."""
    chosen = menu.game_and_rules()
    tiles = menu.tiles()
    games: list[JsonValue] = [
        {
            "label": choice.label,
            "game": choice.game,
            "cell": _named(menu, tile.cells[0]),
            "chosen": index == menu.choice,
        }
        for index, (choice, tile) in enumerate(zip(menu.choices, tiles, strict=False))
    ]
    summary: dict[str, JsonValue] = {
        **chosen.as_json(),
        "label": menu.chosen.label,
        "games": games,
        "option": _option(menu, chosen.rules_dict()),
        "computer": None if menu.computer is None else _computer(menu, menu.computer),
        "start": _named(menu, menu.start_cell),
        "rows": [row.summary(lambda cell: _named(menu, cell)) for row in menu.added],
    }
    return summary


def _option(menu: Menu, rules: dict[str, JsonValue]) -> JsonValue:
    """The picked game's pip option (Culls: round wins): its choices and their first cells."""
    pips = menu.chosen.pips
    if pips is None:
        return None
    choices: list[JsonValue] = []
    for slot, (value, text) in enumerate(zip(pips.choices[:2], pips.texts, strict=False)):
        cells = menu.pip_cells(slot, value)
        choices.append(
            {
                "value": value,
                "text": text,
                "cell": _named(menu, cells[0]),
                "chosen": rules.get(pips.key) == value,
            }
        )
    return {"key": pips.key, "label": pips.label, "choices": choices}


def _computer(menu: Menu, computer: ComputerRows) -> JsonValue:
    """The seats the computer may take (first "nobody") and its levels, with their cells."""
    cells = computer.seat_cells()
    chosen = computer.chosen_seats()
    seats: list[JsonValue] = [
        {"name": "nobody", "colour": None, "cell": _named(menu, cells[0]), "chosen": not chosen}
    ]
    seats += [
        {
            "name": spec.name,
            "colour": spec.colour,
            "cell": _named(menu, cell),
            "chosen": spec in chosen,
        }
        for cell, spec in zip(cells[1:], computer.seats(), strict=True)
    ]
    levels: list[JsonValue] = [
        {
            "level": LOWEST + index,
            "words": level_words(menu.game_and_rules().game, LOWEST + index),
            "cell": _named(menu, cell),
        }
        for index, cell in enumerate(computer.level_cells())
    ]
    return {"seats": seats, "level": computer.level, "levels": levels}
