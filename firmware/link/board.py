"""A board on the broker: ``online``/``offline`` status with a last will, state and events."""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path

from firmware.controller.core.events import Event, EventBus, MatchEnded, MatchReopened
from firmware.controller.core.live import BoardView, LoopCall, Redraw, ViewHub
from firmware.controller.table.table import StarterDraw
from firmware.history.ledger import CAFE_PLAYERS_FILE, ledger_json
from firmware.history.writer import read_history
from firmware.link import topics
from firmware.link.client import BrokerClient, Endpoint, Will
from firmware.link.online import OnlineGame
from firmware.link.online_request import OnlineRequest
from firmware.link.report import STATE_EVERY_S, BrokerEvents, state_payload
from firmware.link.settings import LinkSettings
from firmware.link.shared_clock import SharedClock
from firmware.link.tournament_table import TournamentTable
from firmware.rules.api import JsonValue
from firmware.rules.bounded_json import JsonInputError, read_json
from firmware.rules.game_and_rules import GameAndRules
from hal.interfaces import Clock

WallTime = Callable[[], float]
# ``extra(fresh)``: what a state message carries besides the scoreboard; ``fresh``: read it all
# again (from the history), nothing kept from before
ExtraState = Callable[[bool], dict[str, JsonValue]]
log = logging.getLogger("cullsboard.link")


def _no_extra(fresh: bool) -> dict[str, JsonValue]:
    return {}


