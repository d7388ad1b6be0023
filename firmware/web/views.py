"""Board views as JSON for the pages."""

from __future__ import annotations

import json
from pathlib import Path

from firmware.controller.live import BoardView
from firmware.render.frame_json import frame_json
from firmware.rules.api import JsonValue
from firmware.rules.grid import cell_name as cell_name
from hal.interfaces import Frame

BUTTONS = ("undo", "new", "menu", "hint")
PAGE_MODULE = "page.js"  # a game's own drawing for the pages, in firmware/games/<name>/web/
RULES_MODULE = "rules.js"  # a game's rules card for the board page, beside it
GAMES = Path(__file__).resolve().parents[1] / "games"


def view_json(view: BoardView, *, pin_required: bool) -> dict[str, JsonValue]:
    """One message for the pages: the frame, the scoreboard and how control works."""
    control: dict[str, JsonValue] = {"pin_required": pin_required, "buttons": list(BUTTONS)}
    return {
        "frame": frame_json(view.frame),
        "score": view.score,
        "control": control,
        "page": page_module(view.score.get("game")),
    }


def page_module(game: JsonValue) -> str | None:
    """The address of the game's own script for the pages (``/games/<name>/page.js``), if any."""
    if not isinstance(game, str) or not game.isidentifier():
        return None
    has_page = (GAMES / game / "web" / PAGE_MODULE).is_file()
    return f"/games/{game}/{PAGE_MODULE}" if has_page else None


def view_text(view: BoardView, *, pin_required: bool) -> str:
    """``view_json`` as compact JSON text, encoded once for every client."""
    return json.dumps(view_json(view, pin_required=pin_required), separators=(",", ":"))


def board_size(frame: Frame) -> tuple[int, int]:
    """``(columns, rows)`` of the frame's grid."""
    rows = len(frame.cells)
    return (len(frame.cells[0]) if rows else 0), rows
