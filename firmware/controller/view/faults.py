"""Devices that fail while the board plays: the log lines, LED retries and the fault pattern."""

from __future__ import annotations

import logging
import math

from firmware.controller.core.saving import Saving
from hal.interfaces import RGB, Cell, FaultEvent, Frame

log = logging.getLogger("cullsboard.faults")

FAULT_COLOUR: RGB = (255, 110, 0)  # amber: not a game colour and not the red of a refused tap
FAULT_BLINK_S = 1.0  # on for this long, off for this long
# A dim violet, steady: the empty edge while the broker is out of reach. Not amber (a failed touch
# chip blinks amber), not a piece colour; the status LEDs keep showing whose turn it is.
LINK_DOWN_COLOUR: RGB = (50, 0, 90)
# Games not being saved: the four corner cells flash amber this long, once every period.
UNSAVED_FLASH_S = 0.25
UNSAVED_EVERY_S = 2.0
LED_RETRY_FIRST_S = 0.1
LED_RETRY_MAX_S = 5.0


class DeviceHealth:
    """Which devices are failing; an LED chain's retries back off; failing touch chips blink;
    the corners flash while games are not being saved (``saving``: the board's writers')."""

    def __init__(self, saving: Saving | None = None) -> None:
        self.saving = Saving() if saving is None else saving
        self.touch_faults: dict[str, str] = {}  # device -> what went wrong
        self.led_failures = 0
        self._led_retry_at: float | None = None

    # -- touch chips ------------------------------------------------------------------------

    def on_fault(self, event: FaultEvent) -> None:
        """A device reported failing or recovering: one clear log line for each change."""
        if event.recovered:
            if self.touch_faults.pop(event.device, None) is not None:
                log.warning("%s works again: %s", event.device, event.message)
            return
        if event.device not in self.touch_faults:
            log.error(
                "%s failed: %s; the rest of the board plays on and it is retried",
                event.device,
                event.message,
            )
        self.touch_faults[event.device] = event.message

    def overlay(self, frame: Frame, now: float) -> Frame:
        """``frame`` with the fault pattern while a touch chip is down (status LEDs, or corners),
        else with the corners' short flash while games are not being saved."""
        if self.touch_faults:
            if math.floor(now / FAULT_BLINK_S) % 2:
                return frame
            if frame.status:
                return Frame(frame.cells, (FAULT_COLOUR,) * len(frame.status))
            return _corners(frame, FAULT_COLOUR)
        if self.saving.failing and now % UNSAVED_EVERY_S < UNSAVED_FLASH_S:
            return _corners(frame, FAULT_COLOUR)
        return frame

    def next_blink(self, now: float) -> float | None:
        """When the fault pattern next changes, while a touch chip is down or games unsaved."""
        if self.touch_faults:
            return (math.floor(now / FAULT_BLINK_S) + 1) * FAULT_BLINK_S
        if self.saving.failing:
            period = math.floor(now / UNSAVED_EVERY_S) * UNSAVED_EVERY_S
            flash_ends = period + UNSAVED_FLASH_S
            return flash_ends if now < flash_ends else period + UNSAVED_EVERY_S
        return None

    @property
    def led_retry_at(self) -> float | None:
        """When a failed LED chain is tried again, if it is failing."""
        return self._led_retry_at

    # -- the LED chain ----------------------------------------------------------------------

    def led_retry_due(self, now: float) -> bool:
        """False while a failed LED chain waits for its next try."""
        return self._led_retry_at is None or now >= self._led_retry_at

    def leds_failed(self, error: OSError, now: float) -> None:
        """A send failed: log the first failure, and try again later, backing off."""
        if self.led_failures == 0:
            log.error("the LEDs could not be updated (%s); play goes on, retrying", error)
        self.led_failures += 1
        wait = min(LED_RETRY_FIRST_S * 2 ** (self.led_failures - 1), LED_RETRY_MAX_S)
        self._led_retry_at = now + wait

    def leds_sent(self) -> None:
        """A send worked: if the chain had been failing, say it is back."""
        if self.led_failures:
            log.warning("the LEDs work again after %d failed sends", self.led_failures)
        self.led_failures = 0
        self._led_retry_at = None

    def __repr__(self) -> str:
        return f"<DeviceHealth touch_faults={sorted(self.touch_faults)} leds={self.led_failures}>"


def _corners(frame: Frame, colour: RGB) -> Frame:
    """``frame`` with its four corner cells in ``colour``."""
    rows = len(frame.cells)
    columns = len(frame.cells[0]) if rows else 0
    corners: set[Cell] = {(0, 0), (columns - 1, 0), (0, rows - 1), (columns - 1, rows - 1)}
    cells = tuple(
        tuple(colour if (x, y) in corners else shown for x, shown in enumerate(row))
        for y, row in enumerate(frame.cells)
    )
    return Frame(cells, frame.status)


def link_down_overlay(frame: Frame) -> Frame:
    """``frame`` with its dark edge cells dim violet: the link is down (status LEDs untouched)."""
    rows = len(frame.cells)
    columns = len(frame.cells[0]) if rows else 0

    def edge(x: int, y: int) -> bool:
        return x in (0, columns - 1) or y in (0, rows - 1)

    cells = tuple(
        tuple(
            LINK_DOWN_COLOUR if edge(x, y) and colour == (0, 0, 0) else colour
            for x, colour in enumerate(row)
        )
        for y, row in enumerate(frame.cells)
    )
    return Frame(cells, frame.status)
