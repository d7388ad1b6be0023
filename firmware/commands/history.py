"""``cullsboard history [list|show ID|export [ID] [--csv|--out DIR]]``: the matches kept in the
state directory. ``export`` prints the records one per line; ``--out DIR`` writes each round's
record to a file of its own, named with the board (each one ``cullsboard replay`` reads; a file
already there is never overwritten: the new one gets a number and the command says so);
``--csv`` prints a row per round with the players' names, a column per seat's colour and player,
the times, the time control, how the round ended and the round's and the match's results.

The state directory is ``--state-dir``, else the state_dir of ``--config`` or of the service's
config (/etc/cullsboard/board.yaml), else /var/lib/cullsboard when the service's history is
there, else the user's (~/.local/state/cullsboard). A database that cannot be read is one line
and exit status 2.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sqlite3
import sys
from pathlib import Path

from firmware.commands.errors import CommandError
from firmware.history.export import csv_rows, record_files, seat_words
from firmware.history.rows import MatchRow
from firmware.history.store import FILE_NAME, History, unreadable
from firmware.history.writer import SPOOL_NAME, read_history

SERVICE_CONFIG = Path("/etc/cullsboard/board.yaml")  # where `cullsboard install-service` puts it
SERVICE_STATE_DIR = Path("/var/lib/cullsboard")


def run(args: argparse.Namespace) -> int:
    state_dir = find_state_dir(args.state_dir, args.config, dict(os.environ))
    if not (state_dir / FILE_NAME).exists() and not (state_dir / SPOOL_NAME).exists():
        return _fail(f"no match history in {state_dir}")
    history: History | None = None
    try:
        history = read_history(state_dir)  # with what the spool holds: rounds saved while locked
        return _answer(args, history)
    except (OSError, sqlite3.Error, ValueError) as exc:
        advice = (
            " (the board moves such a file to quarantine/ and starts a fresh one)"
            if unreadable(exc)
            else ""
        )
        return _fail(f"cannot read the history {state_dir / FILE_NAME}: {exc}{advice}")
    finally:
        if history is not None:
            history.close()


def find_state_dir(
    state_dir: str | None,
    config: str | None,
    environ: dict[str, str],
    *,
    service_config: Path = SERVICE_CONFIG,
    service_state_dir: Path = SERVICE_STATE_DIR,
) -> Path:
    """Where the history is: the first of the places the module's summary lists."""
    if state_dir is not None:
        return Path(state_dir)
    if config is not None or service_config.exists():
        from firmware.config import ConfigError, load_config

        path = config if config is not None else str(service_config)
        try:
            return Path(load_config(path).state_dir).expanduser()
        except ConfigError as exc:
            raise CommandError(f"config {path}: {exc}") from None
    if (service_state_dir / FILE_NAME).exists():
        return service_state_dir
    base = environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "cullsboard"


def _answer(args: argparse.Namespace, history: History) -> int:
    if args.action == "list":
        return _list(history, args.day)
    if args.match is None:
        if args.action == "export":
            return _export(history, history.matches(), args)
        return _fail("show needs a match id (see: cullsboard history list)")
    row = history.match(args.match)
    if row is None:
        return _fail(f"no match {args.match} (see: cullsboard history list)")
    if args.action == "export" and (args.csv or args.out is not None):
        return _export(history, [row], args)
    rounds = history.rounds(row.id)
    if args.action == "show":
        body = row.to_json()
        body["round_results"] = [
            {"round": r.number, "status": r.status, "winner": r.winner, "record": r.record}
            for r in rounds
        ]
        print(json.dumps(body, indent=1))
        return 0
    chosen = [r for r in rounds if args.round in (None, r.number)]
    if not chosen or chosen[-1].record is None:
        return _fail(f"match {row.id} has no record of round {args.round or 'last'}")
    print(json.dumps(chosen[-1].record))
    return 0


def _list(history: History, day_text: str | None) -> int:
    try:
        day = None if day_text is None else datetime.date.fromisoformat(day_text)
    except ValueError:
        return _fail(f"--day: write YYYY-MM-DD, got {day_text!r}")
    for row in history.matches(day):
        unfinished = "unfinished" if row.abandoned is None else "abandoned"
        winner = row.winner or ("draw" if row.finished else unfinished)
        seats = seat_words(row)
        print(f"{row.id:5d}  {row.day}  {row.game:8s} {row.rounds} rounds  {winner:10s} {seats}")
    return 0


def _export(history: History, rows: list[MatchRow], args: argparse.Namespace) -> int:
    """The rounds of ``rows``: as CSV, as a file per record in ``--out``, or a record a line."""
    if args.csv:
        sys.stdout.write(csv_rows(history, rows))
        return 0
    if args.out is not None:
        try:
            written = record_files(history, rows, Path(args.out))
        except OSError as exc:
            return _fail(f"--out: cannot write to {args.out}: {exc.strerror or exc}")
        for file in written:
            print(file.path)
        renamed = [file.path.name for file in written if file.renamed]
        if renamed:  # kept beside a file of the same name, never over it
            print(
                f"cullsboard history: {len(renamed)} file(s) already there kept; "
                f"wrote {', '.join(renamed)} instead",
                file=sys.stderr,
            )
        return 0
    for row in rows:
        for round_ in history.rounds(row.id):
            if round_.record is not None:
                print(json.dumps(round_.record))
    return 0


def _fail(message: str) -> int:
    raise CommandError(message)
