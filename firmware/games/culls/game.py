"""Culls (rules.md): five in a row with culls, duel or 2-vs-2 teams, played one token at a time."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from firmware.games.culls.board import (
    EMPTY,
    FLIP,
    FLIPPED,
    MOVE,
    PLACE,
    trapped_chips,
    winning_line,
)
from firmware.games.culls.geometry import geometry
from firmware.games.culls.readout import CullsReadout
from firmware.games.culls.switches import COLOURS, parse_culls_rules
from firmware.games.culls.tokens import illegal_reason
from firmware.rules.api import (
    IN_PROGRESS,
    IllegalActionError,
    InvalidRecordError,
    JsonValue,
    Outcome,
    Status,
    Termination,
)
from firmware.rules.frozen import Frozen
from firmware.rules.summary import summary_of

CHIPS_PER_COLOUR = 30
SETUP_TURNS = 4  # 2 chips a colour in a duel, 1 a player in teams (rules.md Culls 2)
NO_CHIPS_LEFT = Outcome(Status.DRAW, termination=Termination.NO_CHIPS)
NO_MOVE_LEFT = Outcome(Status.DRAW, termination=Termination.NO_MOVE)


class _Undo(Frozen):
    """What one token changed, to put it back."""

    FIELDS = (
        "turn", "awaiting", "cullable", "flipped", "last", "outcome",
        "blue", "red", "cell", "old", "second", "old_second",
    )  # fmt: skip
    __slots__ = FIELDS
    turn: int
    awaiting: str | None
    cullable: tuple[int, ...]
    flipped: int
    last: int  # the last arrival
    outcome: Outcome
    blue: int  # supplies
    red: int
    cell: int
    old: int  # the code ``cell`` had
    second: int  # the second changed cell of a move, or -1
    old_second: int

    def __init__(
        self,
        turn: int,
        awaiting: str | None,
        cullable: tuple[int, ...],
        flipped: int,
        last: int,
        outcome: Outcome,
        blue: int,
        red: int,
        cell: int,
        old: int,
        second: int,
        old_second: int,
    ) -> None:
        # Set one by one (as a dataclass's __init__ does): made at every token of a search.
        set_field = object.__setattr__
        set_field(self, "turn", turn)
        set_field(self, "awaiting", awaiting)
        set_field(self, "cullable", cullable)
        set_field(self, "flipped", flipped)
        set_field(self, "last", last)
        set_field(self, "outcome", outcome)
        set_field(self, "blue", blue)
        set_field(self, "red", red)
        set_field(self, "cell", cell)
        set_field(self, "old", old)
        set_field(self, "second", second)
        set_field(self, "old_second", old_second)


class CullsState(CullsReadout):
    """One round of Culls: the board, the supplies, whose turn and what they must do."""

    __slots__ = (
        "_awaiting",
        "_before_end",
        "_board",
        "_cullable",
        "_exact",
        "_first",
        "_first_code",
        "_flipped",
        "_geo",
        "_history",
        "_last",
        "_moves",
        "_outcome",
        "_rules",
        "_supply",
        "_teams",
        "_turn",
    )

    def __init__(self, rules: Mapping[str, JsonValue], first: str) -> None:
        self._rules = parse_culls_rules(rules)
        if first not in COLOURS:
            raise InvalidRecordError(f"first: must be blue or red, got {first!r}")
        size = self._rules["size"]
        assert isinstance(size, int)
        self._geo = geometry(size)
        self._teams = self._rules["mode"] == "teams"
        self._exact = self._rules["exact_five"] is True
        self._first = first
        self._first_code = COLOURS.index(first) + 1
        self._board = [EMPTY] * (size * size)
        self._supply = [0, CHIPS_PER_COLOUR, CHIPS_PER_COLOUR]  # indexed by colour code
        self._turn = 0
        self._awaiting: str | None = PLACE
        self._cullable: tuple[int, ...] = ()
        self._flipped = -1
        self._last = -1
        self._outcome = IN_PROGRESS
        self._before_end: tuple[Outcome, str | None] | None = None  # what ``conclude`` replaced
        self._moves: list[str] = []
        self._history: list[_Undo] = []

    # -- the GameState API ------------------------------------------------------------------

    @property
    def game(self) -> str:
        return "culls"

    @property
    def rules(self) -> Mapping[str, JsonValue]:
        return dict(self._rules)

    @property
    def first(self) -> str:
        return self._first

    @property
    def moves(self) -> Sequence[str]:
        return tuple(self._moves)

    @property
    def ply(self) -> int:
        return len(self._moves)

    def to_move(self) -> str | None:
        """The colour to act now, or None when the round is over."""
        if self._awaiting is None:
            return None
        return COLOURS[self._mover() - 1]

    def awaiting(self) -> str | None:
        return self._awaiting

    def outcome(self) -> Outcome:
        return self._outcome

    def legal_actions(self) -> list[str]:
        names, board = self._geo.names, self._board
        if self._awaiting == PLACE:
            return [name for name, code in zip(names, board, strict=True) if code == EMPTY]
        if self._awaiting == FLIP:
            return ["x" + names[i] for i in self._cullable]
        if self._awaiting == MOVE:
            start = names[self._flipped] + "-"
            return [start + name for name, code in zip(names, board, strict=True) if code == EMPTY]
        return []

    def why_illegal(self, token: str) -> str | None:
        try:
            self._decode(token)
        except IllegalActionError as exc:
            return exc.reason
        return None

    def apply(self, token: str) -> None:
        cell, target = self._decode(token)
        board, supply = self._board, self._supply
        kind = self._awaiting
        second = target if kind == MOVE else -1
        self._history.append(
            _Undo(
                self._turn,
                kind,
                self._cullable,
                self._flipped,
                self._last,
                self._outcome,
                supply[1],
                supply[2],
                cell,
                board[cell],
                second,
                board[second] if second >= 0 else EMPTY,
            )
        )
        self._moves.append(token)
        me = self._mover()
        if kind == PLACE:
            board[cell] = me
            supply[me] -= 1
            self._arrive(cell, me)
        elif kind == FLIP:
            board[cell] += FLIPPED
            self._flipped = cell
            self._cullable = ()
            self._next_turn()
        else:
            board[cell] = EMPTY
            board[target] = me
            self._flipped = -1
            self._arrive(target, me)

    def conclude(self, outcome: Outcome) -> None:
        if self._outcome.is_over:
            raise ValueError("the round is over already")
        self._before_end = (self._outcome, self._awaiting)
        self._outcome, self._awaiting = outcome, None

    def reopen(self) -> None:
        if self._before_end is None:
            raise ValueError("the round was not ended off the board")
        (self._outcome, self._awaiting), self._before_end = self._before_end, None

    def undo(self) -> str:
        if not self._history:
            raise IndexError("nothing to undo")
        self._before_end = None  # the step puts back what was before the token
        step = self._history.pop()
        self._turn = step.turn
        self._awaiting = step.awaiting
        self._cullable = step.cullable
        self._flipped = step.flipped
        self._last = step.last
        self._outcome = step.outcome
        self._supply[1], self._supply[2] = step.blue, step.red
        self._board[step.cell] = step.old
        if step.second >= 0:
            self._board[step.second] = step.old_second
        return self._moves.pop()

    def copy(self) -> CullsState:
        clone = CullsState.__new__(CullsState)
        for name in CullsState.__slots__:
            setattr(clone, name, getattr(self, name))
        clone._board = list(self._board)
        clone._supply = list(self._supply)
        clone._moves = list(self._moves)
        clone._history = list(self._history)
        return clone

    def summary(self) -> dict[str, JsonValue]:
        board: list[JsonValue] = list(self.board_rows())
        result = summary_of(self, {"board": board, "supply": dict(self.supply())})
        if self._awaiting == FLIP:
            result["cullable"] = list[JsonValue](sorted(self._geo.names[i] for i in self._cullable))
        return result

    # -- the turn order --------------------------------------------------------------------

    def in_setup(self) -> bool:
        """Whether the turn being played is a setup turn (untimed under a clock)."""
        return self._turn < SETUP_TURNS

    def seat(self) -> int:
        """The seat to act (0..1 duel, 0..3 teams) counted from the starting seat.

        When the round is over: the seat whose turn ended it.
        """
        turn = self._turn
        if self._teams:
            return turn % 4
        return turn // 2 if turn < 4 else turn % 2

    def __repr__(self) -> str:
        return (
            f"<CullsState {self._geo.size}x{self._geo.size} {self.mode} ply={self.ply} "
            f"next={self.to_move()} awaiting={self._awaiting} status={self._outcome.status.value}>"
        )

    # -- the rules --------------------------------------------------------------------------

    def _mover(self) -> int:
        """The colour code of the seat whose turn it is."""
        return self._first_code if self.seat() % 2 == 0 else 3 - self._first_code

    def _arrive(self, cell: int, me: int) -> None:
        """A chip of colour ``me`` arrived on ``cell``: win first, else cull, else end the turn."""
        self._last = cell
        line = winning_line(self._board, self._geo, cell, me, exact_five=self._exact)
        if line is not None:
            names = self._geo.names
            cells = tuple(names[i] for i in line)
            self._outcome = Outcome(Status.WON, COLOURS[me - 1], cells, Termination.LINE)
            self._awaiting = None
            return
        trapped = trapped_chips(self._board, self._geo, cell, me)
        if trapped:
            self._cullable = tuple(trapped)
            self._awaiting = FLIP
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        """Pass the turn on; the round is drawn if the next player cannot do what they must."""
        self._turn += 1
        supply = self._supply
        chips_on_board = 2 * CHIPS_PER_COLOUR - supply[1] - supply[2]
        has_empty_cell = chips_on_board < len(self._board)
        if self._flipped >= 0:
            self._awaiting = MOVE if has_empty_cell else None
        else:
            self._awaiting = PLACE if has_empty_cell and supply[self._mover()] > 0 else None
        if self._awaiting is None:
            self._outcome = NO_CHIPS_LEFT if has_empty_cell else NO_MOVE_LEFT

    def _decode(self, token: str) -> tuple[int, int]:
        """The cell (and target cell, for a move) of a legal token; IllegalActionError if not."""
        awaiting, index, board = self._awaiting, self._geo.index, self._board
        if awaiting == PLACE:
            cell = index.get(token, -1)
            if cell >= 0 and board[cell] == EMPTY:
                return cell, -1
        elif awaiting == FLIP:
            cell = index.get(token[1:], -1) if token[:1] == "x" else -1
            if cell in self._cullable:
                return cell, -1
        elif awaiting == MOVE:
            start, dash, end = token.partition("-")
            cell, target = index.get(start, -1), index.get(end, -1)
            if dash and cell == self._flipped and target >= 0 and board[target] == EMPTY:
                return cell, target
        reason = illegal_reason(
            token,
            awaiting=awaiting,
            geo=self._geo,
            board=board,
            cullable=self._cullable,
            flipped=self._flipped,
        )
        raise IllegalActionError(token, reason)


class CullsGame:
    """The Culls rules and their switches; makes fresh rounds."""

    @property
    def name(self) -> str:
        return "culls"

    def parse_rules(self, raw: Mapping[str, object]) -> dict[str, JsonValue]:
        return parse_culls_rules(raw)

    def colours(self, rules: Mapping[str, JsonValue]) -> tuple[str, ...]:
        return COLOURS

    def new_state(self, rules: Mapping[str, JsonValue], first: str) -> CullsState:
        return CullsState(rules, first)


CULLS = CullsGame()
