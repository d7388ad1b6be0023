"""A Cubulus game built for search: the rules of rules.md on plain lists, with cheap undo.

Actions are numbers: a cell index while the white balls are placed, a push number after. Every
ball change updates, per colour, how many balls it has in each of the 36 squares, the sum of the
squares' values and the squares it holds three of.
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
from firmware.rules.endings import OUT_TOKENS

WHITE = 3
BALLS = 9
DRAWN = -1  # ``winner`` of a drawn game
SQUARES = SQUARE_CELLS
PUSH_CELLS = tuple(push.cells for push in PUSHES)
OPPOSITE = tuple(push.opposite for push in PUSHES)
SQUARE_VALUE = (0, 1, 6, 40, 0)  # a square holding k balls of one colour (4 ends the game)
GAIN = (0, *(SQUARE_VALUE[k] - SQUARE_VALUE[k - 1] for k in range(1, 5)))  # k-1 -> k balls
LOSS = (0, *(SQUARE_VALUE[k - 1] - SQUARE_VALUE[k] for k in range(1, 5)))  # k -> k-1 balls
# The pushes whose line passes through each cell: the pushes that can change it.
PUSHES_THROUGH = tuple(
    tuple(n for n, cells in enumerate(PUSH_CELLS) if cell in cells) for cell in range(27)
)


class CubulusPosition:
    """The cube, the supplies, the turn; ``play`` an action number and ``undo`` it."""

    __slots__ = (
        "_history",
        "board",
        "codes",
        "in_square",
        "last_push",
        "last_rotated",
        "owned",
        "supply",
        "threes",
        "turn",
        "value",
        "whites",
        "winner",
    )

    def __init__(self, players: int, first: str) -> None:
        playing = COLOURS[:players]
        start = playing.index(first)
        seats = playing[start:] + playing[:start]
        self.codes = tuple(COLOURS.index(colour) + 1 for colour in seats)
        self.whites = players == 2  # white is neutral: its balls are placed first
        self.board = [0] * 27
        self.supply = [0, BALLS, BALLS, BALLS]  # in a 2-player game the whites still to place
        self.turn = 0
        self.last_push = -1
        self.last_rotated = False
        self.winner = 0
        self.in_square = [[0] * len(SQUARES) for _ in range(4)]  # [colour][square] -> balls
        self.value = [0, 0, 0, 0]  # [colour] -> sum of SQUARE_VALUE over the squares
        self.threes: list[set[int]] = [set(), set(), set(), set()]  # squares with 3 of a colour
        self.owned = [0, 0, 0, 0]  # [colour] -> squares it holds all four of
        self._history: list[tuple[int, tuple[int, int, int], int, int, bool, int, int]] = []

    @property
    def placing_whites(self) -> bool:
        return self.whites and self.supply[WHITE] > 0

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

    def after_push(self, action: int) -> tuple[int, int, int] | None:
        """The three cells' balls after push ``action`` by the colour to act, or None when the
        push needs a ball that colour no longer has (the position is not changed)."""
        board = self.board
        a, b, c = (board[i] for i in PUSH_CELLS[action])
        mover = self.codes[self.turn]
        if not ((a and b and c) or self.supply[mover]):
            return None
        return _pushed(a, b, c, mover)

    def play(self, action: int) -> None:
        board = self.board
        if self.placing_whites:
            self._history.append((action, (action, action, action), WHITE, 0, False, 0, 0))
            board[action] = WHITE
            self._recolour(action, 0, WHITE)
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
        if not rotated:
            self.supply[mover] -= 1
        for cell, old, new in zip(cells, (a, b, c), _pushed(a, b, c, mover), strict=True):
            if old != new:
                board[cell] = new
                self._recolour(cell, old, new)
        self.last_push = action
        self.last_rotated = rotated
        self.winner = self._judge()
        if not self.winner:
            self.turn = (self.turn + 1) % len(self.codes)
            if not self._can_push(self.supply[self.codes[self.turn]]):
                self.winner = DRAWN

    def undo(self) -> None:
        cell, before, spent, last_push, last_rotated, turn, action = self._history.pop()
        board = self.board
        if cell >= 0:
            board[cell] = 0
            self._recolour(cell, WHITE, 0)
            self.supply[WHITE] += 1
            return
        for cell_now, old in zip(PUSH_CELLS[action], before, strict=True):
            now = board[cell_now]
            if now != old:
                board[cell_now] = old
                self._recolour(cell_now, now, old)
        if spent:
            self.supply[spent] += 1
        self.last_push, self.last_rotated, self.turn = last_push, last_rotated, turn
        self.winner = 0

    def go_out(self) -> None:
        """The colour to act is out (time, resignation; 3 players): its supply gone, its balls
        neutral, its turns skipped. Only before a search starts: it is not undone."""
        out = self.codes[self.turn]
        self.supply[out] = 0
        self.codes = tuple(code for code in self.codes if code != out)
        self.turn %= len(self.codes)

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

    def _recolour(self, cell: int, old: int, new: int) -> None:
        """Count a ball of ``old`` (0: none) leaving ``cell`` and one of ``new`` arriving."""
        squares = SQUARES_AT[cell]
        if old:
            counts, threes = self.in_square[old], self.threes[old]
            gained = 0
            for square in squares:
                k = counts[square]
                counts[square] = k - 1
                gained += LOSS[k]
                if k == 4:
                    self.owned[old] -= 1
                    threes.add(square)
                elif k == 3:
                    threes.discard(square)
            self.value[old] += gained
        if new:
            counts, threes = self.in_square[new], self.threes[new]
            gained = 0
            for square in squares:
                k = counts[square] + 1
                counts[square] = k
                gained += GAIN[k]
                if k == 4:
                    self.owned[new] += 1
                    threes.discard(square)
                elif k == 3:
                    threes.add(square)
            self.value[new] += gained

    def _judge(self) -> int:
        """The winner after a push (rule 6): the mover only if no other colour owns a square."""
        owned, codes = self.owned, self.codes
        count = len(codes)
        for step in range(1, count + 1):
            code = codes[(self.turn + step) % count]
            if owned[code]:
                return code
        return 0

    def key(self) -> tuple[object, ...]:
        forbidden = self.last_push if self.last_rotated else -1
        return (*self.board, self.turn, forbidden, *self.supply)


def _pushed(a: int, b: int, c: int, mover: int) -> tuple[int, int, int]:
    """A line's three balls (0: empty) after ``mover`` pushes into it: a full line rotates; else
    a new ball of ``mover`` comes in at the entry and the first gap closes."""
    if a and b and c:
        return (c, a, b)
    return (mover, b, c) if not a else (mover, a, c) if not b else (mover, a, b)


def cubulus_position(players: int, first: str, moves: Sequence[str]) -> CubulusPosition:
    """The search position after ``moves`` (tokens already known legal)."""
    position = CubulusPosition(players, first)
    for token in moves:
        if token in OUT_TOKENS:
            position.go_out()
        else:
            position.play(CELL_INDEX[token[1:]] if token[0] == "N" else PUSH_INDEX[token])
    return position


def token_of(position: CubulusPosition, action: int) -> str:
    """The record token of ``action`` now."""
    if position.placing_whites:
        return "N" + f"{action // 9}{action // 3 % 3}{action % 3}"
    return PUSHES[action].token
