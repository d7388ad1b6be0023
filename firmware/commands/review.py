"""``cullsboard review FILE``: step through a recorded round on the board and its pages."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from firmware.rules.api import InvalidRecordError
from firmware.rules.records import parse_record, replay

EXIT_INVALID = 2


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
    from firmware.commands import play  # the board: everything it runs on

    return play.run(args, review=record)
