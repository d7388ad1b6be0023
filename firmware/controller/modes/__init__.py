"""The board's modes, one module each, and the registry the board opens them by name.

A mode (``base.BoardMode``) owns its taps and presses, its lights, its scoreboard keys, its strip
commands and its timers; it is entered and left through the ``ModeContext``. Adding a mode is
one module and one registration here (or a ``register`` call): the strip, the pages' LESSON and
PUZZLES buttons and the menu open a mode by its name.
"""

from __future__ import annotations

from collections.abc import Callable

from firmware.controller.modes.back import open_back
from firmware.controller.modes.context import Opener
from firmware.controller.modes.lesson import open_lessons
from firmware.controller.modes.puzzle import open_puzzles
from firmware.controller.modes.read import open_read, switch_voice
from firmware.controller.modes.resign import open_resign
from firmware.controller.modes.review import open_mistakes, open_review

OPENERS: dict[str, Opener] = {
    "review": open_review,
    "mistakes": open_mistakes,
    "lesson": open_lessons,
    "puzzle": open_puzzles,
    "resign": open_resign,
    "read": open_read,
    "back": open_back,
    "voice": switch_voice,
}


def register(name: str, opener: Opener) -> Callable[[], None]:
    """Let the board open a mode as ``name``; returns what takes it off again."""
    OPENERS[name] = opener

    def unregister() -> None:
        if OPENERS.get(name) is opener:
            del OPENERS[name]

    return unregister
