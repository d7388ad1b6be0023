"""The simulated board in a terminal: the LEDs as cells, a legend, the web address, what to do.

Three ways to draw, chosen by ``terminal_style``: coloured cells redrawn in place; letters redrawn
in place (``NO_COLOR``, ``--plain``); or, where the cursor cannot move (``TERM=dumb``, a pipe),
the board as letters (a terminal) or only the sentence (a pipe) whenever the sentence changes.
Everything fits an 80x24 terminal (a taller one gives the words more lines): the sentence for
the players is never cut; when the lines under the board run out, the hint, the voice and what just
happened give way, and the refusal and the warning move beside the board. The cells and the legend
are ``terminal_board``'s, what is typed at the prompt ``terminal_prompt``'s.
"""

from __future__ import annotations

import enum
import os
import textwrap
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TextIO

from firmware.commands.terminal_board import RESET, frame_lines, legend, status_lines
from firmware.commands.terminal_prompt import HELP, help_lines
from firmware.controller.core.live import BoardView
from firmware.controller.view.view_model import ScoreView, read_score

HOME = "\x1b[H"  # redraw in place (no flicker), then clear whatever is left below
CLEAR_SCREEN = "\x1b[2J"
CLEAR_BELOW = "\x1b[J"
CLEAR_LINE_END = "\x1b[K"
WIDTH = 78  # text lines stay inside an 80-column terminal
ROWS = 24  # the smallest terminal the screen fits, the prompt's line included
SIDE_WIDTH = 29  # beside the 49 columns of a 15-column board and a gap of 2


class Style(enum.Enum):
    """How the terminal is drawn."""

    COLOUR = "colour"  # coloured cells, redrawn in place
    LETTERS = "letters"  # letters, redrawn in place
    SCROLL = "scroll"  # the board as letters, printed when the sentence changes
    SENTENCES = "sentences"  # only the sentence, printed when it changes


def terminal_style(environ: Mapping[str, str], *, tty: bool, plain: bool) -> Style:
    """The style for a terminal (``tty``) under ``environ`` (``NO_COLOR``, ``TERM``)."""
    if not tty:
        return Style.SENTENCES
    if environ.get("TERM", "") == "dumb":
        return Style.SCROLL
    if plain or environ.get("NO_COLOR", "") != "":
        return Style.LETTERS
    return Style.COLOUR


@dataclass(frozen=True, slots=True)
class Note:
    """A line kept under the board if there is room, else beside it: a refusal or a warning."""

    text: str
    sgr: str  # its colour's escape parameter: 35 magenta (a refusal), 31 red (a warning)
    mark: str = ""


