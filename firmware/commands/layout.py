"""``cullsboard layout --game NAME``: print which token a touch on each board cell means."""

from __future__ import annotations

import argparse
import json

from firmware.controller.adapter import board_adapter
from firmware.rules.registry import game_names


def layout_of(game: str) -> dict[str, str]:
    """The board cell names of ``game`` and the token a touch there means on a fresh board."""
    return board_adapter(game).touch_map()


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "layout",
        help="print which token a touch on each board cell means, as JSON",
        description="Print a JSON object mapping board cell names (e.g. e13) to game tokens.",
    )
    parser.add_argument("--game", choices=game_names(), required=True, help="the game")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    print(json.dumps(layout_of(args.game)))
    return 0
