"""A narrow prover of Culls wins by fours: does the side to act force a five within N turns?

The attacker plays only forcing turns: a turn after which it has a cell that completes five
(a four), or a cull (its opponent must then move the flipped chip away, which can open a line).
The defender tries every turn that could stop the threat: a chip on each cell where the attacker
would complete five, a win of its own, and every cull with each flip it may choose (the culling
defences). Any other defence leaves the attacker's five where it was: one of them is played to
check that the attacker then wins at once, and it stands for them all. So a claimed win is one:
every defence loses; a win outside the attacker's forcing turns is not seen.

A turn is an action and the flip it earns. Cells are ``CullsPosition`` indices; the position
is put back as it was when a call returns.
"""

from __future__ import annotations

from firmware.games.culls.position import EMPTY, FLIP, MOVE, OVER, PLACE, CullsPosition
from firmware.rules.budget import Budget

NEVER = 10**6  # "no proof yet" in the memory of what was proven


class WinProver:
    """Proofs of forced fives in one position and the positions that follow it."""

    def __init__(self, position: CullsPosition, budget: Budget | None = None) -> None:
        """``budget``: spent one node per defence and per forcing turn tried (its
        SearchStoppedError leaves the position part-played: rewind it)."""
        self.pos = position
        self.budget = Budget() if budget is None else budget
        # key -> (fewest turns a win was proven in, most turns a proof failed in)
        self.memory: dict[int, tuple[int, int]] = {}

    # -- the attacker: the side to act ------------------------------------------------------

    def wins(self, turns: int) -> bool:
        """Whether the side to act forces a five within ``turns`` of its own turns."""
        pos = self.pos
        if pos.phase == OVER:
            return False
        key = pos.key()
        proven, failed = self.memory.get(key, (NEVER, 0))
        if proven <= turns:
            return True
        if failed >= turns:
            return False
        won = self._wins(turns)
        if won:
            proven = min(proven, turns)
        else:
            failed = max(failed, turns)
        self.memory[key] = (proven, failed)
        return won

    def first_win(self, most: int) -> tuple[int, tuple[int, int]] | None:
        """The fewest turns (2 to ``most``) in which the side to act forces a five, with a first
        turn that does (cell, flip or -1); None if none is found (a five now is not looked for)."""
        for turns in range(2, most + 1):
            found = self._winning_turns(turns)
            if found:
                return turns, found[0]
        return None

    def _wins(self, turns: int) -> bool:
        return self.five_now() >= 0 or bool(self._winning_turns(turns))

    def winning_turns(self, turns: int) -> list[tuple[int, int]]:
        """Every first turn that forces a five within ``turns``: (cell, flip or -1), sorted (in
        the middle of a turn, its flips: (flip, -1))."""
        pos = self.pos
        found = set(self._winning_turns(turns, every=True))
        if pos.phase in (PLACE, MOVE):
            me = pos.mover()
            for cell in pos.four_cells(me):
                pos.play(cell)
                if pos.winner == me:
                    found.add((cell, -1))
                pos.undo()
        return sorted(found)

    def _winning_turns(self, turns: int, every: bool = False) -> list[tuple[int, int]]:
        """The forcing turns after which every defence loses within ``turns - 1`` turns (the
        first one found only, unless ``every``)."""
        pos = self.pos
        if turns <= 1 or pos.phase == OVER:
            return []
        me = pos.mover()
        if pos.phase == FLIP:
            forcing: list[tuple[int, int]] = []
            for flip in pos.cullable:
                if self._forces(flip, me, turns):
                    forcing.append((flip, -1))
                    if not every:
                        break
            return forcing
        found = []
        for cell in self.forcing_cells():
            self.budget.spend()
            pos.play(cell)
            flips = list(pos.cullable) if pos.phase == FLIP else [-1]
            for flip in flips:
                if self._forces(flip, me, turns) if flip >= 0 else self._forced(me, turns):
                    found.append((cell, flip))
                    if not every:
                        break
            pos.undo()
            if found and not every:
                break
        return found

    def _forces(self, flip: int, me: int, turns: int) -> bool:
        """Whether ``me``'s turn ending with ``flip`` leaves every defence lost."""
        self.pos.play(flip)
        try:
            return self._forced(me, turns)
        finally:
            self.pos.undo()

    def _forced(self, me: int, turns: int) -> bool:
        """After ``me``'s turn: whether it threatens and every defence loses in ``turns - 1``."""
        return self.threatens(me) and self.defence_fails(me, turns - 1)

    def forcing_cells(self) -> list[int]:
        """The cells that may start a forcing turn: every cell that makes a four or culls
        (when moving a flipped chip, which can open a line where it stood: every empty cell)."""
        pos = self.pos
        if pos.phase == MOVE:
            return [cell for cell, code in enumerate(pos.board) if code == EMPTY]
        me = pos.mover()
        board, windows, codes = pos.board, pos.tables.windows, pos.windows
        three = 3 if me == 1 else 18  # the code of a window holding three of ``me`` only
        cells = set(pos.cull_cells(me))
        for number, code in enumerate(codes):
            if code == three:
                cells.update(cell for cell in windows[number] if board[cell] == EMPTY)
        return sorted(cells)

    def threatens(self, me: int) -> bool:
        """After ``me``'s turn: whether it has a four, or its opponent must move a flipped chip."""
        pos = self.pos
        if pos.phase == OVER:
            return pos.winner == me
        return pos.phase == MOVE or bool(pos.four_cells(me))

    def five_now(self) -> int:
        """A cell where the side to act completes a five now, or -1."""
        pos = self.pos
        return pos.five_cell() if pos.phase in (PLACE, MOVE) else -1

    # -- the defender ----------------------------------------------------------------------

    def defences(self, attacker: int) -> tuple[list[int], int]:
        """The defender's cells that could stop the attacker, and one other empty cell (or -1)
        that stands for every cell that cannot."""
        pos = self.pos
        me = pos.mover()
        cells = pos.four_cells(attacker) | pos.cull_cells(me) | pos.four_cells(me)
        other = next(
            (c for c, code in enumerate(pos.board) if code == EMPTY and c not in cells), -1
        )
        return sorted(cells), other

    def defence_fails(self, attacker: int, turns: int) -> bool:
        """The defender to act: whether every turn it plays leaves ``attacker`` a five within
        ``turns`` turns."""
        pos = self.pos
        if pos.phase == OVER:
            return pos.winner == attacker
        self.budget.spend()
        if turns < 1 or self.five_now() >= 0:
            return False
        cells, other = self.defences(attacker)
        if other >= 0:
            pos.play(other)
            lost = pos.phase != FLIP and self.five_now() >= 0 and pos.mover() == attacker
            pos.undo()
            if not lost:
                return False
        return all(self.reply_fails(cell, attacker, turns) for cell in cells)

    def flips_fail(self, attacker: int, turns: int) -> bool:
        """The defender to flip (after its own cull): whether every flip leaves ``attacker`` a
        forced five within ``turns`` turns (a stop leaves the position part-played: rewind)."""
        pos = self.pos
        for flip in pos.cullable:
            pos.play(flip)
            lost = self._attacker_wins(attacker, turns)
            pos.undo()
            if not lost:
                return False
        return True

    def reply_fails(self, cell: int, attacker: int, turns: int) -> bool:
        """Whether the defence on ``cell`` (with each flip it may earn) loses within ``turns``."""
        pos = self.pos
        pos.play(cell)
        try:
            if pos.phase == FLIP:
                return self.flips_fail(attacker, turns)
            return self._attacker_wins(attacker, turns)
        finally:
            pos.undo()

    def _attacker_wins(self, attacker: int, turns: int) -> bool:
        pos = self.pos
        if pos.phase == OVER:
            return pos.winner == attacker
        return pos.mover() == attacker and self.wins(turns)

    def hardest_defence(self, attacker: int, turns: int) -> tuple[tuple[int, int], int, int]:
        """A lost defender's turn (cell, flip or -1) that holds out longest, the turns the
        attacker then needs, and how many of the defender's cells were culls."""
        pos = self.pos
        cells, _ = self.defences(attacker)
        best, longest, culls = (-1, -1), 0, 0
        for cell in cells:
            pos.play(cell)
            flips = list(pos.cullable) if pos.phase == FLIP else [-1]
            culls += flips[0] >= 0
            for flip in flips:
                if flip >= 0:
                    pos.play(flip)
                need = next((n for n in range(1, turns + 1) if self._attacker_wins(attacker, n)), 0)
                if need > longest:
                    best, longest = (cell, flip), need
                if flip >= 0:
                    pos.undo()
            pos.undo()
        return best, longest, culls


