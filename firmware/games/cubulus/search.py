"""Cubulus search: alpha-beta over the pushes, iterative deepening, a transposition table.

Scores are from the point of view of the colour the search plays for. With three players the
search is paranoid: both others are taken to play against it, which keeps alpha-beta sound.
"""

from __future__ import annotations

import random

from firmware.games.cubulus.position import (
    DRAWN,
    OPPOSITE,
    PUSH_CELLS,
    PUSHES_THROUGH,
    SQUARES,
    CubulusPosition,
)
from firmware.rules.budget import Budget, SearchStoppedError
from firmware.rules.frozen import Frozen
from firmware.rules.players import NO_ACTION, WHOLE, Part

WIN = 1_000_000
WIN_SURE = WIN - 1000
INFINITY = 10 * WIN
EXACT, LOWER, UPPER = 0, 1, 2
BALL_IN_HAND = 3


def _pushes_between_ends() -> dict[tuple[int, int], tuple[int, ...]]:
    """The two end cells of a line (lower first) -> the pushes along that line."""
    ends: dict[tuple[int, int], tuple[int, ...]] = {}
    for push, (entry, _, far) in enumerate(PUSH_CELLS):
        key = (min(entry, far), max(entry, far))
        ends[key] = (*ends.get(key, ()), push)
    return ends


PUSHES_BETWEEN_ENDS = _pushes_between_ends()
# How many squares each cell lies in: where a white ball takes most squares away from both sides.
SQUARE_COUNT = tuple(sum(cell in square for square in SQUARES) for cell in range(27))


class CubulusStyle(Frozen):
    """The knobs a level turns for Cubulus."""

    FIELDS = ("max_depth", "noise", "leaf_wins", "share")
    __slots__ = FIELDS
    max_depth: int
    noise: int
    leaf_wins: bool  # at the search's horizon, look for a push that wins at once
    share: float  # the part of the given time (or node budget) spent

    def __init__(
        self, max_depth: int = 64, noise: int = 0, leaf_wins: bool = True, share: float = 1.0
    ) -> None:
        self._init(max_depth, noise, leaf_wins, share)


class CubulusResult(Frozen):
    """The chosen action (an action of ``CubulusPosition``), its score and what it cost."""

    FIELDS = ("action", "score", "depth", "nodes")
    __slots__ = FIELDS
    action: int
    score: int
    depth: int
    nodes: int

    def __init__(self, action: int, score: int, depth: int, nodes: int) -> None:
        self._init(action, score, depth, nodes)


