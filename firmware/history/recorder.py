"""Keeps the match history from the table's events: what was finally played, undo included.

The recorder holds the match being played as a snapshot (its finished rounds, its winner) and
saves the whole snapshot whenever it changes: a round ended, a round reopened by UNDO, the match
decided or reopened. Saving is idempotent (the store replaces the match kept under its id), so
a resumed match, a retried write or a second save of the same match never counts twice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Protocol

from firmware.controller.core.events import (
    Event,
    MatchAbandoned,
    MatchEnded,
    MatchReopened,
    MatchStarted,
    RoundEnded,
    RoundReopened,
    SeatNamed,
)
from firmware.history.snapshot import MatchSnapshot, SavedRound

IN_PROGRESS = "in_progress"  # a round's status when its match was put away during it


class SnapshotSink(Protocol):
    """Where snapshots go (the history's writer, which keeps what it cannot write yet)."""

    def save(self, snapshot: MatchSnapshot) -> None: ...


class HistoryRecorder:
    """An event subscriber: the match history follows the table. Never stops play."""

    def __init__(
        self,
        sink: SnapshotSink,
        board: str,
        wall: Callable[[], float],
        saved_names: Callable[[str], dict[int, str]] = lambda key: {},
    ) -> None:
        """``saved_names``: the names the history already keeps for a match (by its id), so a
        match resumed after a restart keeps the names put on its seats."""
        self._sink = sink
        self._board = board
        self._wall = wall
        self._saved_names = saved_names
        self._snapshot: MatchSnapshot | None = None

    def __call__(self, event: Event) -> None:
        snapshot = self._snapshot
        match event:
            case MatchStarted():
                self._snapshot = MatchSnapshot(
                    key=event.match_id,
                    board=self._board,
                    game=event.game,
                    rules=dict(event.rules),
                    players=[seat.player.value for seat in event.seats],
                    names=self._names_of(event),
                    started=event.started,
                    rounds=(),
                    winner=None,
                    finished=None,
                )
                return
            case RoundEnded() if snapshot is not None:
                kept = tuple(r for r in snapshot.rounds if r.number < event.round)
                ended = SavedRound(
                    event.round,
                    event.record,
                    event.status,
                    event.winner,
                    self._wall(),
                    event.reason,
                )
                self._change(dataclasses.replace(snapshot, rounds=(*kept, ended)))
            case RoundReopened() if snapshot is not None:
                kept = tuple(r for r in snapshot.rounds if r.number < event.round)
                self._change(dataclasses.replace(snapshot, rounds=kept))
            case MatchEnded() if snapshot is not None:
                finished = self._wall()
                self._change(dataclasses.replace(snapshot, winner=event.winner, finished=finished))
            case MatchReopened() if snapshot is not None:
                self._change(dataclasses.replace(snapshot, winner=None, finished=None))
            case MatchAbandoned() if snapshot is not None and snapshot.finished is None:
                rounds = snapshot.rounds
                if event.record is not None:  # the round in play is kept as far as it went
                    left = SavedRound(event.round, event.record, IN_PROGRESS, None, self._wall())
                    rounds = (*(r for r in rounds if r.number < event.round), left)
                self._change(dataclasses.replace(snapshot, rounds=rounds, abandoned=event.why))
            case SeatNamed() if snapshot is not None and event.seat < len(snapshot.names):
                names = list(snapshot.names)
                names[event.seat] = event.name
                self._change(dataclasses.replace(snapshot, names=names))

    def _names_of(self, event: MatchStarted) -> list[str | None]:
        saved = self._saved_names(event.match_id) if event.resumed else {}
        return [saved.get(seat) for seat in range(len(event.seats))]

    def _change(self, snapshot: MatchSnapshot) -> None:
        self._snapshot = snapshot
        self._sink.save(snapshot)
