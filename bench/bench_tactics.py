"""How often level 6 solves the Culls tactics: the suite of forced fives in 3 and 4 turns
(bench/make_tactics.py) and the shipped win2 and stop puzzles, at a node budget and at its
real movetime.

Run: ``.venv/bin/python -m bench.bench_tactics [--nodes N] [--movetime MS] [--suite FILE]
[--search-alone]`` (``--search-alone``: level 6 without the prover's look before its search).

A forced five is solved when level 6's turn keeps it: after its action (and its flip, if it
culls), the prover finds that every defence still loses within the turns left (or the five is
made). A puzzle is solved when its action is one of the puzzle's answers. The table gives, per
suite, the positions and the solved count at ``--nodes`` (deterministic) and at ``--movetime``
(wall time, the board's own time for level 6 unless told), the time each took, and level 6's
nodes a second in the searches that ran to their time.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bench.make_tactics import SUITE, position_of
from firmware.games.culls.player import COLOUR_CODES, LEVEL_STYLES
from firmware.games.culls.prover import defender_lost
from firmware.learn.puzzles import Puzzle, load_puzzles
from firmware.players import SEARCH_SHARE, Budget, choose, level
from firmware.rules.api import GameState, JsonValue
from firmware.rules.records import record_from_json, replay

TOP = 6
# Level 6's nodes within its own movetime (1000 ms, 90 % of it searched) on the 2-core machine
# the tests run on: it searched 33,700 nodes a second in this bench (24,800 under other load;
# 40,200 idle in bench_parallel), so 30,000-36,000 nodes; the suites' results are the same
# anywhere from 22,000 to 300,000 (docs/players.md, Tactics).
LEVEL_6_NODES = 32_000
PUZZLE_KINDS = ("win2", "stop")


@dataclass
class Searched:
    """Level 6's nodes and seconds in searches that ran to their time (for nodes a second)."""

    nodes: int = 0
    seconds: float = 0.0


MakeBudget = Callable[[], Budget]


def load_suite(path: Path = SUITE) -> dict[str, list[dict[str, JsonValue]]]:
    """The tactics suites by name (``win3``, ``win4``): their entries as make_tactics wrote."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(raw, dict)
    return raw


def suite_state(made: dict[str, JsonValue]) -> GameState:
    """The position of a suite entry (its record replayed)."""
    state, error = replay(record_from_json(made["record"]))
    assert error is None, error
    return state


def nodes_budget(nodes: int) -> MakeBudget:
    """Budgets of ``nodes`` nodes each (level 6 spends all of a budget it is given)."""
    return lambda: Budget(max_nodes=nodes)


def movetime_budget(ms: int) -> MakeBudget:
    """Budgets that stop at level 6's share of ``ms`` from the moment each is made."""
    share = SEARCH_SHARE * level(TOP).share("culls")

    def make() -> Budget:
        deadline = time.perf_counter() + ms * share / 1000
        return Budget(should_stop=lambda: time.perf_counter() >= deadline)

    return make


def keeps_the_win(made: dict[str, JsonValue], budget: MakeBudget, searched: Searched) -> bool:
    """Whether level 6's turn in a suite position keeps its forced five."""
    state = suite_state(made)
    side = state.to_move()
    turns = made["turns"]
    assert side is not None and isinstance(turns, int)
    rng = random.Random(0)
    while True:
        started = time.perf_counter()
        given = budget()
        choice = choose(state, level(TOP), given, rng)
        if given.exhausted():
            searched.nodes += choice.nodes
            searched.seconds += time.perf_counter() - started
        state.apply(choice.token)
        outcome = state.outcome()
        if outcome.is_over:
            return outcome.winner == side
        if state.to_move() != side:
            break
    return defender_lost(position_of(state), COLOUR_CODES[side], turns - 1)


def solves(puzzle: Puzzle, budget: MakeBudget) -> bool:
    """Whether level 6's action in a puzzle's position is one of its answers."""
    choice = choose(puzzle.position(), level(TOP), budget(), random.Random(0))
    return choice.token in puzzle.answers


def puzzles(kind: str) -> list[Puzzle]:
    """The shipped Culls puzzles of ``kind``."""
    return [puzzle for puzzle in load_puzzles("culls") if puzzle.kind == kind]


def solved(name: str, budget: MakeBudget, searched: Searched, path: Path = SUITE) -> list[bool]:
    """Level 6's result on each position of the suite or puzzle kind ``name``."""
    if name in PUZZLE_KINDS:
        return [solves(puzzle, budget) for puzzle in puzzles(name)]
    return [keeps_the_win(made, budget, searched) for made in load_suite(path)[name]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--nodes", type=int, default=LEVEL_6_NODES, help="level 6's budget")
    parser.add_argument("--movetime", type=int, default=level(TOP).movetime_ms, help="ms")
    parser.add_argument("--suite", type=Path, default=SUITE)
    parser.add_argument(
        "--search-alone", action="store_true", help="level 6 without its prover's first look"
    )
    args = parser.parse_args(argv)
    if args.search_alone:
        LEVEL_STYLES[TOP] = LEVEL_STYLES[TOP].replaced(proves=0)
    names = [*load_suite(args.suite), *PUZZLE_KINDS]
    searched = Searched()
    print(f"| suite | positions | {args.nodes:,} nodes | time | {args.movetime} ms | time |")
    print("|---|---|---|---|---|---|")
    for name in names:
        row = [name]
        for budget in (nodes_budget(args.nodes), movetime_budget(args.movetime)):
            started = time.perf_counter()
            results = solved(name, budget, searched, args.suite)
            spent = time.perf_counter() - started
            if len(row) == 1:
                row.append(str(len(results)))
            share = sum(results) / len(results) if results else 0.0
            row += [f"{sum(results)} ({share:.0%})", f"{spent:.1f} s"]
        print("| " + " | ".join(row) + " |")
    rate = searched.nodes / searched.seconds if searched.seconds else 0.0
    print(
        f"level 6: {rate:,.0f} nodes/s in the searches that ran to their time, so "
        f"{rate * args.movetime * SEARCH_SHARE / 1000:,.0f} nodes in {args.movetime} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
