"""Board views as JSON for the pages, and cell names read from the network."""

from __future__ import annotations

import json

from firmware.controller.live import BoardView
from firmware.rules.api import JsonValue
from firmware.rules.grid import cell_name as cell_name
from firmware.rules.grid import parse_cell
from hal.interfaces import RGB, Cell, Frame

BUTTONS = ("undo", "new", "menu", "hint")
MAX_NAME_LENGTH = 4  # a letter and at most three digits
ANY_BOARD = 1000  # a side no name of MAX_NAME_LENGTH can be off, so only the form is checked
_HEX = tuple(f"{n:02x}" for n in range(256))


def hex_colour(rgb: RGB) -> str:
    """``(255, 128, 0)`` as ``"#ff8000"`` (out-of-range channels are clamped)."""
    r, g, b = rgb
    if 0 <= r <= 255 and 0 <= g <= 255 and 0 <= b <= 255:
        return "#" + _HEX[r] + _HEX[g] + _HEX[b]
    return "#" + "".join(_HEX[max(0, min(255, int(channel)))] for channel in rgb)


def frame_json(frame: Frame) -> dict[str, JsonValue]:
    """The frame as colours: ``grid`` rows top row first, each from column a; then ``status``."""
    grid: list[JsonValue] = [[hex_colour(rgb) for rgb in row] for row in reversed(frame.cells)]
    status: list[JsonValue] = [hex_colour(rgb) for rgb in frame.status]
    return {"grid": grid, "status": status}


def view_json(view: BoardView, *, pin_required: bool) -> dict[str, JsonValue]:
    """One message for the pages: the frame, the scoreboard and how control works."""
    control: dict[str, JsonValue] = {"pin_required": pin_required, "buttons": list(BUTTONS)}
    return {"frame": frame_json(view.frame), "score": view.score, "control": control}


def view_text(view: BoardView, *, pin_required: bool) -> str:
    """``view_json`` as compact JSON text, encoded once for every client."""
    return json.dumps(view_json(view, pin_required=pin_required), separators=(",", ":"))


def board_size(frame: Frame) -> tuple[int, int]:
    """``(columns, rows)`` of the frame's grid."""
    rows = len(frame.cells)
    return (len(frame.cells[0]) if rows else 0), rows


def parse_cell_name(text: str, columns: int, rows: int) -> Cell:
    """The ``(column, row)`` of a name like ``h8``; ValueError names the cell and says why not."""
    name = text.strip().lower()
    cell = _read_cell_name(name)
    if cell is None:
        shown = text.strip()[:12] or "an empty name"
        raise ValueError(f"{shown!r} is not a cell name (expected a letter and a number, like h8)")
    column, row = cell
    if column >= columns or row >= rows:
        raise ValueError(f"{name} is off the {columns}x{rows} board")
    return cell


def _read_cell_name(name: str) -> Cell | None:
    """The cell a well-formed name stands for on any board, else None."""
    if len(name) > MAX_NAME_LENGTH:
        return None
    try:
        return parse_cell(name, ANY_BOARD)
    except ValueError:
        return None
