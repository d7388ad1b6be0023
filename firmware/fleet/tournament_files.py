"""A tournament written out: its pairings and its standings as CSV a spreadsheet opens, and its
whole record as a FIDE Tournament Report File (TRF, the fixed columns of the FIDE Handbook's
C.04 Annex 2 that Swiss Manager, Vega and the other pairing programs read) for a tournament of
duels."""

from __future__ import annotations

import csv
import datetime
import io

from firmware.tournament.event import Tournament
from firmware.tournament.model import Format, Pairing, TournamentError

PAIRING_COLUMNS = ("round", "game", "table", "seat1", "seat2", "seat3", "winner", "reason")
STANDING_COLUMNS = (
    "rank",
    "name",
    "points",
    "games",
    "wins",
    "buchholz",
    "sonneborn_berger",
    "head_to_head",
)


def pairings_csv(tournament: Tournament) -> str:
    """A row per game of every round paired: its players by seat, its table, its result."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(PAIRING_COLUMNS)
    for pairing in tournament.pairings:
        seats = [*pairing.players, "", ""][:3]
        result = tournament.results.get(pairing.key)
        if pairing.bye:
            winner, reason = pairing.players[0], "bye"
        elif result is None:
            winner, reason = "", ""
        else:
            winner, reason = result.winner or "draw", result.reason
        table = tournament.tables.get(pairing.key, "")
        writer.writerow([pairing.round, pairing.number, table, *seats, winner, reason])
    return out.getvalue()


def standings_csv(tournament: Tournament) -> str:
    """A row per player, best first, with the points and every tie-break."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(STANDING_COLUMNS)
    for line in tournament.standings():
        writer.writerow([line.to_json()[column] for column in STANDING_COLUMNS])
    return out.getvalue()


def report_file(tournament: Tournament, start: datetime.date, end: datetime.date) -> str:
    """The tournament as a TRF: its data lines (012 name, 042/052 dates, 062 players, 092
    type, 122 time control, 142 rounds) and a 001 line per player with every round's opponent,
    seat (w: first, b: second) and result. TournamentError for groups of three, which the
    format's duels cannot hold."""
    if tournament.settings.group_size != 2:
        raise TournamentError("a report file holds duels only: export the CSV for this event")
    settings = tournament.settings
    lines = [
        f"012 {settings.name}",
        f"042 {start:%Y/%m/%d}",
        f"052 {end:%Y/%m/%d}",
        f"062 {len(tournament.entrants)}",
        f"092 {'Swiss System' if settings.format is Format.SWISS else 'Round Robin'}",
        f"122 {settings.clock}",
        f"142 {tournament.round_count}",
    ]
    number = {entrant.name: index for index, entrant in enumerate(tournament.entrants, 1)}
    standing = {line.name: line for line in tournament.standings()}
    for entrant in tournament.entrants:
        line = standing[entrant.name]
        row = _columns(91 + 10 * len(tournament.rounds))
        _put(row, 1, "001")
        _put(row, 5, f"{number[entrant.name]:>4}")
        _put(row, 15, f"{entrant.name[:33]:<33}")
        if entrant.rating > 0:
            _put(row, 49, f"{min(9999, round(entrant.rating)):>4}")
        _put(row, 81, f"{line.points:>4.1f}")
        _put(row, 86, f"{line.rank:>4}")
        for games in tournament.rounds:
            played = next((p for p in games if entrant.name in p.players), None)
            if played is not None:
                _put(
                    row,
                    92 + 10 * (played.round - 1),
                    _round_cell(tournament, played, entrant.name, number),
                )
        lines.append("".join(row).rstrip())
    return "\n".join(lines) + "\n"


def _round_cell(
    tournament: Tournament, pairing: Pairing, player: str, number: dict[str, int]
) -> str:
    """``oooo c r``: the opponent's starting number, the seat's colour, the result's code."""
    if pairing.bye:
        return "0000 - U"  # the pairing-allocated bye
    (opponent,) = [name for name in pairing.players if name != player]
    colour = "w" if pairing.players[0] == player else "b"
    result = tournament.results.get(pairing.key)
    code = (
        " " if result is None else "=" if result.winner is None else "10"[result.winner != player]
    )
    return f"{number[opponent]:>4} {colour} {code}"


def _columns(width: int) -> list[str]:
    return [" "] * width


def _put(row: list[str], position: int, text: str) -> None:
    """Write ``text`` from 1-based column ``position`` on."""
    row[position - 1 : position - 1 + len(text)] = list(text)
