"""A computer player's search off the event loop: one search at a time, cancelled at once.

The loop asks for a move (or a hint) with ``start``; a worker thread runs the pure search with a
budget whose stop question looks at the cancel flag and the deadline; the answer is handed to
``deliver`` from that thread (the loop puts it on its own queue). ``cancel`` (UNDO, NEW, MENU)
makes the running search stop within a few milliseconds and drops its answer.
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from firmware.players import SEARCH_SHARE, Budget, Choice, Level, choose
from firmware.players.analysis import judge
from firmware.rules.api import GameState

log = logging.getLogger("cullsboard.thinker")


@dataclass(frozen=True, slots=True)
class Answer:
    """A finished search: what it was for (``tag``), the position's ply and the choice."""

    tag: object
    ply: int
    choice: Choice


class Searcher(Protocol):
    """What a computer seat asks of whoever searches: the ``Thinker`` or an engine process."""

    def thinking(self) -> bool:
        """Whether a search is running."""

    def start(
        self,
        state: GameState,
        level: Level,
        *,
        movetime_ms: int | None,
        tag: object,
        nodes: int | None = None,
    ) -> None:
        """Search ``state`` at ``level``; any search still running is cancelled. ``nodes``: the
        coach's judge instead (the top level within that many nodes, no clock: see
        ``firmware.players.analysis.judge``)."""

    def cancel(self) -> None:
        """Stop the running search, if any; its answer is never delivered."""

    def join(self, timeout: float | None = None) -> None:
        """Wait for the running search to end (tests and shutdown)."""


class Thinker:
    """Runs searches on a worker thread; ``clock`` gives seconds, ``deliver`` takes answers."""

    def __init__(
        self,
        *,
        clock: Callable[[], float],
        deliver: Callable[[Answer], None],
        seed: int | None = None,
    ) -> None:
        self._clock = clock
        self._deliver = deliver
        self._rng = random.Random(seed)
        self._lock = threading.Lock()
        self._cancel = threading.Event()
        self._worker: threading.Thread | None = None

    def thinking(self) -> bool:
        """Whether a search is running."""
        worker = self._worker
        return worker is not None and worker.is_alive()

    def start(
        self,
        state: GameState,
        level: Level,
        *,
        movetime_ms: int | None,
        tag: object,
        nodes: int | None = None,
    ) -> None:
        """Search a copy of ``state`` at ``level``; any search still running is cancelled.
        ``nodes``: the coach's judge within that many nodes instead (no clock, so it repeats)."""
        self.cancel()
        position = state.copy()
        cancel = threading.Event()
        ms = level.movetime_ms if movetime_ms is None else movetime_ms
        deadline = self._clock() + ms * SEARCH_SHARE * level.share(state.game) / 1000
        seed = self._rng.getrandbits(32)

        def should_stop() -> bool:
            return cancel.is_set() or self._clock() >= deadline

        def work() -> None:
            try:
                if nodes is not None:
                    choice = judge(position, nodes)
                else:
                    choice = choose(
                        position, level, Budget(should_stop=should_stop), random.Random(seed)
                    )
            except ValueError as exc:  # a game without a computer player
                log.warning("the computer cannot play: %s", exc)
                return
            with self._lock:
                if not cancel.is_set():
                    self._deliver(Answer(tag, position.ply, choice))

        worker = threading.Thread(target=work, name="cullsboard-thinker", daemon=True)
        with self._lock:
            self._cancel = cancel
            self._worker = worker
        worker.start()

    def cancel(self) -> None:
        """Stop the running search, if any; its answer is never delivered."""
        with self._lock:
            self._cancel.set()

    def join(self, timeout: float | None = None) -> None:
        """Wait for the running search to end (tests and shutdown)."""
        worker = self._worker
        if worker is not None:
            worker.join(timeout)
