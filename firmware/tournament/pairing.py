"""Who plays whom in a round: a round robin (everyone meets everyone once) or a Swiss round
(players with the same score meet, nobody twice, a bye when one is left over), in duels or in
groups of three (3-player Cubulus), with the first seat given to whoever has had it least."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from firmware.tournament.model import Pairing, TournamentError

# How many partial pairings a Swiss round may try before it says none is left (a café's 40
# players find theirs in a few hundred at most).
SEARCH_BUDGET = 200_000


@dataclass
class Past:
    """What the rounds so far say about each player: whom they met, how often they sat first,
    their last seat, their byes and their points."""

    met: Counter[frozenset[str]] = field(default_factory=Counter)
    firsts: Counter[str] = field(default_factory=Counter)
    last_seat: dict[str, int] = field(default_factory=dict)
    byes: Counter[str] = field(default_factory=Counter)
    points: defaultdict[str, float] = field(default_factory=lambda: defaultdict(float))

    def add(self, pairing: Pairing, points: dict[str, float]) -> None:
        """Count one pairing of an earlier round (its result's ``points``, none if undecided)."""
        if pairing.bye:
            self.byes[pairing.players[0]] += 1
        for a, b in combinations(pairing.players, 2):
            self.met[frozenset((a, b))] += 1
        for seat, player in enumerate(pairing.players):
            self.firsts[player] += seat == 0 and not pairing.bye
            self.last_seat[player] = seat
            self.points[player] += points.get(player, 0.0)

    def repeats(self, group: Sequence[str]) -> int:
        """How many of the pairs in ``group`` have met before."""
        return sum(self.met[frozenset(pair)] for pair in combinations(group, 2))


def group_sizes(count: int, size: int) -> list[int]:
    """How ``count`` players split into games of ``size`` (2 or 3): a duel tournament gives an
    odd player a bye (1); one of threes plays what is left over as games of two."""
    if size == 2:
        return [2] * (count // 2) + [1] * (count % 2)
    if count == 1:
        return [1]
    threes, left = divmod(count, 3)
    if left == 1 and threes:  # 4 = 2 + 2, 7 = 3 + 2 + 2, ...
        return [3] * (threes - 1) + [2, 2]
    return [3] * threes + [2] * (left == 2)


def seat_order(group: Sequence[str], past: Past) -> tuple[str, ...]:
    """The group's players in seat order: the first seat to whoever has sat first least
    (then to whoever sat last elsewhere, then as ranked), so seats alternate."""
    ranked = {player: index for index, player in enumerate(group)}
    return tuple(
        sorted(group, key=lambda p: (past.firsts[p], -past.last_seat.get(p, 0), ranked[p]))
    )


def round_robin_duels(names: Sequence[str], round_number: int) -> list[tuple[str, ...]]:
    """Round ``round_number`` (from 1) of the circle method, in seat order: over
    len(names) - 1 rounds (one more when the count is odd, each player's bye) everyone meets
    everyone once, and everyone sits first in half their games (never three times running).

    The first place of the circle stays while the others turn; with an odd count the bye holds
    it. Its game alternates seats by round; the others by their place in the circle."""
    players: list[str | None] = ([None] if len(names) % 2 else []) + list(names)
    count = len(players)
    if not 1 <= round_number <= count - 1:
        raise TournamentError(f"a round robin of {len(names)} has {count - 1} rounds")
    for _ in range(round_number - 1):  # the circle turns once a round
        players = [players[0], players[-1], *players[1:-1]]
    games: list[tuple[str, ...]] = []
    for index in range(count // 2):
        a, b = players[index], players[count - 1 - index]
        if a is None or b is None:
            games.append((b if a is None else a,))  # type: ignore[arg-type]
            continue
        a_first = round_number % 2 == 1 if index == 0 else index % 2 == 1
        games.append((a, b) if a_first else (b, a))
    return games


def round_robin_rounds(count: int, size: int) -> int:
    """How many rounds a round robin of ``count`` players has: duels, until everyone has met
    everyone; groups of three meet two players a round, so about half as many."""
    if count < 2:
        raise TournamentError("a tournament needs at least two players")
    if size == 2:
        return count - 1 + count % 2
    return max(1, -(-(count - 1) // 2))


def grouped(
    ranked: Sequence[str], size: int, past: Past, *, allow_repeats: bool
) -> list[tuple[str, ...]]:
    """Split ``ranked`` (best first) into games of ``size``: each from the players nearest in
    the ranking that have not met (duels backtrack until nobody meets twice; groups of three
    take the fewest repeats). TournamentError when no such split exists."""
    sizes = group_sizes(len(ranked), size)
    byes = sizes.count(1)
    order = list(ranked)
    if byes:  # the bye: the lowest ranked player with the fewest byes so far
        fewest = min(past.byes[p] for p in order)
        bye = next(p for p in reversed(order) if past.byes[p] == fewest)
        order.remove(bye)
    budget = [SEARCH_BUDGET]
    games = _split(order, [s for s in sizes if s > 1], past, allow_repeats, budget)
    if games is None:
        raise TournamentError("no pairing is left in which nobody meets an opponent twice")
    return games + ([(bye,)] if byes else [])


def _split(
    order: list[str], sizes: list[int], past: Past, allow_repeats: bool, budget: list[int]
) -> list[tuple[str, ...]] | None:
    """Backtracking over the players in ranking order: the top one with the nearest others
    (``budget``: how many more tries before it gives up)."""
    if not order:
        return []
    budget[0] -= 1
    if budget[0] < 0:
        return None
    top, rest = order[0], order[1:]
    size = sizes[0]
    candidates = sorted(
        combinations(range(len(rest)), size - 1),
        key=lambda picked: (past.repeats([top, *(rest[i] for i in picked)]), picked),
    )
    for picked in candidates:
        group = [top, *(rest[i] for i in picked)]
        if past.repeats(group) and not allow_repeats:
            break  # sorted: every later candidate repeats too
        remaining = [p for i, p in enumerate(rest) if i not in picked]
        tail = _split(remaining, sizes[1:], past, allow_repeats, budget)
        if tail is not None:
            return [tuple(group), *tail]
        if allow_repeats:
            return None  # groups of three: the greedy split is kept, repeats and all
    return None
