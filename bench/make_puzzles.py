"""Make the shipped puzzles: positions from real and computer games, proposed by the game's own
search and checked by the rules' brute force of each puzzle kind.

Run: ``.venv/bin/python -m bench.make_puzzles [--game G] [--games N] [--per-kind N]
[--nodes N] [--seed S] [--out DIR]``

The positions come from the game's sample records (every position) and from games the computer
plays against itself under each of the game's menu rule sets, its seats at levels drawn from
1-5 (the last ``--window`` positions of each). At each position the search at level 6 picks its
move; a position is a puzzle of a kind when the kind's brute force (the registered solver) finds
at most ``MAX_ANSWERS`` solving actions and the search's move is one of them. Each position
gives one puzzle at most, of the kind with the fewest so far. The puzzles are written to the
game's puzzle folder (``--out DIR``: to ``DIR/<game>/``), replacing those there, numbered per
kind from the seed; figures are printed: games, positions, puzzles per kind, time spent.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from firmware.controller.core.adapter import board_adapter
from firmware.learn.puzzles import Puzzle, puzzle_line
from firmware.players import Budget, choose, level
from firmware.rules.api import GameState
from firmware.rules.records import parse_record, record_of, replay
from firmware.rules.registry import find_game, find_teaching, game_names
from firmware.rules.teaching import Teaching

MAX_ANSWERS = 4
PROPOSER_LEVEL = 6
MAX_PLIES = 300


@dataclass
class Figures:
    """What one game's run looked at and found."""

    games: int = 0
    positions: int = 0
    solve_seconds: float = 0.0
    kinds: Counter[str] = field(default_factory=Counter)


def _mid_turn(state: GameState) -> bool:
    """Whether the colour to act also played the last token (its turn is not over)."""
    if state.ply == 0:
        return False
    before = state.copy()
    before.undo()
    return before.to_move() == state.to_move()


def _sample_games(teaching: Teaching) -> Iterator[tuple[GameState, int]]:
    """Each sample record's final state, with how many of its last positions to look at."""
    folder = Path(teaching.samples) if teaching.samples else None
    for path in sorted(folder.glob("*.json")) if folder and folder.is_dir() else []:
        state, _ = replay(parse_record(path.read_bytes()))
        yield state, state.ply


def _computer_games(
    game: str, count: int, nodes: int, window: int, rng: random.Random
) -> Iterator[tuple[GameState, int]]:
    """``count`` games the computer plays against itself under each menu rule set, in turn."""
    rules_game = find_game(game)
    rule_sets = [rules_game.parse_rules(choice.rules) for choice in board_adapter(game).menu]
    for _ in range(count):
        for rules in rule_sets:  # taking turns, so that each gives puzzles
            colours = rules_game.colours(rules)
            state = rules_game.new_state(rules, rng.choice(colours))
            levels = {colour: rng.randint(1, 5) for colour in colours}
            while not state.outcome().is_over and state.ply < MAX_PLIES:
                colour = state.to_move()
                assert colour is not None
                move = choose(state, level(levels[colour]), Budget(max_nodes=nodes), rng)
                state.apply(move.token)
            yield state, window


def _positions(final: GameState, window: int) -> Iterator[GameState]:
    """The positions in play among the last ``window`` of a game, earliest first."""
    state = final.copy()
    found: list[GameState] = []
    while state.ply > 0 and len(found) < window:
        state.undo()
        if not state.outcome().is_over and not _mid_turn(state):
            found.append(state.copy())
    yield from reversed(found)


def _key(state: GameState) -> str:
    summary = {key: value for key, value in state.summary().items() if key != "ply"}
    return json.dumps(summary, sort_keys=True)


def make_puzzles(
    game: str, *, games: int, per_kind: int, nodes: int, window: int, seed: int
) -> tuple[list[Puzzle], Figures]:
    """The puzzles of ``game`` and the figures of the run."""
    rng = random.Random(seed)
    teaching = find_teaching(game)
    figures = Figures()
    found: dict[str, list[Puzzle]] = {kind: [] for kind in teaching.kinds}
    seen: set[str] = set()
    sources = itertools.chain(
        _sample_games(teaching), _computer_games(game, games, nodes, window, rng)
    )
    for final, count in sources:
        figures.games += 1
        for state in _positions(final, count):
            if all(len(puzzles) >= per_kind for puzzles in found.values()):
                return _numbered(found), figures
            key = _key(state)
            if key in seen:
                continue
            seen.add(key)
            figures.positions += 1
            proposal = choose(state, level(PROPOSER_LEVEL), Budget(max_nodes=4 * nodes), rng)
            for kind in sorted(found, key=lambda name: len(found[name])):
                if len(found[kind]) >= per_kind:
                    continue
                started = time.perf_counter()
                answers = teaching.kinds[kind](state)
                figures.solve_seconds += time.perf_counter() - started
                if 0 < len(answers) <= MAX_ANSWERS and proposal.token in answers:
                    record = record_of(state)
                    found[kind].append(Puzzle("", game, kind, record, tuple(answers)))
                    figures.kinds[kind] += 1
                    break
    return _numbered(found), figures


def _numbered(found: dict[str, list[Puzzle]]) -> list[Puzzle]:
    return [
        Puzzle(f"{p.game}-{kind}-{n:04d}", p.game, kind, p.record, p.answers)
        for kind, puzzles in found.items()
        for n, p in enumerate(puzzles, start=1)
    ]


def write_puzzles(puzzles: list[Puzzle], folder: Path) -> None:
    """Replace the puzzle files in ``folder`` with ``puzzles``, one ``<id>.json`` each."""
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.json"):
        old.unlink()
    for puzzle in puzzles:
        (folder / f"{puzzle.id}.json").write_text(puzzle_line(puzzle) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", choices=game_names(), help="only this game (default: all)")
    parser.add_argument("--games", type=int, default=12, help="computer games per rule set")
    parser.add_argument("--per-kind", type=int, default=10, help="puzzles of each kind")
    parser.add_argument("--nodes", type=int, default=3000, help="node budget of a computer move")
    parser.add_argument("--window", type=int, default=12, help="last positions of each game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, help="write to OUT/<game>/ instead of the game's")
    args = parser.parse_args(argv)
    for game in [args.game] if args.game else game_names():
        started = time.perf_counter()
        puzzles, figures = make_puzzles(
            game,
            games=args.games,
            per_kind=args.per_kind,
            nodes=args.nodes,
            window=args.window,
            seed=args.seed,
        )
        folder = args.out / game if args.out else Path(find_teaching(game).puzzles)
        write_puzzles(puzzles, folder)
        kinds = ", ".join(f"{kind} {figures.kinds[kind]}" for kind in find_teaching(game).kinds)
        print(
            f"{game}: {figures.games} games, {figures.positions} positions, "
            f"{len(puzzles)} puzzles ({kinds}), {time.perf_counter() - started:.1f} s "
            f"({figures.solve_seconds:.1f} s in the brute force) -> {folder}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
