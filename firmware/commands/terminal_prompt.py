"""What is typed at the terminal's prompt: a cell, a script line or a press of the board page's
buttons, and the commands ``help`` lists."""

from __future__ import annotations

from firmware.controller.commands import command_registry
from firmware.controller.core.live import Press
from firmware.wiring.script import BUTTONS, ScriptError, Step, parse_line

HELP = "type a cell like h8, or help"
QUIT = ("quit", "exit", "q")
COMMAND_COLUMN = 9  # where the words say what a command does ("mistakes" and a space)


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


def help_lines() -> list[str]:
    """Every command the prompt takes, a line each."""
    return [
        "commands:",
        *(f"{word:<{_column(word)}}{what}" for word, what in commands()),
    ]


def _column(word: str) -> int:
    """Where a command's words start: at ``COMMAND_COLUMN``, or two spaces after a longer word."""
    return COMMAND_COLUMN if len(word) < COMMAND_COLUMN else len(word) + 2


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
