"""What happened at the table: typed, immutable events, and the bus that hands them out.

The match at the table posts an event the moment something happens; the journal (first), the
match history, the broker, online play, the game clock and the voice subscribe. Nothing polls
the table or diffs scoreboards to find out. Events are posted on the loop's thread, in order;
a subscriber must return at once and must not post back into the table.

An UNDO is told as events too: ``MoveUndone`` for the token taken back, preceded by
``RoundReopened`` when it takes back the move that ended a round (and ``MatchReopened`` when that
round had decided the match), or ``RoundUnstarted`` when it takes back the start of a round that
had no move yet. Consumers that counted the end undo their count.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from firmware.controller.core.seat import Seat
from firmware.rules.api import JsonValue, Termination

log = logging.getLogger("cullsboard.events")


@dataclass(frozen=True, slots=True)
class MatchStarted:
    """A new match: its game, rules and seats. ``resumed``: rebuilt from the journal."""

    game: str
    rules: dict[str, JsonValue]
    seats: tuple[Seat, ...]
    level: int | None  # the computer's level on a board that runs one
    match_id: str  # stable across restarts: the history keeps the match under it
    started: float  # wall-clock seconds
    resumed: bool = False


@dataclass(frozen=True, slots=True)
class RoundStarted:
    """Round ``round`` (from 1) begins, ``first`` to move. ``resumed``: rebuilt from the journal."""

    round: int
    first: str
    record: dict[str, JsonValue]  # the round's records.md record, no moves yet
    resumed: bool = False
    moves: tuple[str, ...] = ()  # resumed: the actions the journal had played in it


@dataclass(frozen=True, slots=True)
class MovePending:
    """A seat away from this board moved; its piece waits to be placed on ``cells``."""

    seat: int
    token: str
    cells: tuple[str, ...]  # board cell names ("h8")


@dataclass(frozen=True, slots=True)
class PendingDropped:
    """UNDO dropped a move that waited for its piece."""

    seat: int
    token: str


@dataclass(frozen=True, slots=True)
class MoveApplied:
    """``seat`` played ``token`` as action number ``ply`` (from 1) of round ``round``.

    ``said`` is the action in the game's words ("Red placed e10 and trapped f10 and g10").
    """

    round: int
    seat: int | None
    token: str
    ply: int
    colour: str | None
    said: str


@dataclass(frozen=True, slots=True)
class MoveUndone:
    """UNDO took back ``token``, action ``ply`` of round ``round``; ``said``: the UNDO's one
    sentence, on the last action it took back (None on the others: one UNDO, one sentence)."""

    round: int
    token: str
    ply: int
    said: str | None = None


@dataclass(frozen=True, slots=True)
class RoundEnded:
    """Round ``round`` is over: ``status`` ("won" or "draw"), the winner, its record and how it
    ended (``termination``: None only for a game that never says)."""

    round: int
    status: str
    winner: str | None
    record: dict[str, JsonValue]
    scores: dict[str, int]
    resumed: bool = False  # told again for a match rebuilt from the journal
    termination: Termination | None = None
    concluded: bool = False  # ended by ``end_round``, not by a token (the journal says so)
    ending: str | None = None  # how it ended off the board, in words: "Red won on time"

    @property
    def reason(self) -> str | None:
        """The word for how it ended: "line", "square", "no chips", "no move", "time", ..."""
        return None if self.termination is None else self.termination.value

    @property
    def off_the_board(self) -> bool:
        """Ended by time, resignation or agreement: the position does not show it."""
        return self.termination is not None and not self.termination.positional


@dataclass(frozen=True, slots=True)
class RoundReopened:
    """UNDO took back the move that ended round ``round`` (or the ending ``end_round`` gave it,
    which ``termination`` names): it is being played again."""

    round: int
    termination: Termination | None = None  # the ending ``end_round`` gave; None: by a move


@dataclass(frozen=True, slots=True)
class RoundUnstarted:
    """UNDO took back the start of round ``round`` (it had no move): round ``round - 1`` is over
    again, as it was."""

    round: int


@dataclass(frozen=True, slots=True)
class MatchEnded:
    """The match is decided: its winner (None: a drawn game), the rounds played, the scores."""

    game: str
    winner: str | None
    rounds: int
    scores: dict[str, int]
    resumed: bool = False
    ending: str | None = None  # how its last round ended off the board, in words


@dataclass(frozen=True, slots=True)
class MatchReopened:
    """UNDO took back the move that decided the match."""

    game: str


@dataclass(frozen=True, slots=True)
class MatchAbandoned:
    """The match was left before it was decided: a new one replaced it (``why``); ``record``:
    round ``round``, the one in play, as far as it was played (None: it had no move)."""

    game: str
    why: str  # "new", "idle", "staff", "menu", ...
    round: int = 0
    record: dict[str, JsonValue] | None = None


@dataclass(frozen=True, slots=True)
class SeatNamed:
    """A player put a name on seat ``seat`` (its ``colour``) for this match; None: taken off."""

    seat: int
    colour: str
    name: str | None


@dataclass(frozen=True, slots=True)
class PhaseChanged:
    """The board's mode changed; ``phase`` is the scoreboard's word for it."""

    phase: str


@dataclass(frozen=True, slots=True)
class Refused:
    """Something asked of the board was not done, and why (in the board's own cell names)."""

    reason: str
    cell: str | None


@dataclass(frozen=True, slots=True)
class ReadAloud:
    """Someone asked the board to say something in full: the position (the "read" command) or
    what a cell holds and what a tap there would do (a long press, ``speech.explore``)."""

    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class VoiceSwitched:
    """Someone tapped the menu's voice cell or the strip's "voice": the voice goes ``on``, or
    off."""

    on: bool


Event = (
    MatchStarted
    | RoundStarted
    | MovePending
    | PendingDropped
    | MoveApplied
    | MoveUndone
    | RoundEnded
    | RoundReopened
    | RoundUnstarted
    | MatchEnded
    | MatchReopened
    | MatchAbandoned
    | SeatNamed
    | PhaseChanged
    | Refused
    | ReadAloud
    | VoiceSwitched
)
Subscriber = Callable[[Event], None]
E = TypeVar("E")


class EventBus:
    """Hands every event to each subscriber in the order they subscribed.

    A subscriber that raises is logged and the others still hear the event: no consumer's fault
    stops play.
    """

    def __init__(self) -> None:
        self._subscribers: list[Subscriber] = []

    def subscribe(self, subscriber: Subscriber) -> Callable[[], None]:
        """Hear every event from now on; returns the call that stops it."""
        self._subscribers.append(subscriber)

        def unsubscribe() -> None:
            if subscriber in self._subscribers:
                self._subscribers.remove(subscriber)

        return unsubscribe

    def post(self, event: Event) -> None:
        for subscriber in list(self._subscribers):
            try:
                subscriber(event)
            except Exception:
                log.exception("an event subscriber failed on %r", event)

    def __repr__(self) -> str:
        return f"<EventBus {len(self._subscribers)} subscribers>"


class EventLog:
    """Keeps every event posted, for tests to assert on (MPF's ``mock_event``)."""

    def __init__(self, bus: EventBus | None = None) -> None:
        self.events: list[Event] = []
        if bus is not None:
            bus.subscribe(self.events.append)

    def of(self, kind: type[E]) -> list[E]:
        """The events of one type, in order."""
        return [event for event in self.events if isinstance(event, kind)]

    def clear(self) -> None:
        self.events.clear()
