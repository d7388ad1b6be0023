"""The game clock on the LEDs: the side to act's status lights (or, without them, the turn edge)
show its time running low: a slow blink in the last tenth of its time, a fast one in its last
ten seconds, from the very instant each begins."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from firmware.controller.modes.base import Layer, Phase
from firmware.render import palette as p
from firmware.render.cells import edge_ring
from firmware.render.stack import Light, LightStack

if TYPE_CHECKING:
    from firmware.controller.modes.context import ModeContext

LOW_PART = 0.1  # the last tenth of the side's time (of a turn, with a per-turn limit)
LAST_MS = 10_000  # the last ten seconds
LOW_BLINK_S = 1.2
LAST_BLINK_S = 0.3
CLOCK_LIGHTS = p.HIGHLIGHT - 1  # over the turn colour, under hints, errors and the strip


class ClockLights(Layer):
    """Lies over every mode; lights only while a timed round is played and its time runs."""

    def __init__(
        self, running: Callable[[], tuple[str, float] | None], full_ms: Callable[[], int]
    ) -> None:
        """``running``: the side whose clock runs and the instant it flags (None: none runs);
        ``full_ms``: a side's starting time (a turn's, with a per-turn limit)."""
        self._running = running
        self._full_ms = full_ms

    def lights(self, ctx: ModeContext, stack: LightStack, now: float) -> None:
        running = self._running()
        if running is None or ctx.top.phase != Phase.PLAYING:
            return
        side, flag = running
        colour = p.piece(side)
        low = max(LAST_MS, int(self._full_ms() * LOW_PART))
        slow = Light(CLOCK_LIGHTS, p.Blink(colour, p.OFF, LOW_BLINK_S), flag - low / 1000)
        fast = Light(
            CLOCK_LIGHTS + 1, p.Blink(colour, p.ERROR, LAST_BLINK_S), flag - LAST_MS / 1000
        )
        for light in (slow, fast):
            if stack.status_count:
                stack.add_status(range(stack.status_count), light)
            else:
                stack.add(edge_ring(stack.columns, stack.rows), light)
