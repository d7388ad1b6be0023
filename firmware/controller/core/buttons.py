"""The board's buttons, by what they do (a board without them has the command strip)."""

from __future__ import annotations

import enum


class Button(enum.Enum):
    """A button's meaning; the value is its name in configs, scripts and the web API."""

    UNDO = "undo"
    NEW = "new"
    MENU = "menu"
    HINT = "hint"

    @classmethod
    def named(cls, name: str) -> Button | None:
        """The button called ``name``, or None (a board's other buttons)."""
        try:
            return cls(name)
        except ValueError:
            return None
