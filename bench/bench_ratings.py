"""One round robin of every level and two baselines in a game, and the ratings it gives.

Run: ``.venv/bin/python -m bench.bench_ratings [--game culls|cubulus] [--games 20]
[--nodes 1000] [--seed 1] [--boot 200]``. Every pair of players (levels 1-6, the random and the
greedy baseline of ``bench/player_baselines.py``) plays ``--games`` games over seeded
colour-swapped openings; each search gets a node budget (scaled by the level's share), so the
results do not depend on the machine's load. A Bradley-Terry model is fitted to the results
(a draw counts half a win to each side) and printed as Elo-scale ratings anchored at random = 0,
each with a 95 % interval from resampling the games of every pairing (``--boot`` times), then the
step between neighbouring levels with its interval, and how long the run took. Asserts nothing.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import math
import random
import sys
import time
from collections.abc import Callable

from bench.bench_players import Tally, engine_player, opening, play_game
from bench.player_baselines import BASELINES, Player
from firmware.players import HIGHEST, LOWEST
from firmware.rules import find_game
from firmware.rules.api import Status

ANCHOR = "random"
ELO = 400 / math.log(10)  # Elo points per unit of the Bradley-Terry log-strength
PRIOR = 0.5  # a half game won each way against a virtual equal keeps a perfect score finite


def players(game: str, nodes: int) -> dict[str, Callable[[], Player]]:
    """Every player of the round robin, by name, each made fresh for a pairing."""
    made: dict[str, Callable[[], Player]] = {
        "random": lambda: BASELINES[game]["random"],
        "greedy": lambda: BASELINES[game]["greedy"],
    }
    for number in range(LOWEST, HIGHEST + 1):
        made[f"level {number}"] = functools.partial(engine_player, number, None, nodes, Tally())
    return made


Results = dict[tuple[str, str], list[float]]  # (a, b) -> a's points in each game


def round_robin(game: str, games: int, nodes: int, seed: int) -> Results:
    """Every pairing's games, seen from the first-named player."""
    made = players(game, nodes)
    colours = find_game(game).colours(find_game(game).parse_rules({}))
    results: Results = {}
    for a, b in itertools.combinations(made, 2):
        first, second = made[a](), made[b]()
        points: list[float] = []
        for pair in range(games // 2):
            start = opening(game, {}, random.Random(seed * 1000 + pair))
            for swap in (0, 1):
                mine = colours[swap]
                seats = {colour: first if colour == mine else second for colour in colours}
                state = play_game(game, {}, start, seats, random.Random(seed + pair * 2 + swap))
                outcome = state.outcome()
                won = outcome.status is Status.WON
                points.append(1.0 if won and outcome.winner == mine else 0.0 if won else 0.5)
        results[(a, b)] = points
        print(f"  {a} vs {b}: {sum(points):.1f}/{len(points)}", flush=True)
    return results


def fit(results: Results, names: list[str]) -> dict[str, float]:
    """Bradley-Terry log-strengths (minorisation-maximisation), anchored at ``ANCHOR`` = 0."""
    wins = dict.fromkeys(names, PRIOR)
    meetings: dict[tuple[str, str], float] = {}
    for (a, b), points in results.items():
        wins[a] += sum(points)
        wins[b] += len(points) - sum(points)
        meetings[(a, b)] = meetings[(b, a)] = len(points) + 2 * PRIOR
    strength = dict.fromkeys(names, 1.0)
    for _ in range(2000):
        new = {}
        for name in names:
            total = sum(
                count / (strength[name] + strength[other])
                for (one, other), count in meetings.items()
                if one == name
            )
            new[name] = wins[name] / total
        scale = new[ANCHOR]
        new = {name: value / scale for name, value in new.items()}
        settled = all(abs(new[name] / strength[name] - 1) < 1e-9 for name in names)
        strength = new
        if settled:
            break
    return {name: ELO * math.log(value) for name, value in strength.items()}


def resampled(results: Results, rng: random.Random) -> Results:
    """The same pairings, each game drawn again with replacement from its pairing's games."""
    return {pair: [rng.choice(points) for _ in points] for pair, points in results.items()}


def interval(values: list[float]) -> tuple[float, float]:
    """The 2.5 % and 97.5 % points of ``values``."""
    ordered = sorted(values)
    return ordered[int(0.025 * (len(ordered) - 1))], ordered[int(0.975 * (len(ordered) - 1))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", choices=("culls", "cubulus"), default="culls")
    parser.add_argument("--games", type=int, default=20, help="games per pairing (even)")
    parser.add_argument("--nodes", type=int, default=1000, help="the top level's node budget")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--boot", type=int, default=200, help="resamplings for the intervals")
    args = parser.parse_args()
    started = time.monotonic()
    print(
        f"{args.game}: round robin, {args.games} games a pairing, {args.nodes} nodes, "
        f"seed {args.seed}",
        flush=True,
    )
    results = round_robin(args.game, args.games, args.nodes, args.seed)
    names = list(players(args.game, args.nodes))
    ratings = fit(results, names)
    rng = random.Random(args.seed)
    boots = [fit(resampled(results, rng), names) for _ in range(args.boot)]
    print(f"ratings (Bradley-Terry, Elo scale, {ANCHOR} = 0, 95 % intervals):")
    for name in names:
        low, high = interval([boot[name] for boot in boots])
        print(f"  {name:<8} {ratings[name]:6.0f}  [{low:6.0f}, {high:6.0f}]")
    print("steps between neighbouring levels:")
    for lower, upper in itertools.pairwise(range(LOWEST, HIGHEST + 1)):
        a, b = f"level {upper}", f"level {lower}"
        low, high = interval([boot[a] - boot[b] for boot in boots])
        print(f"  {a} - {b}: {ratings[a] - ratings[b]:5.0f}  [{low:5.0f}, {high:5.0f}]")
    print(f"the run took {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
