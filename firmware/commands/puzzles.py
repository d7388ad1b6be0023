"""``cullsboard puzzles [--game G]``: every shipped puzzle as one JSON line with its answers."""

from __future__ import annotations

import argparse

from firmware.commands.errors import CommandError
from firmware.rules.registry import game_names


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "puzzles",
        help="print the puzzles as JSON lines (id, game, kind, record, answers)",
        description=(
            "Print every shipped puzzle as one JSON object per line: its id, game and kind, the "
            "record whose final position it is, and every action that solves it."
        ),
    )
    parser.add_argument("--game", choices=game_names(), help="only this game's puzzles")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from firmware.learn.puzzles import PuzzleError, load_puzzles, puzzle_line

    try:
        puzzles = load_puzzles(args.game)
    except PuzzleError as exc:
        raise CommandError(f"a puzzle cannot be used: {exc}") from None
    for puzzle in puzzles:
        print(puzzle_line(puzzle))
    return 0
