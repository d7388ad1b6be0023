"""The simulated voice: every sentence asked for and said, with its time, on the board's clock."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from hal.interfaces import Clock
from hal.speaker.queue import WAITING_LIMIT, SpeechQueue, Utterance

SHORTEST_S = 0.4  # even "Undone" takes a moment
KEPT = 1000  # sentences remembered (a simulated kiosk runs for days)


@dataclass(frozen=True, slots=True)
class Said:
    """A sentence that was spoken, from ``t`` to ``until`` on the clock."""

    t: float
    until: float
    text: str
    urgent: bool


class MockSpeaker:
    """A ``Speaker`` that speaks in simulated time: each sentence takes as long as its words at
    ``rate`` words a minute on ``clock``, with the same queue, staleness and urgency as the real
    one. ``asked`` is every sentence asked for; ``said`` those spoken, caught up to now (the
    latest ``KEPT`` of each)."""

    def __init__(self, clock: Clock, *, rate: int = 160, limit: int = WAITING_LIMIT) -> None:
        self._clock = clock
        self.rate = rate
        self._queue = SpeechQueue(limit)
        self.asked: list[Utterance] = []
        self._said: list[Said] = []
        self.dropped: list[Utterance] = []
        self._busy_until = float("-inf")
        self.closed = False
        self._listeners: list[Callable[[], None]] = []
        self._hearers: list[Callable[[Said], None]] = []

    def listen(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` after each sentence asked for (the simulated board shows it)."""
        self._listeners.append(listener)

    def hear(self, hearer: Callable[[Said], None]) -> None:
        """Call ``hearer`` with each sentence as it begins to be said, in order."""
        self._hearers.append(hearer)

    def finish(self) -> None:
        """Say what still waits, each after the one before (the run is over: nothing is
        interrupted any more), so every sentence asked for is heard."""
        self._catch_up(float("inf"))

    def say(self, text: str, *, urgent: bool = False, fresh: bool = False) -> None:
        if self.closed or not text.strip():
            return
        now = self._clock.now()
        self._catch_up(now)
        utterance = Utterance(now, text, urgent, fresh)
        self.asked.append(utterance)
        self.dropped += self._queue.add(utterance)
        self._catch_up(now)
        for kept in (self.asked, self._said, self.dropped):
            del kept[:-KEPT]
        for listener in self._listeners:
            listener()

    def seconds_for(self, text: str) -> float:
        """How long ``text`` takes to say at this rate."""
        return max(SHORTEST_S, len(text.split()) * 60.0 / self.rate)

    @property
    def said(self) -> list[Said]:
        """The sentences begun by now, in the order they were spoken."""
        self._catch_up(self._clock.now())
        return list(self._said)

    @property
    def texts(self) -> list[str]:
        """The words of ``said``."""
        return [said.text for said in self.said]

    @property
    def speaking(self) -> str | None:
        """The sentence being said now, if any."""
        said = self.said
        if said and said[-1].until > self._clock.now():
            return said[-1].text
        return None

    def clear(self) -> None:
        """Forget what was asked and said (tests start afresh); what waits still waits."""
        self.asked.clear()
        self._said.clear()
        self.dropped.clear()

    def close(self) -> None:
        self.closed = True
        self._queue.clear()

    def _catch_up(self, now: float) -> None:
        while len(self._queue) and self._busy_until <= now:
            utterance = self._queue.pop()
            assert utterance is not None
            start = max(self._busy_until, utterance.t)
            until = start + self.seconds_for(utterance.text)
            said = Said(start, until, utterance.text, utterance.urgent)
            self._said.append(said)
            self._busy_until = until
            for hearer in self._hearers:
                hearer(said)

    def __repr__(self) -> str:
        return f"<MockSpeaker {len(self._said)} said, {len(self._queue)} waiting>"
