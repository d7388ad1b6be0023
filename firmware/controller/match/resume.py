"""A match rebuilt from the journal: how far it plays, who sits where, what waited for a piece."""

from __future__ import annotations

from dataclasses import dataclass

from firmware.controller.core.adapter import board_adapter
from firmware.controller.core.events import (
    EventBus,
    MatchEnded,
    MatchStarted,
    RoundEnded,
    RoundStarted,
)
from firmware.controller.core.players import PlayerKind
from firmware.controller.match.entries import MatchEntry, NameEntry, PendingEntry, decode
from firmware.controller.match.match_play import JournalReplay, MatchPlay
from firmware.controller.match.seated import Seated
from firmware.players import HIGHEST, LOWEST
from firmware.rules.api import JsonValue
from firmware.rules.bounded_json import shorten
from firmware.rules.records import record_of


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
    names: tuple[tuple[int, str], ...] | None = None  # (seat, name); None: the journal has none


BUILT_IN = frozenset({PlayerKind.HERE, PlayerKind.COMPUTER, PlayerKind.REMOTE})


def resumed_match(
    entries: list[dict[str, JsonValue]], known: frozenset[PlayerKind] = BUILT_IN
) -> Resumed:
    """The journal's playable start, and who sits where; a bad ``players`` list spoils entry 1."""
    replay: JournalReplay = MatchPlay.from_journal(entries)
    if replay.match is None:
        return Resumed(None, None, 0, replay.problem)
    head = decode(entries[0])
    assert isinstance(head, MatchEntry)  # from_journal played it
    seats = board_adapter(replay.match.game).seats(replay.match.rules, replay.match.colours)
    try:
        kinds = _player_kinds(head.players, len(seats), known)
    except ValueError as exc:
        return Resumed(None, None, 0, shorten(f"journal entry 1 cannot be played: {exc}"))
    steps = [decode(entry) for entry in entries[1 : replay.kept]]
    names: dict[int, str | None] | None = None  # None: written before the journal kept names
    for step in steps:
        if isinstance(step, NameEntry) and 0 <= step.seat < len(seats):
            names = {} if names is None else names
            names[step.seat] = step.name
    played = [step for step in steps if not isinstance(step, NameEntry)]
    last = played[-1] if played else None
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
        None if names is None else tuple((s, n) for s, n in sorted(names.items()) if n),
    )


def _player_kinds(
    saved: tuple[str, ...] | None, seat_count: int, known: frozenset[PlayerKind]
) -> tuple[PlayerKind, ...]:
    """The journal's player kinds; a journal from before seats had players is all ``here``."""
    if saved is None:
        return (PlayerKind.HERE,) * seat_count
    if len(saved) != seat_count:
        raise ValueError(f"the journal names {list(saved)!r} as players for {seat_count} seats")
    kinds = tuple(PlayerKind(kind) for kind in saved)
    unknown = sorted(kind.value for kind in kinds if kind not in known)
    if unknown:
        raise ValueError(f"the journal names players of a kind this board has not: {unknown}")
    return kinds


def tell_resumed(events: EventBus, started: MatchStarted, seated: Seated) -> None:
    """Say what the journal rebuilt, marked ``resumed`` (its consumers heard it before)."""
    match = seated.match
    events.post(started)
    for number, state in enumerate(match.rounds, start=1):
        record = record_of(state).to_json()
        start = {**record, "moves": []}
        moves = tuple(state.moves)
        events.post(RoundStarted(number, state.first, start, resumed=True, moves=moves))
        outcome = state.outcome()
        if outcome.is_over:
            scores = _scores_after(match, number)
            events.post(
                RoundEnded(
                    number,
                    outcome.status.value,
                    outcome.winner,
                    record,
                    scores,
                    resumed=True,
                    termination=outcome.termination,
                )
            )
    if match.is_over:
        events.post(
            MatchEnded(match.game, match.winner, len(match.rounds), match.scores(), resumed=True)
        )


def _scores_after(match: MatchPlay, rounds: int) -> dict[str, int]:
    scores = dict.fromkeys(match.colours, 0)
    for state in match.rounds[:rounds]:
        winner = state.outcome().winner
        if winner is not None and winner in scores:
            scores[winner] += 1
    return scores
