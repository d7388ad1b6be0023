"""A match rebuilt from the journal: how far it plays, who sits where, what waited for a piece."""

from __future__ import annotations

from dataclasses import dataclass

from firmware.controller.adapter import board_adapter
from firmware.controller.entries import MatchEntry, PendingEntry, decode
from firmware.controller.match_play import JournalReplay, MatchPlay
from firmware.controller.players import PlayerKind
from firmware.players import HIGHEST, LOWEST
from firmware.rules.api import JsonValue
from firmware.rules.bounded_json import shorten


@dataclass(frozen=True, slots=True)
class Resumed:
    """The journal's playable start (``JournalReplay``) with what the table needs besides."""

    match: MatchPlay | None
    kinds: tuple[PlayerKind, ...] | None
    kept: int
    problem: str | None
    head: dict[str, JsonValue] | None = None  # the match entry as written
    pending: tuple[int, str] | None = None  # (seat, token): the last entry waited for a piece
    level: int | None = None  # the computer's level (None: not saved, as in older journals)
    match_id: str | None = None
    started: float | None = None


def resumed_match(entries: list[dict[str, JsonValue]]) -> Resumed:
    """The journal's playable start, and who sits where; a bad ``players`` list spoils entry 1."""
    replay: JournalReplay = MatchPlay.from_journal(entries)
    if replay.match is None:
        return Resumed(None, None, 0, replay.problem)
    head = decode(entries[0])
    assert isinstance(head, MatchEntry)  # from_journal played it
    seats = board_adapter(replay.match.name).seats(replay.match.rules, replay.match.colours)
    try:
        kinds = _player_kinds(head.players, len(seats))
    except ValueError as exc:
        return Resumed(None, None, 0, shorten(f"journal entry 1 cannot be played: {exc}"))
    last = decode(entries[replay.kept - 1]) if replay.kept else None
    pending = (last.seat, last.token) if isinstance(last, PendingEntry) else None
    level = head.level if head.level is not None and LOWEST <= head.level <= HIGHEST else None
    return Resumed(
        replay.match,
        kinds,
        replay.kept,
        replay.problem,
        entries[0],
        pending,
        level,
        head.match_id,
        head.started,
    )


def _player_kinds(saved: tuple[str, ...] | None, seat_count: int) -> tuple[PlayerKind, ...]:
    """The journal's player kinds; a journal from before seats had players is all ``here``."""
    if saved is None:
        return (PlayerKind.HERE,) * seat_count
    if len(saved) != seat_count:
        raise ValueError(f"the journal names {list(saved)!r} as players for {seat_count} seats")
    return tuple(PlayerKind(kind) for kind in saved)
