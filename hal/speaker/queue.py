"""What waits to be said: a short queue where urgent sentences go first and stale ones drop."""

from __future__ import annotations

from dataclasses import dataclass

WAITING_LIMIT = 3  # sentences held back behind the one being spoken


@dataclass(frozen=True, slots=True)
class Utterance:
    """A sentence asked for at ``t`` (seconds on the speaker's clock)."""

    t: float
    text: str
    urgent: bool = False
    fresh: bool = False


class SpeechQueue:
    """The sentences waiting, in the order they will be spoken (not thread-safe: callers lock).

    A ``fresh`` sentence makes every waiting one that is not urgent stale: they are dropped. An
    urgent sentence goes after the urgent ones already waiting and before all the others. Past
    ``limit`` waiting, the oldest that is not urgent is dropped (the oldest urgent one if all are).
    """

    def __init__(self, limit: int = WAITING_LIMIT) -> None:
        if limit < 1:
            raise ValueError(f"a speech queue holds at least one sentence, not {limit}")
        self.limit = limit
        self._waiting: list[Utterance] = []

    def add(self, utterance: Utterance) -> list[Utterance]:
        """Queue ``utterance``; returns the sentences it made stale or pushed out."""
        dropped: list[Utterance] = []
        if utterance.fresh:
            dropped = [u for u in self._waiting if not u.urgent]
            self._waiting = [u for u in self._waiting if u.urgent]
        if utterance.urgent:
            at = sum(1 for u in self._waiting if u.urgent)
            self._waiting.insert(at, utterance)
        else:
            self._waiting.append(utterance)
        while len(self._waiting) > self.limit:
            plain = [u for u in self._waiting if not u.urgent]
            oldest = plain[0] if plain else self._waiting[0]
            self._waiting.remove(oldest)
            dropped.append(oldest)
        return dropped

    def pop(self) -> Utterance | None:
        """The next sentence to say, taken off the queue (None when nothing waits)."""
        return self._waiting.pop(0) if self._waiting else None

    def clear(self) -> list[Utterance]:
        """Drop everything waiting; returns it."""
        dropped, self._waiting = self._waiting, []
        return dropped

    def __len__(self) -> int:
        return len(self._waiting)

    def __repr__(self) -> str:
        return f"<SpeechQueue {len(self._waiting)} of {self.limit} waiting>"