def fewest_turns(position: CullsPosition, most: int) -> int:
    """The fewest turns (up to ``most``) in which the side to act forces a five, or 0."""
    prover = WinProver(position)
    return next((n for n in range(1, most + 1) if prover.wins(n)), 0)


def defender_lost(position: CullsPosition, attacker: int, turns: int) -> bool:
    """The defender to act: whether every turn it plays leaves ``attacker`` a forced five
    within ``turns`` turns."""
    return WinProver(position).defence_fails(attacker, turns)


def main_line(position: CullsPosition, turns: int) -> tuple[list[int], int]:
    """A forced win within ``turns`` played out: the attacker's first winning turn each time,
    the defender's longest-lasting defence; its actions (cells, flips included) and how many
    of the defender's turns had a cull among their defences. Empty if no win is proven."""
    prover = WinProver(position)
    pos = position
    start = pos.plies()
    attacker = pos.mover()
    line: list[int] = []
    culling = 0
    need = fewest_turns(pos, turns)
    while need:
        five = prover.five_now()
        if five >= 0:
            line.append(five)
            break
        cell, flip = prover.winning_turns(need)[0]
        line += [cell] if flip < 0 else [cell, flip]
        pos.play(cell)
        if flip >= 0:
            pos.play(flip)
        if pos.phase == OVER:
            break
        (cell, flip), need, culls = prover.hardest_defence(attacker, need - 1)
        culling += culls > 0
        if cell < 0:  # every defence loses at once: play the one that stands for them
            cell = prover.defences(attacker)[1]
            need = 1
        line += [cell] if flip < 0 else [cell, flip]
        pos.play(cell)
        if flip >= 0:
            pos.play(flip)
    pos.rewind(start)
    return line, culling
