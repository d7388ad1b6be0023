"""How long the computer thinks on a timed game: from its time left, increment and moves to go.

Pure arithmetic (the caller owns the clock): a share of the time left for the moves likely still
to come, plus most of the increment, never more than a part of what is left, and a reserve kept
back for the time the board needs to show and play the answer.
"""

from __future__ import annotations

from firmware.rules.frozen import Frozen

RESERVE_MS = 250  # never planned: the answer's way to the board, a busy machine
RESERVE_PART = 0.1  # ... or this part of the time left, when that is less
LONGEST_GAME = 30  # a side's turns a game is expected to last (Culls has 30 chips a colour)
FEWEST_MOVES_LEFT = 10  # planned for however long the game has gone on
MOST_OF_LEFT = 0.3  # one move spends at most this part of the usable time
INCREMENT_PART = 0.9  # of the increment, spent on the move that earns it
PER_TURN_PART = 0.6  # of a per-turn limit (unused time is not kept)
SHORTEST_MS = 5


class ClockState(Frozen):
    """The side to move's clock: time left, increment, and whether it is a per-turn limit."""

    FIELDS = ("left_ms", "increment_ms", "per_turn", "moves_to_go")
    __slots__ = FIELDS
    left_ms: int
    increment_ms: int
    per_turn: bool
    moves_to_go: int | None

    def __init__(
        self,
        left_ms: int,
        increment_ms: int = 0,
        per_turn: bool = False,
        moves_to_go: int | None = None,
    ) -> None:
        self._init(left_ms, increment_ms, per_turn, moves_to_go)


def moves_likely_left(turns_played: int) -> int:
    """The side's turns still likely to come, after ``turns_played`` of them."""
    return max(FEWEST_MOVES_LEFT, LONGEST_GAME - turns_played)


def think_ms(clock: ClockState, turns_played: int = 0) -> int:
    """The milliseconds to give this move."""
    reserve = min(RESERVE_MS, int(clock.left_ms * RESERVE_PART))
    usable = max(0, clock.left_ms - reserve)
    if clock.per_turn:
        planned = usable * PER_TURN_PART
    else:
        to_go = clock.moves_to_go or moves_likely_left(turns_played)
        share = usable / max(1, to_go) + clock.increment_ms * INCREMENT_PART
        planned = min(share, usable * MOST_OF_LEFT)
    return max(SHORTEST_MS, int(planned))
