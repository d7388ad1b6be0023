"""The journal's entries as types, their one codec, and the keeper that writes them from events.

On disk an entry is one JSON object with an ``e`` key (docs in ``journal.py``); in the program it
is one of the dataclasses below. ``decode`` refuses anything else with a ValueError that says
which entry it was; journals written before entries had ids or start times still read.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from firmware.controller.events import (
    Event,
    MatchStarted,
    MoveApplied,
    MovePending,
    MoveUndone,
    PendingDropped,
    RoundStarted,
    RoundUnstarted,
    SeatNamed,
)
from firmware.controller.journal import Entry, Journal
from firmware.rules.api import JsonValue


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
class NameEntry:
    """A player put a name on a seat for this match (None: took it off)."""

    seat: int
    name: str | None


JournalEntry = (
    MatchEntry | RoundEntry | DoEntry | UndoEntry | PendingEntry | DroppedEntry | NameEntry
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
    raise ValueError(f"not a journal entry: {json.dumps(raw)[:120]}")


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
        float(started) if isinstance(started, int | float) and not _is_bool(started) else None,
    )


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
                kinds = tuple(seat.player for seat in event.seats)
                return MatchEntry(
                    event.game, event.rules, kinds, event.level, event.match_id, event.started
                )
            case RoundStarted(resumed=False):
                return RoundEntry(event.record)
            case MoveApplied():
                return DoEntry(event.token)
            case MoveUndone() | RoundUnstarted():
                return UndoEntry()
            case MovePending():
                return PendingEntry(event.seat, event.token)
            case PendingDropped():
                return DroppedEntry()
            case SeatNamed():
                return NameEntry(event.seat, event.name)
        return None
