"""The history written out for the café's own records: a CSV row per round (names, times, game,
the round's and the match's results) and a file per round's record that ``cullsboard replay``
reads."""

from __future__ import annotations

import csv
import datetime
import io
import json
from collections.abc import Sequence
from pathlib import Path

from firmware.history.leaderboard import seat_colours
from firmware.history.store import History, MatchRow

CSV_COLUMNS = (
    "match",
    "board",
    "game",
    "rules",
    "started",
    "finished",
    "seats",
    "round",
    "round_ended",
    "round_result",
    "round_winner",
    "round_winner_players",
    "match_winner",
    "match_winner_players",
)


def _players(row: MatchRow) -> list[str]:
    """Each seat's player: the name given to it, else its kind."""
    names = list(row.names) + [None] * (len(row.players) - len(row.names))
    return [name or kind for name, kind in zip(names, row.players, strict=False)]


def seat_words(row: MatchRow) -> str:
    """The seats' players in seat order (``Ana/computer``)."""
    return "/".join(_players(row)) or "-"


def _seats(row: MatchRow) -> list[tuple[str, str]]:
    """(colour, player) for each seat."""
    return list(zip(seat_colours(row.game, row.rules), _players(row), strict=False))


def _players_of(row: MatchRow, colour: str | None) -> str:
    """The players on ``colour``'s seats, joined with " & "."""
    return " & ".join(player for seat, player in _seats(row) if seat == colour)


def when(stamp: float | None) -> str:
    """Local ISO 8601 time with its offset, or "" (none, or a time no calendar holds)."""
    if stamp is None:
        return ""
    try:
        return datetime.datetime.fromtimestamp(stamp).astimezone().isoformat(timespec="seconds")
    except (OverflowError, OSError, ValueError):
        return ""


def csv_rows(history: History, rows: Sequence[MatchRow]) -> str:
    """A header and one row per round of ``rows`` (a match with no round yet: one row)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        match_winner = row.winner if row.finished is not None else None
        match_result = [
            match_winner or ("draw" if row.finished is not None else "unfinished"),
            _players_of(row, match_winner),
        ]
        head = [
            row.id,
            row.board,
            row.game,
            json.dumps(row.rules, sort_keys=True),
            when(row.started),
            when(row.finished),
            "; ".join(f"{colour}: {player}" for colour, player in _seats(row)),
        ]
        rounds = history.rounds(row.id)
        if not rounds:
            writer.writerow([*head, "", "", "", "", "", *match_result])
        for round_ in rounds:
            writer.writerow(
                [
                    *head,
                    round_.number,
                    when(round_.ended),
                    round_.status,
                    round_.winner or "",
                    _players_of(row, round_.winner),
                    *match_result,
                ]
            )
    return out.getvalue()


def record_files(history: History, rows: Sequence[MatchRow], folder: Path) -> list[Path]:
    """Write each kept round's record of ``rows`` to ``folder`` (made if missing), one file a
    round named as the pages' download is; return the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for row in rows:
        for round_ in history.rounds(row.id):
            if round_.record is None:
                continue
            path = folder / f"cullsboard-{row.id}-round{round_.number}.json"
            path.write_text(json.dumps(round_.record) + "\n", encoding="utf-8")
            written.append(path)
    return written
