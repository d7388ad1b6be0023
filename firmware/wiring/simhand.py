"""A simulated hand for calibration on the simulator: it taps whatever single cell is lit."""

from __future__ import annotations

import random

from firmware.wiring.simrig import SimulatedRig, run_until
from hal.clock import FakeClock
from hal.interfaces import Cell, Frame
from hal.mock import MockLeds

REACTION_S = (0.4, 0.7)
HOLD_S = (0.7, 0.9)
STRENGTH = (0.9, 1.1)


class SimHand:
    """Watches the frames calibration shows (``see``) and lets board time pass (``pause``):
    a cell lit on its own is touched after a reaction time, held, then let go."""

    def __init__(self, rig: SimulatedRig, leds: MockLeds, clock: FakeClock, *, seed: int) -> None:
        self._rig = rig
        self._leds = leds
        self._clock = clock
        self._rng = random.Random(seed)
        # (when, the cell to touch or None to let go, how firmly)
        self._plan: list[tuple[float, Cell | None, float]] = []
        self._panel_offset = rig.panel.seconds - clock.now()
        self.taps = 0

    def see(self, frame: Frame) -> None:
        self._rig.feel_leds(self._leds, frame)
        lit = [
            (column, row)
            for row, colours in enumerate(frame.cells)
            for column, colour in enumerate(colours)
            if any(colour)
        ]
        self._plan = [step for step in self._plan if step[1] is None]  # let go as planned
        if len(lit) == 1:
            now = self._clock.now()
            down = now + self._rng.uniform(*REACTION_S)
            strength = self._rng.uniform(*STRENGTH)
            self._plan += [(down, lit[0], strength), (down + self._rng.uniform(*HOLD_S), None, 0)]
            self._plan.sort(key=lambda step: step[0])

    def pause(self, seconds: float) -> None:
        end = self._clock.now() + seconds
        while self._plan and self._plan[0][0] <= end:
            when, cell, strength = self._plan.pop(0)
            self._run_until(when)
            if cell is None:
                self._rig.panel.release_all()
            else:
                self._rig.panel.touch(cell, strength=strength)
                self.taps += 1
        self._run_until(end)

    def _run_until(self, when: float) -> None:
        run_until(self._rig.panel, self._clock, self._panel_offset, when)
