"""The day's champions: from the history, each named player's matches won, round wins, rounds
and matches; a champion is who won the most matches (round wins break a tie)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from firmware.controller.core.adapter import board_adapter
from firmware.history.names import seat_names
from firmware.history.store import History
from firmware.rules.api import InvalidRecordError, JsonValue
from firmware.rules.registry import find_game


@dataclass
class Standing:
    """One player's day: matches won, rounds won, rounds played and matches played."""

    name: str
    wins: int = 0
    rounds: int = 0
    matches: int = 0
    match_wins: int = 0
    abandoned: int = 0  # matches put away unfinished (NEW, idle): not counted as played

    def to_json(self) -> dict[str, JsonValue]:
        return {
            "name": self.name,
            "wins": self.wins,
            "rounds": self.rounds,
            "matches": self.matches,
            "match_wins": self.match_wins,
            "abandoned": self.abandoned,
        }


def seat_colours(game: str, rules: dict[str, JsonValue]) -> list[str]:
    """The colour of each seat of a match, in seat order (none if the game is unknown)."""
    try:
        colours = find_game(game).colours(rules)
        return [spec.colour for spec in board_adapter(game).seats(rules, colours)]
    except (InvalidRecordError, TypeError, KeyError):
        return []


def day_leaderboard(history: History, day: datetime.date) -> list[Standing]:
    """Every name put on a seat in a match of ``day``, most matches won first (then most round
    wins, fewer rounds played, the name). The same name in any letter case is one player."""
    standings: dict[str, Standing] = {}
    for match in history.matches(day):
        names = seat_names(history, match.id)
        if not names:
            continue
        colours = seat_colours(match.game, match.rules)
        rounds = history.rounds(match.id)
        for seat, name in names.items():
            if seat >= len(colours):
                continue
            standing = standings.setdefault(name.casefold(), Standing(name))
            standing.abandoned += match.abandoned is not None
            standing.matches += match.abandoned is None
            standing.rounds += len(rounds)
            standing.wins += sum(1 for r in rounds if r.winner == colours[seat])
            standing.match_wins += match.finished is not None and match.winner == colours[seat]
    return sorted(
        standings.values(),
        key=lambda s: (-s.match_wins, -s.wins, s.rounds, s.name.casefold()),
    )
