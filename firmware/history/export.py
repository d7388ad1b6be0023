"""The history written out for the café's own records: a CSV row per round (names, times, game,
the time control, a column per seat's colour and player, how the round ended, the round's and the
match's results) and a file per round's record, named with its board, that ``cullsboard replay``
reads."""

from __future__ import annotations

import csv
import datetime
import io
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from firmware.history.leaderboard import seat_colours
from firmware.history.rows import MatchRow
from firmware.history.store import History
from firmware.rules.api import JsonValue

# The most seats a game has (Culls teams): a column pair each, so every row has the same columns.
SEAT_COLUMNS = 4
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
    "time_control",
    "round_reason",
    *(f"seat{n}_{part}" for n in range(1, SEAT_COLUMNS + 1) for part in ("colour", "player")),
)
# What a file name may hold of a board's name; anything else becomes "_".
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


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


def _seat_cells(row: MatchRow) -> list[str]:
    """seat1_colour, seat1_player, ... for every seat column (empty past the match's seats)."""
    cells: list[str] = []
    for colour, player in _seats(row)[:SEAT_COLUMNS]:
        cells += [colour, player]
    return cells + [""] * (2 * SEAT_COLUMNS - len(cells))


def _time_control(record: dict[str, JsonValue] | None) -> str:
    """The round's time control as typed with ``--clock`` ("none" for an untimed round, "" when
    no record is kept)."""
    if record is None:
        return ""
    clock = record.get("clock")
    return clock if isinstance(clock, str) else "none"


def csv_rows(history: History, rows: Sequence[MatchRow]) -> str:
    """A header and one row per round of ``rows`` (a match with no round yet: one row)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        match_winner = row.winner if row.finished is not None else None
        unfinished = "unfinished" if row.abandoned is None else "abandoned"
        match_result = [
            match_winner or ("draw" if row.finished is not None else unfinished),
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
        seats = _seat_cells(row)
        rounds = history.rounds(row.id)
        if not rounds:
            writer.writerow([*head, "", "", "", "", "", *match_result, "", "", *seats])
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
                    _time_control(round_.record),
                    round_.reason or "",
                    *seats,
                ]
            )
    return out.getvalue()


def record_file_name(board: str, match: int, number: int) -> str:
    """A round's record file: ``cullsboard-BOARD-MATCH-roundN.json``, so the files of several
    boards exported into one folder never share a name."""
    safe = _UNSAFE.sub("_", board).strip("._") or "board"
    return f"cullsboard-{safe}-{match}-round{number}.json"


@dataclass(frozen=True)
class WrittenRecord:
    """A record file written; ``renamed`` when a file of its own name was already there."""

    path: Path
    renamed: bool


def _write_new(folder: Path, name: str, text: str) -> WrittenRecord:
    """Write ``text`` to a new file ``name`` in ``folder``; where that name is taken, the first
    free ``-2``, ``-3``... before the suffix. Never overwrites a file."""
    stem, suffix = name.removesuffix(".json"), ".json"
    for attempt in range(1, 10_000):
        path = folder / (name if attempt == 1 else f"{stem}-{attempt}{suffix}")
        try:
            with path.open("x", encoding="utf-8") as file:
                file.write(text)
        except FileExistsError:
            continue
        return WrittenRecord(path, renamed=attempt > 1)
    raise FileExistsError(f"every name for {name} is taken in {folder}")


def record_files(history: History, rows: Sequence[MatchRow], folder: Path) -> list[WrittenRecord]:
    """Write each kept round's record of ``rows`` to ``folder`` (made if missing), one file a
    round named as the pages' download is (a taken name gets a number, never overwritten);
    return the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written: list[WrittenRecord] = []
    for row in rows:
        for round_ in history.rounds(row.id):
            if round_.record is None:
                continue
            name = record_file_name(row.board, row.id, round_.number)
            written.append(_write_new(folder, name, json.dumps(round_.record) + "\n"))
    return written
