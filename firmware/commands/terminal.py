"""The simulated board in a terminal: the LEDs as coloured cells, the sentence for players below."""

from __future__ import annotations

from typing import TextIO

from firmware.controller.live import BoardView
from firmware.rules.grid import LETTERS
from hal.interfaces import RGB, Frame

HOME = "\x1b[H"  # redraw in place (no flicker), then clear whatever is left below
CLEAR_BELOW = "\x1b[J"
RESET = "\x1b[0m"


def _cell(colour: RGB) -> str:
    if colour == (0, 0, 0):
        return "\x1b[38;2;70;70;70m · " + RESET
    r, g, b = colour
    return f"\x1b[48;2;{r};{g};{b}m   {RESET}"


def frame_text(frame: Frame) -> str:
    """The frame as lines of coloured cells, row 15 at the top, with the cell names around it."""
    columns = len(frame.cells[0]) if frame.cells else 0
    lines = []
    for y in range(len(frame.cells) - 1, -1, -1):
        row = "".join(_cell(colour) for colour in frame.cells[y])
        lines.append(f"{y + 1:>3} {row}")
    lines.append("    " + "".join(f" {LETTERS[x]} " for x in range(columns)))
    if frame.status:
        lines.append("    status " + "".join(_cell(colour) for colour in frame.status))
    return "\n".join(lines)


def view_text(view: BoardView) -> str:
    """The whole screen: the board, the message and any error."""
    score = view.score
    lines = [frame_text(view.frame), "", f"  {score.get('message') or ''}"]
    if score.get("error"):
        lines.append(f"  \x1b[31m{score['error']}{RESET}")
    scores = score.get("scores")
    if isinstance(scores, dict) and scores:
        lines.append("  score: " + ", ".join(f"{k} {v}" for k, v in scores.items()))
    lines.append("  type a cell (h8), undo, new, menu, or quit")
    return "\n".join(lines)


class TerminalView:
    """Redraws the terminal for every new view (ANSI), or prints each new sentence (plain)."""

    def __init__(self, out: TextIO, *, ansi: bool) -> None:
        self._out = out
        self._ansi = ansi
        self._last_line: str | None = None

    def show(self, view: BoardView) -> None:
        if self._ansi:
            text = view_text(view).replace("\n", "\x1b[K\n")  # each line: clear its old tail
            self._out.write(HOME + text + CLEAR_BELOW + "\n> ")
            self._out.flush()
            return
        line = str(view.score.get("message") or "")
        error = view.score.get("error")
        if error:
            line = f"{line} [{error}]"
        if line != self._last_line:
            self._last_line = line
            self._out.write(line + "\n")
            self._out.flush()
