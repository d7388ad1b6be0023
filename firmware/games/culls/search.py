"""Culls search: negamax alpha-beta with iterative deepening, a transposition table and
forcing-move extensions over a ``CullsPosition``.

Scores are from the point of view of the colour to act. A flip is part of the culler's turn, so
the flip node keeps the mover (no sign change) and spends no depth.
"""

from __future__ import annotations

import random

from firmware.games.culls.position import (
    BLUE,
    DRAWN,
    FLIP,
    MOVE,
    OVER,
    RED,
    WINDOW_CODES,
    CullsPosition,
    window_contents,
)
from firmware.games.culls.prover import WinProver
from firmware.rules.budget import Budget, SearchStoppedError
from firmware.rules.frozen import Frozen
from firmware.rules.players import NO_ACTION, WHOLE, Part

WIN = 1_000_000
WIN_SURE = WIN - 1000  # any score above this is a forced win
INFINITY = 10 * WIN
EXACT, LOWER, UPPER = 0, 1, 2
# Ordering: what one more chip in a window of k own chips gains, and what blocking k takes away.
GAIN = (1, 9, 60, 330, 100_000, 0)
BLOCK = (0, 2, 15, 90, 50_000, 0)
CULL_NOW = 90  # the mover can cull at once
CULL_MORE = 15  # every further cull chance of the mover
PAIR_EXPOSED = 35  # each pair of the mover the opponent could cull next turn
TEMPO = 20
MOVER_THREE = 40  # a window where the colour to act has three: a four (a forcing move) next
SUPPLY_CALM = 6  # below this many chips for either colour, scores shrink towards the draw
PROOF_NODES = 4000  # the prover's most before a search (a node of it costs about 3 of the search)


def _order_worth(me: int, code: int) -> int:
    blue, red, flipped = window_contents(code)
    mine, theirs = (blue, red) if me == BLUE else (red, blue)
    if flipped:
        return 0
    return (0 if theirs else GAIN[mine]) + (0 if mine else BLOCK[theirs])


# [mover][window code] -> what a chip of the mover in that window is worth for move ordering
ORDER_WORTH = tuple(
    tuple(_order_worth(me, code) for code in range(WINDOW_CODES)) for me in (0, BLUE, RED)
)


class CullsStyle(Frozen):
    """The knobs a level turns: how deep, how wide, how noisy, and what the evaluation sees."""

    FIELDS = ("max_depth", "beam", "root_beam", "noise", "extensions", "sees_culls", "share",
              "proves")  # fmt: skip
    __slots__ = FIELDS
    max_depth: int
    beam: int  # candidates tried at an inner node
    root_beam: int  # candidates tried at the root
    noise: int  # spread of the random error added to the root scores
    extensions: int  # forcing replies searched past the nominal depth
    sees_culls: bool
    share: float  # the part of the given time (or node budget) spent
    proves: int  # turns in which the prover looks for a forced five before the search

    def __init__(
        self,
        max_depth: int = 64,
        beam: int = 10,
        root_beam: int = 24,
        noise: int = 0,
        extensions: int = 6,
        sees_culls: bool = True,
        share: float = 1.0,
        proves: int = 0,
    ) -> None:
        self._init(max_depth, beam, root_beam, noise, extensions, sees_culls, share, proves)


class SearchResult(Frozen):
    """The chosen action (a cell index for the current phase), its score and what it cost."""

    FIELDS = ("action", "score", "depth", "nodes")
    __slots__ = FIELDS
    action: int
    score: int
    depth: int
    nodes: int

    def __init__(self, action: int, score: int, depth: int, nodes: int) -> None:
        self._init(action, score, depth, nodes)


