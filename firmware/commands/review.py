"""``cullsboard review FILE``: step through a recorded round on the board and its pages."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from firmware.commands import play
from firmware.rules.api import InvalidRecordError
from firmware.rules.records import parse_record, replay

EXIT_INVALID = 2


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "review",
        help="step through a recorded round on the board (--mock-hal: the simulated one)",
        # Options given before the command (`cullsboard --mock-hal review FILE`) must stand,
        # so the command's copies of them have no defaults of their own.
        argument_default=argparse.SUPPRESS,
        description=(
            "Show a game record on the board, move by move: the arrow cells a1 and o1 (or UNDO "
            "and NEW, or the board page) step back and forward; MENU leaves the review."
        ),
    )
    parser.add_argument("file", help="the record file (as saved by --record or the board page)")
    play.add_arguments(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        record = parse_record(Path(args.file).read_bytes())
    except OSError as exc:
        print(f"cullsboard review: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return EXIT_INVALID
    except InvalidRecordError as exc:
        print(f"cullsboard review: invalid record: {exc}", file=sys.stderr)
        return EXIT_INVALID
    _, error = replay(record)
    if error is not None:
        print(f"cullsboard review: {args.file}: {error}", file=sys.stderr)
        return EXIT_INVALID
    return play.run(args, review=record)
