"""A day's games as the history counts them: each finished game, and the day's totals."""

from __future__ import annotations

import datetime
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """One game that ended: which game, how many rounds, who won (None: a draw), how long."""

    game: str
    rounds: int
    winner: str | None
    seconds: float


@dataclass(frozen=True, slots=True)
class DayTotals:
    """What happened on one day."""

    day: datetime.date
    games: int
    rounds: int
    seconds: float
    by_game: Mapping[str, int]
    wins: Mapping[str, int]  # by winning colour; draws are counted apart
    draws: int
    lost_on_time: int = 0  # rounds of the day's matches (finished or not) lost on time

    @property
    def average_seconds(self) -> float | None:
        """The average length of a game, or None on a day without games."""
        return self.seconds / self.games if self.games else None

    @classmethod
    def of(cls, day: datetime.date, finished: list[FinishedGame]) -> DayTotals:
        return cls(
            day=day,
            games=len(finished),
            rounds=sum(g.rounds for g in finished),
            seconds=sum(g.seconds for g in finished),
            by_game=dict(Counter(g.game for g in finished)),
            wins=dict(Counter(g.winner for g in finished if g.winner is not None)),
            draws=sum(1 for g in finished if g.winner is None),
        )
