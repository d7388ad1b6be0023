"""``cullsboard analyse RECORD``: each move of a round looked at again, as JSON lines.

One line per move (``ply``, ``colour``, ``move``, ``eval``: the position it led to for its mover,
``best``: the move the search prefers there, ``best_eval``, ``loss``), then one line naming the
moves that lost most (``mistakes``) and the one where the evaluation fell most (``worst``).
``--from PLY`` starts at that move (an analysis that was stopped goes on where it stopped; the
last line then speaks of the moves printed). Each line is written as soon as it is found.
Evaluations are in the search's units, capped at 100000 (a won position). A record that cannot
be read or replayed is one line on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
import json

from firmware.commands.errors import CommandError
from firmware.commands.replay import EXIT_INVALID, read_record
from firmware.players.analysis import ANALYSIS_NODES, MoveReview, mistakes, reviewed
from firmware.rules.api import InvalidRecordError
from firmware.rules.bounded_json import shorten
from firmware.rules.records import replay


def run(args: argparse.Namespace) -> int:
    record = read_record(args.file)
    try:
        _, error = replay(record)
        start = record.new_state()
    except InvalidRecordError as exc:
        raise CommandError(f"invalid record: {shorten(str(exc))}", EXIT_INVALID) from exc
    if error is not None:
        raise CommandError(f"the record does not replay: {error}", EXIT_INVALID)
    if args.first > len(record.moves) + 1:
        raise CommandError(
            f"--from {args.first}: the record has {len(record.moves)} moves", EXIT_INVALID
        )
    reviews: list[MoveReview] = []
    try:
        for review in reviewed(start, list(record.moves), args.nodes or ANALYSIS_NODES, args.first):
            print(json.dumps(review.to_json()), flush=True)
            reviews.append(review)
    except InvalidRecordError as exc:  # a game without a computer player
        raise CommandError(f"cannot analyse: {shorten(str(exc))}", EXIT_INVALID) from exc
    worst = max(reviews, key=lambda r: (r.loss, -r.ply), default=None)
    print(
        json.dumps(
            {
                "mistakes": [review.ply for review in mistakes(reviews)],
                "worst": None if worst is None else worst.to_json(),
            }
        )
    )
    return 0