class CullsSearch:
    """One search from one position; the position is restored when ``run`` returns."""

    def __init__(
        self,
        position: CullsPosition,
        budget: Budget,
        style: CullsStyle,
        rng: random.Random,
        table: dict[int, tuple[int, int, int, int]] | None = None,
        part: Part = WHOLE,
    ) -> None:
        self.part = part
        self.pos = position
        self.budget = budget
        self.style = style
        self.rng = rng
        self.table: dict[int, tuple[int, int, int, int]] = {} if table is None else table
        self.killers: dict[int, int] = {}

    # -- evaluation ------------------------------------------------------------------------

    def evaluate(self) -> int:
        """The static score for the colour to act."""
        pos = self.pos
        me = pos.mover()
        opp = 3 - me
        score = pos.score if me == BLUE else -pos.score
        score += TEMPO + MOVER_THREE * pos.threes[me]
        if self.style.sees_culls:
            mine = len(pos.cull_segments[me])
            if mine:
                score += CULL_NOW + CULL_MORE * (mine - 1)
            score -= PAIR_EXPOSED * len(pos.cull_segments[opp])
        low = min(pos.supply[1], pos.supply[2])
        if low < SUPPLY_CALM and pos.flipped < 0:
            score = score * low // SUPPLY_CALM
        return score

    # -- move choice -----------------------------------------------------------------------

    def ordered(self, cells: list[int], limit: int, ply: int, first: int = -1) -> list[int]:
        """``cells`` best first by a quick look at the windows and culls through each."""
        pos = self.pos
        me = pos.mover()
        opp = 3 - me
        worth = ORDER_WORTH[me]
        codes = pos.windows
        windows_at = pos.tables.windows_at
        my_culls = pos.cull_cells(me)
        their_culls = pos.cull_cells(opp)
        killer = self.killers.get(ply, -1)
        scored = []
        for cell in cells:
            value = 0
            for w in windows_at[cell]:
                value += worth[codes[w]]
            if cell in my_culls:
                value += 120
            if cell in their_culls:
                value += 50
            if cell == first:
                value += 10**7
            elif cell == killer:
                value += 200
            scored.append((value, cell))
        scored.sort(reverse=True)
        return [cell for _, cell in scored[:limit]]

    def every_candidate(self, ply: int) -> list[int]:
        """Every candidate of the colour to act, best first (past the beam: a node that the
        beam's moves lose is only lost if none of the others escapes)."""
        candidates = self.pos.candidates()
        return self.ordered(candidates, len(candidates), ply)

    def forced_replies(self) -> list[int]:
        """The blocks of the opponent's five and the culls that might break it, or none."""
        pos = self.pos
        threats = pos.four_cells(3 - pos.mover())
        if threats:
            return sorted(threats | pos.cull_cells(pos.mover()))
        return []

    # -- the search ------------------------------------------------------------------------

    def child_value(self, depth: int, alpha: int, beta: int, ply: int, extend: int) -> int:
        """The value of the position just played into, for the colour that played."""
        pos = self.pos
        if pos.phase == OVER:
            if pos.winner == DRAWN:
                return 0
            return WIN - ply - 1  # only the mover can complete a five
        if pos.phase == FLIP:
            return self.negamax(depth, alpha, beta, ply + 1, extend)
        return -self.negamax(depth, -beta, -alpha, ply + 1, extend)

    def negamax(self, depth: int, alpha: int, beta: int, ply: int, extend: int) -> int:
        pos = self.pos
        self.budget.spend()
        if pos.phase == FLIP:
            best = -INFINITY
            for cell in pos.cullable:
                pos.play(cell)
                value = self.child_value(depth, alpha, beta, ply, extend)
                pos.undo()
                if value > best:
                    best = value
                    alpha = max(alpha, value)
                    if alpha >= beta:
                        break
            return best
        key = pos.key()
        entry = self.table.get(key)
        hinted = -1
        if entry is not None:
            e_depth, flag, value, hinted = entry
            if e_depth >= depth:
                if value > WIN_SURE:
                    value -= ply
                elif value < -WIN_SURE:
                    value += ply
                if (
                    flag == EXACT
                    or (flag == LOWER and value >= beta)
                    or (flag == UPPER and value <= alpha)
                ):
                    return value
        if self.pos.five_cell() >= 0:
            return WIN - ply - 1
        cells = self.forced_replies()
        forced = bool(cells)
        if depth <= 0:
            if not forced or extend <= 0:
                stand = self.evaluate()
                if forced:
                    stand -= 300 * len(cells)
                return stand
            depth, extend = 1, extend - 1
        elif forced and extend > 0 and len(cells) <= 3:
            depth, extend = depth + 1, extend - 1
        if not forced:
            cells = self.ordered(pos.candidates(), self.style.beam, ply, hinted)
        original_alpha = alpha
        best, best_cell = -INFINITY, -1
        tried = 0
        while tried < len(cells):
            cell = cells[tried]
            tried += 1
            pos.play(cell)
            value = self.child_value(depth - 1, alpha, beta, ply, extend)
            pos.undo()
            if value > best:
                best, best_cell = value, cell
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self.killers[ply] = cell
                        break
            if tried == len(cells) and best < -WIN_SURE and not forced:
                cells = cells + [c for c in self.every_candidate(ply) if c not in cells]
                forced = True  # widened once: a loss is only a loss when nothing escapes it
        if best_cell < 0:
            return self.evaluate()
        flag = UPPER if best <= original_alpha else LOWER if best >= beta else EXACT
        stored = best + ply if best > WIN_SURE else best - ply if best < -WIN_SURE else best
        self.table[key] = (depth, flag, stored, best_cell)
        return best

    def root_values(self, cells: list[int], depth: int, exact: bool) -> list[tuple[int, int]]:
        """(value, cell) for the root actions; with ``exact`` every value is searched in full."""
        pos = self.pos
        alpha, beta = -INFINITY, INFINITY
        values = []
        for cell in cells:
            pos.play(cell)
            value = self.child_value(depth - 1, alpha, beta, 0, self.style.extensions)
            pos.undo()
            values.append((value, cell))
            if not exact and value > alpha:
                alpha = value
        return values

    def run(self) -> SearchResult:
        """Deepen until the budget is spent, a win is proven or the style's depth is reached;
        with the style's ``proves``, the prover looks first."""
        pos = self.pos
        win = pos.five_cell() if pos.phase != FLIP else -1
        if win >= 0:
            return SearchResult(win, WIN - 1, 1, self.budget.nodes)
        turns, cell = self.proof() if self.style.proves else (0, -1)
        if turns > 0:  # the five comes on the side to act's turns-th turn
            return SearchResult(cell, WIN - (2 * turns - 1), 2 * turns - 1, self.budget.nodes)
        found = self.deepen()
        if turns < 0 and found.score > -WIN_SURE:  # (a part with no action stays below)
            # lost by force all the same: the other side's five comes on its (-turns)-th turn
            return SearchResult(found.action, -(WIN + 2 * turns), found.depth, found.nodes)
        return found

    def deepen(self) -> SearchResult:
        """The iterative deepening over the root's actions (this worker's part of them)."""
        pos = self.pos
        style = self.style
        if pos.phase == FLIP:
            cells = list(pos.cullable)
        else:
            cells = self.forced_replies() or self.ordered(pos.candidates(), style.root_beam, 0)
        best = SearchResult(cells[0], 0, 0, self.budget.nodes)
        if len(cells) == 1:
            return best if self.part[0] == 0 else SearchResult(cells[0], NO_ACTION, 0, 0)
        index, count = self.part
        if index >= len(cells):
            return SearchResult(cells[0], NO_ACTION, 0, 0)
        cells = cells[index::count]
        best = SearchResult(cells[0], 0, 0, self.budget.nodes)
        start = pos.plies()
        for depth in range(1, style.max_depth + 1):
            try:
                values = self.root_values(cells, depth, exact=style.noise > 0)
            except SearchStoppedError:
                pos.rewind(start)
                break
            value, cell = self.pick(values)
            best = SearchResult(cell, value, depth, self.budget.nodes)
            ranked = sorted(values, key=lambda vc: -vc[0])
            cells = [c for _, c in ranked]
            if abs(value) > WIN_SURE or self.budget.exhausted():
                break
        return SearchResult(best.action, best.score, best.depth, self.budget.nodes)

    def proof(self) -> tuple[int, int]:
        """What the prover finds within the style's turns, spending at most ``PROOF_NODES`` and
        a quarter of a node budget: (turns, a first turn's cell) of the side to act's forced
        five in the fewest turns; (-turns, -1) when the other side forces one within ``turns``
        whatever the side to act plays; (0, -1) when it finds neither."""
        pos = self.pos
        budget = self.budget
        cap = min(PROOF_NODES, (budget.max_nodes - budget.nodes) // 4)  # the search keeps most
        if cap < 1:
            return 0, -1
        share = Budget(max_nodes=cap, should_stop=budget.should_stop)
        prover = WinProver(pos, share)
        start = pos.plies()
        found: tuple[int, int] = (0, -1)
        other = 3 - pos.mover()
        # threatened (every flip, or a flipped chip to move, or the other side's four): lost
        # first, and then no win of its own can be forced either
        fails = (
            prover.flips_fail
            if pos.phase == FLIP
            else prover.defence_fails
            if pos.phase == MOVE or pos.four_cells(other)
            else None
        )
        try:
            if fails is not None:
                lost = (n for n in range(1, self.style.proves) if fails(other, n))
                found = -next(lost, 0), -1
            won = None if found[0] else prover.first_win(self.style.proves)
            if won is not None:
                found = won[0], won[1][0]
        except SearchStoppedError:
            pos.rewind(start)
        budget.nodes += share.nodes
        return found

    def pick(self, values: list[tuple[int, int]]) -> tuple[int, int]:
        """The best (value, cell); with noise, a random one among the decent ones."""
        top = max(values, key=lambda vc: vc[0])
        noise = self.style.noise
        if not noise or abs(top[0]) > WIN_SURE:
            return top
        decent = [vc for vc in values if vc[0] >= top[0] - 3 * noise and vc[0] > -WIN_SURE]
        return max(decent, key=lambda vc: vc[0] + self.rng.gauss(0, noise))
