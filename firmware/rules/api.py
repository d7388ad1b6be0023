"""The one game API that every game implements: a Game makes States; a State plays tokens.

Actions cross this API as record tokens (``"h8"``, ``"xi8"``, ``"i8-c3"``, ``"F012"`` ...), so the
board, the records, replay and undo all speak the same language. Rules here are pure: no clock,
no I/O, no hardware.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeAlias, runtime_checkable

JsonValue: TypeAlias = "bool | int | float | str | list[JsonValue] | dict[str, JsonValue] | None"


class IllegalActionError(ValueError):
    """An action the rules do not allow now; ``reason`` is written for the player."""

    def __init__(self, token: str, reason: str) -> None:
        super().__init__(f"{token}: {reason}")
        self.token = token
        self.reason = reason


class InvalidRecordError(ValueError):
    """A record or rule set that cannot be read; the message names the offending key."""


class Status(enum.Enum):
    """Where a game stands; the value is the word used in records and replay output."""

    IN_PROGRESS = "in_progress"
    WON = "won"
    DRAW = "draw"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The one source of truth for the end of a game."""

    status: Status
    winner: str | None = None
    line: tuple[str, ...] | None = None

    @property
    def is_over(self) -> bool:
        return self.status is not Status.IN_PROGRESS


IN_PROGRESS = Outcome(Status.IN_PROGRESS)


@runtime_checkable
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
        """Take back the last token and return it; raise IndexError if there is none."""

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
