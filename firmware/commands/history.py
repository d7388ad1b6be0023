"""``cullsboard history [list|show ID|export [ID]]``: the matches kept in the state directory."""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sqlite3
from pathlib import Path

from firmware.commands.errors import CommandError
from firmware.history.store import FILE_NAME, History
from firmware.wiring.session import default_state_dir


def run(args: argparse.Namespace) -> int:
    state_dir = Path(args.state_dir) if args.state_dir else default_state_dir(dict(os.environ))
    if not (state_dir / FILE_NAME).exists():
        return _fail(f"no match history in {state_dir}")
    try:
        history = History(state_dir)
    except (OSError, sqlite3.Error) as exc:
        return _fail(f"cannot open the history in {state_dir}: {exc}")
    try:
        if args.action == "list":
            return _list(history, args.day)
        if args.match is None:
            if args.action == "export":
                return _export_all(history)
            return _fail("show needs a match id (see: cullsboard history list)")
        row = history.match(args.match)
        if row is None:
            return _fail(f"no match {args.match} (see: cullsboard history list)")
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
    finally:
        history.close()


def _list(history: History, day_text: str | None) -> int:
    try:
        day = None if day_text is None else datetime.date.fromisoformat(day_text)
    except ValueError:
        return _fail(f"--day: write YYYY-MM-DD, got {day_text!r}")
    for row in history.matches(day):
        winner = row.winner or ("draw" if row.finished else "unfinished")
        kinds = "/".join(row.players) or "-"
        print(f"{row.id:5d}  {row.day}  {row.game:8s} {row.rounds} rounds  {winner:10s} {kinds}")
    return 0


def _export_all(history: History) -> int:
    """Every round's record, one JSON object per line."""
    for row in history.matches():
        for round_ in history.rounds(row.id):
            if round_.record is not None:
                print(json.dumps(round_.record))
    return 0


def _fail(message: str) -> int:
    raise CommandError(message)
