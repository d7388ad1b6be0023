"""Every command the board takes, declared once: its name, its label on the page's button, its
colour on the command strip, its line in the terminal's ``help``, when the strip offers it and
what it opens.

The strip, the page's buttons (``/api/state``'s ``control``), the terminal's words and ``help``,
the remote command check and the modes' strip listings all read ``COMMANDS``. Adding a command
is one entry here and, for a command that opens something, its opener (``opens``: the module and
function that enter it, imported when the command is first used, so this module imports no mode).
"""

from __future__ import annotations

import enum
import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from firmware.render import palette as p
from firmware.rules.api import JsonValue
from hal.interfaces import RGB


class Offered(enum.Enum):
    """When the command strip offers a command (the modes ask for the conditions they allow)."""

    ALWAYS = "always"  # every mode's strip
    HINT = "hint"  # a mode that offers a hint, on a board that gives hints
    READ = "read"  # a board that reads aloud (speech.explore), with a position to read
    VOICE = "voice"  # a board that reads aloud: its voice turns off and on
    REVIEW = "review"  # a round to review
    LEARNING = "learning"  # a board with lessons and puzzles
    PLAYING = "playing"  # a round being played
    MISTAKES = "mistakes"  # a round against the computer is over, with a coach
    MODE = "mode"  # only the mode that lists it itself (a review's back, forward, leave)


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """One command: what it is called, how it looks and reads, when it is offered, what opens."""

    name: str
    label: str  # its button on the board page
    look: RGB  # its cell on the command strip
    help: str  # its line in the terminal's ``help`` ("" for none of its own)
    offered: Offered
    opens: str | None = None  # "module:function" of the opener (None: a button's own press)
    pressed: bool = True  # the page, the terminal and the API may press it
    on_page: bool = True  # the board page shows its button


COMMANDS: dict[str, CommandSpec] = {}


def register(spec: CommandSpec) -> Callable[[], None]:
    """Add ``spec`` to the registry (a test's or a plug-in's command); returns its removal."""
    COMMANDS[spec.name] = spec

    def unregister() -> None:
        if COMMANDS.get(spec.name) is spec:
            del COMMANDS[spec.name]

    return unregister


def find(name: str) -> CommandSpec | None:
    """The command called ``name``, if there is one."""
    return COMMANDS.get(name)


def offered(conditions: Iterable[Offered]) -> tuple[str, ...]:
    """The names the strip lights under ``conditions``, in the registry's order."""
    allowed = frozenset(conditions) | {Offered.ALWAYS}
    return tuple(name for name, spec in COMMANDS.items() if spec.offered in allowed)


def pressable() -> tuple[str, ...]:
    """The commands a page, the terminal or the API may press, in the registry's order."""
    return tuple(name for name, spec in COMMANDS.items() if spec.pressed)


def page_buttons() -> list[JsonValue]:
    """The board page's buttons, as ``/api/state``'s ``control`` lists them."""
    return [{"name": s.name, "label": s.label} for s in COMMANDS.values() if s.on_page]


def look(name: str) -> RGB:
    """The colour of ``name``'s cell on the strip (an unknown name: the accepting green)."""
    spec = COMMANDS.get(name)
    return p.ACCEPT if spec is None else spec.look


def opener(name: str) -> Callable[..., None] | None:
    """The function that enters what ``name`` opens, imported now (None: it opens nothing)."""
    spec = COMMANDS.get(name)
    if spec is None or spec.opens is None:
        return None
    module, _, function = spec.opens.partition(":")
    found: Callable[..., None] = getattr(importlib.import_module(module), function)
    return found


def help_lines() -> tuple[tuple[str, str], ...]:
    """The terminal's ``help`` for the commands: commands that share a line are named together."""
    lines: list[tuple[str, str]] = []
    for spec in COMMANDS.values():
        if not spec.pressed or not spec.help:
            continue
        if lines and lines[-1][1] == spec.help:
            lines[-1] = (f"{lines[-1][0]} {spec.name}", spec.help)
        else:
            lines.append((spec.name, spec.help))
    return tuple(lines)


_MODES = "firmware.controller.modes"
_BLUE = (0, 180, 255)
for _spec in (
    CommandSpec("undo", "UNDO", (255, 140, 0), "the buttons", Offered.ALWAYS),
    CommandSpec("new", "NEW", p.READY, "the buttons", Offered.ALWAYS),
    CommandSpec("menu", "MENU", p.MENU_CHOSEN, "the buttons", Offered.ALWAYS),
    CommandSpec("hint", "HINT", (170, 60, 255), "light a strong move", Offered.HINT),
    CommandSpec(
        "read",
        "READ THE BOARD",
        p.ACCEPT,
        "say the board aloud",
        Offered.READ,
        opens=f"{_MODES}.read:open_read",
    ),
    CommandSpec(
        "voice",
        "VOICE",
        p.ACCEPT,
        "",
        Offered.VOICE,
        opens=f"{_MODES}.read:switch_voice",
        pressed=False,
        on_page=False,
    ),
    CommandSpec(
        "review",
        "REVIEW",
        _BLUE,
        "",
        Offered.REVIEW,
        opens=f"{_MODES}.review:open_review",
        pressed=False,
        on_page=False,
    ),
    CommandSpec(
        "lesson",
        "LESSON",
        p.HINT,
        "learn the game",
        Offered.LEARNING,
        opens=f"{_MODES}.lesson:open_lessons",
    ),
    CommandSpec(
        "puzzle",
        "PUZZLES",
        _BLUE,
        "learn the game",
        Offered.LEARNING,
        opens=f"{_MODES}.puzzle:open_puzzles",
    ),
    CommandSpec(
        "resign",
        "RESIGN",
        (255, 40, 40),  # asks first: modes/resign.py
        "give up (asks first)",
        Offered.PLAYING,
        opens=f"{_MODES}.resign:open_resign",
    ),
    CommandSpec(
        "turn",
        "WHOSE TURN",
        p.MENU_CHOSEN,
        "say whose turn it is",
        Offered.PLAYING,
        opens=f"{_MODES}.turn:open_turn",
        on_page=False,  # the page shows whose turn it is
    ),
    CommandSpec(
        "mistakes",
        "MY MISTAKES",
        p.MISTAKE,  # "show my mistakes" after a round against the computer
        "the coach's review",
        Offered.MISTAKES,
        opens=f"{_MODES}.review:open_mistakes",
        on_page=False,
    ),
    CommandSpec(
        "back",
        "BACK TO THE GAME",
        _BLUE,
        "to a paused game",
        Offered.MODE,
        opens=f"{_MODES}.back:open_back",
        on_page=False,
    ),
    CommandSpec("forward", "FORWARD", _BLUE, "", Offered.MODE, pressed=False, on_page=False),
    CommandSpec("leave", "LEAVE", p.MENU_CHOSEN, "", Offered.MODE, pressed=False, on_page=False),
):
    register(_spec)
