"""Match snapshots for the history tests: a Culls match and its rounds, made up but replayable."""

from __future__ import annotations

from firmware.history.snapshot import MatchSnapshot, SavedRound
from firmware.rules.api import JsonValue

RECORD: dict[str, JsonValue] = {
    "format": 1,
    "game": "culls",
    "rules": {},
    "first": "blue",
    "moves": ["h8", "i8"],
}


def saved_round(number: int, winner: str = "blue") -> SavedRound:
    return SavedRound(number, dict(RECORD), "won", winner, 1_800_000_000.0 + number)


def snapshot(key: str, rounds: int, *, finished: bool = False) -> MatchSnapshot:
    """Match ``key`` with ``rounds`` finished rounds (blue wins them); decided if ``finished``."""
    return MatchSnapshot(
        key=key,
        board="table-1",
        game="culls",
        rules={"mode": "duel"},
        players=["here", "computer"],
        names=["Ada", None],
        started=1_800_000_000.0,
        rounds=tuple(saved_round(n) for n in range(1, rounds + 1)),
        winner="blue" if finished else None,
        finished=1_800_000_100.0 if finished else None,
    )
