"""Game review: step through a finished round, move by move, without touching the match.

The position after ``ply`` moves of a record is shown in place of the match; two arrow cells in
the bottom corners (and UNDO / NEW) step back and forward, MENU leaves. Leaving puts the board
back exactly as it was: the review never plays a token on the match's own states.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from firmware.controller.core.adapter import board_adapter
from firmware.controller.match.match_play import MatchPlay
from firmware.rules.api import GameState, JsonValue
from firmware.rules.bounded_json import JsonInputError, read_json
from firmware.rules.grid import cell_name
from firmware.rules.records import Record, record_of, replay
from firmware.rules.registry import find_game
from hal.interfaces import Cell

ARROW_LOOK = (0, 180, 255)


@dataclass(frozen=True, slots=True)
class StartReview:
    """A request, queued like an input, to review ``record``."""

    record: Record


@dataclass
class Review:
    """A record being stepped through: the position after ``ply`` of its moves is shown."""

    record: Record
    ply: int
    columns: int
    rows: int
    _states: dict[int, GameState] = field(default_factory=dict)

    @classmethod
    def of(cls, record: Record, columns: int, rows: int) -> Review:
        """A review of ``record``'s legal moves (an illegal tail is left out), at its end."""
        final, error = replay(record)
        if error is not None:
            kept = tuple(final.moves)
            clocks = None if record.clocks is None else record.clocks[: len(kept)]
            record = Record(record.game, record.rules, record.first, kept, record.clock, clocks)
        return cls(record, len(record.moves), columns, rows)

    @property
    def back_cell(self) -> Cell:
        return (0, 0)

    @property
    def forward_cell(self) -> Cell:
        return (self.columns - 1, 0)

    @property
    def total(self) -> int:
        return len(self.record.moves)

    @property
    def token(self) -> str | None:
        """The move that led to the position shown (None at the start)."""
        return self.record.moves[self.ply - 1] if self.ply else None

    def state(self) -> GameState:
        """The position after ``ply`` moves."""
        if self.ply not in self._states:
            state = self.record.new_state()
            for token in self.record.moves[: self.ply]:
                state.apply(token)
            self._states[self.ply] = state
        return self._states[self.ply]

    def go_to(self, ply: int) -> bool:
        """Show the position after ``ply`` moves; False if the record has no such move."""
        if not 0 <= ply <= self.total:
            return False
        self.ply = ply
        return True

    def step(self, by: int) -> bool:
        """Move ``by`` plies (clamped to the record); False if already at that end."""
        target = max(0, min(self.total, self.ply + by))
        moved = target != self.ply
        self.ply = target
        return moved

    def summary(self) -> dict[str, JsonValue]:
        """The ``review`` key of the scoreboard."""
        return {
            "game": self.record.game,
            "ply": self.ply,
            "of": self.total,
            "token": self.token,
            "clock": self.clock(),
        }

    def clock(self) -> JsonValue:
        """The clocks as they were after ``ply`` moves (the scoreboard's ``clock`` shape, none
        running), from the record's ``clock`` and ``clocks``; None for an untimed record."""
        control, times = self.record.clock, self.record.clocks
        if control is None or not control.timed or times is None:
            return None
        start = control.per_turn_ms if control.per_turn else control.start_ms
        state = self.record.new_state()
        left: dict[str, JsonValue] = dict.fromkeys(
            find_game(self.record.game).colours(self.record.rules), start
        )
        for token, ms in zip(self.record.moves[: self.ply], times, strict=False):
            mover = state.to_move()
            state.apply(token)
            if mover is not None and ms is not None:
                left[mover] = ms
        return {"control": str(control), "full_ms": start, "left_ms": left, "running": None}

    def said(self) -> str:
        """The move that led to the position shown, in the game's words ("" at the start)."""
        if not self.ply or self.token is None:
            return ""
        self.ply -= 1
        try:
            before = self.state()
        finally:
            self.ply += 1
        mover = (before.to_move() or "").capitalize()
        return board_adapter(self.record.game).describe(before, self.token, mover)

    def words(self) -> str:
        """Where the review stands, and how to move, for the screens."""
        if self.ply == 0:
            where = f"the start, before move 1 of {self.total}"
        else:
            where = f"move {self.ply} of {self.total}: {self.said()}"
        return (
            f"Review of {self.record.game}, {where}. Back: {cell_name(self.back_cell)} or UNDO; "
            "forward: "
            f"{cell_name(self.forward_cell)} or NEW; MENU leaves the review"
        )


def finished_rounds(entries: list[dict[str, JsonValue]]) -> list[Record]:
    """The finished rounds of a journal's match, as records, oldest first."""
    match = MatchPlay.from_journal(entries).match  # as far as the journal can be played
    if match is None:
        return []
    return [record_of(state) for state in match.rounds if state.outcome().is_over]


def archived_entries(path: Path) -> list[dict[str, JsonValue]]:
    """The readable entries of an archived journal file (unreadable lines are skipped)."""
    try:
        lines = path.read_bytes().splitlines()
    except OSError:
        return []
    entries: list[dict[str, JsonValue]] = []
    for line in lines:
        try:
            entry = read_json(line)
        except JsonInputError:
            continue
        if isinstance(entry, dict):
            entries.append(entry)
    return entries
