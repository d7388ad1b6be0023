"""Computer seats: which seats the computer takes, at what level, and the players that think.

``Seating`` is the table's player factory. A computer seat's player starts a search on the
shared searcher (the engine process, or the ``Thinker`` in this process) when its turn comes and
posts the answer to the loop as a ``SeatMove``; the loop drops it if the position has moved on.
``cancel`` (UNDO, NEW, MENU) stops the search.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Protocol

from firmware.controller.computer.thinker import Answer, Searcher, Thinker
from firmware.controller.core.adapter import SeatSpec
from firmware.controller.core.live import LoopCall
from firmware.controller.core.players import PassivePlayer, Player, PlayerKind, SeatMove, Turn
from firmware.errors import InputError
from firmware.players import DEFAULT, HIGHEST, LOWEST, Level, level
from firmware.players.analysis import ANALYSIS_NODES
from firmware.rules.api import GameState


class NoticeBoard(Protocol):
    """What the notice teller needs of the table: the feedback that shows a notice."""

    @property
    def feedback(self) -> Notices: ...


class Notices(Protocol):
    """Shows a notice for a while (``firmware.controller.core.feedback.Feedback.say``)."""

    def say(self, notice: str, now: float) -> None: ...


HINT = "hint"  # the tag of a hint search (seat searches are tagged with their seat number)
HINT_MOVETIME_MS = 1000


@dataclass(frozen=True, slots=True)
class HintFound:
    """The strongest move for the position at ``ply``, found for the player to act."""

    token: str
    ply: int


Post = Callable[[SeatMove | HintFound], None]
Say = Callable[[str], None]
# Makes the searcher from where its answers go and where it says what happened to it.
SearcherFactory = Callable[[Callable[[Answer], None], Say], Searcher]


def seat_key(text: str) -> str:
    """A seat as typed or as named (``redA``, ``Red A``, ``red``) in one spelling: ``reda``."""
    return "".join(text.split()).lower()


def parse_computer_seats(text: str) -> frozenset[str]:
    """``--computer SEAT[,SEAT]``: colours or team seats; InputError for an empty one."""
    seats = [seat_key(part) for part in text.split(",")]
    if not all(seats):
        raise InputError(f"--computer: name seats by colour or team seat (red, redA), not {text!r}")
    return frozenset(seats)


def top_level() -> Level:
    """The strongest level (what a hint plays)."""
    return level(HIGHEST)


def default_level() -> Level:
    """The level a computer seat plays when none is asked for: a middle one, for a newcomer."""
    return level(DEFAULT)


def parse_level(number: int) -> Level:
    """``--level N``; InputError names the option and the range."""
    try:
        return level(number)
    except ValueError:
        raise InputError(f"--level must be {LOWEST} to {HIGHEST}, not {number}") from None


def computer_choice(seats: str | None, number: int | None) -> tuple[frozenset[str], Level]:
    """``--computer`` and ``--level`` as given (either may be missing); InputError says why."""
    chosen = default_level() if number is None else parse_level(number)
    return (frozenset() if seats is None else parse_computer_seats(seats)), chosen


@dataclass
class ComputerPlayer:
    """The computer in one seat."""

    seat: int
    level: Level
    thinker: Searcher
    movetime: Callable[[GameState], int | None] = lambda state: None

    @property
    def kind(self) -> PlayerKind:
        return PlayerKind.COMPUTER

    def your_turn(self, turn: Turn) -> None:
        movetime = self.movetime(turn.state)
        self.thinker.start(turn.state, self.level, movetime_ms=movetime, tag=turn.seat)

    def cancel(self) -> None:
        self.thinker.cancel()


class ComputerChoice:
    """The seats the computer takes in the matches started from now, and its level: kept once,
    played from by ``Seating`` and shown and changed by the menu's "vs computer" rows."""

    def __init__(self, seats: Iterable[str] = (), number: int = DEFAULT) -> None:
        self.seats = frozenset(seat_key(seat) for seat in seats)  # colours or seat names
        self.level = level(number).number

    def choose(self, seats: Iterable[str], number: int | None = None) -> None:
        """The computer's seats (colours or names) and, given, its level from now on."""
        self.seats = frozenset(seat_key(seat) for seat in seats)
        if number is not None:
            self.level = level(number).number

    def takes(self, spec: SeatSpec) -> bool:
        """Whether the computer plays ``spec``'s seat: its colour or its name was chosen."""
        return seat_key(spec.colour) in self.seats or seat_key(spec.name) in self.seats

    def __repr__(self) -> str:
        return f"ComputerChoice({sorted(self.seats)!r}, {self.level})"


class Seating:
    """Makes each seat's player; plays the computer's seats and level as ``choice`` has them."""

    def __init__(
        self,
        *,
        clock: Callable[[], float],
        level: Level,
        computer_seats: Iterable[str] = (),
        seed: int | None = None,
        searcher: SearcherFactory | None = None,
    ) -> None:
        """``searcher``: where the searches run (default: a ``Thinker`` on ``clock``)."""
        self.choice = ComputerChoice(computer_seats, level.number)
        self._post: Post | None = None
        self._say: Say | None = None
        if searcher is None:
            self.thinker: Searcher = Thinker(clock=clock, deliver=self._deliver, seed=seed)
        else:
            self.thinker = searcher(self._deliver, self._said)
        # The computer's time for a move: from its clock on a timed game (the game clock sets
        # it), else None: the level's own time.
        self.movetime: Callable[[GameState], int | None] = lambda state: None

    def time_from(self, movetime: Callable[[GameState], int | None]) -> None:
        """Where the computer's time for a move comes from: its clock on a timed game (the
        game clock's ``movetime_ms``; None there: the level's own time)."""
        self.movetime = movetime

    def connect(self, post: Post, say: Say | None = None) -> None:
        """Where answers go (the loop's queue) and where the searcher's news is told (the
        board's notice); set once the controller exists."""
        self._post = post
        self._say = say

    def _said(self, text: str) -> None:
        if self._say is not None:
            self._say(text)

    def kinds(self, specs: tuple[SeatSpec, ...]) -> tuple[PlayerKind, ...]:
        """Who fills each seat of a new match: the computer where its colour or name is asked."""
        return tuple(
            PlayerKind.COMPUTER if self.choice.takes(spec) else PlayerKind.HERE for spec in specs
        )

    def __call__(self, kind: PlayerKind, seat: int) -> Player:
        if kind == PlayerKind.COMPUTER:
            return ComputerPlayer(seat, level(self.choice.level), self.thinker, self.movetime)
        return PassivePlayer(kind)

    def hint(self, state: GameState) -> None:
        """Look for the strongest move for the player to act (answered as a ``HintFound``):
        the coach's judge, so the coach never calls a hinted move a mistake."""
        self.thinker.start(
            state, top_level(), movetime_ms=HINT_MOVETIME_MS, tag=HINT, nodes=ANALYSIS_NODES
        )

    def _deliver(self, answer: Answer) -> None:
        if self._post is None:
            return
        if answer.tag == HINT:
            self._post(HintFound(answer.choice.token, answer.ply))
        else:
            assert isinstance(answer.tag, int)
            self._post(SeatMove(answer.tag, answer.choice.token, answer.ply))


def notice_teller(post: Callable[[LoopCall], None], table: NoticeBoard) -> Say:
    """Tells the board's notice a text from any thread, through the loop's queue ``post``."""

    def tell(text: str) -> None:
        post(LoopCall(partial(table.feedback.say, text)))

    return tell
