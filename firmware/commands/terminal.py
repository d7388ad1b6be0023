"""The simulated board in a terminal: the LEDs as coloured cells, the sentence for players below."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import TextIO

from firmware.controller.live import BoardView
from firmware.rules.grid import LETTERS
from hal.interfaces import RGB, Frame

HOME = "\x1b[H"  # redraw in place (no flicker), then clear whatever is left below
CLEAR_BELOW = "\x1b[J"
RESET = "\x1b[0m"
MAX_NOTICES = 5


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


def view_text(view: BoardView, notices: tuple[str, ...] = ()) -> str:
    """The whole screen: the board, the message, any error, and the notices that must stay."""
    score = view.score
    lines = [frame_text(view.frame), "", f"  {score.get('message') or ''}"]
    if score.get("error"):
        lines.append(f"  \x1b[31m{score['error']}{RESET}")
    scores = score.get("scores")
    if isinstance(scores, dict) and scores:
        lines.append("  score: " + ", ".join(f"{k} {v}" for k, v in scores.items()))
    lines.append("  type a cell (h8), undo, new, menu, or quit")
    lines.extend(f"  \x1b[33m{notice}{RESET}" for notice in notices)
    return "\n".join(lines)


class TerminalView:
    """Redraws the terminal for every new view (ANSI), or prints each new sentence (plain).

    Notices (warnings, errors) are drawn under the board and stay there until ``clear_notices``
    (the next line typed): a redraw would otherwise wipe a line printed to the terminal.
    """

    def __init__(self, out: TextIO, *, ansi: bool) -> None:
        self._out = out
        self._ansi = ansi
        self._last_line: str | None = None
        self._last_view: BoardView | None = None
        self._notices: tuple[str, ...] = ()
        self._lock = threading.Lock()  # views come from the loop, notices from any thread

    @property
    def ansi(self) -> bool:
        return self._ansi

    def show(self, view: BoardView) -> None:
        with self._lock:
            self._last_view = view
            self._draw(view)

    def notice(self, text: str) -> None:
        """Keep ``text`` on screen under the board until the next line is typed."""
        with self._lock:
            self._notices = (*self._notices, text)[-MAX_NOTICES:]
            if self._ansi and self._last_view is not None:
                self._draw(self._last_view)

    def clear_notices(self) -> None:
        with self._lock:
            self._notices = ()

    def _draw(self, view: BoardView) -> None:
        if self._ansi:
            text = view_text(view, self._notices).replace("\n", "\x1b[K\n")  # clear old tails
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


class Messages:
    """Where the board's one-line messages go: standard error, and the terminal view if any.

    Before a view is attached every message is printed to ``err`` and remembered; an attached
    ANSI view shows the remembered ones and every later one under the board, so a redraw never
    wipes them (``err`` still gets them when it is not the same terminal).
    """

    def __init__(self, err: Callable[[], TextIO]) -> None:
        self._err = err
        self._recent: list[str] = []
        self._view: TerminalView | None = None

    def say(self, message: str) -> None:
        line = f"cullsboard: {message}"
        self._recent = [*self._recent, line][-MAX_NOTICES:]
        view, err = self._view, self._err()
        if view is None or not err.isatty():
            print(line, file=err, flush=True)
        if view is not None:
            view.notice(line)

    def attach(self, view: TerminalView) -> None:
        """Show the messages so far, and every later one, on ``view`` (if it redraws)."""
        if not view.ansi:
            return
        for line in self._recent:
            view.notice(line)
        self._view = view

    def detach(self) -> None:
        self._view = None


class MessageHandler(logging.Handler):
    """Log records (at ``level`` and above) as messages: one line each, kept on screen."""

    def __init__(self, messages: Messages, level: int) -> None:
        super().__init__(level)
        self._messages = messages

    def emit(self, record: logging.LogRecord) -> None:
        self._messages.say(record.getMessage())
