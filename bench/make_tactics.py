"""Make the Culls tactics suite: positions with a forced five in exactly 3 or exactly 4 turns.

Run: ``.venv/bin/python -m bench.make_tactics [--games N] [--per-kind N] [--nodes N]
[--window N] [--seed S] [--out FILE]``

The positions come from the sample records and from games the computer plays against itself
under each menu rule set, its seats at levels drawn from 1-5 (the last ``--window`` positions of
each game). The prover (firmware/games/culls/prover.py) keeps a position when the side to act
forces a five in exactly 3 turns (not in 2) or exactly 4 (not in 3), at most one of each kind a
game. Positions whose main line gives the defender a cull among its defences come first. The
suite is written as JSON (default: tests/players/data/culls_tactics.json): per position its
record, the side to act, the turns, every winning first action and the main line; the figures
are printed (games, positions tried, found per kind, time).
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from bench.make_puzzles import _computer_games, _key, _positions, _sample_games
from firmware.games.culls.player import culls_position, token_of
from firmware.games.culls.position import CullsPosition
from firmware.games.culls.prover import WinProver, fewest_turns, main_line
from firmware.rules.api import GameState, JsonValue
from firmware.rules.records import record_of
from firmware.rules.registry import find_teaching

GAME = "culls"
KINDS = (3, 4)  # the suites: a forced five in exactly this many turns
SUITE = Path(__file__).resolve().parent.parent / "tests" / "players" / "data" / "culls_tactics.json"


@dataclass
class Figures:
    """What one run looked at and found."""

    games: int = 0
    positions: int = 0
    found: dict[int, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    culling: dict[int, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))


def position_of(state: GameState) -> CullsPosition:
    """The prover's position of a Culls state."""
    return culls_position(state.rules, state.first, state.moves)


def tokens(position: CullsPosition, cells: list[int]) -> list[str]:
    """The record tokens of ``cells`` played in turn from ``position`` (put back after)."""
    start = position.plies()
    found = []
    for cell in cells:
        found.append(token_of(position, cell))
        position.play(cell)
    position.rewind(start)
    return found


def entry(state: GameState, turns: int) -> dict[str, JsonValue]:
    """The suite's entry for ``state``, where the side to act wins in exactly ``turns``."""
    position = position_of(state)
    first = sorted(
        {token_of(position, cell) for cell, _ in WinProver(position).winning_turns(turns)}
    )
    line, culling = main_line(position, turns)
    return {
        "record": record_of(state).to_json(),
        "side": state.to_move(),
        "turns": turns,
        "answers": list(first),
        "line": list(tokens(position, line)),
        "defence_culls": culling,
    }


def _sources(games: int, nodes: int, window: int, seed: int) -> Iterator[tuple[GameState, int]]:
    rng = random.Random(seed)
    teaching = find_teaching(GAME)
    return itertools.chain(
        _sample_games(teaching), _computer_games(GAME, games, nodes, window, rng)
    )


def make_tactics(
    *, games: int, per_kind: int, nodes: int, window: int, seed: int
) -> tuple[dict[int, list[dict[str, JsonValue]]], Figures]:
    """The suites (culling main lines first, ``per_kind`` each) and the figures of the run."""
    figures = Figures()
    found: dict[int, list[dict[str, JsonValue]]] = {kind: [] for kind in KINDS}
    seen: set[str] = set()
    for final, count in _sources(games, nodes, window, seed):
        figures.games += 1
        kinds_here: set[int] = set()
        for state in _positions(final, count):
            key = _key(state)
            if key in seen:
                continue
            seen.add(key)
            figures.positions += 1
            turns = fewest_turns(position_of(state), max(KINDS))
            if turns not in KINDS or turns in kinds_here:
                continue
            kinds_here.add(turns)
            made = entry(state, turns)
            found[turns].append(made)
            figures.found[turns] += 1
            figures.culling[turns] += bool(made["defence_culls"])
        if all(figures.culling[kind] >= per_kind for kind in KINDS):
            break
    chosen = {
        kind: sorted(suite, key=lambda made: not made["defence_culls"])[:per_kind]
        for kind, suite in found.items()
    }
    return chosen, figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=40, help="computer games per rule set")
    parser.add_argument("--per-kind", type=int, default=30, help="positions of each suite")
    parser.add_argument("--nodes", type=int, default=3000, help="node budget of a computer move")
    parser.add_argument("--window", type=int, default=24, help="last positions of each game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=SUITE)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    suites, figures = make_tactics(
        games=args.games,
        per_kind=args.per_kind,
        nodes=args.nodes,
        window=args.window,
        seed=args.seed,
    )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    suite = {f"win{kind}": suites[kind] for kind in KINDS}
    lines = ",\n".join(
        f'  "{name}": [\n' + ",\n".join("    " + json.dumps(made) for made in made_list) + "\n  ]"
        for name, made_list in suite.items()
    )
    args.out.write_text("{\n" + lines + "\n}\n", encoding="utf-8")
    kinds = ", ".join(
        f"win in {kind}: {figures.found[kind]} found ({figures.culling[kind]} with a culling "
        f"defence), {len(suites[kind])} kept"
        for kind in KINDS
    )
    print(
        f"{figures.games} games, {figures.positions} positions tried; {kinds}; "
        f"{time.perf_counter() - started:.1f} s -> {args.out}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
