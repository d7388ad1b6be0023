"""The announcer on a thread of its own: the board's loop only hands each event and view over.

Making a sentence and queueing it costs the loop about 30 µs a touch when done in place (about 5 %
of a touch-to-frame, bench/bench_speech.py); handed over, it costs a queue put. The events and
views keep their order; the announcer sees them a moment later, which the voice cannot hear.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from functools import partial

from firmware.controller.core.events import Event
from firmware.controller.core.live import BoardView
from firmware.speech.announcer import Announcer

log = logging.getLogger("cullsboard.speech")

Job = Callable[[], None]


class AnnouncerThread:
    """Subscribe ``hear`` and ``look``: ``announcer`` gets each on this thread, in order."""

    def __init__(self, announcer: Announcer) -> None:
        self.announcer = announcer
        self._inbox: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="announcer", daemon=True)
        self._thread.start()

    def hear(self, event: Event) -> None:
        """An event from the bus: passed on, not looked at here."""
        self._inbox.put(partial(self.announcer.hear, event))

    def look(self, view: BoardView) -> None:
        """A published view: passed on, not looked at here."""
        self._inbox.put(partial(self.announcer.look, view))

    def settle(self, timeout: float = 5.0) -> bool:
        """Wait until everything handed over so far has been heard (False on timeout)."""
        done = threading.Event()
        self._inbox.put(done.set)
        return done.wait(timeout)

    def close(self) -> None:
        """End the thread once what was handed over is heard; safe twice."""
        if self._thread.is_alive():
            self._inbox.put(None)
            self._thread.join(timeout=2.0)

    def _run(self) -> None:
        while (job := self._inbox.get()) is not None:
            try:
                job()
            except Exception:  # a sentence that cannot be made must never silence the rest
                log.exception("the announcer failed")

    def __repr__(self) -> str:
        return f"<AnnouncerThread {self.announcer!r}>"
