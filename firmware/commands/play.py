"""Run the board. Until the controller lands, ``--mock-hal`` replays the bundled sample game."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from firmware.rules.records import parse_record, replay

SAMPLE = Path(__file__).resolve().parent.parent / "samples" / "culls-sample.json"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--mock-hal", action="store_true", help="run on the simulated board")


def run(args: argparse.Namespace) -> int:
    state, _ = replay(parse_record(SAMPLE.read_bytes()))
    print(json.dumps(state.summary(), indent=1))
    return 0
