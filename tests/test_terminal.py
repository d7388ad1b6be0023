"""The terminal view: the address and last warning stay, letters without colour, 80x24, words."""

from __future__ import annotations

import io
import re

import pytest

from firmware.commands.terminal import SIDE_WIDTH, Style, TerminalView, terminal_style
from firmware.commands.terminal_board import legend, letter
from firmware.commands.terminal_prompt import help_lines, presses, prompt_step
from firmware.controller.core.live import BoardView, Press
from firmware.render import palette
from firmware.rules.api import JsonValue
from firmware.wiring.script import ScriptError, Step
from hal.interfaces import OFF, RGB, Frame

ESCAPE = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
LONG = "Menu: Culls duel. Tap a game, then the green cell (MENU: next game, NEW: start) " * 2


def board(cells: dict[tuple[int, int], RGB], status: int = 4) -> Frame:
    grid = [[OFF] * 15 for _ in range(15)]
    for (x, y), colour in cells.items():
        grid[y][x] = colour
    return Frame(tuple(tuple(row) for row in grid), (palette.PIECES["blue"],) * status)


def view(message: str = "Blue: place a chip and tap its cell", **score: JsonValue) -> BoardView:
    cells = {(7, 7): palette.PIECES["blue"], (8, 7): palette.dim(palette.PIECES["red"], 0.3)}
    return BoardView(board(cells), {"message": message, "scores": {"blue": 1, "red": 0}, **score})


def screen_of(out: io.StringIO) -> list[str]:
    """The last screen drawn, as plain text lines."""
    last = out.getvalue().rsplit("\x1b[H", 1)[-1]
    return ESCAPE.sub("", last).split("\n")


@pytest.mark.parametrize(
    ("environ", "tty", "plain", "style"),
    [
        ({"TERM": "xterm-256color"}, True, False, Style.COLOUR),
        ({"TERM": "xterm", "NO_COLOR": "1"}, True, False, Style.LETTERS),
        ({"TERM": "xterm"}, True, True, Style.LETTERS),
        ({"TERM": "dumb"}, True, False, Style.SCROLL),
        ({"TERM": "xterm"}, False, False, Style.SENTENCES),
        ({"TERM": "xterm", "NO_COLOR": ""}, True, False, Style.COLOUR),  # empty: not set
    ],
)
def test_the_style_follows_no_color_term_and_plain(
    environ: dict[str, str], tty: bool, plain: bool, style: Style
) -> None:
    assert terminal_style(environ, tty=tty, plain=plain) is style


def test_chips_get_letters_dim_ones_lower_case() -> None:
    assert letter(palette.PIECES["blue"]) == "B"
    assert letter(palette.PIECES["red"]) == "R"
    assert letter(palette.PIECES["black"]) == "k"  # a dim blue-grey ball
    assert letter(palette.PIECES["white"]) == "W"
    assert letter(palette.READY) == "G"
    assert letter(palette.dim(palette.PIECES["red"], 0.3)) == "r"
    for colour in ("blue", "red"):  # a flipped chip: lower case in both its phases
        pale, dim = palette.flipped_looks(palette.PIECES[colour])
        assert letter(pale) == letter(dim) == colour[0]
    assert letter(palette.FACE_TINT) == "o"
    assert letter(OFF) == "·"


def test_the_legend_names_what_the_board_shows() -> None:
    lines = legend(view().frame, coloured=False)
    assert " B  blue" in lines
    assert " R  red (r: dim)" in lines
    assert not any("white" in line for line in lines)
    assert lines[-1] == " ·  off"


def test_the_screen_keeps_the_address_and_the_last_warning() -> None:
    out = io.StringIO()
    terminal = TerminalView(out, Style.LETTERS)
    terminal.address = "http://127.0.0.1:43127/"
    terminal.show(view())
    terminal.warn("the web pages could not start on 127.0.0.1:8080: address in use")
    terminal.show(view("Red: place a chip and tap its cell"))
    screen = "\n".join(screen_of(out))
    assert "web http://127.0.0.1:43127/" in screen
    assert "! the web pages could not start on 127.0.0.1:8080: address in use" in screen
    assert " B  r " in screen  # the chips as letters on row 8 (the red one dim)
    assert "\x1b[48;2" not in out.getvalue()  # no colour at all
    assert out.getvalue().endswith("\n> ")  # the prompt comes back


def test_the_screen_fits_80_by_24_with_a_long_message_an_error_and_a_warning() -> None:
    out = io.StringIO()
    terminal = TerminalView(out, Style.COLOUR)
    terminal.address = "http://[2001:db8::1]:8080/"
    terminal.warning = "x" * 200
    terminal.show(view(LONG, error="h8 is taken " * 20, last_action="Red placed e10 " * 10))
    lines = screen_of(out)
    assert len(lines) <= 24
    assert max(len(line) for line in lines) <= 80


