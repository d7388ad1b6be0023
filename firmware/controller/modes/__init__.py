"""The board's modes, one module each, and how the board opens them by name.

A mode (``base.BoardMode``) owns its taps and presses, its lights, its scoreboard keys, its strip
commands and its timers; it is entered and left through the ``ModeContext``. Adding a mode is
one module and its command in ``firmware.controller.commands.command_registry`` (whose ``opens``
names the opener, imported when first used), or a ``register`` call: the strip, the pages'
LESSON and PUZZLES buttons and the menu open a mode by its name.
"""

from __future__ import annotations

from collections.abc import Callable

# The modes another mode enters by name (``mode_kind``) register as their modules are imported:
# all of them, here.
from firmware.controller.commands import command_registry
from firmware.controller.modes import menu, over, playing, waiting  # noqa: F401  (mode_kind)
from firmware.controller.modes.context import FOLLOW, ModeContext, Opener
from firmware.controller.modes.game import following


def _follow(ctx: ModeContext, now: float) -> None:
    following(ctx, now)


OPENERS: dict[str, Opener] = {}  # openers registered at run time, over the registry's
BUILT_IN: dict[str, Opener] = {FOLLOW: _follow}


def find_opener(name: str) -> Opener | None:
    """What enters the mode called ``name``: a registered opener, else a built-in one (the
    mode following from the match), else the command's."""
    return OPENERS.get(name) or BUILT_IN.get(name) or command_registry.opener(name)


def register(name: str, opener: Opener) -> Callable[[], None]:
    """Let the board open a mode as ``name``; returns what takes it off again."""
    OPENERS[name] = opener

    def unregister() -> None:
        if OPENERS.get(name) is opener:
            del OPENERS[name]

    return unregister
