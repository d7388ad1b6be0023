"""A Culls round built for search: the rules of rules.md with incremental counts and cheap undo.

Besides the board it keeps, updated on every chip change: a Zobrist hash, the chips of each colour
in every 5-cell window (the lines a five can grow in), the windows where a colour has four and one
empty cell (a win next move), the 4-cell segments where a colour can cull by filling an empty end,
and how many chips lie within two cells of every cell (where moves are worth trying).
"""

from __future__ import annotations

import functools
import random

from firmware.games.culls.board import trapped_chips, winning_line
from firmware.games.culls.geometry import Geometry, geometry
from firmware.rules.frozen import Frozen

EMPTY, BLUE, RED = 0, 1, 2
FLIPPED = 2  # a flipped chip's code is its colour's code plus FLIPPED
PLACE, FLIP, MOVE, OVER = 0, 1, 2, 3
DRAWN = 3  # ``winner`` when the round is drawn
CHIPS_PER_COLOUR = 30
# Value of a 5-cell window holding k chips of one colour and nothing else.
WINDOW_VALUE = (0, 1, 10, 70, 400, 0)
# A window's contents as one number: blue chips + 6 x red chips + 36 x flipped chips.
CODE_STEP = (0, 1, 6, 36, 36)  # what one chip of each cell code adds to its windows' codes
WINDOW_CODES = 6 * 6 * 6
BLUE_FOUR, RED_FOUR = 4, 24
# [window code] -> the colour holding three in it and nothing else there, or 0
THREE_OF = tuple(1 if code == 3 else 2 if code == 18 else 0 for code in range(6 * 6 * 6))


def window_code(blue: int, red: int, flipped: int) -> int:
    """The code of a window holding these chips."""
    return blue + 6 * red + 36 * flipped


def window_contents(code: int) -> tuple[int, int, int]:
    """(blue, red, flipped) chips in a window of this code."""
    return code % 6, code // 6 % 6, code // 36


def _window_score(code: int) -> int:
    blue, red, flipped = window_contents(code)
    if flipped or (blue and red):
        return 0
    return WINDOW_VALUE[blue] - WINDOW_VALUE[red]


WINDOW_SCORE = tuple(_window_score(code) for code in range(WINDOW_CODES))  # blue minus red


class Tables(Frozen):
    """The fixed lookup tables of one board size."""

    FIELDS = ("geo", "windows", "windows_at", "segments", "segments_at", "ring", "zobrist",
              "zobrist_state")  # fmt: skip
    __slots__ = FIELDS
    geo: Geometry
    windows: tuple[tuple[int, ...], ...]
    windows_at: tuple[tuple[int, ...], ...]
    segments: tuple[tuple[int, int, int, int], ...]
    segments_at: tuple[tuple[int, ...], ...]
    ring: tuple[tuple[int, ...], ...]  # the cells within Chebyshev distance 2
    zobrist: tuple[tuple[int, ...], ...]  # [cell][code]
    zobrist_state: tuple[int, ...]  # phase, mover, setup turn, supply and last-arrival keys

    def __init__(
        self,
        geo: Geometry,
        windows: tuple[tuple[int, ...], ...],
        windows_at: tuple[tuple[int, ...], ...],
        segments: tuple[tuple[int, int, int, int], ...],
        segments_at: tuple[tuple[int, ...], ...],
        ring: tuple[tuple[int, ...], ...],
        zobrist: tuple[tuple[int, ...], ...],
        zobrist_state: tuple[int, ...],
    ) -> None:
        self._init(geo, windows, windows_at, segments, segments_at, ring, zobrist, zobrist_state)


@functools.cache
def tables(size: int) -> Tables:
    """The tables of a ``size`` x ``size`` board (built once per size)."""
    geo = geometry(size)
    n = size * size
    # From every cell, up to five cells along each axis's forward ray (DIRECTIONS 0, 2, 4, 6:
    # right, up, up-right, down-right), cut short at the edge.
    lines = [(i, *geo.rays[i][ray][:4]) for ray in (0, 2, 4, 6) for i in range(n)]
    windows = tuple(w for w in lines if len(w) == 5)
    segments = tuple((w[0], w[1], w[2], w[3]) for w in lines if len(w) >= 4)
    windows_at: list[list[int]] = [[] for _ in range(n)]
    for number, window in enumerate(windows):
        for cell in window:
            windows_at[cell].append(number)
    segments_at: list[list[int]] = [[] for _ in range(n)]
    for number, segment in enumerate(segments):
        for cell in segment:
            segments_at[cell].append(number)
    ring = []
    for i in range(n):
        y0, x0 = divmod(i, size)
        left, right = max(0, x0 - 2), min(size, x0 + 3)
        rows = range(max(0, y0 - 2), min(size, y0 + 3))
        near = (c for y in rows for c in range(y * size + left, y * size + right) if c != i)
        ring.append(tuple(near))
    rng = random.Random(size)  # fixed keys: the same position always hashes the same
    zobrist = tuple((0, *(rng.getrandbits(64) for _ in range(4))) for _ in range(n))
    zobrist_state = tuple(rng.getrandbits(64) for _ in range(16 + 2 * 32 + n))
    return Tables(
        geo,
        windows,
        tuple(tuple(w) for w in windows_at),
        segments,
        tuple(tuple(s) for s in segments_at),
        tuple(ring),
        zobrist,
        zobrist_state,
    )


