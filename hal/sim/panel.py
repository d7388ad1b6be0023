"""A whole simulated touch panel for a layout: bus, chips, mux and IRQ wire, touched by cell."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from hal.interfaces import Cell
from hal.sim.i2c_bus import SimI2C
from hal.sim.irq_line import DrivenPin, WiredOrLine
from hal.sim.mpr121_chip import SimMpr121
from hal.sim.mpr121_electrode import Electrode
from hal.sim.mpr121_registers import CDT_CONFIG
from hal.sim.physics import PALM_SHARE, PadPhysics, PanelPhysics
from hal.sim.tca9548a import SimTca9548a
from hal.touch.settings import DirectLayout, MatrixLayout, Pad
from hal.touch.tuning import PERIODS_MS

BLOCK_S = 0.5  # a realistic panel recomputes drift and LEDs at least this often


class SimTouchPanel:
    """Fingers on cells become capacitance on the electrodes under them; ``step`` samples.

    ``line`` joins every chip's IRQ output (the reference wiring); ``channel_lines`` join the
    chips of one mux channel each, for boards with an IRQ wire per channel.

    Without ``physics`` every pad is the same 8 pF and a finger adds 2 pF to the pads under
    its cell. With it (see ``hal.sim.physics``) pads differ, LEDs add noise, baselines drift,
    fingers couple into neighbours and palms cover cells; game pieces can rest on cells
    (``place``, ``lift``) and a finger taps on the piece or beside it; time then runs at the
    chips' configured sample interval (``seconds``).
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
        self._fingers: dict[Cell, float] = {}
        self._beside: set[Cell] = set()  # fingers on the bare cover beside the cell's piece
        self._pieces: set[Cell] = set()
        self._palm: frozenset[Cell] = frozenset()
        self._palm_strength = PALM_SHARE
        self._leds: dict[Cell, float] = {}
        self._pad_leds: list[float] = []  # per realistic electrode, in ``_electrodes`` order
        self._electrodes: list[tuple[PadPhysics, Electrode]] = []
        self._coupling: dict[Cell, list[tuple[int, float]]] = {}
        self._own: dict[Cell, list[int]] = {}  # the electrodes under each cell, by index
        self._led_cells: list[tuple[Cell, ...]] = []
        self._chip_of: list[int] = []  # per realistic electrode, its chip's index
        self._behind = [0] * len(chips)  # samples each chip still owes (``step_near``)
        self.physics: PanelPhysics | None = None
        self.seconds = 0.0
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

    def make_realistic(self, physics: PanelPhysics) -> None:
        """Give the pads the differences, noise and drift of a built board."""
        self.physics = physics
        pads = list(physics.pads)
        position = {pad: index for index, pad in enumerate(pads)}
        self._electrodes = [
            (physics.pads[pad], self.chips[pad.chip].electrode(pad.electrode)) for pad in pads
        ]
        self._coupling = {
            cell: [(position[pad], share) for pad, share in shares]
            for cell, shares in physics.coupling.items()
        }
        self._led_cells = [physics.led_cells[pad] for pad in pads]
        self._own = {cell: [position[pad] for pad in own] for cell, own in self._pads_of.items()}
        self._chip_of = [pad.chip for pad in pads]
        self._pad_leds = self._led_levels()
        self._apply()

    def touch(self, *cells: Cell, strength: float = 1.0, beside: bool = False) -> None:
        """Fingers on ``cells`` (on the piece where one rests, else on the bare cover; with
        ``beside`` next to it); ``strength`` scales how much each adds (a light touch < 1)."""
        self._fingers.update(dict.fromkeys(cells, strength))
        if beside:
            self._beside.update(cells)
        else:
            self._beside.difference_update(cells)
        self._apply()

    def release(self, *cells: Cell) -> None:
        for cell in cells:
            self._fingers.pop(cell, None)
            self._beside.discard(cell)
        self._apply()

    def release_all(self) -> None:
        self._fingers.clear()
        self._beside.clear()
        self._palm = frozenset()
        self._apply()

    def place(self, *cells: Cell) -> None:
        """Put a game piece on each of ``cells``; only a realistic panel feels it."""
        self._pieces.update(cells)
        self._apply()

    def lift(self, *cells: Cell) -> None:
        """Take the pieces off ``cells``."""
        self._pieces.difference_update(cells)
        self._apply()

    @property
    def pieces(self) -> frozenset[Cell]:
        return frozenset(self._pieces)

    def palm(self, *cells: Cell, strength: float = PALM_SHARE) -> None:
        """Rest a palm over ``cells`` (none: lift it); only a realistic panel feels it.
        ``strength``: a fingertip's share per cell (lower: a palm hovering above the wood)."""
        self._palm = frozenset(cells)
        self._palm_strength = strength
        self._apply()

    def set_leds(self, levels: Mapping[Cell, float]) -> None:
        """The brightness (0..1) of the LED under each cell; a realistic panel feels it."""
        self._leds = dict(levels)
        if self.physics is not None:
            self._pad_leds = self._led_levels()
            self._apply()

    def step(self, periods: int = 1) -> None:
        """Let ``periods`` sample periods pass on every chip.

        A clean panel interleaves the chips sample by sample. A realistic one runs them in
        blocks of at most ``BLOCK_S`` (each chip's block stops early at a touch change, so the
        sensor reads it as it would) and moves ``seconds`` on.
        """
        if self.physics is None:
            for _ in range(periods):
                for chip in self.chips:
                    chip.sample()
            return
        self.catch_up()
        self._run(periods, self.chips)

    def step_near(self, cell: Cell, periods: int = 1) -> None:
        """Like ``step``, but only the chips whose pads a finger on ``cell`` reaches sample now;
        the others, whose pads see nothing of it, take their samples at the next ``step`` (a
        realistic panel only: the benchmarks' per-sample stepping, several times faster)."""
        if self.physics is None:
            self.step(periods)
            return
        near = {index for index, _ in self._coupling[cell]} | set(self._beside_pad(cell))
        chips = {self._chip_of[index] for index in near}
        for index in range(len(self.chips)):
            if index not in chips:
                self._behind[index] += periods
        self._run(periods, [self.chips[index] for index in sorted(chips)])

    def catch_up(self) -> None:
        """Let the chips left behind by ``step_near`` take their samples."""
        for index, periods in enumerate(self._behind):
            if periods:
                self.chips[index].sample(periods)
                self._behind[index] = 0

    def _run(self, periods: int, chips: Sequence[SimMpr121]) -> None:
        period_s = self.period_s()
        block = max(1, round(BLOCK_S / period_s))
        while periods > 0:
            taken = min(block, periods)
            for chip in chips:
                chip.sample(taken)
            periods -= taken
            self.seconds += taken * period_s
            self._apply()

    def _beside_pad(self, cell: Cell) -> list[int]:
        """The pad a finger beside the piece on ``cell`` also reaches: the next one along."""
        return self._own.get((cell[0] + 1, cell[1]), [])[:1]

    def _led_levels(self) -> list[float]:
        """The mean LED level under each realistic electrode."""
        leds = self._leds
        return [
            sum(leds.get(cell, 0.0) for cell in cells) / len(cells) if cells else 0.0
            for cells in self._led_cells
        ]

    def run_for(self, seconds: float) -> None:
        """Let ``seconds`` of board time pass (at the chips' sample interval)."""
        self.step(max(1, round(seconds / self.period_s())))

    def period_s(self) -> float:
        """The chips' sample interval (register 0x5D, ESI), from the first chip."""
        return PERIODS_MS[self.chips[0].register(CDT_CONFIG) & 0x07] / 1000

    def tap(self, cell: Cell, *, hold: int = 8, after: int = 8, strength: float = 1.0) -> None:
        """Touch ``cell`` for ``hold`` periods, then let go for ``after`` periods."""
        self.touch(cell, strength=strength)
        self.step(hold)
        self.release(cell)
        self.step(after)

    @property
    def fingers(self) -> frozenset[Cell]:
        return frozenset(self._fingers)

    def _apply(self) -> None:
        if self.physics is not None:
            self._apply_physics(self.physics)
            return
        pressed = {pad for cell in self._fingers for pad in self._pads_of[cell]}
        for index, chip in enumerate(self.chips):
            for electrode in range(12):
                if Pad(index, electrode) in pressed:
                    chip.touch(electrode)
                else:
                    chip.release(electrode)

    def _apply_physics(self, physics: PanelPhysics) -> None:
        load = [0.0] * len(self._electrodes)
        extra = [0.0] * len(self._electrodes)
        hands = [*self._fingers.items(), *((cell, self._palm_strength) for cell in self._palm)]
        for cell, strength in hands:
            shares = self._coupling[cell]
            if cell in self._beside and cell in self._pieces:
                # off the pad's centre, partly over the next pad along the row
                for index, share in shares:
                    load[index] += share * strength * physics.beside_share
                for index in self._beside_pad(cell):
                    load[index] += physics.beside_neighbour * strength
                continue
            scale = physics.piece_share if cell in self._pieces else 1.0
            for index, share in shares:
                load[index] += share * strength * scale
        for cell in self._pieces:
            for index in self._own[cell]:  # its pad, or its row and its column strip
                extra[index] += physics.piece_pf
        seconds, leds = self.seconds, self._pad_leds
        for index, (pad_physics, electrode) in enumerate(self._electrodes):
            led = leds[index]
            electrode.capacitance_pf = pad_physics.capacitance(
                seconds, led, load[index], extra[index]
            )
            electrode.noise_pf = pad_physics.noise(led)


def _chips(count: int, noise_counts: int, seed: int) -> list[SimMpr121]:
    return [SimMpr121(noise_counts=noise_counts, seed=seed + i) for i in range(count)]
