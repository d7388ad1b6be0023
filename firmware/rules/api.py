"""The one game API that every game implements: a Game makes States; a State plays tokens.

Actions cross this API as record tokens (``"h8"``, ``"xi8"``, ``"i8-c3"``, ``"F012"`` ...), so the
board, the records, replay and undo all speak the same language. Rules here are pure: no clock,
no I/O, no hardware.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence

from firmware.errors import InputError
from firmware.rules.frozen import Frozen
from firmware.rules.protocol import Protocol

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeAlias

JsonValue: TypeAlias = "bool | int | float | str | list[JsonValue] | dict[str, JsonValue] | None"


class IllegalActionError(InputError):
    """An action the rules do not allow now; ``reason`` is written for the player."""

    def __init__(self, token: str, reason: str) -> None:
        super().__init__(f"{token}: {reason}")
        self.token = token
        self.reason = reason


class InvalidRecordError(InputError):
    """A record or rule set that cannot be read; the message names the offending key."""


class Status(enum.Enum):
    """Where a game stands; the value is the word used in records and replay output."""

    IN_PROGRESS = "in_progress"
    WON = "won"
    DRAW = "draw"


class Termination(enum.Enum):
    """How a round or game ended; the value is the word for it (rules.md, Timed play rule 6)."""

    LINE = "line"  # five in a row (Culls)
    SQUARE = "square"  # a square of one colour (Cubulus)
    NO_CHIPS = "no chips"  # the side to act has no chip left to place (Culls)
    NO_MOVE = "no move"  # the side to act has no legal action (a full board, no push)
    TIME = "time"  # the side to act ran out of time
    RESIGNATION = "resignation"
    AGREEMENT = "agreement"  # the players agreed on the result (a draw)

    @property
    def positional(self) -> bool:
        """True if the position shows it (the moves alone say so); False for the clock's and
        the players' endings, which a record must say."""
        return self in POSITIONAL


POSITIONAL = frozenset({Termination.LINE, Termination.SQUARE, Termination.NO_CHIPS,
                        Termination.NO_MOVE})  # fmt: skip


class Outcome(Frozen):
    """The one source of truth for the end of a game: whether it is over, who won, the winning
    cells and why it ended (python-chess's ``Outcome(termination, winner)``)."""

    FIELDS = ("status", "winner", "line", "termination")
    __slots__ = FIELDS
    status: Status
    winner: str | None
    line: tuple[str, ...] | None
    termination: Termination | None  # None while in progress (or a game that never says)

    def __init__(
        self,
        status: Status,
        winner: str | None = None,
        line: tuple[str, ...] | None = None,
        termination: Termination | None = None,
    ) -> None:
        self._init(status, winner, line, termination)

    @property
    def is_over(self) -> bool:
        return self.status is not Status.IN_PROGRESS

    @classmethod
    def ended_by(cls, termination: Termination, winner: str | None) -> Outcome:
        """A round ended by something off the board (time, resignation, agreement): ``winner``
        wins it, or nobody (None: a draw)."""
        if termination.positional:
            raise ValueError(f"a round ends by {termination.value!r} only through its moves")
        return cls(Status.DRAW if winner is None else Status.WON, winner, None, termination)


IN_PROGRESS = Outcome(Status.IN_PROGRESS)


class GameState(Protocol):
    """One game in progress: whose turn, what is legal, apply and undo."""

    @property
    def game(self) -> str:
        """The registered game name, e.g. ``"culls"``."""

    @property
    def rules(self) -> Mapping[str, JsonValue]:
        """The full rule switches in force (every key, defaults filled in)."""

    @property
    def first(self) -> str:
        """The colour that moved first."""

    @property
    def moves(self) -> Sequence[str]:
        """Every token applied so far, in order."""

    @property
    def ply(self) -> int:
        """How many tokens have been applied."""

    def to_move(self) -> str | None:
        """The colour to act now, or None when the game is over."""

    def awaiting(self) -> str | None:
        """What the player to act must do (``place``, ``flip``, ``move``, ``neutral``, ``push``)."""

    def outcome(self) -> Outcome:
        """Whether the game is over, who won and the winning cells."""

    def legal_actions(self) -> list[str]:
        """Every token that ``apply`` would accept now."""

    def why_illegal(self, token: str) -> str | None:
        """None if ``token`` is legal now, else the reason a player would be told."""

    def apply(self, token: str) -> None:
        """Play ``token``; raise IllegalActionError (changing nothing) if it is not legal."""

    def undo(self) -> str:
        """Take back the last token and return it (and an ending by ``conclude`` with it);
        raise IndexError if there is none."""

    def conclude(self, outcome: Outcome) -> None:
        """End the game in progress by ``outcome``, a reason off the board (``Outcome.ended_by``):
        no action is legal after it; ``reopen`` takes it back. ValueError if it is over."""

    def reopen(self) -> None:
        """Take back the ending ``conclude`` gave; ValueError if the game was not concluded."""

    def copy(self) -> GameState:
        """An independent copy (undo history included)."""

    def summary(self) -> dict[str, JsonValue]:
        """The state as the ``cullsboard replay`` JSON object of records.md."""


class Game(Protocol):
    """A game's rules and parameters; makes fresh states."""

    @property
    def name(self) -> str:
        """The registered name, as in the record's ``game`` key."""

    def parse_rules(self, raw: Mapping[str, object]) -> dict[str, JsonValue]:
        """Validate a record's ``rules`` object and fill in defaults; raise InvalidRecordError."""

    def colours(self, rules: Mapping[str, JsonValue]) -> tuple[str, ...]:
        """The colours that play under ``rules``, in seat order from the first in the rules."""

    def new_state(self, rules: Mapping[str, JsonValue], first: str) -> GameState:
        """A new game; ``first`` must be one of ``colours(rules)`` (else InvalidRecordError)."""
