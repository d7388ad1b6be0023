"""``cullsboard layout --game NAME``: print which token a touch on each board cell means."""

from __future__ import annotations

import argparse
import json

from firmware.commands.errors import CommandError
from firmware.controller.core.adapter import board_adapter
from firmware.rules.registry import game_names


def layout_of(game: str) -> dict[str, str]:
    """The board cell names of ``game`` and the token a touch there means on a fresh board."""
    return board_adapter(game).touch_map()


def run(args: argparse.Namespace) -> int:
    games = game_names()
    if args.game not in games:
        raise CommandError(f"--game: unknown game {args.game[:20]!r} (games: {', '.join(games)})")
    print(json.dumps(layout_of(args.game)))
    return 0
