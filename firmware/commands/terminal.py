"""The simulated board in a terminal: the LEDs as cells, a legend, the web address, what to do.

Three ways to draw, chosen by ``terminal_style``: coloured cells redrawn in place; letters redrawn
in place (``NO_COLOR``, ``--plain``); or, where the cursor cannot move (``TERM=dumb``, a pipe),
the board as letters (a terminal) or only the sentence (a pipe) whenever the sentence changes.
Everything fits an 80x24 terminal (a taller one gives the words more lines): the sentence for
the players is never cut; when the lines under the board run out, the hint, the voice and what just
happened give way, and the refusal and the warning move beside the board.
"""

from __future__ import annotations

import enum
import os
import textwrap
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TextIO

from firmware.controller import command_registry
from firmware.controller.live import BoardView, Press
from firmware.render import palette
from firmware.rules.api import JsonValue
from firmware.rules.grid import LETTERS
from firmware.wiring.script import BUTTONS, ScriptError, Step, parse_line
from hal.interfaces import RGB, Frame

HOME = "\x1b[H"  # redraw in place (no flicker), then clear whatever is left below
CLEAR_SCREEN = "\x1b[2J"
CLEAR_BELOW = "\x1b[J"
CLEAR_LINE_END = "\x1b[K"
RESET = "\x1b[0m"
WIDTH = 78  # text lines stay inside an 80-column terminal
ROWS = 24  # the smallest terminal the screen fits, the prompt's line included
SIDE_WIDTH = 29  # beside the 49 columns of a 15-column board and a gap of 2
STATUS_PER_LINE = 7  # status LEDs per line of the side panel
HELP = "type a cell like h8, or help"
QUIT = ("quit", "exit", "q")


def presses() -> tuple[str, ...]:
    """Words typed at the prompt that press what the board page's buttons press (a board without
    those buttons has them on its command strip): every pressable command the script does not
    take itself."""
    return tuple(name for name in command_registry.pressable() if name not in BUTTONS)


def commands() -> tuple[tuple[str, str], ...]:
    """Every command the prompt takes, as ``help`` shows it: each line fits the side panel, and
    all of them fit beside a 15-row board under the status LEDs, the score, a clock and the
    address."""
    return (
        ("h8", "tap that cell"),
        *command_registry.help_lines(),
        ("help", "this list"),
        ("quit", "leave (or Ctrl-D)"),
    )


COMMAND_COLUMN = 9  # where the words say what a command does ("mistakes" and a space)
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


def _cell(colour: RGB, coloured: bool) -> str:
    return _coloured(colour) if coloured else f" {letter(colour)} "


def frame_lines(frame: Frame, *, coloured: bool, status: bool = True) -> list[str]:
    """The frame as lines of cells, the top row first, the column letters and (``status``) the
    status LEDs below."""
    columns = len(frame.cells[0]) if frame.cells else 0
    lines = []
    for y in range(len(frame.cells) - 1, -1, -1):
        row = "".join(_cell(colour, coloured) for colour in frame.cells[y])
        lines.append(f"{y + 1:>3} {row}")
    letters = "".join(f" {LETTERS[x]} " for x in range(columns))
    lines.append(f"    {letters}")
    if status and frame.status:
        lines.append(f"    status {''.join(_cell(colour, coloured) for colour in frame.status)}")
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
    lines.append(f"{_cell((0, 0, 0), coloured)} off")
    return lines


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
        sentence = _sentence(view)
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
        extras = _extras(view)  # what gives way first, the least needed first
        message = textwrap.wrap(str(view.score.get("message") or ""), WIDTH - 2) or [""]
        notes = self._notes(view)
        aside: list[Note] = []
        while len(extras) + len(message) + len(notes) > room and (extras or notes):
            if extras:
                extras.pop(0)
            else:
                aside.insert(0, notes.pop())
        said = [line for _, line in sorted(extras)]
        side = self._side_panel(view, coloured, aside, len(board))
        lines = [row + ("  " + side[n] if n < len(side) else "") for n, row in enumerate(board)]
        lines += [f"  {_cut(line)}" for line in said]
        lines += [f"  {line}" for line in message]
        lines += [_paint(f"  {note.mark}{_cut(note.text)}", note.sgr, coloured) for note in notes]
        return lines

    def _notes(self, view: BoardView) -> list[Note]:
        """The refusal on the board, then the last warning."""
        notes = []
        error = view.score.get("error")
        if error:
            notes.append(Note(str(error), "35"))
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
        self, view: BoardView, coloured: bool, aside: list[Note], rows: int
    ) -> list[str]:
        """Status LEDs, score, clocks, the address, what to type; the legend (or the commands);
        the notes that found no room under the board; ``rows`` lines at most."""
        panel = _status_lines(view.frame, coloured)
        scores = view.score.get("scores")
        if isinstance(scores, dict) and scores:
            panel.append(_cut_to("score " + ", ".join(f"{k} {v}" for k, v in scores.items())))
        clock = view.score.get("clock")
        left = clock.get("left_ms") if isinstance(clock, dict) else None
        if isinstance(clock, dict) and isinstance(left, dict):
            sides = clock_sides(left, clock.get("running"))
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


