"""A builder's hand on the simulated board, for the one-cell proof: it does what each step asks.

It acts on the same realistic panel the finger-to-light bench drives (``SimTouchPanel``: the
piece in the stack, the finger on the piece or beside it), a reaction time after each
instruction, and lets board time pass when the proof waits (``pause``).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from firmware.wiring.simrig import SimulatedRig, run_until
from hal.clock import FakeClock
from hal.interfaces import Cell

REACTION_S = (0.3, 0.6)
TAP_HOLD_S = (0.08, 0.2)  # a tap's finger on the cell: the bench's taps too
TAP_GAP_S = (0.35, 0.6)  # from one tap's lift to the next one's landing
TAPS = 10


class ScriptedFinger:
    """Rest, put the piece down, tap on it, tap beside it, lift it: as ``ask`` is told."""

    def __init__(self, rig: SimulatedRig, clock: FakeClock, cell: Cell, *, seed: int) -> None:
        self._panel = rig.panel
        self._clock = clock
        self._cell = cell
        self._rng = random.Random(seed)
        self._plan: list[tuple[float, Callable[[], None]]] = []
        self._panel_offset = rig.panel.seconds - clock.now()

    def ask(self, step: str, text: str) -> None:
        """Plan what a builder does for ``step`` (``text`` is for a person: unread here)."""
        panel, cell = self._panel, self._cell
        at = self._clock.now() + self._rng.uniform(*REACTION_S)
        if step == "place":
            self._plan.append((at, lambda: panel.place(cell)))
        elif step == "lift":
            self._plan.append((at, lambda: panel.lift(cell)))
        elif step in ("on", "beside"):
            beside = step == "beside"
            for _ in range(TAPS):
                self._plan.append((at, lambda: panel.touch(cell, beside=beside)))
                at += self._rng.uniform(*TAP_HOLD_S)
                self._plan.append((at, lambda: panel.release(cell)))
                at += self._rng.uniform(*TAP_GAP_S)
        self._plan.sort(key=lambda planned: planned[0])

    def pause(self, seconds: float) -> None:
        """Let ``seconds`` of board time pass, doing what is planned on the way."""
        end = self._clock.now() + seconds
        while self._plan and self._plan[0][0] <= end:
            when, act = self._plan.pop(0)
            self._run_until(when)
            act()
        self._run_until(end)

    def _run_until(self, when: float) -> None:
        run_until(self._panel, self._clock, self._panel_offset, when)
