"""The journal's entries as types, their one codec, and the keeper that writes them from events.

On disk an entry is one JSON object with an ``e`` key (docs in ``journal.py``); in the program it
is one of the dataclasses below. ``decode`` refuses anything else with a ValueError that says
which entry it was; journals written before entries had ids or start times still read.
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass

from firmware.controller.core.events import (
    Event,
    MatchStarted,
    MoveApplied,
    MovePending,
    MoveUndone,
    PendingDropped,
    RoundEnded,
    RoundReopened,
    RoundStarted,
    RoundUnstarted,
    SeatNamed,
)
from firmware.controller.match.journal import Entry, Journal
from firmware.rules.api import JsonValue, Termination


@dataclass(frozen=True, slots=True)
class MatchEntry:
    """A match begins: its game, rules, each seat's player kind and the computer's level."""

    game: str
    rules: dict[str, JsonValue]
    players: tuple[str, ...] | None  # None: written before seats had players (all here)
    level: int | None = None
    match_id: str | None = None  # None: written before matches had ids
    started: float | None = None  # wall-clock seconds


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """A round begins: a records.md record with no moves yet."""

    record: dict[str, JsonValue]

    @property
    def first(self) -> str:
        first = self.record.get("first")
        if not isinstance(first, str):
            raise ValueError("a round without its first colour")
        return first


@dataclass(frozen=True, slots=True)
class DoEntry:
    """An action played."""

    token: str


@dataclass(frozen=True, slots=True)
class UndoEntry:
    """The last action (or the start of a round with none) taken back."""


@dataclass(frozen=True, slots=True)
class PendingEntry:
    """A seat away from the board moved; its piece is not placed yet."""

    seat: int
    token: str


@dataclass(frozen=True, slots=True)
class DroppedEntry:
    """UNDO dropped the move that waited for its piece."""


@dataclass(frozen=True, slots=True)
class EndEntry:
    """The round was ended off the board (time, resignation, agreement); ``winner`` won it."""

    reason: Termination
    winner: str | None


@dataclass(frozen=True, slots=True)
class NameEntry:
    """A player put a name on a seat for this match (None: took it off)."""

    seat: int
    name: str | None


JournalEntry = (
    MatchEntry
    | RoundEntry
    | DoEntry
    | UndoEntry
    | PendingEntry
    | DroppedEntry
    | NameEntry
    | EndEntry
)


def encode(entry: JournalEntry) -> Entry:
    """The entry as the journal stores it."""
    match entry:
        case MatchEntry():
            out: Entry = {"e": "match", "game": entry.game, "rules": entry.rules}
            if entry.players is not None:
                out["players"] = list(entry.players)
            if entry.level is not None:
                out["level"] = entry.level
            if entry.match_id is not None:
                out["id"] = entry.match_id
            if entry.started is not None:
                out["started"] = entry.started
            return out
        case RoundEntry():
            return {"e": "round", "record": entry.record}
        case DoEntry():
            return {"e": "do", "token": entry.token}
        case UndoEntry():
            return {"e": "undo"}
        case PendingEntry():
            return {"e": "pending", "seat": entry.seat, "token": entry.token}
        case DroppedEntry():
            return {"e": "dropped"}
        case NameEntry():
            return {"e": "name", "seat": entry.seat, "name": entry.name}
        case EndEntry():
            return {"e": "end", "reason": entry.reason.value, "winner": entry.winner}


def decode(raw: Entry) -> JournalEntry:
    """The typed entry; ValueError (quoting the entry) if it is not one."""
    kind = raw.get("e")
    if kind == "match":
        return _match(raw)
    if kind == "round" and isinstance(raw.get("record"), dict):
        record = raw["record"]
        assert isinstance(record, dict)
        return RoundEntry(record)
    token = raw.get("token")
    if kind == "do" and isinstance(token, str):
        return DoEntry(token)
    if kind == "undo":
        return UndoEntry()
    seat = raw.get("seat")
    if kind == "pending" and _is_int(seat) and isinstance(token, str):
        assert isinstance(seat, int)
        return PendingEntry(seat, token)
    if kind == "dropped":
        return DroppedEntry()
    name = raw.get("name")
    if kind == "name" and _is_int(seat) and (name is None or isinstance(name, str)):
        assert isinstance(seat, int)
        return NameEntry(seat, name if isinstance(name, str) else None)
    if kind == "end":
        return _end(raw)
    raise ValueError(f"not a journal entry: {json.dumps(raw)[:120]}")


def _end(raw: Entry) -> EndEntry:
    reason, winner = raw.get("reason"), raw.get("winner")
    known = {t.value: t for t in Termination if not t.positional}
    if not isinstance(reason, str) or reason not in known:
        raise ValueError(f"a round ended by {json.dumps(reason)[:40]}: not a reason off the board")
    if winner is not None and not isinstance(winner, str):
        raise ValueError(f"a round ended with {json.dumps(winner)[:40]} as its winner")
    return EndEntry(known[reason], winner)


def _match(raw: Entry) -> MatchEntry:
    game, rules, players = raw.get("game"), raw.get("rules"), raw.get("players")
    if not isinstance(game, str) or not isinstance(rules, dict):
        raise ValueError("the journal does not start with a match")
    if players is not None and not (
        isinstance(players, list) and all(isinstance(p, str) for p in players)
    ):
        raise ValueError(f"the journal names {players!r} as players")
    level, match_id, started = raw.get("level"), raw.get("id"), raw.get("started")
    return MatchEntry(
        game,
        rules,
        None if players is None else tuple(str(p) for p in players),
        level if _is_int(level) else None,  # type: ignore[arg-type]
        match_id if isinstance(match_id, str) else None,
        _calendar_time(started),
    )


def _calendar_time(value: JsonValue) -> float | None:
    """Wall-clock seconds of a time the calendar has, else None (the board's clock is used)."""
    if not isinstance(value, int | float) or _is_bool(value):
        return None
    try:
        datetime.datetime.fromtimestamp(value)
    except (OverflowError, OSError, ValueError):
        return None
    return float(value)


def _is_int(value: JsonValue) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_bool(value: JsonValue) -> bool:
    return isinstance(value, bool)


class JournalKeeper:
    """Writes what happened to the journal, from the table's events (before anyone else hears).

    A new match archives the last one; events of a match rebuilt from the journal (``resumed``)
    are already in it.
    """

    def __init__(self, journal: Journal) -> None:
        self._journal = journal

    def __call__(self, event: Event) -> None:
        entry = self._entry(event)
        if entry is not None:
            self._journal.append(encode(entry))

    def _entry(self, event: Event) -> JournalEntry | None:
        match event:
            case MatchStarted(resumed=False):
                self._journal.archive()
                kinds = tuple(seat.player.value for seat in event.seats)
                return MatchEntry(
                    event.game, event.rules, kinds, event.level, event.match_id, event.started
                )
            case RoundStarted(resumed=False):
                return RoundEntry(event.record)
            case MoveApplied():
                return DoEntry(event.token)
            case MoveUndone() | RoundUnstarted():
                return UndoEntry()
            case RoundEnded(resumed=False, concluded=True, termination=Termination() as why):
                return EndEntry(why, event.winner)
            case RoundReopened(termination=Termination()):
                return UndoEntry()  # the ending taken back: no move goes with it
            case MovePending():
                return PendingEntry(event.seat, event.token)
            case PendingDropped():
                return DroppedEntry()
            case SeatNamed():
                return NameEntry(event.seat, event.name)
        return None
