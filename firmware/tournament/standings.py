"""The standings: points, then the tie-breaks a club uses (Swiss: Buchholz, then
Sonneborn-Berger; round robin: the games between the tied players, then Sonneborn-Berger)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from firmware.tournament.model import Format, Pairing, Result


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line in the standings."""

    rank: int
    name: str
    points: float
    games: int  # games played (a bye is not a game)
    wins: int
    buchholz: float  # the points of every opponent met
    sonneborn_berger: float  # each opponent's points times what was scored against them
    head_to_head: float  # points scored against the players tied on points

    def to_json(self) -> dict[str, float | int | str]:
        return {
            "rank": self.rank,
            "name": self.name,
            "points": self.points,
            "games": self.games,
            "wins": self.wins,
            "buchholz": self.buchholz,
            "sonneborn_berger": self.sonneborn_berger,
            "head_to_head": self.head_to_head,
        }


def standings(
    format_: Format,
    names: Sequence[str],
    pairings: Sequence[Pairing],
    results: Mapping[str, Result],
) -> list[Standing]:
    """Every player, best first, from the decided pairings; players level on everything share
    a rank."""
    points: dict[str, float] = dict.fromkeys(names, 0.0)
    games: dict[str, int] = dict.fromkeys(names, 0)
    wins: dict[str, int] = dict.fromkeys(names, 0)
    # (player, opponent, what the player scored against that opponent) for every game played
    meetings: list[tuple[str, str, float]] = []
    for pairing in pairings:
        result = results.get(pairing.key)
        if result is None and not pairing.bye:
            continue
        scored = (result or Result(pairing.players[0])).points(pairing)
        for player, won in scored.items():
            points[player] = points.get(player, 0.0) + won
        if pairing.bye:
            continue
        for player in pairing.players:
            games[player] = games.get(player, 0) + 1
            wins[player] = wins.get(player, 0) + (result is not None and result.winner == player)
            for opponent in pairing.players:
                if opponent != player:
                    meetings.append((player, opponent, _against(scored, player, opponent)))
    buchholz: dict[str, float] = defaultdict(float)
    berger: dict[str, float] = defaultdict(float)
    for player, opponent, score in meetings:
        buchholz[player] += points[opponent]
        berger[player] += score * points[opponent]
    level: dict[float, set[str]] = defaultdict(set)
    for player, total in points.items():
        level[total].add(player)
    mutual: dict[str, float] = defaultdict(float)
    for player, opponent, score in meetings:
        if opponent in level[points[player]]:
            mutual[player] += score

    def order(player: str) -> tuple[float, ...]:
        if format_ is Format.SWISS:
            return (-points[player], -buchholz[player], -berger[player])
        return (-points[player], -mutual[player], -berger[player])

    ranked = sorted(points, key=lambda player: (order(player), player.casefold()))
    lines: list[Standing] = []
    for index, player in enumerate(ranked):
        tied = index and order(ranked[index - 1]) == order(player)
        rank = lines[-1].rank if tied else index + 1
        lines.append(
            Standing(
                rank,
                player,
                points[player],
                games[player],
                wins[player],
                buchholz[player],
                berger[player],
                mutual[player],
            )
        )
    return lines


def _against(scored: Mapping[str, float], player: str, opponent: str) -> float:
    """What ``player`` scored against ``opponent`` in one game: 1 ahead of them, ½ level, 0
    behind (in a group of three the winner beat both others; the two others drew)."""
    mine, theirs = scored[player], scored[opponent]
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