def test_the_first_drawing_clears_the_screen_and_leaving_ends_the_line() -> None:
    out = io.StringIO()
    terminal = TerminalView(out, Style.COLOUR)
    terminal.show(view())
    assert out.getvalue().startswith("\x1b[2J\x1b[H")
    terminal.close()
    assert out.getvalue().endswith("> \n")


def test_a_dumb_terminal_prints_the_board_in_letters_when_the_sentence_changes() -> None:
    out = io.StringIO()
    terminal = TerminalView(out, Style.SCROLL)
    terminal.show(view())
    terminal.show(view())  # same sentence: nothing new
    text = out.getvalue()
    assert "\x1b" not in text
    assert text.count("Blue: place a chip") == 1
    assert "  8  ·  ·  ·  ·  ·  ·  ·  B  r " in text


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("hello", "'hello' is not a cell: type a cell like h8, or help"),
        ("z99", "type a cell like h8, or help"),
        ("touch me now", "is not a command: type a cell like h8"),
    ],
)
def test_prompt_errors_speak_the_prompts_language(line: str, message: str) -> None:
    with pytest.raises(ScriptError) as caught:
        prompt_step(line, 15, 15)
    assert message in str(caught.value)
    assert "line" not in str(caught.value)


def test_the_prompt_takes_cells_and_buttons() -> None:
    step = prompt_step("H8\n", 15, 15)
    assert isinstance(step, Step) and step.cell == (7, 7)
    press = prompt_step("undo", 15, 15)
    assert isinstance(press, Step) and press.button == "undo"


def test_the_pages_buttons_are_sent_as_the_page_sends_them() -> None:
    words = ("hint", "lesson", "puzzle", "back", "resign", "read", "mistakes", "HINT", "Resign")
    for word in words:
        assert prompt_step(word, 15, 15) == Press(word.lower())


def test_help_lists_every_press_in_lines_that_fit_the_side_panel() -> None:
    lines = help_lines()
    assert max(len(line) for line in lines) <= SIDE_WIDTH, lines
    listed = {word for line in lines[1:] for word in line.split("  ")[0].split()}
    assert set(presses()) <= listed, listed
    assert {"h8", "undo", "new", "menu", "help", "quit"} <= listed


def test_help_fits_beside_the_board_under_the_status_score_clock_and_address() -> None:
    out = io.StringIO()
    terminal = TerminalView(out, Style.LETTERS)
    terminal.address = "http://127.0.0.1:43127/"
    clock: JsonValue = {"left_ms": {"blue": 245_000, "red": 300_000}, "running": "blue"}
    terminal.show(view(clock=clock))
    terminal.help()
    panel = [line[51:].rstrip() for line in screen_of(out)[:16]]
    assert panel[:4] == [
        "status  B  B  B  B",
        "score blue 1, red 0",
        "clock blue 4:05* red 5:00",
        "web http://127.0.0.1:43127/",
    ]
    assert panel[4:] == help_lines()  # every line of it, none cut


def test_the_error_flash_has_a_letter_of_its_own() -> None:
    assert letter(palette.ERROR) == "M"
    assert {letter(palette.piece(c)) for c in ("blue", "red", "black", "white")}.isdisjoint("M")


def test_the_latest_action_is_said_above_the_sentence_and_a_refusal_is_magenta() -> None:
    out = io.StringIO()
    terminal = TerminalView(out, Style.COLOUR)
    said = "Red placed e10 and trapped f10 and g10: Red flips one"
    terminal.show(view("Red: tap the blinking chip", last_action=said, error="h8 is taken"))
    lines = screen_of(out)
    at = lines.index(f"  {said}")
    assert lines[at + 1] == "  Red: tap the blinking chip"
    assert "\x1b[35m  h8 is taken" in out.getvalue()
    scroll = io.StringIO()
    TerminalView(scroll, Style.SCROLL).show(
        view("Blue: place a chip", last_action="Red placed e10")
    )
    assert "Red placed e10. Blue: place a chip\n" in scroll.getvalue()


@pytest.mark.parametrize(
    ("hint", "shown"),
    [
        ({"said": "Hint: g8 makes three"}, "(Hint: g8 makes three)"),
        ({"text": "g8 makes three"}, "(hint: g8 makes three)"),
    ],
)
def test_the_hint_is_named_once_on_the_sentence_line(hint: JsonValue, shown: str) -> None:
    scroll = io.StringIO()
    TerminalView(scroll, Style.SCROLL).show(view("Blue: place a chip", hint=hint))
    assert f"Blue: place a chip {shown}\n" in scroll.getvalue()
    assert "hint: hint" not in scroll.getvalue().lower()


def test_a_features_fact_is_a_line_of_the_side_panel_in_its_own_words() -> None:
    out = io.StringIO()
    fact: JsonValue = {"name": "unsaved", "label": "Games not saved", "words": "the journal"}
    TerminalView(out, Style.LETTERS).show(view(facts=[fact]))
    assert any(line.endswith("Games not saved: the journal") for line in screen_of(out))
