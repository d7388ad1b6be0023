"""A Cubulus game built for search: the rules of rules.md on plain lists, with cheap undo.

Actions are numbers: a cell index while the white balls are placed, a push number after.
"""

from __future__ import annotations

from collections.abc import Sequence

from firmware.games.cubulus.geometry import (
    CELL_INDEX,
    COLOURS,
    LINES,
    PUSH_INDEX,
    PUSHES,
    SQUARES_AT,
)
from firmware.games.cubulus.geometry import SQUARES as SQUARE_CELLS

WHITE = 3
BALLS = 9
DRAWN = -1  # ``winner`` of a drawn game
SQUARES = SQUARE_CELLS
PUSH_CELLS = tuple(push.cells for push in PUSHES)
OPPOSITE = tuple(push.opposite for push in PUSHES)


class CubulusPosition:
    """The cube, the supplies, the turn; ``play`` an action number and ``undo`` it."""

    __slots__ = (
        "_history",
        "board",
        "codes",
        "last_push",
        "last_rotated",
        "supply",
        "turn",
        "winner",
    )

    def __init__(self, players: int, first: str) -> None:
        playing = COLOURS[:players]
        start = playing.index(first)
        seats = playing[start:] + playing[:start]
        self.codes = tuple(COLOURS.index(colour) + 1 for colour in seats)
        self.board = [0] * 27
        self.supply = [0, BALLS, BALLS, BALLS]  # in a 2-player game the whites still to place
        self.turn = 0
        self.last_push = -1
        self.last_rotated = False
        self.winner = 0
        self._history: list[tuple[int, tuple[int, int, int], int, int, bool, int, int]] = []

    @property
    def placing_whites(self) -> bool:
        return len(self.codes) == 2 and self.supply[WHITE] > 0

    @property
    def over(self) -> bool:
        return self.winner != 0

    def mover(self) -> int:
        """The colour code to act (the second seat places the whites)."""
        return self.codes[1] if self.placing_whites else self.codes[self.turn]

    def actions(self) -> list[int]:
        """Every legal action now."""
        if self.winner:
            return []
        board = self.board
        if self.placing_whites:
            return [i for i in range(27) if not board[i]]
        forbidden = OPPOSITE[self.last_push] if self.last_rotated else -1
        if self.supply[self.codes[self.turn]]:
            return [n for n in range(len(PUSHES)) if n != forbidden]
        return [
            n
            for n, (a, b, c) in enumerate(PUSH_CELLS)
            if n != forbidden and board[a] and board[b] and board[c]
        ]

    def play(self, action: int) -> None:
        board = self.board
        if self.placing_whites:
            self._history.append((action, (action, action, action), WHITE, 0, False, 0, 0))
            board[action] = WHITE
            self.supply[WHITE] -= 1
            return
        cells = PUSH_CELLS[action]
        a, b, c = (board[i] for i in cells)
        mover = self.codes[self.turn]
        rotated = bool(a and b and c)
        spent = 0 if rotated else mover
        self._history.append(
            (-1, (a, b, c), spent, self.last_push, self.last_rotated, self.turn, action)
        )
        if rotated:
            after = (c, a, b)
        else:
            self.supply[mover] -= 1
            after = (mover, b, c) if not a else (mover, a, c) if not b else (mover, a, b)
        board[cells[0]], board[cells[1]], board[cells[2]] = after
        self.last_push = action
        self.last_rotated = rotated
        self.winner = self._judge(cells)
        if not self.winner:
            self.turn = (self.turn + 1) % len(self.codes)
            if not self._can_push(self.supply[self.codes[self.turn]]):
                self.winner = DRAWN

    def undo(self) -> None:
        cell, before, spent, last_push, last_rotated, turn, action = self._history.pop()
        if cell >= 0:
            self.board[cell] = 0
            self.supply[WHITE] += 1
            return
        cells = PUSH_CELLS[action]
        board = self.board
        board[cells[0]], board[cells[1]], board[cells[2]] = before
        if spent:
            self.supply[spent] += 1
        self.last_push, self.last_rotated, self.turn = last_push, last_rotated, turn
        self.winner = 0

    def plies(self) -> int:
        return len(self._history)

    def rewind(self, plies: int) -> None:
        while len(self._history) > plies:
            self.undo()

    def _can_push(self, supply_left: int) -> bool:
        board = self.board
        if supply_left > 0 and 0 in board:
            return True
        return any(board[a] and board[b] and board[c] for a, b, c in LINES)

    def _judge(self, changed: Sequence[int]) -> int:
        board = self.board
        owners = set()
        for cell in changed:
            for number in SQUARES_AT[cell]:
                p, q, r, s = SQUARES[number]
                colour = board[p]
                if colour and colour == board[q] == board[r] == board[s]:
                    owners.add(colour)
        if not owners:
            return 0
        codes = self.codes
        count = len(codes)
        for step in range(1, count + 1):
            code = codes[(self.turn + step) % count]
            if code in owners:
                return code
        return 0

    def key(self) -> tuple[object, ...]:
        forbidden = self.last_push if self.last_rotated else -1
        return (*self.board, self.turn, forbidden, *self.supply)


def cubulus_position(players: int, first: str, moves: Sequence[str]) -> CubulusPosition:
    """The search position after ``moves`` (tokens already known legal)."""
    position = CubulusPosition(players, first)
    for token in moves:
        position.play(CELL_INDEX[token[1:]] if token[0] == "N" else PUSH_INDEX[token])
    return position


def token_of(position: CubulusPosition, action: int) -> str:
    """The record token of ``action`` now."""
    if position.placing_whites:
        return "N" + f"{action // 9}{action // 3 % 3}{action % 3}"
    return PUSHES[action].token
