"""A match as the history keeps it: what ``History.save`` makes the stored match exactly."""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass

from firmware.errors import InputError
from firmware.rules.api import JsonValue

INTEGER_MIN, INTEGER_MAX = -(2**63), 2**63 - 1  # what an SQLite INTEGER holds


class SnapshotError(InputError):
    """JSON that is not a saved match snapshot; the message says which key is wrong."""


@dataclass(frozen=True, slots=True)
class SavedRound:
    """One finished round: its records.md record, its status, who won, when (wall seconds), and
    why it ended (``reason``: "line", "time", ...; None: saved before rounds kept it)."""

    number: int
    record: dict[str, JsonValue]
    status: str
    winner: str | None
    ended: float
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class MatchSnapshot:
    """One match: ``key`` stays the same across restarts; ``players`` are the seats' player
    kinds, ``names`` the players' names per seat (None: unnamed); ``rounds`` the finished
    ones, in order (a match put away during a round ends with that round as far as it went,
    status "in_progress"); ``finished`` None while the match is undecided; ``abandoned`` why it
    was put away unfinished (None: it was not)."""

    key: str
    board: str
    game: str
    rules: dict[str, JsonValue]
    players: list[str]
    names: list[str | None]
    started: float
    rounds: tuple[SavedRound, ...]
    winner: str | None
    finished: float | None
    abandoned: str | None = None  # why the match was put away unfinished ("new", "idle", ...)

    def to_json(self) -> dict[str, JsonValue]:
        return {
            "key": self.key,
            "board": self.board,
            "game": self.game,
            "rules": self.rules,
            "players": list(self.players),
            "names": list(self.names),
            "started": self.started,
            "rounds": [
                {
                    "number": r.number,
                    "record": r.record,
                    "status": r.status,
                    "winner": r.winner,
                    "ended": r.ended,
                    "reason": r.reason,
                }
                for r in self.rounds
            ],
            "winner": self.winner,
            "finished": self.finished,
            "abandoned": self.abandoned,
        }


def snapshot_from_json(raw: JsonValue) -> MatchSnapshot:
    """A snapshot as ``to_json`` wrote it; SnapshotError for anything else."""
    data = _object(raw, "snapshot")
    rounds_raw = data.get("rounds")
    if not isinstance(rounds_raw, list):
        raise SnapshotError("rounds: not a list")
    rounds = []
    for item in rounds_raw:
        entry = _object(item, "rounds[]")
        rounds.append(
            SavedRound(
                number=_int(entry.get("number"), "rounds[].number"),
                record=_object(entry.get("record"), "rounds[].record"),
                status=_text(entry.get("status"), "rounds[].status"),
                winner=_text_or_none(entry.get("winner"), "rounds[].winner"),
                ended=_time(entry.get("ended"), "rounds[].ended"),
                reason=_text_or_none(entry.get("reason"), "rounds[].reason"),
            )
        )
    finished = data.get("finished")
    return MatchSnapshot(
        key=_text(data.get("key"), "key"),
        board=_text(data.get("board"), "board"),
        game=_text(data.get("game"), "game"),
        rules=_object(data.get("rules"), "rules"),
        players=[_text(p, "players[]") for p in _list(data.get("players"), "players")],
        names=[_text_or_none(n, "names[]") for n in _list(data.get("names"), "names")],
        started=_time(data.get("started"), "started"),
        rounds=tuple(rounds),
        winner=_text_or_none(data.get("winner"), "winner"),
        finished=None if finished is None else _time(finished, "finished"),
        abandoned=_text_or_none(data.get("abandoned"), "abandoned"),
    )


def _object(value: JsonValue, where: str) -> dict[str, JsonValue]:
    if not isinstance(value, dict):
        raise SnapshotError(f"{where}: not an object")
    return value


def _list(value: JsonValue, where: str) -> list[JsonValue]:
    if not isinstance(value, list):
        raise SnapshotError(f"{where}: not a list")
    return value


def _text(value: JsonValue, where: str) -> str:
    if not isinstance(value, str):
        raise SnapshotError(f"{where}: not text")
    return value


def _text_or_none(value: JsonValue, where: str) -> str | None:
    return None if value is None else _text(value, where)


def _int(value: JsonValue, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SnapshotError(f"{where}: not a whole number")
    if not INTEGER_MIN <= value <= INTEGER_MAX:
        raise SnapshotError(f"{where}: a whole number too large to keep")
    return value


def _number(value: JsonValue, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise SnapshotError(f"{where}: not a number")
    return float(value)


def _time(value: JsonValue, where: str) -> float:
    """Wall-clock seconds the calendar has (the history files a match under its day)."""
    stamp = _number(value, where)
    try:
        datetime.datetime.fromtimestamp(stamp)
    except (OverflowError, OSError, ValueError):
        raise SnapshotError(f"{where}: not a time the calendar has ({stamp:g})") from None
    return stamp
