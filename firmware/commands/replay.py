"""``cullsboard replay FILE``: play a record through the engine, print the final state as JSON."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from firmware.commands.errors import CommandError
from firmware.rules.api import InvalidRecordError
from firmware.rules.bounded_json import DEFAULT_LIMITS, shorten
from firmware.rules.records import Record, parse_record, replay

EXIT_ILLEGAL = 1
EXIT_INVALID = 2


def _read(name: str) -> bytes:
    """The file's bytes, at most one past the reader's limit (an endless file ends there)."""
    most = DEFAULT_LIMITS.max_bytes + 1
    if name == "-":
        return sys.stdin.buffer.read(most)
    with Path(name).open("rb") as handle:
        return handle.read(most)


def read_record(name: str) -> Record:
    """The record in file ``name`` (``-``: standard input), or one line why not (exit 2)."""
    try:
        data = _read(name)
    except OSError as exc:
        raise CommandError(f"cannot read {name}: {exc.strerror}", EXIT_INVALID) from None
    try:
        return parse_record(data)
    except InvalidRecordError as exc:
        raise CommandError(f"invalid record: {shorten(str(exc))}", EXIT_INVALID) from exc


def run(args: argparse.Namespace) -> int:
    record = read_record(args.file)
    try:
        state, error = replay(record)
    except InvalidRecordError as exc:
        raise CommandError(f"invalid record: {shorten(str(exc))}", EXIT_INVALID) from exc
    print(json.dumps(state.summary()))
    if error is not None:
        print(str(error), file=sys.stderr)
        return EXIT_ILLEGAL
    return 0
