"""Cubulus's rule switches as offered on the command line, the staff page and the menu."""

from __future__ import annotations

from firmware.rules.options import Option

OPTIONS = (
    Option(
        "players",
        "players",
        (2, 3),
        "2 or 3 players",
        "Cubulus players",
        ("2 players", "3 players"),
    ),
)
