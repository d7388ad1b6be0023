"""What the broker says about every board (online or not, its latest state, when it was last
heard) and whether the fleet page itself still hears the broker."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from firmware.link import topics
from firmware.rules.api import JsonValue
from firmware.rules.bounded_json import JsonInputError, read_json

StateListener = Callable[[str, dict[str, JsonValue]], None]


@dataclass
class BoardEntry:
    """One board: its status (``online``/``offline``/None: not heard) and latest state."""

    status: str | None = None
    state: dict[str, JsonValue] | None = None
    heard: float | None = None  # when it last spoke: its state's own time, else first heard


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

    def status_seen(self, topic: str, payload: bytes) -> None:
        board = topics.board_of(topic)
        if board is None:
            return
        if not payload:  # the retained status was cleared: a board removed from the fleet
            self.boards.pop(board, None)
            return
        entry = self.boards.setdefault(board, BoardEntry())
        entry.status = payload.decode(errors="replace")
        if entry.heard is None:  # its state, when it comes, says when the board last spoke
            entry.heard = self.clock()

    def state_seen(self, topic: str, payload: bytes) -> None:
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
        at = state.get("at")
        # A retained state is as old as its own time says; one just sent is heard now.
        entry.heard = min(self.clock(), at) if isinstance(at, int | float) else self.clock()
        for listener in self.on_state:
            listener(board, state)

    def status_of(self, board: str) -> str | None:
        with self._lock:
            entry = self.boards.get(board)
            return None if entry is None else entry.status

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
    score = score if isinstance(score, dict) else {}
    return {
        "board": board,
        "status": UNKNOWN if broker_lost else entry.status,
        "silent_s": None if entry.heard is None else round(max(0.0, now - entry.heard)),
        "cafe": state.get("cafe"),
        "at": state.get("at"),
        "game": score.get("game"),
        "mode": score.get("mode"),
        "phase": score.get("phase"),
        "scores": score.get("scores"),
        "to_move": score.get("to_move"),
        "round": score.get("round"),
        "message": score.get("message"),
        "online": score.get("online"),
        "games_today": state.get("games_today"),
        "lost_on_time_today": state.get("lost_on_time_today"),
        "lights": state.get("lights"),
        "free": is_free(score),
        "champions_today": state.get("champions_today"),
        "health": state.get("health"),
        "page": state.get("page"),
    }


UNKNOWN = "unknown"  # a card's status while the page cannot hear the broker
FREE_PHASES = ("attract", "menu", "match_over")


def is_free(score: dict[str, JsonValue]) -> bool:
    """An idle table: the attract show, the menu, a match over, or a match not yet begun."""
    if not score or score.get("phase") in FREE_PHASES:
        return True
    moves = score.get("moves")
    return score.get("round") in (None, 1) and isinstance(moves, list) and not moves
