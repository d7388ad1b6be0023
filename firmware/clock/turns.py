"""Which clock runs when (rules.md "Timed play" 2): setup untimed, then the side to act's.

A turn ends when the side to act changes, so a Culls cull's flip stays on the culling side's
clock (the placement and its flip are one turn) and a Cubulus player's turn is each push. A game
says which of its actions are setup by offering ``in_setup()``; a game without it has none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, runtime_checkable

from firmware.clock.sides import Reading, SideClocks
from firmware.rules.api import GameState
from firmware.rules.time_control import TimeControl


@runtime_checkable
class HasSetup(Protocol):
    """A game state whose first actions are an untimed setup."""

    def in_setup(self) -> bool:
        """Whether the action awaited now is part of the setup."""


def timed_side(state: GameState) -> str | None:
    """The side whose clock runs in ``state``: none during setup or once the game is over."""
    if state.outcome().is_over:
        return None
    if isinstance(state, HasSetup) and state.in_setup():
        return None
    return state.to_move()


class TurnClocks:
    """Side clocks that follow a game: call ``acted`` after each action, ``pause`` to stop."""

    def __init__(self, control: TimeControl, sides: tuple[str, ...]) -> None:
        self.clocks = SideClocks(control, sides)

    def __repr__(self) -> str:
        return f"<TurnClocks {self.clocks!r}>"

    @property
    def control(self) -> TimeControl:
        return self.clocks.control

    def begin(self, state: GameState, now: float) -> None:
        """Run the clock ``state`` asks for (a new round, a resumed one, a return from a menu)."""
        self.clocks.run(timed_side(state), now)

    def acted(self, mover: str | None, state: GameState, now: float) -> None:
        """``mover`` (the side that was to act) made an action at ``now``; ``state`` is after it."""
        timed = self.clocks.running == mover and mover is not None
        if timed and mover is not None and state.to_move() != mover:
            self.clocks.end_turn(mover, now)
        self.clocks.run(timed_side(state), now)

    def pause(self, now: float) -> None:
        """Stop every clock, charging the running side until ``now``."""
        self.clocks.stop(now)

    def restore(self, left_ms: Mapping[str, int], state: GameState, now: float) -> None:
        """Put each side's time back as saved and run the clock ``state`` asks for from ``now``."""
        self.clocks.set_left(left_ms)
        self.begin(state, now)

    def reading(self, now: float) -> Reading:
        return self.clocks.reading(now)

    def flag_at(self) -> float | None:
        """The instant the running side flags, or None."""
        return self.clocks.flag_at()
