"""A long run on the simulated board: LEDs animating, random taps, every touch event judged.

It measures what calibration is for: touches that nobody made (phantoms) and taps the board
did not answer (misses), over minutes of board time simulated in seconds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from firmware.config import Config
from firmware.wiring.simrig import SimulatedRig
from hal.clock import FakeClock
from hal.interfaces import Cell, Frame, HalEvent, TouchEvent, TouchKind
from hal.mock import MockLeds
from hal.sim.physics import PALM_SHARE

FRAME_S = 0.4  # the LED animation's frame time
WHITE, DARK = (255, 255, 255), (0, 0, 0)
PALETTE = [(r, g, b) for r in (0, 96, 255) for g in (0, 160, 255) for b in (0, 64, 255)]
GRACE_S = 0.3  # a DOWN this soon after the finger lifts still answers the tap


@dataclass
class SoakResult:
    """What happened: taps made, taps answered with their cell, and everything else."""

    taps: int = 0
    caught: int = 0
    phantoms: list[TouchEvent] = field(default_factory=list)  # a cell nobody touched
    ambiguous: int = 0
    seconds: float = 0.0

    @property
    def missed(self) -> int:
        return self.taps - self.caught


class Soak:
    """The board of ``config`` (its ``touch.sim`` makes it realistic) under a random hand."""

    def __init__(self, config: Config, *, seed: int) -> None:
        self.config = config
        self.rig = SimulatedRig.for_config(config)
        self.clock = FakeClock()
        self.board = self.rig.board(self.clock)
        assert isinstance(self.board.leds, MockLeds)
        self._leds: MockLeds = self.board.leds
        self._rng = random.Random(seed)
        self._events: list[HalEvent] = []
        self._cells = [
            (c, r) for r in range(config.board.rows) for c in range(config.board.columns)
        ]
        self.board.touch.start(self._events.append)
        self.advance(2.0)  # the chips settle before anything is judged

    def touches(self) -> list[TouchEvent]:
        """The touch events since ``forget_events``."""
        return [event for event in self._events if isinstance(event, TouchEvent)]

    def forget_events(self) -> None:
        self._events.clear()

    def run(self, *, minutes: float, taps: int) -> SoakResult:
        result = SoakResult()
        total = minutes * 60
        slot = total / max(1, taps)
        for index in range(taps):
            start = index * slot
            self._animate_until(start + self._rng.uniform(0.2, slot * 0.4))
            cell = self._rng.choice(self._cells)
            self._events.clear()
            self.rig.panel.touch(cell, strength=self._rng.uniform(0.85, 1.15))
            self._animate_for(self._rng.uniform(0.25, 0.5))
            self.rig.panel.release(cell)
            self._animate_for(GRACE_S)
            self._judge(result, cell)
            result.taps += 1
        self._events.clear()
        self._animate_until(total)
        self._judge(result, None)
        result.seconds = self.rig.panel.seconds
        self.board.close()
        return result

    def _judge(self, result: SoakResult, cell: Cell | None) -> None:
        answered = False
        for event in self._events:
            if not isinstance(event, TouchEvent):
                continue
            if event.kind is TouchKind.AMBIGUOUS:
                result.ambiguous += 1
            elif event.kind is TouchKind.DOWN:
                if event.cell == cell and not answered:
                    answered = True
                else:
                    result.phantoms.append(event)
        result.caught += answered
        self._events.clear()

    def _animate_until(self, when: float) -> None:
        self._animate_for(when - self.clock.now())

    def _animate_for(self, seconds: float) -> None:
        end = self.clock.now() + seconds
        while self.clock.now() < end:
            self._show_random_frame()
            self.advance(min(FRAME_S, end - self.clock.now()))

    def _show_random_frame(self) -> None:
        """All white, all dark, or a picture of random colours at random levels."""
        roll = self._rng.random()
        columns, rows = self._leds.columns, self._leds.rows
        if roll < 0.2:
            colours = [WHITE] * (columns * rows)
        elif roll < 0.3:
            colours = [DARK] * (columns * rows)
        else:
            colours = self._rng.choices(PALETTE, k=columns * rows)
        cells = tuple(tuple(colours[r * columns : (r + 1) * columns]) for r in range(rows))
        frame = Frame(cells, (DARK,) * self._leds.status_count)
        self._leds.show(frame)
        self.rig.feel_leds(self._leds, frame)

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` of board time pass (the LEDs as they are)."""
        if seconds <= 0:
            return
        panel = self.rig.panel
        panel.step(max(1, round(seconds / panel.period_s())))
        self.clock.advance(seconds)

    def tap_beside_palm(
        self, palm: tuple[Cell, ...], finger: Cell, strength: float = PALM_SHARE
    ) -> str:
        """A palm rests over ``palm`` (``strength``: a fingertip's share per cell) while a finger
        taps ``finger``: ``cell``, ``ambiguous``, ``nothing`` or ``wrong`` for what the board said.
        """
        panel = self.rig.panel
        panel.palm(*palm, strength=strength)
        self.advance(1.0)  # the palm rests; whatever it caused is not the finger's
        self.forget_events()
        panel.touch(finger)
        self.advance(0.4)
        panel.release(finger)
        self.advance(0.3)
        touches = self.touches()
        panel.palm()
        self.advance(1.0)
        downs = {e.cell for e in touches if e.kind is TouchKind.DOWN}
        if downs - {finger}:
            return "wrong"
        if finger in downs:
            return "cell"
        if any(e.kind is TouchKind.AMBIGUOUS for e in touches):
            return "ambiguous"
        return "nothing"
