"""The café's players: every board's ledger (its finished named matches, retained on the
broker) merged into one register, each match once however often a board sends it, rated as one
(OpenSkill, as a board rates its own), shown on the levels' scale, with the café's champions of
the week and the month. The fleet sends it back, retained, for every board's ``/players``."""

from __future__ import annotations

import datetime
import json
import logging
import threading
from collections.abc import Callable

from firmware.history.ledger import ledger_rows
from firmware.history.players import (
    Period,
    Player,
    display_rating,
    leaderboard_of,
    players_of,
    results_of,
)
from firmware.history.rows import MatchRow
from firmware.link import topics
from firmware.rules.api import JsonValue
from firmware.rules.bounded_json import JsonInputError, read_json

log = logging.getLogger("cullsboard.fleet")
CHAMPIONS = 3  # the champions of a week or a month the pages show


class CafeRegister:
    """Every board's matches, by board; read from the page's thread, fed from the broker's."""

    def __init__(self, publish: Callable[[str, str], None], today: Callable[[], datetime.date]):
        """``publish(topic, payload)`` sends a retained message; ``today``: the café's day."""
        self._publish = publish
        self._today = today
        self._ledgers: dict[str, list[MatchRow]] = {}
        self._lock = threading.Lock()

    def ledger_seen(self, topic: str, payload: bytes) -> None:
        """A board's ledger (empty: the board was removed): the register, then the café's
        players sent back to the boards."""
        board = topics.board_of(topic)
        if board is None:
            return
        try:
            rows = ledger_rows(board, read_json(payload)) if payload else []
        except JsonInputError:
            log.warning("%s sent a ledger that is not JSON", board)
            return
        with self._lock:
            self._ledgers[board] = rows
        # sent at every ledger (a match's end, a board's connection), changed or not: a broker
        # that restarted has lost the retained one
        self._publish(topics.CAFE_PLAYERS, json.dumps(self.to_json(), separators=(",", ":")))

    def players(self) -> list[Player]:
        """Every named player of the café, best rated first."""
        return players_of(self._results())

    def ratings(self) -> dict[str, float]:
        """Each player's rating as the pages show it, by name (letter case folded)."""
        return {p.name.casefold(): float(display_rating(p.rating)) for p in self.players()}

    def champions(self, period: Period) -> list[Player]:
        """The café's players of this week or month, most matches won first."""
        found = leaderboard_of(self._results(), period, self._today())
        return [p for p in found if p.match_wins][:CHAMPIONS]

    def to_json(self) -> dict[str, JsonValue]:
        players: list[JsonValue] = [_player_json(p) for p in self.players()]
        week: list[JsonValue] = [_player_json(p) for p in self.champions(Period.WEEK)]
        month: list[JsonValue] = [_player_json(p) for p in self.champions(Period.MONTH)]
        return {"day": self._today().isoformat(), "players": players, "week": week, "month": month}

    def _results(self) -> list:  # type: ignore[type-arg]
        with self._lock:
            rows = {
                (row.board, row.key or str(row.id)): row
                for rows in self._ledgers.values()
                for row in rows
            }
        ordered = sorted(rows.values(), key=lambda r: (r.finished or r.started, r.board, r.id))
        return results_of(ordered)


def _player_json(player: Player) -> dict[str, JsonValue]:
    return {
        "name": player.name,
        "rating": display_rating(player.rating),
        "matches": player.matches,
        "match_wins": player.match_wins,
        "draws": player.draws,
    }
