"""One round robin of every level and two baselines in a game, and the ratings it gives.

Run: ``nice -n 5 .venv/bin/python -m bench.bench_ratings [--game culls|cubulus] [--games 20]
[--nodes 4000] [--jobs 2] [--players random,greedy,1,2,...] [--seed 1] [--boot 200]``. Every
pair of players (levels 1-6, the random and the greedy baseline of ``bench/player_baselines.py``;
``--players`` for fewer, in an early run) plays ``--games`` games over seeded colour-swapped
openings, spread over ``--jobs`` processes; each search gets a node budget (scaled by the level's
share), so the results depend neither on the machine's load nor on the number of processes. A
Bradley-Terry model is fitted to the results (a draw counts half a win to each side) and printed
as Elo-scale ratings anchored at random = 0, each with a 95 % interval from resampling the games
of every pairing (``--boot`` times), then the step between neighbouring levels with its interval,
and how long the run took. Asserts nothing.
"""

from __future__ import annotations

import argparse
import itertools
import math
import multiprocessing
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
LEVEL_NAMES = [f"level {number}" for number in range(LOWEST, HIGHEST + 1)]
ALL_PLAYERS = ["random", "greedy", *LEVEL_NAMES]


def make_player(game: str, name: str, nodes: int) -> Player:
    """The round robin's player called ``name``: a baseline, or "level N" on ``nodes``."""
    if name in BASELINES[game]:
        return BASELINES[game][name]
    return engine_player(int(name.removeprefix("level ")), None, nodes, Tally())


Results = dict[tuple[str, str], list[float]]  # (a, b) -> a's points in each game
Task = tuple[str, str, str, int, int, int]  # game, a, b, nodes, seed, opening pair


def opening_pair(task: Task) -> tuple[float, float]:
    """``a``'s points in the two colour-swapped games of one seeded opening against ``b``."""
    game, a, b, nodes, seed, pair = task
    first, second = make_player(game, a, nodes), make_player(game, b, nodes)
    colours = find_game(game).colours(find_game(game).parse_rules({}))
    start = opening(game, {}, random.Random(seed * 1000 + pair))
    points = []
    for swap in (0, 1):
        mine = colours[swap]
        seats = {colour: first if colour == mine else second for colour in colours}
        state = play_game(game, {}, start, seats, random.Random(seed + pair * 2 + swap))
        outcome = state.outcome()
        won = outcome.status is Status.WON
        points.append(1.0 if won and outcome.winner == mine else 0.0 if won else 0.5)
    return points[0], points[1]


def cost(task: Task) -> int:
    """A rough order for the tasks: the strongest searches first, so no process waits long."""
    return -sum(int(name.removeprefix("level ")) for name in task[1:3] if name.startswith("level"))


def round_robin(
    game: str, names: list[str], games: int, nodes: int, seed: int, jobs: int
) -> Results:
    """Every pairing's games, seen from the first-named player, played on ``jobs`` processes."""
    pairings = list(itertools.combinations(names, 2))
    tasks = [(game, a, b, nodes, seed, pair) for a, b in pairings for pair in range(games // 2)]
    results: Results = {pairing: [] for pairing in pairings}
    left = dict.fromkeys(pairings, games // 2)
    ordered = sorted(tasks, key=cost)
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for task, points in zip(ordered, pool.imap(opening_pair, ordered), strict=True):
            pairing = (task[1], task[2])
            results[pairing].extend(points)
            left[pairing] -= 1
            if not left[pairing]:
                total = sum(results[pairing])
                print(f"  {pairing[0]} vs {pairing[1]}: {total:.1f}/{games}", flush=True)
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


def chosen_players(text: str | None) -> list[str]:
    """The players named by ``--players`` ("random,greedy,1,2"), always with the anchor."""
    if text is None:
        return list(ALL_PLAYERS)
    names = [f"level {word}" if word.isdigit() else word for word in text.split(",")]
    unknown = [name for name in names if name not in ALL_PLAYERS]
    if unknown:
        raise SystemExit(f"bench_ratings: no player called {', '.join(unknown)}")
    return [name for name in ALL_PLAYERS if name in names or name == ANCHOR]


def report(
    results: Results, names: list[str], seed: int, boot: int, say: Callable[[str], None]
) -> None:
    """Print the ratings with their intervals, then the steps between neighbouring levels."""
    ratings = fit(results, names)
    rng = random.Random(seed)
    boots = [fit(resampled(results, rng), names) for _ in range(boot)]
    say(f"ratings (Bradley-Terry, Elo scale, {ANCHOR} = 0, 95 % intervals):")
    for name in names:
        low, high = interval([one[name] for one in boots])
        say(f"  {name:<8} {ratings[name]:6.0f}  [{low:6.0f}, {high:6.0f}]")
    say("steps between neighbouring levels:")
    levels = [name for name in names if name.startswith("level")]
    for lower, upper in itertools.pairwise(levels):
        low, high = interval([one[upper] - one[lower] for one in boots])
        step = ratings[upper] - ratings[lower]
        say(f"  {upper} - {lower}: {step:5.0f}  [{low:5.0f}, {high:5.0f}]")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", choices=("culls", "cubulus"), default="culls")
    parser.add_argument("--games", type=int, default=20, help="games per pairing (even)")
    parser.add_argument("--nodes", type=int, default=4000, help="the top level's node budget")
    parser.add_argument("--jobs", type=int, default=2, help="processes playing the games")
    parser.add_argument("--players", default=None, help="a subset, e.g. random,greedy,1,2,3")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--boot", type=int, default=200, help="resamplings for the intervals")
    args = parser.parse_args()
    names = chosen_players(args.players)
    started = time.monotonic()
    print(
        f"{args.game}: round robin of {len(names)} players, {args.games} games a pairing, "
        f"{args.nodes} nodes, {args.jobs} processes, seed {args.seed}",
        flush=True,
    )
    results = round_robin(args.game, names, args.games, args.nodes, args.seed, args.jobs)
    report(results, names, args.seed, args.boot, print)
    print(f"the run took {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
