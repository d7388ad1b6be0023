"""The simulated board with the real touch code on the MPR121 simulator, clean or realistic."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from gpiozero.pins.mock import MockFactory

from firmware.config import Config
from firmware.config.touch_schema import SimConfig
from firmware.wiring.devices import build_board
from firmware.wiring.settings import direct_layout, matrix_layout, simulated
from hal.clock import FakeClock, MonotonicClock
from hal.interfaces import Board, Clock, Frame
from hal.mock import MockLeds
from hal.sim.panel import SimTouchPanel
from hal.sim.physics import direct_physics, matrix_physics
from hal.sim.stack import Stack


def sim_stack(sim: SimConfig) -> Stack:
    """The cover, pads and piece that ``touch.sim`` describes."""
    return Stack(
        cover_mm=sim.cover_mm,
        cover_permittivity=sim.cover_permittivity,
        hole_mm=sim.hole_mm,
        piece_mm=sim.piece_mm,
        piece_permittivity=sim.piece_permittivity,
        piece_diameter_mm=sim.piece_diameter_mm,
    )


def run_until(panel: SimTouchPanel, clock: FakeClock, offset: float, when: float) -> None:
    """Let the panel's chips sample and ``clock`` run on to ``when`` on the clock (``offset``:
    the panel's time less the clock's when they were joined)."""
    gap = when - clock.now()
    if gap <= 0:
        return
    periods = round((when + offset - panel.seconds) / panel.period_s())
    if periods > 0:
        panel.step(periods)
    clock.advance(gap)


def no_sleep(_: float) -> None:
    """The simulator needs no waiting between retries."""


@dataclass
class SimulatedRig:
    """The simulated board with real touch code on the MPR121 simulator: chips can be broken.

    With ``touch.sim`` in the config (or ``realistic``) the pads are those of a built board:
    see ``hal.sim.physics``.
    """

    config: Config
    panel: SimTouchPanel
    pin_factory: MockFactory

    @classmethod
    def for_config(cls, config: Config, *, realistic: SimConfig | None = None) -> SimulatedRig:
        config = simulated(config)
        touch = dataclasses.replace(config.touch, backend="mpr121")
        config = dataclasses.replace(config, touch=touch)
        factory = MockFactory()
        per_channel: tuple[tuple[int, int], ...] = ()
        sim = realistic or touch.sim
        if touch.layout == "matrix":
            matrix = matrix_layout(config)
            panel = SimTouchPanel.matrix(matrix)
            if sim is not None:
                physics = matrix_physics(
                    matrix,
                    seed=sim.seed,
                    led_noise=sim.led_noise,
                    drift=sim.drift,
                    stack=sim_stack(sim),
                )
                panel.make_realistic(physics)
        else:
            layout = direct_layout(config)
            panel, per_channel = SimTouchPanel.direct(layout), layout.irq_pins
            if sim is not None:
                physics = direct_physics(
                    layout,
                    seed=sim.seed,
                    led_noise=sim.led_noise,
                    drift=sim.drift,
                    stack=sim_stack(sim),
                )
                panel.make_realistic(physics)
        panel.attach_irq_pins(factory.pin, shared=touch.irq_gpio, per_channel=per_channel)
        return cls(config, panel, factory)

    def board(self, clock: Clock | None = None) -> Board:
        """The devices, with the touch chips on the simulated bus."""
        return build_board(
            self.config,
            clock or MonotonicClock(),
            bus=self.panel.bus,
            pin_factory=self.pin_factory,
            sleep=no_sleep,
        )

    def feel_leds(self, leds: MockLeds, frame: Frame) -> None:
        """Tell the panel how bright each cell's LED is after ``frame`` (what the pads feel)."""
        gamma, brightness = self.config.leds.gamma, self.config.leds.brightness
        scale = brightness * leds.scale
        level_of: dict[tuple[int, int, int], float] = {}
        levels: dict[tuple[int, int], float] = {}
        for row, colours in enumerate(frame.cells):
            for column, colour in enumerate(colours):
                level = level_of.get(colour)
                if level is None:
                    level = level_of[colour] = (max(colour) / 255) ** gamma * scale
                levels[(column, row)] = level
        self.panel.set_leds(levels)
