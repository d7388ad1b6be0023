"""Board views as JSON for the pages."""

from __future__ import annotations

import json
from pathlib import Path

from firmware.controller.commands import command_registry
from firmware.controller.core.live import BoardView
from firmware.controller.view.view_model import read_score
from firmware.render.frame_json import frame_json
from firmware.rules.api import JsonValue
from firmware.rules.grid import cell_name as cell_name
from firmware.rules.registry import find_pages, game_names
from hal.interfaces import Frame

PAGE_MODULE = "page.js"  # a game's own drawing for the pages, in the folder it registers
RULES_MODULE = "rules.js"  # a game's rules card for the board page, beside it


def view_json(view: BoardView, *, pin_required: bool) -> dict[str, JsonValue]:
    """One message for the pages: the frame, the scoreboard and how control works."""
    control: dict[str, JsonValue] = {
        "pin_required": pin_required,
        "buttons": list(command_registry.pressable()),  # what /api/press takes
        "commands": command_registry.page_buttons(),  # the page's buttons and their labels
    }
    return {
        "frame": frame_json(view.frame),
        "score": view.score,
        "control": control,
        "page": page_module(read_score(view.score).game),
    }


def page_module(game: JsonValue) -> str | None:
    """The address of the game's own script for the pages (``/games/<name>/page.js``), if any."""
    if not isinstance(game, str) or page_folder(game) is None:
        return None
    return f"/games/{game}/{PAGE_MODULE}"


def page_folder(game: str) -> Path | None:
    """The page assets the game called ``game`` registered, if it is known and ships a page."""
    if not game.isidentifier() or game not in game_names():
        return None
    where = find_pages(game)
    folder = None if where is None else Path(where)
    return folder if folder is not None and (folder / PAGE_MODULE).is_file() else None


def assets_folder(game: str) -> Path | None:
    """The folder a known game registered for the pages, if it ships a drawing or a rules card."""
    if not game.isidentifier() or game not in game_names():
        return None
    where = find_pages(game)
    folder = None if where is None else Path(where)
    if folder is None or not any((folder / name).is_file() for name in (PAGE_MODULE, RULES_MODULE)):
        return None
    return folder


def page_folders() -> dict[str, Path]:
    """Every game's page assets (its drawing, its rules card), by game name, where it has them."""
    return {name: folder for name in game_names() if (folder := assets_folder(name)) is not None}


def view_text(view: BoardView, *, pin_required: bool) -> str:
    """``view_json`` as compact JSON text, encoded once for every client."""
    return json.dumps(view_json(view, pin_required=pin_required), separators=(",", ":"))


def board_size(frame: Frame) -> tuple[int, int]:
    """``(columns, rows)`` of the frame's grid."""
    rows = len(frame.cells)
    return (len(frame.cells[0]) if rows else 0), rows