class BoardLink:
    """The board's broker connection and its online game; everything but paho's own thread
    runs on the loop (``post``)."""

    def __init__(
        self,
        settings: LinkSettings,
        *,
        post: Callable[[object], None],
        views: ViewHub,
        events: EventBus,
        clock: Clock,
        wall: WallTime,
        state_dir: Path | None,
        fallback_draw: StarterDraw,
    ) -> None:
        """``post`` hands an item to the loop's queue; ``views`` are the board's views;
        ``fallback_draw`` draws the starter while no online game is on."""
        self.settings = settings
        self.board_id = settings.board_id
        self._post_item = post
        self._views = views
        self._state_dir = state_dir
        self._clock = clock
        self._wall = wall
        self._extra_state: ExtraState = _no_extra
        self._reread = True  # the next state's extra is read afresh (set at each connection)
        self._extra_sent: dict[str, JsonValue] = {}
        self._events = BrokerEvents()
        events.subscribe(self._heard)
        self._view: BoardView | None = None
        self._state_sent_at: float | None = None
        self._flush_pending = False
        self._flush_wait = 0.0
        self._flush_wake = threading.Event()
        self._stopped = False
        endpoint = Endpoint(
            settings.host,
            settings.port,
            settings.tls,
            settings.ca_file,
            settings.username,
            settings.password,
        )
        self.client = BrokerClient(
            endpoint,
            f"cullsboard-{settings.board_id}",
            self.post,
            will=Will(topics.board_status(self.board_id), topics.OFFLINE, dated=True),
            on_connect=self._connected,
            on_disconnect=self._refresh,
        )
        self.online_game = OnlineGame(
            self.client,
            self.board_id,
            post=post,
            events=events,
            state_dir=state_dir,
            fallback_draw=fallback_draw,
        )
        self.tournament = TournamentTable(
            self.client, self.board_id, post=post, changed=self._refresh, state_dir=state_dir
        )
        events.subscribe(self.tournament.hear)

    def share_clock(self, clock: SharedClock) -> None:
        """The board's game clock, for an online game and a tournament game alike."""
        self.online_game.share_clock(clock)
        self.tournament.share_clock(clock)

    def score_json(self, now: float) -> dict[str, JsonValue]:
        """The scoreboard's ``tournament`` key: the tournament game played here, or null."""
        return {"tournament": self.tournament.status()}

    # -- LinkStatus, for the controller ---------------------------------------------------

    def online(self) -> JsonValue:
        return self.online_game.status()

    @property
    def down(self) -> bool:
        return not self.client.connected

    def check_online(self, request: str, menu: GameAndRules) -> None:
        self.online_game.check(request, menu)

    def start_online(self, request: str, now: float, menu: GameAndRules) -> None:
        self.online_game.start(request, now, menu)

    # -- life -----------------------------------------------------------------------------

    def start(
        self,
        online: OnlineRequest | None = None,
        extra_state: ExtraState = _no_extra,
    ) -> None:
        """Follow the board's views, take up ``online`` (or the saved online game) and connect
        in the background; ``extra_state`` adds to every state message (read afresh for the
        first after each connection)."""
        self._extra_state = extra_state
        self._view = self._views.view()
        self._views.subscribe(self._viewed)
        self._post_item(LoopCall(lambda now: self.online_game.begin(online, now)))
        self.post(self._refresh)  # the amber edge until the broker answers
        threading.Thread(target=self._flusher, name="cullsboard-state", daemon=True).start()
        self.client.start()

    def stop(self) -> None:
        self._stopped = True
        self._flush_wake.set()
        self.client.stop(last=Will(topics.board_status(self.board_id), topics.OFFLINE, dated=True))

    def post(self, work: Callable[[], None]) -> None:
        """Run ``work`` on the controller's loop (the only thread that touches the game)."""
        self._post_item(LoopCall(lambda now: work()))

    @property
    def extra_sent(self) -> dict[str, JsonValue]:
        """The extra state the broker last had from this board (read from any thread)."""
        return self._extra_sent

    def state_changed(self) -> None:
        """What the extra state says has changed: send the state again (throttled as ever)."""
        self.post(self._send_state)

    # -- the loop's thread ----------------------------------------------------------------

    def _connected(self) -> None:
        self.client.publish(topics.board_status(self.board_id), topics.ONLINE, retain=True)
        self._state_sent_at = None
        self._reread = True  # what happened while away (a match ended) counts from the history
        self.online_game.connected()
        self.tournament.connected()
        self.client.subscribe(topics.CAFE_PLAYERS, self._cafe_players)
        self._send_ledger()
        self._refresh()
        self._send_state()

    def _refresh(self) -> None:
        """The link changed: the scoreboard's ``online`` and the edge must be redrawn."""
        self._post_item(Redraw())

    def _viewed(self, view: BoardView) -> None:
        self._view = view
        self._send_state()

    def _heard(self, event: Event) -> None:
        """A table event: announced on the board's ``events`` topic (on the loop's thread)."""
        ended = isinstance(event, MatchEnded) and not event.resumed
        if ended or isinstance(event, MatchReopened):
            self.post(self._send_ledger)  # once the history has written it
        payload = self._events.payload(event, self._wall())
        if payload is not None:
            self.client.publish(topics.board_events(self.board_id), json.dumps(payload))

    def _send_ledger(self) -> None:
        """The board's finished named matches, retained: the fleet rates the café's players
        from every board's (sent again at each connection, so nothing the broker missed is
        lost, and counted once, by match)."""
        if self._state_dir is None or not self.client.connected:
            return
        try:
            history = read_history(self._state_dir)
            try:
                matches = history.matches()
            finally:
                history.close()
        except (OSError, sqlite3.Error, ValueError) as exc:
            log.warning("the history cannot be read for the café's players (%s)", exc)
            return
        ledger = json.dumps(ledger_json(self.board_id, matches), separators=(",", ":"))
        self.client.publish(topics.board_ledger(self.board_id), ledger, retain=True)

    def _cafe_players(self, topic: str, payload: bytes) -> None:
        """The café's players as the fleet rates them: kept for this board's /players page."""
        if self._state_dir is None or not payload:
            return
        try:
            read_json(payload)
            target = self._state_dir / CAFE_PLAYERS_FILE
            temporary = target.with_name(target.name + ".tmp")
            temporary.write_bytes(payload)
            temporary.replace(target)
        except (OSError, JsonInputError) as exc:
            log.warning("the café's players cannot be kept (%s)", exc)

    def _send_state(self) -> None:
        if self._view is None or not self.client.connected:
            return
        now = self._clock.now()
        if self._state_sent_at is not None and now - self._state_sent_at < STATE_EVERY_S:
            if not self._flush_pending:
                self._flush_pending = True
                self._flush_wait = STATE_EVERY_S - (now - self._state_sent_at)
                self._flush_wake.set()
            return
        self._state_sent_at = now
        extra, self._reread = self._extra_state(self._reread), False
        payload = state_payload(self.board_id, self.settings.cafe, self._view, self._wall(), extra)
        self.client.publish(topics.board_state(self.board_id), payload, retain=True)
        self._extra_sent = extra

    def _flush(self) -> None:
        self._flush_pending = False
        self._send_state()

    def _flusher(self) -> None:
        """Its own thread: after the pause a throttled state waits for, hands the send back."""
        while True:
            self._flush_wake.wait()
            self._flush_wake.clear()
            if self._stopped:
                return
            time.sleep(self._flush_wait)
            self.post(self._flush)