class TerminalView:
    """Draws each new view, keeping the web address and the last warning on screen."""

    def __init__(self, out: TextIO, style: Style) -> None:
        self._out = out
        self.style = style
        self.address: str | None = None
        self.warning: str | None = None
        self.helping = False  # the commands shown beside the board, until the next typed line
        self._typo = False  # the warning is about a typed line: the next good line clears it
        self._view: BoardView | None = None
        self._last_sentence: str | None = None
        self._started = False

    @property
    def ansi(self) -> bool:
        """Whether the screen is redrawn in place (so lines printed to it would be wiped)."""
        return self.style in (Style.COLOUR, Style.LETTERS)

    def show(self, view: BoardView) -> None:
        self._view = view
        self.redraw()

    def warn(self, text: str) -> None:
        """Keep ``text`` on screen as the last warning (printed at once without a screen)."""
        self.warning = text
        self._typo = False
        if self.ansi:
            self.redraw()
        else:
            self._out.write(f"cullsboard: {text}\n")
            self._out.flush()

    def refuse(self, text: str) -> None:
        """A typed line that could not be done: warned until the next line that can."""
        self.warn(text)
        self._typo = True

    def typed(self) -> None:
        """A typed line was taken: the commands and a refused line's warning go."""
        self.helping = False
        if self._typo:
            self.warning = None
            self._typo = False

    def help(self) -> None:
        """Show every command: beside the board until the next typed line (printed without a
        screen)."""
        if self.ansi:
            self.helping = True
            self.redraw()
            return
        self._out.write("\n".join(help_lines()) + "\n")
        self._out.flush()

    def redraw(self) -> None:
        """Draw the current view again (after typed input, so the prompt comes back)."""
        view = self._view
        if view is None:
            return
        if self.style in (Style.COLOUR, Style.LETTERS):
            lines = self.screen(view)
            start = HOME if self._started else CLEAR_SCREEN + HOME
            self._started = True
            text = (CLEAR_LINE_END + "\n").join(lines)
            self._out.write(start + text + CLEAR_BELOW + "\n> ")
            self._out.flush()
            return
        sentence = read_score(view.score).sentence
        if sentence == self._last_sentence:
            return
        self._last_sentence = sentence
        if self.style is Style.SCROLL:
            self._out.write("\n".join(frame_lines(view.frame, coloured=False)) + "\n")
        self._out.write(sentence + "\n")
        self._out.flush()

    def screen(self, view: BoardView) -> list[str]:
        """Every line of the in-place screen: the board with a side panel, then the words."""
        coloured = self.style is Style.COLOUR
        board = frame_lines(view.frame, coloured=coloured, status=False)
        room = max(self._rows(), ROWS) - 1 - len(board)  # the prompt has the last line
        shown = read_score(view.score)
        extras = _extras(shown)  # what gives way first, the least needed first
        message = textwrap.wrap(shown.message, WIDTH - 2) or [""]
        notes = self._notes(shown)
        aside: list[Note] = []
        while len(extras) + len(message) + len(notes) > room and (extras or notes):
            if extras:
                extras.pop(0)
            else:
                aside.insert(0, notes.pop())
        said = [line for _, line in sorted(extras)]
        side = self._side_panel(view, shown, coloured, aside, len(board))
        lines = [row + ("  " + side[n] if n < len(side) else "") for n, row in enumerate(board)]
        lines += [f"  {_cut(line)}" for line in said]
        lines += [f"  {line}" for line in message]
        lines += [_paint(f"  {note.mark}{_cut(note.text)}", note.sgr, coloured) for note in notes]
        return lines

    def _notes(self, shown: ScoreView) -> list[Note]:
        """The refusal on the board, then the last warning."""
        notes = []
        if shown.error:
            notes.append(Note(shown.error, "35"))
        if self.warning:
            notes.append(Note(self.warning, "31", "! "))
        return notes

    def _rows(self) -> int:
        """The terminal's height (the smallest the screen fits when it cannot be told)."""
        try:
            return os.get_terminal_size(self._out.fileno()).lines
        except (OSError, ValueError):
            return ROWS

    def _side_panel(
        self, view: BoardView, shown: ScoreView, coloured: bool, aside: list[Note], rows: int
    ) -> list[str]:
        """Status LEDs, score, clocks, the address, what to type; the legend (or the commands);
        the notes that found no room under the board; ``rows`` lines at most."""
        panel = status_lines(view.frame, coloured)
        if shown.score_words:
            panel.append(_cut_to(shown.score_words))
        panel += [_cut_to(f"{fact.label}: {fact.words}") for fact in shown.facts]
        if shown.clock is not None:
            sides = shown.clock.words
            line = "clock " + " ".join(sides)
            fits = len(line) <= SIDE_WIDTH
            panel += (
                [line]
                if fits
                else [("clock " if n == 0 else " " * 6) + side for n, side in enumerate(sides)]
            )
        panel.append(_cut_to(f"web {self.address}" if self.address else "web pages off"))
        body = [HELP, "", *legend(view.frame, coloured=coloured)]
        if self.helping:
            body = help_lines()
        tail = [
            _paint(line, note.sgr, coloured)
            for note in aside
            for line in ["", *textwrap.wrap(note.mark + note.text, SIDE_WIDTH)]
        ]
        spare = rows - len(panel) - len(tail)
        if spare < len(body):  # the notes first: the legend or the commands give way
            body = body[: max(spare, 0)]
        return (panel + body + tail)[:rows]

    def close(self) -> None:
        """Leave the shell's prompt on a fresh line."""
        if self.style in (Style.COLOUR, Style.LETTERS) and self._started:
            self._out.write("\n")
            self._out.flush()


def _extras(shown: ScoreView) -> list[tuple[int, str]]:
    """The lines that give way when the screen is short, least needed first, each with its
    place (what just happened, the voice, the hint)."""
    extras = []
    if shown.voice_said:  # the simulated voice: what a real board would say aloud
        extras.append((2, f"voice: {shown.voice_said}"))
    if shown.hint_words:
        extras.append((1, f"hint: {shown.hint_words}"))
    if shown.happened:
        extras.append((0, shown.happened))  # what just happened, above what comes next
    return extras


def _paint(text: str, sgr: str, coloured: bool) -> str:
    """``text`` in the colour ``sgr`` names (as it is without colour)."""
    return f"\x1b[{sgr}m{text}{RESET}" if coloured else text


def _cut_to(text: str) -> str:
    """``text`` cut to the side panel's width."""
    return text if len(text) <= SIDE_WIDTH else text[: SIDE_WIDTH - 1] + "…"


def _cut(text: str) -> str:
    return text if len(text) <= WIDTH - 4 else text[: WIDTH - 6] + " …"
