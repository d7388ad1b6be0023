"""Computer player levels against baselines and each other, over seeded colour-swapped openings.

Run: ``.venv/bin/python -m bench.bench_players [--game culls|cubulus] [--levels 1,6]
[--games N] [--movetime MS | --nodes N | --own-time] [--round-robin] [--seed S]``

Each opening is played twice, the colours swapped. With ``--movetime`` the level thinks against
the clock (as the board does); with ``--nodes`` every search gets the same node budget, so the
figures repeat from run to run. Prints, per level and opponent: score (a draw is half), draws,
moves per second of the whole games, nodes per second and move-time percentiles of the level.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from bench.player_baselines import BASELINES, Player
from firmware.players import SEARCH_SHARE, Budget, choose, level
from firmware.rules import find_game
from firmware.rules.api import GameState, Status

MAX_PLIES = 400
RANKED_SCORE = 0.70  # what each level should score against the one below


@dataclass
class Tally:
    """The results and costs of one pairing, seen from the level under test."""

    games: int = 0
    points: float = 0.0
    draws: int = 0
    plies: int = 0
    seconds: float = 0.0
    nodes: int = 0
    search_seconds: float = 0.0
    move_ms: list[float] = field(default_factory=list)
    illegal: int = 0

    def line(self, name: str) -> str:
        times = sorted(self.move_ms) or [0.0]

        def pct(p: float) -> float:
            return times[min(len(times) - 1, int(p * len(times)))]

        moves_per_s = self.plies / max(self.seconds, 1e-9)
        return (
            f"{name:<22} score {self.points / max(self.games, 1):.3f} ({self.points:.1f}/"
            f"{self.games}) draws {self.draws:>2}  moves/s {moves_per_s:7.1f}"
            f"  nodes/s {self.nodes / max(self.search_seconds, 1e-9):7.0f}  move ms p50 "
            f"{pct(0.5):5.0f} p95 {pct(0.95):5.0f} max {times[-1]:5.0f}  illegal {self.illegal}"
        )


def engine_player(number: int, movetime: int | None, nodes: int | None, tally: Tally) -> Player:
    """A level as a bench player, timing each move into ``tally``."""
    chosen = level(number)

    def play(state: GameState, rng: random.Random) -> str:
        started = time.monotonic()
        if nodes is not None:
            budget = Budget(max_nodes=nodes)
        else:
            ms = chosen.movetime_ms if movetime is None else movetime
            deadline = started + SEARCH_SHARE * ms * chosen.share(state.game) / 1000
            budget = Budget(should_stop=lambda: time.monotonic() >= deadline)
        choice = choose(state, chosen, budget, rng)
        spent = time.monotonic() - started
        tally.move_ms.append(spent * 1000)
        tally.nodes += choice.nodes
        tally.search_seconds += spent
        if state.why_illegal(choice.token) is not None:
            tally.illegal += 1
        return choice.token

    return play


def opening(game: str, rules: dict[str, object], rng: random.Random) -> tuple[str, list[str]]:
    """A seeded start: the first colour and the first few actions, played at random nearby."""
    engine = find_game(game)
    parsed = engine.parse_rules(rules)
    first = rng.choice(engine.colours(parsed))
    state = engine.new_state(parsed, first)
    if game == "culls":
        size = parsed["size"]
        assert isinstance(size, int)
        middle = size // 2
        while state.ply < 4:
            x, y = middle + rng.randint(-2, 2), middle + rng.randint(-2, 2)
            token = f"{'abcdefghijklmnopqrs'[x]}{y + 1}"
            if state.why_illegal(token) is None:
                state.apply(token)
    else:
        while state.awaiting() == "neutral":
            state.apply(rng.choice(state.legal_actions()))
        for _ in range(2):
            state.apply(rng.choice(state.legal_actions()))
    return first, list(state.moves)


def play_game(
    game: str,
    rules: dict[str, object],
    start: tuple[str, list[str]],
    seats: dict[str, Player],
    rng: random.Random,
) -> GameState:
    """Play one game from ``start``; ``seats`` maps each colour to its player."""
    engine = find_game(game)
    state = engine.new_state(engine.parse_rules(rules), start[0])
    for token in start[1]:
        state.apply(token)
    while not state.outcome().is_over and state.ply < MAX_PLIES:
        colour = state.to_move()
        assert colour is not None
        token = seats[colour](state, rng)
        state.apply(token)
    return state


def duel(
    game: str,
    rules: dict[str, object],
    tested: Callable[[Tally], Player],
    other: Player,
    games: int,
    seed: int,
) -> Tally:
    """``games`` games (pairs of colour-swapped openings) of a level against ``other``."""
    tally = Tally()
    player = tested(tally)
    engine = find_game(game)
    colours = engine.colours(engine.parse_rules(rules))
    for pair in range(games // 2):
        rng = random.Random(seed * 1000 + pair)
        start = opening(game, rules, rng)
        for swap in (0, 1):
            mine = colours[swap]
            seats = {colour: (player if colour == mine else other) for colour in colours}
            started = time.monotonic()
            state = play_game(game, rules, start, seats, random.Random(seed + pair * 2 + swap))
            tally.seconds += time.monotonic() - started
            tally.plies += state.ply - len(start[1])
            tally.games += 1
            outcome = state.outcome()
            if outcome.status is Status.WON and outcome.winner == mine:
                tally.points += 1
            elif outcome.status is not Status.WON:
                tally.points += 0.5
                tally.draws += 1
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", choices=("culls", "cubulus"), default="culls")
    parser.add_argument("--levels", default="1,2,3,4,5,6")
    parser.add_argument("--games", type=int, default=40, help="games per pairing (even)")
    parser.add_argument("--opponents", default=None, help="baselines, comma-separated, or none")
    parser.add_argument("--movetime", type=int, default=None)
    parser.add_argument("--nodes", type=int, default=None)
    parser.add_argument("--own-time", action="store_true", help="each level at its own time")
    parser.add_argument(
        "--round-robin", action="store_true", help="each level against the one below"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.movetime is None and args.nodes is None and not args.own_time:
        args.movetime = 300
    rules: dict[str, object] = {}
    levels = [int(n) for n in args.levels.split(",")]
    baselines = BASELINES[args.game]
    if args.opponents == "none":
        names: list[str] = []
    else:
        names = args.opponents.split(",") if args.opponents else list(baselines)
    budget = (
        f"movetime {args.movetime or 'own'} ms" if args.nodes is None else f"{args.nodes} nodes"
    )
    print(f"{args.game}: {args.games} games per pairing, {budget}, seed {args.seed}")
    for number in levels:
        for name in names:
            tally = duel(
                args.game,
                rules,
                functools.partial(engine_player, number, args.movetime, args.nodes),
                baselines[name],
                args.games,
                args.seed,
            )
            print(tally.line(f"level {number} vs {name}"), flush=True)
    if args.round_robin:
        short = []
        for lower, upper in itertools.pairwise(levels):
            below = engine_player(lower, args.movetime, args.nodes, Tally())
            tally = duel(
                args.game,
                rules,
                functools.partial(engine_player, upper, args.movetime, args.nodes),
                below,
                args.games,
                args.seed,
            )
            print(tally.line(f"level {upper} vs level {lower}"), flush=True)
            if tally.points < RANKED_SCORE * tally.games:
                short.append(f"{upper} over {lower}")
        verdict = ", ".join(short) if short else "none"
        print(f"pairings under {RANKED_SCORE:.2f}: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
