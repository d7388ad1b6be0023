"""The board's LEDs as a terminal draws them: coloured cells, or a letter per colour (capital,
lower case when dim, ``·`` off, ``o`` an empty hole lit faintly), with the column letters, the
status LEDs and a legend of the marks shown."""

from __future__ import annotations

from firmware.render import palette
from firmware.rules.grid import LETTERS
from hal.interfaces import RGB, Frame

RESET = "\x1b[0m"
STATUS_PER_LINE = 7  # status LEDs per line of the side panel
FAINT = palette.HOLE_BELOW  # every channel below this: an empty hole lit faintly, not a piece
DIM = 128  # brightest channel below this: a piece drawn dim (lower-case letter)
OFF_MARK = "·"
FAINT_MARK = "o"
# Letters for the colours the board shows, matched by hue; the legend names them.
NAMED: tuple[tuple[str, str, RGB], ...] = (
    ("B", "blue", palette.PIECES["blue"]),
    ("R", "red", palette.PIECES["red"]),
    ("K", "black", palette.PIECES["black"]),
    ("W", "white", palette.PIECES["white"]),
    ("G", "green", palette.READY),
    ("Y", "yellow", (255, 200, 0)),
    ("M", "magenta", palette.ERROR),  # a refused tap
)
# A flipped chip's pale phase (its colour mixed with white) is its own letter in lower case, as
# its dim phase is: by hue alone pale blue reads as black and pale red as yellow.
PALE: tuple[tuple[str, str, RGB], ...] = tuple(
    (mark.lower(), name, palette.flipped_looks(rgb)[0])
    for mark, name, rgb in NAMED
    if name in ("blue", "red")
)


def letter(colour: RGB) -> str:
    """One character for an LED colour: a capital per named colour, lower case when dim."""
    if colour == (0, 0, 0):
        return OFF_MARK
    brightest = max(colour)
    if brightest < FAINT:
        return FAINT_MARK
    best = min(NAMED + PALE, key=lambda named: _hue_distance(colour, named[2]))
    return best[0] if brightest >= DIM else best[0].lower()


def _hue_distance(a: RGB, b: RGB) -> float:
    """How far apart two colours are once each is scaled to full brightness."""
    top_a, top_b = max(a), max(b)
    return sum((x / top_a - y / top_b) ** 2 for x, y in zip(a, b, strict=True))


def _coloured(colour: RGB) -> str:
    if colour == (0, 0, 0):
        return f"\x1b[38;2;70;70;70m {OFF_MARK} {RESET}"
    r, g, b = colour
    return f"\x1b[48;2;{r};{g};{b}m   {RESET}"


def cell(colour: RGB, coloured: bool) -> str:
    return _coloured(colour) if coloured else f" {letter(colour)} "


def frame_lines(frame: Frame, *, coloured: bool, status: bool = True) -> list[str]:
    """The frame as lines of cells, the top row first, the column letters and (``status``) the
    status LEDs below."""
    columns = len(frame.cells[0]) if frame.cells else 0
    lines = []
    for y in range(len(frame.cells) - 1, -1, -1):
        row = "".join(cell(colour, coloured) for colour in frame.cells[y])
        lines.append(f"{y + 1:>3} {row}")
    letters = "".join(f" {LETTERS[x]} " for x in range(columns))
    lines.append(f"    {letters}")
    if status and frame.status:
        lines.append(f"    status {''.join(cell(colour, coloured) for colour in frame.status)}")
    return lines


def legend(frame: Frame, *, coloured: bool) -> list[str]:
    """What each mark on the board means, for the marks this frame shows."""
    seen = {letter(colour) for row in frame.cells for colour in row}
    seen |= {letter(colour) for colour in frame.status}
    lines = []
    for mark, name, rgb in NAMED:
        if mark in seen or mark.lower() in seen:
            sample = _coloured(rgb) if coloured else f" {mark} "
            dim = f" ({mark.lower()}: dim)" if mark.lower() in seen and not coloured else ""
            lines.append(f"{sample} {name}{dim}")
    if FAINT_MARK in seen:
        sample = _coloured(palette.FACE_TINT) if coloured else f" {FAINT_MARK} "
        lines.append(f"{sample} faint: an empty hole")
    lines.append(f"{cell((0, 0, 0), coloured)} off")
    return lines


def status_lines(frame: Frame, coloured: bool) -> list[str]:
    """The status LEDs, ``STATUS_PER_LINE`` to a line of the side panel."""
    lines = []
    for start in range(0, len(frame.status), STATUS_PER_LINE):
        cells = "".join(
            cell(colour, coloured) for colour in frame.status[start : start + STATUS_PER_LINE]
        )
        lines.append(("status " if start == 0 else " " * 7) + cells)
    return lines
