"""A table's side of the café's tournaments: it takes the game the fleet sends it (retained
``boards/<id>/pairing``), sets the match up with the players' names on their seats and the
event's clock, shows the pairing on the scoreboard, and sends the result when the match ends
(retained ``boards/<id>/pairing_result``, kept in ``tournament.json`` until the fleet has
counted it, so a restart or a broker away loses nothing).

Everything here runs on the controller's loop (the broker client hands messages over)."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from pathlib import Path

from firmware.controller.core.events import Event, MatchEnded, MatchStarted, RoundEnded
from firmware.controller.core.live import NameSeat, StartMatch
from firmware.controller.core.players import PlayerKind
from firmware.controller.match.match_play import MatchPlay
from firmware.link import topics
from firmware.link.client import BrokerClient
from firmware.link.shared_clock import SharedClock
from firmware.rules.api import InvalidRecordError, JsonValue
from firmware.rules.bounded_json import JsonInputError, read_json

log = logging.getLogger("cullsboard.link")

KEPT_FILE = "tournament.json"


class TournamentTable:
    """This table's tournament game, if the fleet has sent one."""

    def __init__(
        self,
        client: BrokerClient,
        board_id: str,
        *,
        post: Callable[[object], None],
        changed: Callable[[], None],
        state_dir: Path | None,
    ) -> None:
        """``post`` hands an item to the loop; ``changed`` redraws what the pages show."""
        self._client = client
        self._board_id = board_id
        self._post = post
        self._changed = changed
        self._path = None if state_dir is None else state_dir / KEPT_FILE
        self._clock: SharedClock | None = None
        self._colours: tuple[str, ...] = ()  # each seat's colour in the match being played
        self._reason = ""  # how its last round ended
        self.pairing: dict[str, JsonValue] | None = None
        self.result: dict[str, JsonValue] | None = None
        self._load()

    def share_clock(self, clock: SharedClock) -> None:
        """The board's game clock: a tournament game is played on the event's control."""
        self._clock = clock

    # -- what the pages show ---------------------------------------------------------------

    def status(self) -> JsonValue:
        """The scoreboard's ``tournament`` object (None: no tournament game here)."""
        pairing = self.pairing
        if pairing is None:
            return None
        return {
            "event": pairing.get("event"),
            "round": pairing.get("round"),
            "table": pairing.get("table"),
            "players": pairing.get("players"),
            "title": pairing.get("title"),
            "result_sent": self.result is not None,
        }

    # -- the broker ------------------------------------------------------------------------

    def connected(self) -> None:
        """The broker (re)connected: listen for this table's game, send a result not yet
        counted."""
        self._client.subscribe(topics.board_pairing(self._board_id), self._pairing_seen)
        if self.result is not None:
            self._send_result()

    def _pairing_seen(self, topic: str, payload: bytes) -> None:
        if not payload:  # counted, or withdrawn: the table is free
            if self.pairing is not None:
                self._client.publish(topics.board_pairing_result(self._board_id), "", retain=True)
                self.pairing, self.result = None, None
                self._save()
                self._changed()
            return
        pairing = _pairing(payload)
        if pairing is None:
            log.warning("the fleet sent a tournament game this table cannot read")
            return
        if self.pairing is not None and pairing.get("key") == self.pairing.get("key"):
            return  # the same game again (a reconnect): it is being played here
        self.pairing, self.result = pairing, None
        self._save()
        self._start(pairing)

    def _start(self, pairing: dict[str, JsonValue]) -> None:
        game, rules, players = pairing["game"], pairing["rules"], pairing["players"]
        assert isinstance(game, str) and isinstance(rules, dict) and isinstance(players, list)
        try:
            first = MatchPlay(game, rules).colours[0]  # the first seat plays the first colour
        except (InvalidRecordError, ValueError) as exc:
            log.warning("the fleet's game %s cannot be set up here: %s", pairing.get("key"), exc)
            return
        if self._clock is not None:
            self._clock.take_control(pairing.get("clock", "none"))
        kinds = tuple(PlayerKind.HERE for _ in players)
        self._post(StartMatch(game, dict(rules), first, kinds))
        for seat, name in enumerate(players):
            self._post(NameSeat(seat, str(name)))
        log.info("tournament game %s: %s", pairing.get("key"), pairing.get("title"))

    # -- what happened here ----------------------------------------------------------------

    def hear(self, event: Event) -> None:
        match event:
            case MatchStarted():
                self._colours = tuple(seat.colour for seat in event.seats)
                self._changed()
            case RoundEnded():
                self._reason = event.reason or event.status
            case MatchEnded(resumed=False) if self.pairing is not None and self.result is None:
                self.result = self._result_of(event)
                self._save()
                self._send_result()
                self._changed()

    def _result_of(self, ended: MatchEnded) -> dict[str, JsonValue]:
        pairing = self.pairing
        assert pairing is not None
        players = pairing.get("players")
        names = [str(p) for p in players] if isinstance(players, list) else []
        winners = [n for n, c in zip(names, self._colours, strict=False) if c == ended.winner]
        return {
            "tournament": pairing.get("tournament"),
            "key": pairing.get("key"),
            "winner": winners[0] if len(winners) == 1 else None,
            "reason": self._reason,
        }

    def _send_result(self) -> None:
        if self.result is not None and self._client.connected:
            text = json.dumps(self.result)
            self._client.publish(topics.board_pairing_result(self._board_id), text, retain=True)

    # -- kept across restarts --------------------------------------------------------------

    def _save(self) -> None:
        if self._path is None:
            return
        try:
            if self.pairing is None:
                self._path.unlink(missing_ok=True)
                return
            self._path.parent.mkdir(parents=True, exist_ok=True)
            temporary = self._path.with_name(self._path.name + ".tmp")
            kept = {"pairing": self.pairing, "result": self.result}
            temporary.write_text(json.dumps(kept) + "\n", encoding="utf-8")
            temporary.replace(self._path)
        except OSError as exc:
            log.warning("cannot keep the tournament game in %s (%s)", self._path, exc.strerror)

    def _load(self) -> None:
        if self._path is None or not self._path.exists():
            return
        try:
            kept = read_json(self._path.read_bytes())
        except (OSError, JsonInputError) as exc:
            log.warning("cannot read the tournament game in %s (%s)", self._path, exc)
            return
        if isinstance(kept, dict):
            pairing, result = kept.get("pairing"), kept.get("result")
            self.pairing = _pairing(json.dumps(pairing).encode())
            self.result = result if isinstance(result, dict) and self.pairing else None


def _pairing(payload: bytes) -> dict[str, JsonValue] | None:
    """The fleet's pairing message, if it has what a table needs to set the game up."""
    try:
        body = read_json(payload)
    except JsonInputError:
        return None
    if not isinstance(body, dict):
        return None
    players, game, rules = body.get("players"), body.get("game"), body.get("rules")
    if not isinstance(players, list) or not players or not isinstance(game, str):
        return None
    if not isinstance(rules, dict) or not isinstance(body.get("key"), str):
        return None
    return body
