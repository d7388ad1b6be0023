"""A seat at the table as the pages and the tests see it."""

from __future__ import annotations

from dataclasses import dataclass

from firmware.controller.core.players import PlayerKind


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat at the table: the colour it plays, its name and what fills it."""

    colour: str
    name: str
    player: PlayerKind = PlayerKind.HERE
