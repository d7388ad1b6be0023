"""The engine's clock words on ``go``, in the manner of UCI's ``wtime btime winc binc``.

``go redtime 30000 blacktime 29000 redinc 1000 blackinc 1000`` gives each side's time left and
increment in milliseconds (a colour's name, then ``time`` or ``inc``); ``movestogo N`` the moves
until the next time control; ``turntime MS`` the time left of a per-turn limit. The engine thinks
for what the time manager gives the side to move (docs/players.md).
"""

from __future__ import annotations

import re

from firmware.errors import InputError
from firmware.players.time_manager import ClockState, think_ms

_SIDE_WORD = r"([a-z]{1,12})(time|inc)"  # compiled by ``re`` at its first use, not at start
CLOCK_WORDS = "COLOURtime MS, COLOURinc MS, movestogo N, turntime MS"


class ClockWordError(InputError):
    """A clock word the engine cannot use; the message is the reason it answers."""


class GoClock:
    """The clock words of one ``go`` line, gathered by ``take``."""

    __slots__ = ("inc_ms", "moves_to_go", "time_ms", "turn_ms")

    def __init__(self) -> None:
        self.time_ms: dict[str, int] = {}
        self.inc_ms: dict[str, int] = {}
        self.moves_to_go: int | None = None
        self.turn_ms: int | None = None

    @property
    def given(self) -> bool:
        return bool(self.time_ms or self.inc_ms) or self.turn_ms is not None

    def take(self, word: str, number: int) -> bool:
        """Keep ``word number`` if it is a clock word (True), else leave it (False)."""
        if word == "movestogo":
            if number < 1:
                raise ClockWordError("go: movestogo must be 1 or more")
            self.moves_to_go = number
            return True
        if word == "turntime":
            self.turn_ms = number
            return True
        side = re.fullmatch(_SIDE_WORD, word)
        if side is None:
            return False
        colour, kind = side.groups()
        (self.time_ms if kind == "time" else self.inc_ms)[colour] = number
        return True

    def think_ms(self, side: str, sides: tuple[str, ...], turns_played: int) -> int:
        """The time the side to move may think, from its clock; ClockWordError if it has none."""
        for colour in (*self.time_ms, *self.inc_ms):
            if colour not in sides:
                raise ClockWordError(f"go: no colour {colour!r} here (colours: {', '.join(sides)})")
        if self.turn_ms is not None:
            return think_ms(ClockState(self.turn_ms, per_turn=True))
        if side not in self.time_ms:
            raise ClockWordError(f"go: no time for {side}, the side to move ({side}time MS)")
        clock = ClockState(self.time_ms[side], self.inc_ms.get(side, 0), False, self.moves_to_go)
        return think_ms(clock, turns_played)
