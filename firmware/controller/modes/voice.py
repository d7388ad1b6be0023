"""The menu's voice cell: on a board with a voice it turns the voice off and on by touch.

On a board with a voice the menu lights one more cell, the middle of the edge nearest the
players (h1 on 15x15): found without sight by counting from a corner, and said aloud as the
menu opens while the voice is on. Bright while the voice is on, dim while it is off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware.render.screens import Tile
from firmware.rules.api import JsonValue
from firmware.rules.grid import cell_name
from hal.interfaces import RGB, Cell

if TYPE_CHECKING:
    from firmware.controller.modes.context import ModeContext

VOICE_LOOK: RGB = (0, 170, 255)


def voice_cell(ctx: ModeContext) -> Cell | None:
    """The menu's voice cell, or None on a board without a voice."""
    return None if ctx.voice_on is None else (ctx.columns // 2, 0)


def voice_tiles(ctx: ModeContext) -> list[Tile]:
    """The voice cell as a menu tile (none without a voice)."""
    cell = voice_cell(ctx)
    return [] if cell is None else [Tile((cell,), (VOICE_LOOK,), bool(ctx.voice_on))]


def voice_fields(ctx: ModeContext) -> dict[str, JsonValue]:
    """The menu's ``voice`` key: its cell, whether the voice is on, and where it is in words
    (said as the menu opens); null without a voice."""
    cell = voice_cell(ctx)
    if cell is None:
        return {"voice": None}
    name = cell_name(cell)
    then = "off" if ctx.voice_on else "on"
    said = (
        f"The voice cell is {name}, the middle of the edge nearest you: "
        f"tap it to turn the voice {then}"
    )
    return {"voice": {"cell": name, "on": bool(ctx.voice_on), "said": said}}


def voice_words(ctx: ModeContext) -> str:
    """The voice cell in the menu's sentence ("Voice h1: on. "; "" without a voice)."""
    cell = voice_cell(ctx)
    if cell is None:
        return ""
    return f"Voice {cell_name(cell)}: {'on' if ctx.voice_on else 'off'}. "
