"""A whole simulated touch panel for a layout: bus, chips, mux and IRQ wire, touched by cell."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from hal.interfaces import Cell
from hal.sim.i2c_bus import SimI2C
from hal.sim.irq_line import DrivenPin, WiredOrLine
from hal.sim.mpr121_chip import SimMpr121
from hal.sim.tca9548a import SimTca9548a
from hal.touch.settings import DirectLayout, MatrixLayout, Pad


class SimTouchPanel:
    """Fingers on cells become capacitance on the electrodes under them; ``step`` samples.

    ``line`` joins every chip's IRQ output (the reference wiring); ``channel_lines`` join the
    chips of one mux channel each, for boards with an IRQ wire per channel.
    """

    def __init__(
        self,
        bus: SimI2C,
        chips: list[SimMpr121],
        pads_of: Mapping[Cell, tuple[Pad, ...]],
        mux: SimTca9548a | None = None,
        channels: Sequence[int] = (),
    ) -> None:
        self.bus = bus
        self.chips = chips
        self.mux = mux
        self.line = WiredOrLine()
        self.channel_lines: dict[int, WiredOrLine] = {}
        self._pads_of = pads_of
        self._fingers: set[Cell] = set()
        for chip in chips:
            self.line.connect(chip)
        for chip, channel in zip(chips, channels, strict=bool(channels)):
            self.channel_lines.setdefault(channel, WiredOrLine()).connect(chip)

    @classmethod
    def matrix(
        cls, layout: MatrixLayout | None = None, *, noise_counts: int = 0, seed: int = 0
    ) -> SimTouchPanel:
        """Chips on the main bus; a cell lies over its row and its column electrode."""
        layout = layout or MatrixLayout()
        bus, chips = SimI2C(), _chips(len(layout.chips), noise_counts, seed)
        for spec, chip in zip(layout.chips, chips, strict=True):
            bus.attach(spec.address, chip)
        pads_of = {
            (c, r): (row, column)
            for r, row in enumerate(layout.rows)
            for c, column in enumerate(layout.columns)
        }
        return cls(bus, chips, pads_of)

    @classmethod
    def direct(
        cls, layout: DirectLayout | None = None, *, noise_counts: int = 0, seed: int = 0
    ) -> SimTouchPanel:
        """Chips behind a TCA9548A; a cell lies over its own electrode."""
        layout = layout or DirectLayout()
        bus, chips = SimI2C(), _chips(len(layout.chips), noise_counts, seed)
        mux = SimTca9548a()
        bus.attach(layout.mux_address, mux)
        channels = [spec.channel or 0 for spec in layout.chips]
        for spec, channel, chip in zip(layout.chips, channels, chips, strict=True):
            mux.attach(channel, spec.address, chip)
        pads_of = {cell: (pad,) for cell, pad in layout.cells}
        return cls(bus, chips, pads_of, mux, channels)

    def attach_pin(self, pin: DrivenPin) -> None:
        """Wire the shared IRQ line to a GPIO input (e.g. a gpiozero ``MockPin``)."""
        self.line.attach_pin(pin)

    def attach_irq_pins(
        self,
        pin: Callable[[int], DrivenPin],
        *,
        shared: int | None,
        per_channel: Sequence[tuple[int, int]] = (),
    ) -> None:
        """Wire GPIO inputs as the board does: one per channel if given, else the shared one.

        ``pin`` makes the input for a GPIO number (e.g. a gpiozero ``MockFactory.pin``).
        """
        for channel, gpio in per_channel:
            self.channel_lines[channel].attach_pin(pin(gpio))
        if shared is not None and not per_channel:
            self.attach_pin(pin(shared))

    def touch(self, *cells: Cell) -> None:
        self._fingers.update(cells)
        self._apply()

    def release(self, *cells: Cell) -> None:
        self._fingers.difference_update(cells)
        self._apply()

    def release_all(self) -> None:
        self._fingers.clear()
        self._apply()

    def step(self, periods: int = 1) -> None:
        """Let ``periods`` sample periods pass on every chip, interleaved."""
        for _ in range(periods):
            for chip in self.chips:
                chip.sample()

    def tap(self, cell: Cell, *, hold: int = 5, after: int = 5) -> None:
        """Touch ``cell`` for ``hold`` periods, then let go for ``after`` periods."""
        self.touch(cell)
        self.step(hold)
        self.release(cell)
        self.step(after)

    @property
    def fingers(self) -> frozenset[Cell]:
        return frozenset(self._fingers)

    def _apply(self) -> None:
        pressed = {pad for cell in self._fingers for pad in self._pads_of[cell]}
        for index, chip in enumerate(self.chips):
            for electrode in range(12):
                if Pad(index, electrode) in pressed:
                    chip.touch(electrode)
                else:
                    chip.release(electrode)


def _chips(count: int, noise_counts: int, seed: int) -> list[SimMpr121]:
    return [SimMpr121(noise_counts=noise_counts, seed=seed + i) for i in range(count)]