def help_lines() -> list[str]:
    """Every command the prompt takes, a line each."""
    return [
        "commands:",
        *(f"{word:<{_column(word)}}{what}" for word, what in commands()),
    ]


def _column(word: str) -> int:
    """Where a command's words start: at ``COMMAND_COLUMN``, or two spaces after a longer word."""
    return COMMAND_COLUMN if len(word) < COMMAND_COLUMN else len(word) + 2


def _status_lines(frame: Frame, coloured: bool) -> list[str]:
    """The status LEDs, ``STATUS_PER_LINE`` to a line of the side panel."""
    lines = []
    for start in range(0, len(frame.status), STATUS_PER_LINE):
        cells = "".join(
            _cell(colour, coloured) for colour in frame.status[start : start + STATUS_PER_LINE]
        )
        lines.append(("status " if start == 0 else " " * 7) + cells)
    return lines


def _extras(view: BoardView) -> list[tuple[int, str]]:
    """The lines that give way when the screen is short, least needed first, each with its
    place (what just happened, the voice, the hint)."""
    extras = []
    spoken = _voice(view)
    if spoken:  # the simulated voice: what a real board would say aloud
        extras.append((2, f"voice: {spoken}"))
    words = _hint_words(view)
    if words:
        extras.append((1, f"hint: {words}"))
    said = view.score.get("last_action")
    if isinstance(said, str) and said and view.score.get("phase") != "menu":
        extras.append((0, said))  # what just happened, above what comes next
    return extras


def _paint(text: str, sgr: str, coloured: bool) -> str:
    """``text`` in the colour ``sgr`` names (as it is without colour)."""
    return f"\x1b[{sgr}m{text}{RESET}" if coloured else text


def _cut_to(text: str) -> str:
    """``text`` cut to the side panel's width."""
    return text if len(text) <= SIDE_WIDTH else text[: SIDE_WIDTH - 1] + "…"


def clock_sides(left_ms: dict[str, JsonValue], running: JsonValue) -> list[str]:
    """Each side's time as ``blue 4:05*`` (``*``: the clock that runs), whole seconds up."""
    parts = []
    for side, ms in left_ms.items():
        seconds = (ms + 999) // 1000 if isinstance(ms, int) else 0
        mark = "*" if side == running else ""
        parts.append(f"{side} {seconds // 60}:{seconds % 60:02d}{mark}")
    return parts


def _sentence(view: BoardView) -> str:
    line = str(view.score.get("message") or "")
    said = view.score.get("last_action")
    if isinstance(said, str) and said and view.score.get("phase") != "menu":
        line = f"{said}. {line}"
    words = _hint_words(view)
    if words:
        # The hint's own words may already start "Hint: " (the voice's line): say it once.
        shown = words if words.lower().startswith("hint") else f"hint: {words}"
        line = f"{line} ({shown})"
    error = view.score.get("error")
    return f"{line} [{error}]" if error else line


def _hint_words(view: BoardView) -> str | None:
    """What the hint shown now does, in the game's words (as the board page says it)."""
    hint = view.score.get("hint")
    words = (hint.get("said") or hint.get("text")) if isinstance(hint, dict) else None
    return words if isinstance(words, str) and words else None


def _voice(view: BoardView) -> str | None:
    """The simulated voice's latest sentence (the scoreboard's ``voice``), if it has one."""
    voice = view.score.get("voice")
    said = voice.get("said") if isinstance(voice, dict) else None
    last = said[-1] if isinstance(said, list) and said else None
    text = last.get("text") if isinstance(last, dict) else None
    return text if isinstance(text, str) else None


def _cut(text: str) -> str:
    return text if len(text) <= WIDTH - 4 else text[: WIDTH - 6] + " …"


def prompt_step(line: str, columns: int, rows: int) -> Step | Press | None:
    """What a line typed at the prompt asks for: a scripted event, or a press the board page's
    buttons send (``presses``); ScriptError says what is wrong in the prompt's words."""
    words = line.split("#", 1)[0].split()
    if len(words) == 1 and words[0].lower() in presses():
        return Press(words[0].lower())
    if len(words) == 1 and words[0].lower() not in BUTTONS:
        word = words[0]
        looks_like_cell = word[:1].isalpha() and word[1:].isdigit()
        if not looks_like_cell:
            raise ScriptError(f"{word[:20]!r} is not a cell: {HELP}")
    try:
        return parse_line(line, columns, rows)
    except ScriptError as exc:
        if len(words) == 1:
            raise ScriptError(f"{exc}: {HELP}") from None
        raise ScriptError(f"{line.strip()[:30]!r} is not a command: {HELP}") from None
