"""A speaker that never blocks its caller: a worker thread speaks the queue through a voice."""

from __future__ import annotations

import logging
import threading
from typing import Protocol

from hal.interfaces import Clock
from hal.speaker.queue import WAITING_LIMIT, SpeechQueue, Utterance

log = logging.getLogger("cullsboard.speaker")


class Voice(Protocol):
    """Something that speaks one sentence, blocking until it has been said."""

    def speak(self, text: str) -> None:
        """Say ``text`` aloud and return when it is done (OSError if it cannot)."""

    def stop(self) -> None:
        """Cut the sentence being said short (from another thread); nothing if none is."""


class ThreadedSpeaker:
    """A ``Speaker``: ``say`` queues and returns; a daemon thread speaks each sentence in turn.

    A voice that fails is logged once per kind of failure and play goes on without it.
    """

    def __init__(self, voice: Voice, clock: Clock, *, limit: int = WAITING_LIMIT) -> None:
        self.voice = voice
        self._clock = clock
        self._queue = SpeechQueue(limit)
        self._lock = threading.Condition()
        self._speaking: Utterance | None = None
        self._closed = False
        self._failures: set[str] = set()
        self.dropped = 0
        self._thread = threading.Thread(target=self._run, name="speaker", daemon=True)
        self._thread.start()

    def say(self, text: str, *, urgent: bool = False, fresh: bool = False) -> None:
        """Queue ``text`` (see ``Speaker.say``); returns at once."""
        with self._lock:
            if self._closed or not text.strip():
                return
            self.dropped += len(self._queue.add(Utterance(self._clock.now(), text, urgent, fresh)))
            self._lock.notify_all()

    def wait_quiet(self, timeout: float) -> bool:
        """Block until nothing is said or waiting (for tests and ``diag``); False on timeout."""
        with self._lock:
            return self._lock.wait_for(
                lambda: self._speaking is None and not self._queue, timeout=timeout
            )

    def close(self) -> None:
        """Drop what waits, cut the sentence being said and end the worker; safe twice."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._queue.clear()
            self._lock.notify_all()
        self.voice.stop()
        self._thread.join(timeout=2.0)

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._closed or bool(self._queue))
                if self._closed:
                    return
                utterance = self._queue.pop()
                self._speaking = utterance
            try:
                if utterance is not None:
                    self.voice.speak(utterance.text)
            except OSError as error:
                self._failed(error)
            finally:
                with self._lock:
                    self._speaking = None
                    self._lock.notify_all()

    def _failed(self, error: OSError) -> None:
        kind = f"{type(error).__name__}: {error}"
        if kind not in self._failures:
            self._failures.add(kind)
            log.warning("the voice could not speak (%s); play goes on without it", kind)

    def __enter__(self) -> ThreadedSpeaker:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def __repr__(self) -> str:
        with self._lock:
            state = "closed" if self._closed else f"{len(self._queue)} waiting"
            if self._speaking is not None and not self._closed:
                state = f"playing, {state}"
        return f"<ThreadedSpeaker {self.voice!r}, {state}>"
