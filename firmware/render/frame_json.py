"""A frame as JSON, for the pages and the ``--frames`` file: top row first, column a first."""

from __future__ import annotations

import json

from firmware.rules.api import JsonValue
from hal.interfaces import RGB, Frame

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


def frame_object(frame: Frame, t_ms: int) -> dict[str, JsonValue]:
    """``{"t_ms": ..., "grid": [[...15 colours...] x 15], "status": [...]}``."""
    return {"t_ms": t_ms, **frame_json(frame)}


def frame_line(frame: Frame, t_ms: int) -> str:
    """The frame as one JSON line, newline included."""
    return json.dumps(frame_object(frame, t_ms), separators=(",", ":")) + "\n"
