"""A Cubulus game in progress: the cube, the supplies, the turn, the outcome and undo."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from firmware.games.cubulus.cube import (
    bad_token_reason,
    has_legal_push,
    seat_order,
    square_owners,
    winning_square,
)
from firmware.games.cubulus.geometry import CELL_NAMES, COLOURS, PUSH_INDEX, PUSHES
from firmware.rules.api import (
    IN_PROGRESS,
    IllegalActionError,
    JsonValue,
    Outcome,
    Status,
    Termination,
)
from firmware.rules.endings import OUT_TOKENS, SidesLeft
from firmware.rules.summary import summary_of

BALLS_PER_COLOUR = 9
NEUTRAL = "N"
WHITE = 3  # colour codes: 0 empty, 1 red, 2 black, 3 white
PUSH_TOKENS = tuple(push.token for push in PUSHES)
NEUTRAL_INDEX = {f"{NEUTRAL}{name}": index for index, name in enumerate(CELL_NAMES)}


class _Undo:
    """What one token changed, to put it back (kept in the state's history, never changed)."""

    __slots__ = ("before", "cells", "last_push", "last_rotated", "out", "outcome", "removed",
                 "spent", "turn")  # fmt: skip

    def __init__(
        self,
        cells: tuple[int, ...],
        before: tuple[int, ...],
        spent: int,  # the colour code whose supply paid for the ball, or 0
        last_push: int,
        last_rotated: bool,
        turn: int,
        outcome: Outcome,
        out: frozenset[int],  # the seats out before the token
        removed: int,  # balls taken from the supply of the seat that went out
    ) -> None:
        self.cells = cells
        self.before = before
        self.spent = spent
        self.last_push = last_push
        self.last_rotated = last_rotated
        self.turn = turn
        self.outcome = outcome
        self.out = out
        self.removed = removed


class CubulusState(SidesLeft):
    """A Cubulus game in progress: the cube, the supplies, whose turn, and the undo history."""

    __slots__ = (
        "_before_end",
        "_board",
        "_codes",
        "_history",
        "_last_push",
        "_last_rotated",
        "_moves",
        "_out",
        "_outcome",
        "_seats",
        "_supply",
        "_turn",
    )

    def __init__(self, players: int, first: str) -> None:
        self._seats = seat_order(players, first)
        self._codes = tuple(COLOURS.index(colour) + 1 for colour in self._seats)
        self._board = [0] * 27
        self._supply = [0, BALLS_PER_COLOUR, BALLS_PER_COLOUR, BALLS_PER_COLOUR]
        self._turn = 0
        self._last_push = -1
        self._last_rotated = False
        self._outcome = IN_PROGRESS
        self._before_end: Outcome | None = None  # what ``conclude`` replaced
        self._out: frozenset[int] = frozenset()  # seats out of a 3-player game (time, resign)
        self._moves: list[str] = []
        self._history: list[_Undo] = []

    def __repr__(self) -> str:
        return f"<CubulusState players={len(self._seats)} first={self.first} ply={self.ply}>"

    @property
    def game(self) -> str:
        return "cubulus"

    @property
    def rules(self) -> Mapping[str, JsonValue]:
        return {"players": len(self._seats)}

    @property
    def first(self) -> str:
        return self._seats[0]

    @property
    def players(self) -> tuple[str, ...]:
        """The playing colours in seat order, the first player first."""
        return self._seats

    @property
    def moves(self) -> Sequence[str]:
        return tuple(self._moves)

    @property
    def ply(self) -> int:
        return len(self._moves)

    def _neutral_left(self) -> int:
        return self._supply[WHITE] if len(self._seats) == 2 else 0

    def neutral_left(self) -> int:
        """White balls still to be placed in the 2-player setup (0 with 3 players)."""
        return self._neutral_left()

    def in_setup(self) -> bool:
        """Whether the white balls are still being placed (untimed under a clock)."""
        return self._neutral_left() > 0

    def seat(self) -> int:
        """The seat (index in ``players``) of the player to act, or where the game ended."""
        return 1 if self._neutral_left() else self._turn

    def to_move(self) -> str | None:
        if self._outcome.is_over:
            return None
        return self._seats[self.seat()]

    def awaiting(self) -> str | None:
        if self._outcome.is_over:
            return None
        return "neutral" if self._neutral_left() else "push"

    def outcome(self) -> Outcome:
        return self._outcome

    def cells(self) -> dict[str, str]:
        """Every occupied cell (``"012"``) and the colour of its ball."""
        board = self._board
        return {CELL_NAMES[i]: COLOURS[board[i] - 1] for i in range(27) if board[i]}

    def supply(self) -> dict[str, int]:
        """Balls left in each playing colour's supply."""
        return {colour: self._supply[COLOURS.index(colour) + 1] for colour in self._sorted_seats()}

    def last_push(self) -> str | None:
        """The token of the latest push, or None before the first push."""
        return PUSHES[self._last_push].token if self._last_push >= 0 else None

    def _sorted_seats(self) -> list[str]:
        return [colour for colour in COLOURS if colour in self._seats]

    def legal_actions(self) -> list[str]:
        if self._outcome.is_over:
            return []
        board = self._board
        if self._neutral_left():
            return [f"{NEUTRAL}{CELL_NAMES[i]}" for i in range(27) if not board[i]]
        forbidden = PUSHES[self._last_push].opposite if self._last_rotated else -1
        if self._supply[self._codes[self._turn]]:
            # Every push introduces or turns a full line: all are legal but the reverse.
            return [token for number, token in enumerate(PUSH_TOKENS) if number != forbidden]
        return [
            push.token
            for number, push in enumerate(PUSHES)
            if number != forbidden and all(board[cell] for cell in push.cells)
        ]

    def why_illegal(self, token: str) -> str | None:
        if token in OUT_TOKENS:
            return self._why_not_out(token)
        if self._outcome.is_over:
            return "the game is over"
        push = PUSH_INDEX.get(token)
        neutral = NEUTRAL_INDEX.get(token)
        if self._neutral_left():
            if neutral is not None:
                taken = "a ball is already there: put the white ball on an empty cell"
                return taken if self._board[neutral] else None
            if push is not None:
                return f"place the white balls first ({self._neutral_left()} left)"
            return bad_token_reason(token)
        if neutral is not None:
            if len(self._seats) == 3:
                return "there are no neutral balls with 3 players: push from a face"
            return "the white balls are all placed: push from a face"
        if push is None:
            return bad_token_reason(token)
        a, b, c = PUSHES[push].cells
        board = self._board
        if board[a] and board[b] and board[c]:
            if self._last_rotated and push == PUSHES[self._last_push].opposite:
                return "that would undo the last move"
            return None
        if not self._supply[self._codes[self._turn]]:
            return "you have no balls left: push a full line"
        return None

    def apply(self, token: str) -> None:
        reason = self.why_illegal(token)
        if reason is not None:
            raise IllegalActionError(token, reason)
        if token in OUT_TOKENS:
            self._go_out()
        elif self._neutral_left():
            self._place_neutral(NEUTRAL_INDEX[token])
        else:
            self._push(PUSH_INDEX[token])
        self._moves.append(token)

    def _remember(self, cells: tuple[int, ...], spent: int, removed: int = 0) -> None:
        before = tuple(self._board[i] for i in cells)
        self._history.append(
            _Undo(
                cells,
                before,
                spent,
                self._last_push,
                self._last_rotated,
                self._turn,
                self._outcome,
                self._out,
                removed,
            )
        )

    def _next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in turn order, skipping the seats that are out."""
        count = len(self._seats)
        return next(
            (seat + step) % count
            for step in range(1, count + 1)
            if (seat + step) % count not in self._out
        )

    def sides_in(self) -> tuple[str, ...]:
        """The colours still in the game (a 3-player game goes on when one is out), seat order."""
        return tuple(colour for seat, colour in enumerate(self._seats) if seat not in self._out)

    def _why_not_out(self, token: str) -> str | None:
        if self._outcome.is_over:
            return "the game is over"
        if len(self._seats) - len(self._out) < 3:
            return f"{token}: with two players in, running out of time or resigning ends the game"
        return None

    def _go_out(self) -> None:
        """The player to act ran out of time or resigned with three in (rules.md Timed play 4):
        out, their balls neutral from now on, their supply gone; the other two play on."""
        seat, code = self._turn, self._codes[self._turn]
        self._remember((), 0, self._supply[code])
        self._supply[code] = 0
        self._out = self._out | {seat}
        self._turn = self._next_seat(seat)
        if not has_legal_push(self._board, self._supply[self._codes[self._turn]]):
            self._outcome = Outcome(Status.DRAW)

    def _place_neutral(self, cell: int) -> None:
        self._remember((cell,), WHITE)
        self._board[cell] = WHITE
        self._supply[WHITE] -= 1

    def _push(self, number: int) -> None:
        push = PUSHES[number]
        board = self._board
        a, b, c = (board[i] for i in push.cells)
        mover = self._codes[self._turn]
        rotated = bool(a and b and c)
        self._remember(push.cells, 0 if rotated else mover)
        if rotated:
            after = (c, a, b)
        else:
            self._supply[mover] -= 1
            # The run of balls from the entry cell moves one step in, into the first gap.
            after = (mover, b, c) if not a else (mover, a, c) if not b else (mover, a, b)
        for cell, colour in zip(push.cells, after, strict=True):
            board[cell] = colour
        self._last_push = number
        self._last_rotated = rotated
        self._outcome = self._judge(push.cells)
        if not self._outcome.is_over:
            self._turn = self._next_seat(self._turn)
            if not has_legal_push(board, self._supply[self._codes[self._turn]]):
                self._outcome = Outcome(Status.DRAW, termination=Termination.NO_MOVE)

    def _judge(self, changed: tuple[int, ...]) -> Outcome:
        """The result after a push that changed ``changed``: a square decides (rule 6)."""
        playing = [code for seat, code in enumerate(self._codes) if seat not in self._out]
        owners = square_owners(self._board, changed).intersection(playing)
        if not owners:
            return IN_PROGRESS
        count = len(self._codes)
        after_mover = [self._codes[(self._turn + step) % count] for step in range(1, count + 1)]
        winner = next(code for code in after_mover if code in owners)
        square = winning_square(self._board, winner)
        return Outcome(Status.WON, COLOURS[winner - 1], square, Termination.SQUARE)

    def conclude(self, outcome: Outcome) -> None:
        if self._outcome.is_over:
            raise ValueError("the game is over already")
        self._before_end, self._outcome = self._outcome, outcome

    def reopen(self) -> None:
        if self._before_end is None:
            raise ValueError("the game was not ended off the board")
        self._outcome, self._before_end = self._before_end, None

    def undo(self) -> str:
        if not self._history:
            raise IndexError("nothing to undo")
        self._before_end = None  # the step puts back what was before the token
        step = self._history.pop()
        for cell, colour in zip(step.cells, step.before, strict=True):
            self._board[cell] = colour
        if step.spent:
            self._supply[step.spent] += 1
        self._supply[self._codes[step.turn]] += step.removed
        self._out = step.out
        self._last_push = step.last_push
        self._last_rotated = step.last_rotated
        self._turn = step.turn
        self._outcome = step.outcome
        return self._moves.pop()

    def copy(self) -> CubulusState:
        twin = CubulusState.__new__(CubulusState)
        twin._seats = self._seats
        twin._codes = self._codes
        twin._board = self._board.copy()
        twin._supply = self._supply.copy()
        twin._turn = self._turn
        twin._last_push = self._last_push
        twin._last_rotated = self._last_rotated
        twin._outcome = self._outcome
        twin._before_end = self._before_end
        twin._out = self._out
        twin._moves = self._moves.copy()
        twin._history = self._history.copy()
        return twin

    def summary(self) -> dict[str, JsonValue]:
        return summary_of(self, {"cells": dict(self.cells()), "supply": dict(self.supply())})
