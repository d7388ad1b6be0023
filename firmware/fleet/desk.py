"""The fleet's tournament desk: it pairs a round, sends each game to a free table over the
broker (retained ``boards/<id>/pairing``), counts each table's result once (retained
``boards/<id>/pairing_result``, so a result sent while the fleet or the broker was away arrives
when both are back), and moves a game from a table that went offline to another."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Sequence

from firmware.fleet.roster import Roster
from firmware.fleet.tournament_store import Kept, TournamentStore
from firmware.link import topics
from firmware.rules.api import JsonValue
from firmware.rules.bounded_json import JsonInputError, read_json
from firmware.tournament.event import Settings, Tournament
from firmware.tournament.model import Entrant, Pairing, Result, TournamentError

log = logging.getLogger("cullsboard.fleet")

Publish = Callable[[str, str], None]  # (topic, payload), retained


class TournamentDesk:
    """Runs the café's tournaments over ``store``; ``publish`` sends a retained message."""

    def __init__(
        self,
        store: TournamentStore,
        roster: Roster,
        publish: Publish,
        wall: Callable[[], float],
    ) -> None:
        self._store = store
        self._roster = roster
        self._publish = publish
        self._wall = wall

    # -- what the staff do -----------------------------------------------------------------

    def all(self) -> list[Kept]:
        return self._store.all()

    def get(self, number: int) -> Kept:
        return self._store.get(number)

    def create(self, settings: Settings, entrants: Sequence[Entrant]) -> int:
        return self._store.create(Tournament(settings, entrants), self._wall())

    def next_round(self, number: int) -> list[Pairing]:
        """Pair tournament ``number``'s next round and send its games to free tables."""
        pairings = self._store.change(number, Tournament.pair_next_round)
        self.dispatch(number)
        return pairings

    def move(self, number: int, key: str, table: str) -> None:
        """Send game ``key`` to ``table`` instead (its first table went offline)."""
        if table not in self.free_tables(number):
            raise TournamentError(f"{table} is not a free table on the broker")
        old = self._store.get(number).tournament.tables.get(key)
        self._assign(number, key, table)
        if old is not None:
            self._publish(topics.board_pairing(old), "")

    def enter(self, number: int, key: str, result: Result) -> bool:
        """A result the staff enter by hand (a table that cannot report)."""
        counted = self._store.change(number, lambda t: t.record(key, result))
        self._release(number, key)
        return counted

    # -- the tables ------------------------------------------------------------------------

    def free_tables(self, number: int) -> list[str]:
        """The tables online, idle and holding no game of a tournament, by id."""
        busy = {
            table
            for kept in self._store.all()
            for key, table in kept.tournament.tables.items()
            if key in {p.key for p in kept.tournament.waiting()}
        }
        return [
            card["board"]
            for card in self._roster.snapshot()
            if card["status"] == topics.ONLINE
            and card["free"]
            and card["board"] not in busy
            and isinstance(card["board"], str)
        ]

    def dispatch(self, number: int) -> list[str]:
        """Send every game of the current round that has no table to a free one; the keys of
        the games still without a table (not enough free tables: dispatch again later)."""
        tournament = self._store.get(number).tournament
        unsent = [p.key for p in tournament.waiting() if p.key not in tournament.tables]
        for key, table in zip(unsent, self.free_tables(number), strict=False):
            self._assign(number, key, table)
        tournament = self._store.get(number).tournament
        return [p.key for p in tournament.waiting() if p.key not in tournament.tables]

    def result_seen(self, topic: str, payload: bytes) -> None:
        """A table's ``pairing_result``: count it once, then clear the table's pairing."""
        board = topics.board_of(topic)
        if board is None or not payload:
            return
        try:
            body = read_json(payload)
        except JsonInputError:
            log.warning("%s sent a tournament result that is not JSON", board)
            return
        if not isinstance(body, dict):
            return
        number, key, winner = body.get("tournament"), body.get("key"), body.get("winner")
        reason = body.get("reason")
        if type(number) is not int or not isinstance(key, str):
            return
        if winner is not None and not isinstance(winner, str):
            return
        result = Result(winner, reason if isinstance(reason, str) else "")
        try:
            counted = self._store.change(number, lambda t: _from_its_table(t, board, key, result))
        except TournamentError as exc:
            log.warning("%s's result for %s not counted: %s", board, key, exc)
            return
        if counted:
            log.info("%s: %s won %s (%s)", board, winner or "nobody", key, result.reason)
        self._release(number, key)  # its table is free again

    # -- helpers ---------------------------------------------------------------------------

    def _assign(self, number: int, key: str, table: str) -> None:
        """Keep that game ``key`` is at ``table``, then send it there."""
        self._store.change(number, lambda t: t.send(key, table))
        self._send(number, key)

    def _send(self, number: int, key: str) -> None:
        tournament = self._store.get(number).tournament
        pairing = tournament.pairing(key)
        table = tournament.tables.get(key)
        if pairing is None or table is None:
            return
        self._publish(
            topics.board_pairing(table),
            json.dumps(pairing_message(number, tournament, pairing, table)),
        )

    def _release(self, number: int, key: str) -> None:
        table = self._store.get(number).tournament.tables.get(key)
        if table is not None:
            self._publish(topics.board_pairing(table), "")


def _from_its_table(tournament: Tournament, board: str, key: str, result: Result) -> bool:
    """Count ``result`` when ``board`` is where game ``key`` is played (a table it was moved
    away from, or any other, cannot decide it)."""
    table = tournament.tables.get(key)
    if table != board:
        raise TournamentError(f"{key} is played at {table or 'no table'}, not here")
    return tournament.record(key, result)


def pairing_message(
    number: int, tournament: Tournament, pairing: Pairing, table: str
) -> dict[str, JsonValue]:
    """What a table is sent: the game to set up and the words to show while it is played."""
    settings = tournament.settings
    players: list[JsonValue] = list(pairing.players)
    return {
        "tournament": number,
        "event": settings.name,
        "key": pairing.key,
        "round": pairing.round,
        "table": table,
        "players": players,
        "game": settings.game,
        "rules": settings.rules,
        "clock": settings.clock,
        "title": f"Round {pairing.round} — {' vs '.join(pairing.players)}, {table}",
    }
