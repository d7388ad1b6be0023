"""Random playouts of every registered game: actions per second and time per API call.

Run: ``.venv/bin/python bench/bench_rules.py [--games N] [--seed S]``
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass

from firmware.rules import find_game, game_names

MAX_PLIES = 1000  # random play can go round in circles in some games; stop a playout there


@dataclass
class Figures:
    """Totals over all playouts of one game."""

    games: int = 0
    actions: int = 0
    apply_ns: int = 0
    legal_ns: int = 0
    legal_calls: int = 0
    undo_ns: int = 0
    undos: int = 0
    playout_ns: int = 0


def bench_game(name: str, games: int, seed: int) -> Figures:
    """Play ``games`` random playouts of ``name``, timing each call, then undo them to the start."""
    game = find_game(name)
    rules = game.parse_rules({})
    rng = random.Random(seed)
    figures = Figures()
    clock = time.perf_counter_ns
    for _ in range(games):
        state = game.new_state(rules, rng.choice(game.colours(rules)))
        started = clock()
        while not state.outcome().is_over and state.ply < MAX_PLIES:
            t0 = clock()
            actions = state.legal_actions()
            t1 = clock()
            state.apply(rng.choice(actions))
            t2 = clock()
            figures.legal_ns += t1 - t0
            figures.apply_ns += t2 - t1
            figures.legal_calls += 1
            figures.actions += 1
        figures.playout_ns += clock() - started
        figures.games += 1
        while state.ply:
            t0 = clock()
            state.undo()
            figures.undo_ns += clock() - t0
            figures.undos += 1
    return figures


def _us(total_ns: int, count: int) -> float:
    return total_ns / max(count, 1) / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="playouts per game (200)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (1)")
    args = parser.parse_args()
    header = ("game", "playouts", "actions", "actions/s", "apply us", "legal us", "undo us")
    print("{:<10}{:>10}{:>10}{:>12}{:>10}{:>10}{:>10}".format(*header))
    for name in game_names():
        f = bench_game(name, args.games, args.seed)
        rate = f.actions / (f.playout_ns / 1e9) if f.playout_ns else 0.0
        print(
            f"{name:<10}{f.games:>10}{f.actions:>10}{rate:>12,.0f}"
            f"{_us(f.apply_ns, f.actions):>10.2f}{_us(f.legal_ns, f.legal_calls):>10.2f}"
            f"{_us(f.undo_ns, f.undos):>10.2f}"
        )
    print("actions/s: whole playouts (legal_actions + choice + apply), default rules.")


if __name__ == "__main__":
    main()
