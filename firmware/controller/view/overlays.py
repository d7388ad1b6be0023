"""What lies over the board's picture: the kiosk's idle show, a touch chip's fault, a lost broker.

Each is a frame layer: it is given the picture composed from the mode on top (with the strip
over it) and the scoreboard, draws over them (the idle show in their place) and says when it
next changes by itself. The loop puts them on in order, the lowest first.
"""

from __future__ import annotations

from typing import Protocol

from firmware.controller.core.extras import IdleScreen, LinkStatus
from firmware.controller.modes.base import Phase
from firmware.controller.view.faults import DeviceHealth, link_down_overlay
from firmware.rules.api import JsonValue
from hal.interfaces import Frame


class FrameLayer(Protocol):
    """A layer over the composed picture and the scoreboard."""

    def over(self, frame: Frame, score: dict[str, JsonValue], now: float) -> Frame:
        """``frame`` with the layer on it (``score`` gets the layer's words)."""

    def next_change(self, now: float) -> float | None:
        """When the layer next looks different by itself, if it does."""


class IdleShow:
    """The kiosk's idle show: while it shows, its animation and words instead of the board's."""

    def __init__(self, screen: IdleScreen) -> None:
        self._screen = screen

    @property
    def covers(self) -> bool:
        """True while the show hides the board (nothing under it need be composed)."""
        return self._screen.showing

    def over(self, frame: Frame, score: dict[str, JsonValue], now: float) -> Frame:
        if not self._screen.showing:
            return frame
        score.update(phase=Phase.ATTRACT.value, attract=True, message=self._screen.message)
        rows = len(frame.cells)
        columns = len(frame.cells[0]) if rows else 0
        return self._screen.frame(now, columns, rows, len(frame.status))

    def next_change(self, now: float) -> None:
        return None  # the show's frames are the loop's idle timer


class FaultPattern:
    """A touch chip that is down: the status LEDs (or the corners) blink the fault colour."""

    def __init__(self, health: DeviceHealth) -> None:
        self._health = health

    def over(self, frame: Frame, score: dict[str, JsonValue], now: float) -> Frame:
        return self._health.overlay(frame, now)

    def next_change(self, now: float) -> float | None:
        return self._health.next_blink(now)


class LinkDown:
    """A broker configured but out of reach: the dark edge cells glow dim violet."""

    def __init__(self, link: LinkStatus) -> None:
        self._link = link

    def over(self, frame: Frame, score: dict[str, JsonValue], now: float) -> Frame:
        return link_down_overlay(frame) if self._link.down else frame

    def next_change(self, now: float) -> None:
        return None  # the link's state changes come as redraws
