"""Carries new board views from the controller's thread to every WebSocket client, newest only."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable

from firmware.controller.core.live import BoardView


class ClientSlot:
    """One viewer's mailbox: holds only the newest message, so a slow viewer skips, never queues."""

    def __init__(self) -> None:
        self._text: str | None = None
        self._ready = asyncio.Event()

    def put(self, text: str) -> None:
        """Replace whatever was waiting with ``text`` (loop thread only)."""
        self._text = text
        self._ready.set()

    async def take(self) -> str:
        """Wait for the next message and return it."""
        while self._text is None:
            self._ready.clear()
            await self._ready.wait()
        text, self._text = self._text, None
        return text


class ClientFanout:
    """Takes views from any thread and posts each one, encoded once, to every client's slot."""

    def __init__(self, loop: asyncio.AbstractEventLoop, encode: Callable[[BoardView], str]) -> None:
        self._loop = loop
        self._encode = encode
        self._lock = threading.Lock()
        self._pending: BoardView | None = None
        self._scheduled = False
        self._slots: set[ClientSlot] = set()
        self.published = 0

    def offer(self, view: BoardView) -> None:
        """The BoardView listener: cheap and never blocks; bursts collapse into the newest view."""
        if not self._slots:
            return  # nobody to wake the server for: a viewer who comes reads the board's view
        with self._lock:
            self._pending = view
            if self._scheduled:
                return
            self._scheduled = True
        # A closed loop means the server is gone: nobody left to tell.
        with contextlib.suppress(RuntimeError):
            self._loop.call_soon_threadsafe(self._publish)

    def add(self, slot: ClientSlot) -> None:
        self._slots.add(slot)

    def discard(self, slot: ClientSlot) -> None:
        self._slots.discard(slot)

    @property
    def client_count(self) -> int:
        return len(self._slots)

    def _publish(self) -> None:
        with self._lock:
            view, self._pending = self._pending, None
            self._scheduled = False
        if view is None:
            return
        text = self._encode(view)
        self.published += 1
        for slot in self._slots:
            slot.put(text)

    def __repr__(self) -> str:
        return f"ClientFanout(clients={len(self._slots)}, published={self.published})"
