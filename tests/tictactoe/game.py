"""Tic-tac-toe: three in a row on a 3x3 grid, blue and red; a full grid without a line draws."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from firmware.rules.api import (
    IN_PROGRESS,
    IllegalActionError,
    InvalidRecordError,
    JsonValue,
    Outcome,
    Status,
    Termination,
)
from firmware.rules.grid import cell_name, parse_cell
from firmware.rules.summary import summary_of

SIZE = 3
COLOURS = ("blue", "red")
CELLS = [cell_name((x, y)) for y in range(SIZE) for x in range(SIZE)]
LINES = (
    [[cell_name((x, y)) for x in range(SIZE)] for y in range(SIZE)]
    + [[cell_name((x, y)) for y in range(SIZE)] for x in range(SIZE)]
    + [
        [cell_name((i, i)) for i in range(SIZE)],
        [cell_name((i, SIZE - 1 - i)) for i in range(SIZE)],
    ]
)


class TicTacToeState:
    """One game: which colour holds which cell, in the order they were placed."""

    def __init__(self, first: str) -> None:
        self._first = first
        self._moves: list[str] = []
        self._owner: dict[str, str] = {}
        self._ended: Outcome | None = None  # an ending off the board (``conclude``)

    @property
    def game(self) -> str:
        return "tictactoe"

    @property
    def rules(self) -> Mapping[str, JsonValue]:
        return {}

    @property
    def first(self) -> str:
        return self._first

    @property
    def moves(self) -> Sequence[str]:
        return tuple(self._moves)

    @property
    def ply(self) -> int:
        return len(self._moves)

    def owners(self) -> dict[str, str]:
        return dict(self._owner)

    def to_move(self) -> str | None:
        if self.outcome().is_over:
            return None
        second = COLOURS[1 - COLOURS.index(self._first)]
        return self._first if self.ply % 2 == 0 else second

    def awaiting(self) -> str | None:
        return None if self.to_move() is None else "place"

    def outcome(self) -> Outcome:
        if self._ended is not None:
            return self._ended
        for line in LINES:
            owners = {self._owner.get(cell) for cell in line}
            if len(owners) == 1 and None not in owners:
                return Outcome(Status.WON, self._owner[line[0]], tuple(line), Termination.LINE)
        full = len(self._owner) == len(CELLS)
        return Outcome(Status.DRAW, termination=Termination.NO_MOVE) if full else IN_PROGRESS

    def legal_actions(self) -> list[str]:
        return [] if self.outcome().is_over else [c for c in CELLS if c not in self._owner]

    def why_illegal(self, token: str) -> str | None:
        if self.outcome().is_over:
            return "the game is over"
        try:
            parse_cell(token, SIZE)
        except ValueError as exc:
            return str(exc)
        if token in self._owner:
            return f"{token} is taken"
        return None

    def apply(self, token: str) -> None:
        reason = self.why_illegal(token)
        if reason is not None:
            raise IllegalActionError(token, reason)
        colour = self.to_move()
        assert colour is not None
        self._owner[token] = colour
        self._moves.append(token)

    def conclude(self, outcome: Outcome) -> None:
        if self.outcome().is_over:
            raise ValueError("the game is over already")
        self._ended = outcome

    def reopen(self) -> None:
        if self._ended is None:
            raise ValueError("the game was not ended off the board")
        self._ended = None

    def undo(self) -> str:
        self._ended = None
        token = self._moves.pop()  # IndexError when there is nothing to undo, as promised
        del self._owner[token]
        return token

    def copy(self) -> TicTacToeState:
        twin = TicTacToeState(self._first)
        for token in self._moves:
            twin.apply(token)
        twin._ended = self._ended
        return twin

    def summary(self) -> dict[str, JsonValue]:
        board: list[JsonValue] = [
            "".join(self._owner.get(cell_name((x, y)), ".")[0] for x in range(SIZE))
            for y in reversed(range(SIZE))
        ]
        return summary_of(self, {"board": board})


class TicTacToe:
    """The game: no rule switches, two colours."""

    @property
    def name(self) -> str:
        return "tictactoe"

    def parse_rules(self, raw: Mapping[str, object]) -> dict[str, JsonValue]:
        for key in raw:
            raise InvalidRecordError(f"rules.{key}: unknown key (tic-tac-toe has no switches)")
        return {}

    def colours(self, rules: Mapping[str, JsonValue]) -> tuple[str, ...]:
        return COLOURS

    def new_state(self, rules: Mapping[str, JsonValue], first: str) -> TicTacToeState:
        if first not in COLOURS:
            raise InvalidRecordError(f"first: must be blue or red, got {first!r}")
        return TicTacToeState(first)


TICTACTOE = TicTacToe()
