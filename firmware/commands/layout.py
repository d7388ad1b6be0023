"""``cullsboard layout --game NAME``: print which push or placement each board cell means."""

from __future__ import annotations

import argparse
import json

from firmware.games.cubulus.layout import SIZE, push_tokens_by_cell_name
from firmware.rules.grid import cell_name

GAMES = ("culls", "cubulus")


def culls_tokens() -> dict[str, str]:
    """Culls on the 15x15 board: a touch on a cell places on that cell (225 entries)."""
    names = [cell_name((x, y)) for y in reversed(range(SIZE)) for x in range(SIZE)]
    return {name: name for name in names}


def layout_of(game: str) -> dict[str, str]:
    """The board cell names of ``game`` and the token a touch there means."""
    return push_tokens_by_cell_name() if game == "cubulus" else culls_tokens()


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "layout",
        help="print which token a touch on each board cell means, as JSON",
        description="Print a JSON object mapping board cell names (e.g. e13) to game tokens.",
    )
    parser.add_argument("--game", choices=GAMES, default="cubulus", help="the game (cubulus)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    print(json.dumps(layout_of(args.game)))
    return 0
