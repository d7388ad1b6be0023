"""A round's analysis on the history page: its mistakes in words and the data of its graph.

The words are written here (a page without scripts still has them); ``history_coach.js`` draws
the graph from the figure's ``data-coach`` (the review's ``coach`` key) with ``coach.js``.
"""

from __future__ import annotations

import html
import json

from firmware.controller.coach.mistakes import coach_json, round_mistakes
from firmware.history.rows import MatchRow, RoundRow
from firmware.players.analysis import MoveReview
from firmware.rules.api import IllegalActionError, InvalidRecordError, JsonValue
from firmware.rules.records import record_from_json

BOARD_CELLS = 15  # the history speaks of the 15x15 board's cells


def coach_html(match: MatchRow, round_: RoundRow, analysis: list[JsonValue] | None) -> str:
    """The coach's figure for a round: its graph's data and its mistakes in words ("" without
    an analysis, or one that no longer fits the record)."""
    if analysis is None or round_.record is None:
        return ""
    try:
        record = record_from_json(round_.record)
        reviews = [MoveReview.from_json(item) for item in analysis]
        found = round_mistakes(record, reviews, BOARD_CELLS, BOARD_CELLS)
    except (InvalidRecordError, IllegalActionError, ValueError, TypeError):
        return ""
    data = html.escape(json.dumps(coach_json(record, reviews, found, False)))
    items = "".join(
        f'<li><button class="mistake" type="button" data-ply="{m.ply}">{html.escape(m.words)}'
        "</button></li>"
        for m in found
    )
    words = (
        f'<ol class="mistakes">{items}</ol>'
        if items
        else ('<p class="coach-status">The coach found no mistake in this round.</p>')
    )
    return (
        f'<figure class="coach" data-coach="{data}" data-match="{match.id}"'
        f' data-round="{round_.number}">{words}</figure>'
    )
