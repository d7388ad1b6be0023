"""The script language of ``--script`` and the interactive prompt: one event per line."""

from __future__ import annotations

from dataclasses import dataclass

from firmware.controller.commands import command_registry
from firmware.errors import InputError
from firmware.rules.grid import parse_board_cell
from hal.interfaces import Cell

BUTTONS = ("undo", "new", "menu")  # the board's own buttons: a bare word presses them too
USAGE = "touch h8, down h8, up h8, press undo (or any command), wait 250, ghost, or # a comment"


class ScriptError(InputError):
    """A line that is not an event; the message says what is wrong."""


@dataclass(frozen=True, slots=True)
class Step:
    """One scripted event: ``touch``/``down``/``up`` a cell, ``press`` a button or any command
    of the registry, ``wait`` ms."""

    verb: str
    cell: Cell | None = None
    button: str | None = None
    ms: float = 0.0


def parse_line(line: str, columns: int, rows: int) -> Step | None:
    """The event on ``line`` (None for a blank line or a comment); ScriptError if it is wrong."""
    text = line.split("#", 1)[0].strip().lower()
    if not text:
        return None
    words = text.split()
    if len(words) == 1 and words[0] in BUTTONS:
        return Step("press", button=words[0])
    if len(words) == 1 and words[0] == "ghost":
        return Step("ghost")
    if len(words) == 1 and words[0][:1].isalpha() and words[0][1:].isdigit():
        return Step("touch", cell=_cell(words[0], columns, rows))
    if len(words) == 1:
        raise ScriptError(f"unknown command {words[0]!r}: write {USAGE}")
    if len(words) != 2:
        raise ScriptError(f"cannot read {line.strip()!r}: write {USAGE}")
    verb, arg = words
    if verb in ("touch", "tap", "down", "up"):
        return Step("touch" if verb == "tap" else verb, cell=_cell(arg, columns, rows))
    if verb == "press":
        known = (*BUTTONS, *(n for n in command_registry.pressable() if n not in BUTTONS))
        if arg not in known:
            raise ScriptError(f"unknown command {arg!r} to press (commands: {', '.join(known)})")
        return Step("press", button=arg)
    if verb == "wait":
        try:
            ms = float(arg)
        except ValueError:
            raise ScriptError(f"wait needs milliseconds, got {arg!r}") from None
        if not 0 <= ms <= 86_400_000:
            raise ScriptError(f"wait needs 0 to 86400000 milliseconds, got {arg}")
        return Step("wait", ms=ms)
    raise ScriptError(f"unknown command {verb!r}: write {USAGE}")


def _cell(word: str, columns: int, rows: int) -> Cell:
    try:
        return parse_board_cell(word, columns, rows)
    except ValueError as exc:
        raise ScriptError(str(exc)) from exc
