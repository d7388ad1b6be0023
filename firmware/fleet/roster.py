"""What the broker says about every board (online or not, its latest state, when it was last
heard) and whether the fleet page itself still hears the broker."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from firmware.controller.view.view_model import read_score
from firmware.link import topics
from firmware.rules.api import JsonValue
from firmware.rules.bounded_json import JsonInputError, read_json

StateListener = Callable[[str, dict[str, JsonValue]], None]


@dataclass
class BoardEntry:
    """One board: its status (``online``/``offline``/None: not heard) and latest state."""

    status: str | None = None
    state: dict[str, JsonValue] | None = None
    heard: float | None = None  # when it last spoke, on the fleet's own clock
    dated: bool = False  # its status was heard sent, or the broker said how long it kept it


@dataclass
class Roster:
    """Boards by id; fed from the broker client's thread, read by the pages (any thread)."""

    boards: dict[str, BoardEntry] = field(default_factory=dict)
    on_state: list[StateListener] = field(default_factory=list)
    clock: Callable[[], float] = time.time
    broker_up: bool = False
    broker_since: float | None = None  # when the page's own link last went up or down
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def broker_connected(self) -> None:
        """The page's link to the broker is up (run under the lock, through ``post``)."""
        self.broker_up, self.broker_since = True, self.clock()

    def broker_lost(self) -> None:
        """The page's link to the broker is down: what it shows is as last heard."""
        self.broker_up, self.broker_since = False, self.clock()

    def post(self, work: Callable[[], None]) -> None:
        """The broker client's hand-over: run at once, under the roster's lock."""
        with self._lock:
            work()

    def status_seen(self, topic: str, payload: bytes, age: float | None = None) -> None:
        """A board's status; ``age``: how long the broker has kept it (0: sent just now; None:
        a retained one of unknown age, which counts as heard now)."""
        board = topics.board_of(topic)
        if board is None:
            return
        if not payload:  # the retained status was cleared: a board removed from the fleet
            self.boards.pop(board, None)
            return
        entry = self.boards.setdefault(board, BoardEntry())
        status = payload.decode(errors="replace")
        # Silence is measured on the fleet's clock, never on the board's (its state's "at" may
        # be skewed, or a retained state as old as the board's last change): nothing a board
        # says comes after its offline status, whose age the broker gives.
        if age is not None:
            entry.heard = self.clock() - max(0.0, age)
        elif entry.heard is None or status != entry.status:
            entry.heard = self.clock()
        entry.status, entry.dated = status, age is not None

    def state_seen(self, topic: str, payload: bytes, age: float | None = None) -> None:
        """A board's state; sent just now (``age`` 0), the board was heard now; a retained one
        (None) says nothing of when."""
        board = topics.board_of(topic)
        if board is None:
            return
        if not payload:
            entry = self.boards.get(board)
            if entry is not None:
                entry.state = None
            return
        try:
            state = read_json(payload)
        except JsonInputError:
            return
        if not isinstance(state, dict):
            return
        entry = self.boards.setdefault(board, BoardEntry())
        entry.state = state
        if age == 0 or entry.heard is None:
            entry.heard = self.clock()
        for listener in self.on_state:
            listener(board, state)

    def status_of(self, board: str) -> str | None:
        with self._lock:
            entry = self.boards.get(board)
            return None if entry is None else entry.status

    def dated(self, board: str) -> bool:
        """Whether the fleet knows since when ``board``'s status holds (not only since when the
        fleet has read it)."""
        with self._lock:
            entry = self.boards.get(board)
            return entry is not None and entry.dated

    def silent_for(self, board: str) -> float | None:
        """Seconds since ``board`` was last heard of (None: the page does not know it)."""
        with self._lock:
            entry = self.boards.get(board)
            if entry is None or entry.heard is None:
                return None
            return max(0.0, self.clock() - entry.heard)

    def broker(self) -> dict[str, JsonValue]:
        """The page's own link: ``{"connected": bool, "since": seconds or None}``."""
        with self._lock:
            return {"connected": self.broker_up, "since": self.broker_since}

    def forget(self, board: str) -> None:
        """Drop ``board`` from the page (its retained messages are being cleared)."""
        with self._lock:
            self.boards.pop(board, None)

    def snapshot(self) -> list[dict[str, JsonValue]]:
        """Every board, sorted by id, as the page shows it."""
        with self._lock:
            entries = sorted(self.boards.items())
            now = self.clock()
            lost = not self.broker_up and self.broker_since is not None
            return [_card(board, entry, now, lost) for board, entry in entries]


def _card(board: str, entry: BoardEntry, now: float, broker_lost: bool) -> dict[str, JsonValue]:
    """A board's card; while the page has no broker, its status is ``unknown``: a status heard
    as the broker went down (its wills, sent as it stops) says nothing of the table."""
    state = entry.state or {}
    score = state.get("score")
    shown = read_score(score if isinstance(score, dict) else {})
    return {
        "board": board,
        "status": UNKNOWN if broker_lost else entry.status,
        "silent_s": None if entry.heard is None else round(max(0.0, now - entry.heard)),
        "cafe": state.get("cafe"),
        "at": state.get("at"),
        "game": shown.game,
        "mode": shown.mode,
        "phase": shown.phase,
        "scores": None if shown.scores is None else dict[str, JsonValue](shown.scores),
        "to_move": shown.to_move,
        "round": shown.round,
        "message": shown.message or None,
        "online": None if shown.online is None else shown.online.to_json(),
        "facts": [fact.to_json() for fact in shown.facts],
        "games_today": state.get("games_today"),
        "lost_on_time_today": state.get("lost_on_time_today"),
        "lights": state.get("lights"),
        "free": shown.free,
        "champions_today": state.get("champions_today"),
        "health": state.get("health"),
        "page": state.get("page"),
    }


UNKNOWN = "unknown"  # a card's status while the page cannot hear the broker
