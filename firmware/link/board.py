"""A board on the broker: ``online``/``offline`` status with a last will, state and events."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from typing import Protocol

from firmware.controller.events import Event, EventBus
from firmware.controller.live import BoardView, LoopCall
from firmware.controller.loop import BoardController
from firmware.link import topics
from firmware.link.client import BrokerClient, Endpoint, Will
from firmware.link.report import STATE_EVERY_S, BrokerEvents, state_payload
from firmware.link.settings import LinkSettings
from firmware.rules.api import JsonValue
from hal.interfaces import Clock

WallTime = Callable[[], float]


class OnlineRequests(Protocol):
    """Who takes ``host`` and ``join:CODE`` asked from the pages."""

    def check(self, request: str) -> None: ...

    def start(self, request: str, now: float) -> None: ...


class _NoOnlineGames:
    def check(self, request: str) -> None:
        raise ValueError("online: this board does not play online")

    def start(self, request: str, now: float) -> None:
        return None


class BoardLink:
    """The board's broker connection; everything but paho's own thread runs in the loop."""

    def __init__(
        self,
        settings: LinkSettings,
        controller: BoardController,
        events: EventBus,
        *,
        clock: Clock,
        wall: WallTime,
    ) -> None:
        self.settings = settings
        self.board_id = settings.board_id
        self._controller = controller
        self._clock = clock
        self._wall = wall
        self._events = BrokerEvents()
        events.subscribe(self._heard)
        self._view: BoardView | None = None
        self._state_sent_at: float | None = None
        self._flush_pending = False
        self._flush_wait = 0.0
        self._flush_wake = threading.Event()
        self._stopped = False
        self._listeners: list[Callable[[BoardView], None]] = []
        self.extra_state: Callable[[], dict[str, JsonValue]] = dict
        self.online_status: Callable[[], JsonValue] = lambda: None
        self.online_requests: OnlineRequests = _NoOnlineGames()
        self.on_connect: list[Callable[[], None]] = []
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
            will=Will(topics.board_status(self.board_id), topics.OFFLINE),
            on_connect=self._connected,
            on_disconnect=self._refresh,
        )

    def clock_now(self) -> float:
        """The controller's time (for the table)."""
        return self._controller.board.clock.now()

    # -- LinkStatus, for the controller ---------------------------------------------------

    def online(self) -> JsonValue:
        return self.online_status()

    @property
    def down(self) -> bool:
        return not self.client.connected

    def check_online(self, request: str) -> None:
        self.online_requests.check(request)

    def start_online(self, request: str, now: float) -> None:
        self.online_requests.start(request, now)

    # -- life -----------------------------------------------------------------------------

    def start(self) -> None:
        """Join the controller (its scoreboard, its views) and connect in the background."""
        self._controller.link = self
        self._view = self._controller.view()
        self._controller.subscribe(self._viewed)
        self.post(self._refresh)  # the amber edge until the broker answers
        threading.Thread(target=self._flusher, name="cullsboard-state", daemon=True).start()
        self.client.start()

    def stop(self) -> None:
        self._stopped = True
        self._flush_wake.set()
        self.client.stop(last=Will(topics.board_status(self.board_id), topics.OFFLINE))

    def post(self, work: Callable[[], None]) -> None:
        """Run ``work`` on the controller's loop (the only thread that touches the game)."""
        self._controller.post(LoopCall(lambda now: work()))

    def state_changed(self) -> None:
        """What ``extra_state`` says has changed: send the state again (throttled as ever)."""
        self.post(self._send_state)

    def watch(self, listener: Callable[[BoardView], None]) -> None:
        """Also call ``listener`` with every view (on the loop's thread)."""
        self._listeners.append(listener)

    # -- the loop's thread ----------------------------------------------------------------

    def _connected(self) -> None:
        self.client.publish(topics.board_status(self.board_id), topics.ONLINE, retain=True)
        self._state_sent_at = None
        for hook in self.on_connect:
            hook()
        self._refresh()
        self._send_state()

    def _refresh(self) -> None:
        """The link changed: the scoreboard's ``online`` and the edge must be redrawn."""
        self._controller.redraw()

    def _viewed(self, view: BoardView) -> None:
        self._view = view
        for listener in self._listeners:
            listener(view)
        self._send_state()

    def _heard(self, event: Event) -> None:
        """A table event: announced on the board's ``events`` topic (on the loop's thread)."""
        payload = self._events.payload(event, self._wall())
        if payload is not None:
            self.client.publish(topics.board_events(self.board_id), json.dumps(payload))

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
        payload = state_payload(
            self.board_id, self.settings.cafe, self._view, self._wall(), self.extra_state()
        )
        self.client.publish(topics.board_state(self.board_id), payload, retain=True)

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
