"""A side that runs out of time or resigns (rules.md "Timed play" 3-5), as the rules see it.

Where that ends the round or game, it is ended off the board with the reason (``time``,
``resignation``) and the winner ``winner_if_out`` names. Where the game goes on without that
side (a 3-player Cubulus game, rule 4), the side to act plays one of the record tokens ``time``
or ``resign``: it is out, and the game goes on. The rules only hear that the side's time is up:
they never read a clock.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from firmware.rules.api import GameState

TIME = "time"
RESIGN = "resign"
OUT_TOKENS = (TIME, RESIGN)


@runtime_checkable
class SidesLeft(Protocol):
    """A game state in which a side can be out while the others play on."""

    def sides_in(self) -> tuple[str, ...]:
        """The colours still in the game, in seat order."""


def sides_in(state: GameState, colours: tuple[str, ...]) -> tuple[str, ...]:
    """The colours still playing ``state`` (all of ``colours`` for a game where none is out)."""
    return state.sides_in() if isinstance(state, SidesLeft) else colours


def winner_if_out(state: GameState, colours: tuple[str, ...]) -> str | None:
    """Who wins if the side to act loses now: the one other side still in, else None (the game
    goes on without it: it plays ``time`` or ``resign``)."""
    mover = state.to_move()
    others = [colour for colour in sides_in(state, colours) if colour != mover]
    return others[0] if len(others) == 1 else None