class CubulusSearch:
    """One search for the colour to act in ``position``; the position is restored afterwards."""

    def __init__(
        self,
        position: CubulusPosition,
        budget: Budget,
        style: CubulusStyle,
        rng: random.Random,
        part: Part = WHOLE,
    ) -> None:
        self.part = part
        self.pos = position
        self.budget = budget
        self.style = style
        self.rng = rng
        self.me = position.mover()
        self.table: dict[tuple[object, ...], tuple[int, int, int, int]] = {}
        self.history = [0] * 54

    def evaluate(self) -> int:
        """Squares nearly owned and balls still in hand, mine against the best other colour."""
        pos = self.pos
        value, supply, me = pos.value, pos.supply, self.me
        mine = value[me] + BALL_IN_HAND * supply[me]
        return mine - max(value[c] + BALL_IN_HAND * supply[c] for c in pos.codes if c != me)

    def wins_at_once(self) -> bool:
        """Whether the colour to act has a push that wins now.

        A push fills a square of the mover's that holds three, through its fourth cell; or one
        that holds two, by bringing a new ball in at one end of a line while the mover's ball in
        the middle slides to the empty far end (no other push adds two balls to a square). A push
        is played only when working it out on paper shows it fills the square; playing it then
        settles whether another colour's square is completed too (rule 6).
        """
        pos = self.pos
        if pos.placing_whites:
            return False
        mover = pos.mover()
        board = pos.board
        candidates: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        for square in pos.threes[mover]:
            missing = next(cell for cell in SQUARES[square] if board[cell] != mover)
            candidates.append((SQUARES[square], PUSHES_THROUGH[missing]))
        if pos.supply[mover]:
            counts = pos.in_square[mover]
            for square, square_cells in enumerate(SQUARES):
                if counts[square] == 2:
                    first, second = sorted(c for c in square_cells if board[c] != mover)
                    pushes = PUSHES_BETWEEN_ENDS.get((first, second), ())
                    if pushes:
                        candidates.append((square_cells, pushes))
        forbidden = OPPOSITE[pos.last_push] if pos.last_rotated else -1
        for cells, pushes in candidates:
            for push in pushes:
                if push == forbidden:
                    continue
                after = pos.after_push(push)
                if after is None:
                    continue
                changed = dict(zip(PUSH_CELLS[push], after, strict=True))
                if any(changed.get(cell, board[cell]) != mover for cell in cells):
                    continue
                pos.play(push)
                won = pos.winner == mover
                pos.undo()
                if won:
                    return True
        return False

    def terminal(self, ply: int) -> int:
        winner = self.pos.winner
        if winner == DRAWN:
            return 0
        return WIN - ply if winner == self.me else -(WIN - ply)

    def search(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        pos = self.pos
        self.budget.spend()
        if pos.winner:
            return self.terminal(ply)
        if depth <= 0:
            if self.style.leaf_wins and self.wins_at_once():
                return WIN - ply - 1 if pos.mover() == self.me else -(WIN - ply - 1)
            return self.evaluate()
        key = pos.key()
        entry = self.table.get(key)
        hinted = -1
        if entry is not None:
            e_depth, flag, value, hinted = entry
            if e_depth >= depth and (
                flag == EXACT
                or (flag == LOWER and value >= beta)
                or (flag == UPPER and value <= alpha)
            ):
                return value
        maximizing = pos.mover() == self.me
        history = self.history
        actions = sorted(pos.actions(), key=lambda a: -history[a] - (10**9 if a == hinted else 0))
        if not actions:
            return 0
        lo, hi = alpha, beta
        best_action = actions[0]
        best = -INFINITY if maximizing else INFINITY
        for action in actions:
            pos.play(action)
            value = self.search(depth - 1, lo, hi, ply + 1)
            pos.undo()
            if maximizing:
                if value > best:
                    best, best_action = value, action
                    lo = max(lo, value)
            elif value < best:
                best, best_action = value, action
                hi = min(hi, value)
            if lo >= hi:
                history[action] += depth * depth
                break
        flag = UPPER if best <= alpha else LOWER if best >= beta else EXACT
        if abs(best) < WIN_SURE:
            self.table[key] = (depth, flag, best, best_action)
        return best

    def place_white(self) -> int:
        """A white ball where it spoils the most squares, with a little noise between equals."""
        board = self.pos.board
        free = [cell for cell in range(27) if not board[cell]]
        return max(free, key=lambda cell: SQUARE_COUNT[cell] + self.rng.random())

    def run(self) -> CubulusResult:
        pos = self.pos
        index, count = self.part
        if pos.placing_whites:
            score = 0 if index == 0 else NO_ACTION
            return CubulusResult(self.place_white(), score, 0, self.budget.nodes)
        actions = pos.actions()
        if index >= len(actions):
            return CubulusResult(actions[0], NO_ACTION, 0, 0)
        actions = actions[index::count]
        best = CubulusResult(actions[0], 0, 0, self.budget.nodes)
        start = pos.plies()
        for depth in range(1, self.style.max_depth + 1):
            values = []
            alpha = -INFINITY
            try:
                for action in actions:
                    pos.play(action)
                    value = self.search(
                        depth - 1, alpha if not self.style.noise else -INFINITY, INFINITY, 1
                    )
                    pos.undo()
                    values.append((value, action))
                    alpha = max(alpha, value)
            except SearchStoppedError:
                pos.rewind(start)
                break
            value, action = self.pick(values)
            best = CubulusResult(action, value, depth, self.budget.nodes)
            actions = [a for _, a in sorted(values, key=lambda va: -va[0])]
            if abs(value) > WIN_SURE or self.budget.exhausted():
                break
        return CubulusResult(best.action, best.score, best.depth, self.budget.nodes)

    def pick(self, values: list[tuple[int, int]]) -> tuple[int, int]:
        top = max(values, key=lambda va: va[0])
        noise = self.style.noise
        if not noise or abs(top[0]) > WIN_SURE:
            return top
        decent = [va for va in values if va[0] >= top[0] - 3 * noise and va[0] > -WIN_SURE]
        return max(decent, key=lambda va: va[0] + self.rng.gauss(0, noise))
