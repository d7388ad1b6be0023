"""A board's finished named matches as one JSON document (its ``ledger``), which it keeps
retained on the broker, and read back by the fleet: the café's players and ratings are made
from every board's ledger, so a match played while the broker was away counts once it is back,
and a match the broker already had counts once."""

from __future__ import annotations

from collections.abc import Sequence

from firmware.history.rows import MatchRow
from firmware.rules.api import JsonValue

CAFE_PLAYERS_FILE = "cafe_players.json"  # the fleet's ratings of the café, kept by a board
MAX_MATCHES = 2000  # the newest a ledger carries (a busy table plays about 50 a day)


def ledger_json(board: str, matches: Sequence[MatchRow]) -> dict[str, JsonValue]:
    """The finished matches of ``matches`` with a name on a seat, newest ``MAX_MATCHES``."""
    named = [m for m in matches if m.finished is not None and any(m.names)]
    rows: list[JsonValue] = [
        {**m.to_json(), "key": m.key, "names": list(m.names)} for m in named[-MAX_MATCHES:]
    ]
    return {"board": board, "matches": rows}


def ledger_rows(board: str, body: JsonValue) -> list[MatchRow]:
    """The matches of a ledger ``board`` sent (a malformed entry is left out)."""
    found = body.get("matches") if isinstance(body, dict) else None
    rows: list[MatchRow] = []
    for entry in found if isinstance(found, list) else []:
        row = _row(board, entry)
        if row is not None:
            rows.append(row)
    return rows


def _row(board: str, entry: JsonValue) -> MatchRow | None:
    if not isinstance(entry, dict):
        return None
    id_, game, rules, players = (
        entry.get("id"),
        entry.get("game"),
        entry.get("rules"),
        entry.get("players"),
    )
    started, finished, day = entry.get("started"), entry.get("finished"), entry.get("day")
    winner, rounds, key, names = (
        entry.get("winner"),
        entry.get("rounds"),
        entry.get("key"),
        entry.get("names"),
    )
    numbers = all(type(n) in (int, float) for n in (started, finished))
    if (
        type(id_) is not int
        or not isinstance(game, str)
        or not isinstance(rules, dict)
        or not numbers
    ):
        return None
    if not isinstance(players, list) or not isinstance(names, list) or not isinstance(day, str):
        return None
    return MatchRow(
        id=id_,
        board=board,
        game=game,
        rules=rules,
        players=[str(p) for p in players],
        started=float(started),  # type: ignore[arg-type]
        finished=float(finished),  # type: ignore[arg-type]
        day=day,
        winner=winner if isinstance(winner, str) else None,
        rounds=rounds if type(rounds) is int else 0,
        key=key if isinstance(key, str) else None,
        names=tuple(n if isinstance(n, str) else None for n in names),
    )