class CullsPosition:
    """One Culls round; ``play`` a cell, ``undo`` it. Cells are indices ``y * size + x``.

    What a cell means depends on ``phase``: PLACE puts a chip there, FLIP flips the trapped chip
    there, MOVE moves the flipped chip there.
    """

    __slots__ = (
        "_history",
        "board",
        "cull_segments",
        "cullable",
        "exact_five",
        "first",
        "flipped",
        "fours",
        "hash",
        "last",
        "near",
        "phase",
        "score",
        "segment_class",
        "supply",
        "tables",
        "teams",
        "threes",
        "turn",
        "windows",
        "winner",
    )

    def __init__(self, size: int, *, teams: bool, exact_five: bool, first: int) -> None:
        self.tables = tables(size)
        n = size * size
        count = len(self.tables.windows)
        self.teams = teams
        self.exact_five = exact_five
        self.first = first
        self.board = [EMPTY] * n
        self.supply = [0, CHIPS_PER_COLOUR, CHIPS_PER_COLOUR]
        self.turn = 0
        self.phase = PLACE
        self.cullable: tuple[int, ...] = ()
        self.flipped = -1
        self.last = -1
        self.winner = 0
        self.hash = 0
        self.windows = [0] * count  # the window code of each window (see ``window_code``)
        self.segment_class = [0] * len(self.tables.segments)  # the colour that can cull there
        self.score = 0  # sum of window values, blue minus red
        self.fours: tuple[set[int], set[int], set[int]] = (set(), set(), set())
        self.threes = [0, 0, 0]  # [colour] -> windows where it has three and nothing else is
        self.cull_segments: tuple[set[int], set[int], set[int]] = (set(), set(), set())
        self.near = [0] * n
        self._history: list[tuple[int, int, tuple[int, ...], int, int, int, list[int]]] = []

    # -- whose turn --------------------------------------------------------------------------

    def mover(self) -> int:
        """The colour code to act (also while over: the colour whose turn ended the round)."""
        turn = self.turn
        seat = turn if self.teams else (turn // 2 if turn < 4 else turn)
        return self.first if seat % 2 == 0 else 3 - self.first

    def key(self) -> int:
        """The hash of everything that decides the future: board, phase, mover, supplies."""
        z = self.tables.zobrist_state
        key = self.hash ^ z[self.phase] ^ z[4 + self.mover()]
        if self.turn < 4:
            key ^= z[8 + self.turn]
        key ^= z[16 + self.supply[1]] ^ z[48 + self.supply[2]]
        if self.phase == FLIP:
            key ^= z[80 + self.last]
        return key

    # -- actions ---------------------------------------------------------------------------

    def play(self, cell: int) -> None:
        """Apply the action on ``cell`` for the current phase (the caller knows it is legal)."""
        changes: list[int] = []
        self._history.append(
            (self.turn, self.phase, self.cullable, self.flipped, self.last, self.winner, changes)
        )
        me = self.mover()
        phase = self.phase
        if phase == PLACE:
            self._set(cell, me, changes)
            self.supply[me] -= 1
            self._arrive(cell, me)
        elif phase == FLIP:
            self._set(cell, self.board[cell] + FLIPPED, changes)
            self.flipped = cell
            self.cullable = ()
            self._next_turn()
        else:
            self._set(self.flipped, EMPTY, changes)
            self.flipped = -1
            self._set(cell, me, changes)
            self._arrive(cell, me)

    def undo(self) -> None:
        """Take back the last ``play``."""
        turn, phase, cullable, flipped, last, winner, changes = self._history.pop()
        if phase == PLACE:
            self.supply[self.board[changes[0]]] += 1
        for at in range(len(changes) - 2, -1, -2):
            self._set(changes[at], changes[at + 1], None)
        self.turn, self.phase, self.cullable = turn, phase, cullable
        self.flipped, self.last, self.winner = flipped, last, winner

    def plies(self) -> int:
        """How many actions ``undo`` can take back."""
        return len(self._history)

    def rewind(self, plies: int) -> None:
        """Undo back to the moment ``plies()`` was ``plies`` (after a search was stopped)."""
        while len(self._history) > plies:
            self.undo()

    def _arrive(self, cell: int, me: int) -> None:
        self.last = cell
        geo = self.tables.geo
        if winning_line(self.board, geo, cell, me, exact_five=self.exact_five) is not None:
            self.winner = me
            self.phase = OVER
            return
        trapped = trapped_chips(self.board, geo, cell, me)
        if trapped:
            self.cullable = tuple(trapped)
            self.phase = FLIP
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        self.turn += 1
        supply = self.supply
        has_empty = 2 * CHIPS_PER_COLOUR - supply[1] - supply[2] < len(self.board)
        if self.flipped >= 0:
            self.phase = MOVE if has_empty else OVER
        else:
            self.phase = PLACE if has_empty and supply[self.mover()] > 0 else OVER
        if self.phase == OVER:
            self.winner = DRAWN

    # -- the incremental bookkeeping -------------------------------------------------------

    def _set(self, cell: int, code: int, changes: list[int] | None) -> None:
        board = self.board
        old = board[cell]
        if changes is not None:
            changes += (cell, old)
        board[cell] = code
        t = self.tables
        zob = t.zobrist[cell]
        self.hash ^= zob[old] ^ zob[code]
        step = CODE_STEP[code] - CODE_STEP[old]
        windows = self.windows
        blue_fours, red_fours = self.fours[BLUE], self.fours[RED]
        threes = self.threes
        score = self.score
        for w in t.windows_at[cell]:
            before = windows[w]
            after = before + step
            windows[w] = after
            score += WINDOW_SCORE[after] - WINDOW_SCORE[before]
            three = THREE_OF[before]
            if three:
                threes[three] -= 1
            three = THREE_OF[after]
            if three:
                threes[three] += 1
            if before == BLUE_FOUR:
                blue_fours.discard(w)
            elif before == RED_FOUR:
                red_fours.discard(w)
            if after == BLUE_FOUR:
                blue_fours.add(w)
            elif after == RED_FOUR:
                red_fours.add(w)
        self.score = score
        culls = self.cull_segments
        classes = self.segment_class
        segments = t.segments
        for s in t.segments_at[cell]:
            a, b, c, d = segments[s]
            middle = board[b]
            attacker = 0
            if middle and middle <= RED and board[c] == middle:
                ends = board[a], board[d]
                if ends == (3 - middle, EMPTY) or ends == (EMPTY, 3 - middle):
                    attacker = 3 - middle
            was = classes[s]
            if attacker != was:
                if was:
                    culls[was].discard(s)
                if attacker:
                    culls[attacker].add(s)
                classes[s] = attacker
        if (old == EMPTY) != (code == EMPTY):
            step = 1 if old == EMPTY else -1
            near = self.near
            for other in t.ring[cell]:
                near[other] += step

    # -- reading the position --------------------------------------------------------------

    def four_cells(self, colour: int) -> set[int]:
        """The empty cells where ``colour`` would complete five (from its open 4-windows)."""
        board, windows = self.board, self.tables.windows
        cells = set()
        for w in self.fours[colour]:
            for cell in windows[w]:
                if board[cell] == EMPTY:
                    cells.add(cell)
        return cells

    def five_cell(self) -> int:
        """A cell where the colour to act completes a five now (placing or moving), or -1."""
        me = self.mover()
        for cell in self.four_cells(me):
            self.play(cell)
            won = self.winner == me
            self.undo()
            if won:
                return cell
        return -1

    def cull_cells(self, colour: int) -> set[int]:
        """The empty cells where a chip of ``colour`` would cull."""
        board, segments = self.board, self.tables.segments
        cells = set()
        for s in self.cull_segments[colour]:
            a, _, _, d = segments[s]
            cells.add(a if board[a] == EMPTY else d)
        return cells

    def actions(self) -> list[int]:
        """Every legal action now (all empty cells for a placement or a move)."""
        if self.phase == FLIP:
            return list(self.cullable)
        if self.phase == OVER:
            return []
        return [i for i, code in enumerate(self.board) if code == EMPTY]

    def candidates(self) -> list[int]:
        """The empty cells worth trying: near a chip, or the centre on an empty board."""
        board, near = self.board, self.near
        cells = [i for i, code in enumerate(board) if code == EMPTY and near[i]]
        if not cells:
            size = self.tables.geo.size
            centre = (size // 2) * size + size // 2
            cells = [centre] if board[centre] == EMPTY else self.actions()
        return cells
