"""A sent frame as one line of ``--frames`` JSON: top row first, column a first, ``#rrggbb``."""

from __future__ import annotations

import json

from firmware.render.palette import hex_colour
from hal.interfaces import Frame


def frame_object(frame: Frame, t_ms: int) -> dict[str, object]:
    """``{"t_ms": ..., "grid": [[...15 colours...] x 15], "status": [...]}``."""
    return {
        "t_ms": t_ms,
        "grid": [[hex_colour(c) for c in row] for row in reversed(frame.cells)],
        "status": [hex_colour(c) for c in frame.status],
    }


def frame_line(frame: Frame, t_ms: int) -> str:
    """The frame as one JSON line, newline included."""
    return json.dumps(frame_object(frame, t_ms), separators=(",", ":")) + "\n"
