"""``cullsboard puzzles [--game G]``: every shipped puzzle as one JSON line with its answers."""

from __future__ import annotations

import argparse

from firmware.commands.errors import CommandError
from firmware.rules.registry import game_names


def run(args: argparse.Namespace) -> int:
    from firmware.learn.puzzles import PuzzleError, load_puzzles, puzzle_line

    games = game_names()
    if args.game is not None and args.game not in games:
        raise CommandError(f"--game: unknown game {args.game[:20]!r} (games: {', '.join(games)})")
    try:
        puzzles = load_puzzles(args.game)
    except PuzzleError as exc:
        raise CommandError(f"a puzzle cannot be used: {exc}") from None
    for puzzle in puzzles:
        print(puzzle_line(puzzle))
    return 0
