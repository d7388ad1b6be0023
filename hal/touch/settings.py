"""Touch settings as small frozen values: thresholds, debounce, retries, and the two layouts.

Every check raises ``ValueError`` with one line that names the offending key or pad, so the
config loader can pass it on unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hal.interfaces import Cell
from hal.touch.tuning import AutoConfig, BaselineFilter, Charge

MPR121_ADDRESSES = (0x5A, 0x5B, 0x5C, 0x5D)
ELECTRODES_PER_CHIP = 12
MUX_ADDRESS = 0x70
MUX_CHANNELS = 8
GPIO_HIGH = 27  # the highest BCM number on the 40-pin header


@dataclass(frozen=True, slots=True)
class PadThresholds:
    """Touch and release thresholds in counts below the baseline (MPR121 registers 0x41..0x5A)."""

    touch: int = 10
    release: int = 7

    def __post_init__(self) -> None:
        if not 1 <= self.touch <= 255:
            raise ValueError(f"touch threshold {self.touch} is outside 1..255")
        if not 0 <= self.release < self.touch:
            raise ValueError(
                f"release threshold {self.release} must be 0 or more and below touch {self.touch}"
            )


@dataclass(frozen=True, slots=True)
class Debounce:
    """Extra consecutive samples the chip wants before it reports a touch or a release (0..7)."""

    touch: int = 1
    release: int = 1

    def __post_init__(self) -> None:
        for name, value in (("touch", self.touch), ("release", self.release)):
            if not 0 <= value <= 7:
                raise ValueError(f"debounce {name} {value} is outside 0..7")

    @property
    def register(self) -> int:
        """The value of register 0x5B."""
        return self.release << 4 | self.touch


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """How I2C errors are retried: ``attempts`` tries with doubling sleeps between them."""

    attempts: int = 4
    first_delay_s: float = 0.001
    max_delay_s: float = 0.02
    dead_retry_s: float = 5.0  # how long a dead chip is left alone before the next try

    def __post_init__(self) -> None:
        if self.attempts < 1:
            raise ValueError(f"retry attempts {self.attempts} must be at least 1")
        if self.first_delay_s < 0 or self.max_delay_s < self.first_delay_s:
            raise ValueError("retry delays must satisfy 0 <= first_delay_s <= max_delay_s")
        if self.dead_retry_s <= 0:
            raise ValueError(f"dead_retry_s {self.dead_retry_s} must be above 0")

    def delays(self) -> list[float]:
        """The sleeps between attempts, e.g. [0.001, 0.002, 0.004] for four attempts."""
        return [min(self.first_delay_s * 2**i, self.max_delay_s) for i in range(self.attempts - 1)]


@dataclass(frozen=True, slots=True)
class ChipSpec:
    """Where one MPR121 sits: its address, and its mux channel when behind a TCA9548A."""

    address: int
    channel: int | None = None

    def __post_init__(self) -> None:
        if self.address not in MPR121_ADDRESSES:
            raise ValueError(f"MPR121 address 0x{self.address:02X} is not one of 0x5A..0x5D")
        if self.channel is not None and not 0 <= self.channel < MUX_CHANNELS:
            raise ValueError(f"mux channel {self.channel} is outside 0..{MUX_CHANNELS - 1}")

    @property
    def name(self) -> str:
        where = f"@0x{self.address:02X}"
        return f"mpr121{where}" if self.channel is None else f"mpr121{where}/ch{self.channel}"


@dataclass(frozen=True, slots=True, order=True)
class Pad:
    """One electrode: the index of its chip in the layout's ``chips``, and its pin (0..11)."""

    chip: int
    electrode: int

    def __str__(self) -> str:
        return f"chip {self.chip} electrode {self.electrode}"


@dataclass(frozen=True, slots=True)
class TouchSettings:
    """Chip tuning and fault handling, shared by both layouts.

    ``pad_charges`` set an electrode's own charge current and time; the chip's
    auto-configuration would overwrite them, so they need ``auto_config.enabled`` False.
    """

    thresholds: PadThresholds = PadThresholds()
    pad_thresholds: tuple[tuple[Pad, PadThresholds], ...] = ()  # per-pad overrides
    debounce: Debounce = Debounce()
    charge: Charge = field(default_factory=Charge)
    pad_charges: tuple[tuple[Pad, Charge], ...] = ()
    baseline_filter: BaselineFilter = field(default_factory=BaselineFilter)
    auto_config: AutoConfig = field(default_factory=AutoConfig)
    retry: RetryPolicy = RetryPolicy()
    irq_pin: int | None = 4  # BCM number of the shared IRQ wire; None polls only
    safety_poll_s: float | None = 1.0  # how often the caller should call poll(); None: never

    def __post_init__(self) -> None:
        if self.safety_poll_s is not None and self.safety_poll_s <= 0:
            raise ValueError(f"safety_poll_s {self.safety_poll_s} must be above 0")
        if self.irq_pin is not None and not 0 <= self.irq_pin <= GPIO_HIGH:
            raise ValueError(f"irq_pin {self.irq_pin} is not a GPIO number 0..{GPIO_HIGH}")
        if self.pad_charges and self.auto_config.enabled:
            raise ValueError("a charge per electrode needs auto-configuration turned off")

    def thresholds_for(self, pad: Pad) -> PadThresholds:
        for overridden, values in self.pad_thresholds:
            if overridden == pad:
                return values
        return self.thresholds

    def charge_for(self, pad: Pad) -> Charge | None:
        """The electrode's own charge, or None where the global one (or auto-config) rules."""
        for overridden, values in self.pad_charges:
            if overridden == pad:
                return values
        return None


def _check_pads(what: str, chips: tuple[ChipSpec, ...], pads: list[tuple[str, Pad]]) -> None:
    seen: dict[Pad, str] = {}
    for label, pad in pads:
        if not 0 <= pad.chip < len(chips):
            raise ValueError(f"{what}: {label} uses chip {pad.chip}, but there are {len(chips)}")
        if not 0 <= pad.electrode < ELECTRODES_PER_CHIP:
            raise ValueError(f"{what}: {label} uses electrode {pad.electrode}, outside 0..11")
        if pad in seen:
            raise ValueError(f"{what}: {pad} is given to both {seen[pad]} and {label}")
        seen[pad] = label
    places = [(chip.channel, chip.address) for chip in chips]
    for index, place in enumerate(places):
        if place in places[:index]:
            raise ValueError(f"{what}: two chips at {chips[index].name}")


def _spread(count: int, first: int = 0) -> tuple[Pad, ...]:
    """``count`` pads filling chips in order, starting at overall electrode ``first``."""
    return tuple(
        Pad((first + i) // ELECTRODES_PER_CHIP, (first + i) % ELECTRODES_PER_CHIP)
        for i in range(count)
    )


@dataclass(frozen=True, slots=True)
class MatrixLayout:
    """Row and column electrodes: a touch is the crossing of the one active row and column."""

    chips: tuple[ChipSpec, ...] = (ChipSpec(0x5A), ChipSpec(0x5B), ChipSpec(0x5C))
    rows: tuple[Pad, ...] = field(default=_spread(15))
    columns: tuple[Pad, ...] = field(default=_spread(15, first=15))

    def __post_init__(self) -> None:
        if any(chip.channel is not None for chip in self.chips):
            raise ValueError("matrix layout: chips sit on the main bus, give them no channel")
        labelled = [(f"row {i}", pad) for i, pad in enumerate(self.rows)]
        labelled += [(f"column {i}", pad) for i, pad in enumerate(self.columns)]
        _check_pads("matrix layout", self.chips, labelled)


def _direct_chips(count: int) -> tuple[ChipSpec, ...]:
    per_channel = len(MPR121_ADDRESSES)
    return tuple(
        ChipSpec(MPR121_ADDRESSES[i % per_channel], channel=i // per_channel) for i in range(count)
    )


def _direct_cells(columns: int, rows: int, band: int = 3) -> tuple[tuple[Cell, Pad], ...]:
    """Twelve cells per chip in compact blocks (four columns of three rows): bands three rows
    tall from the bottom, column by column, turning back at each band's end (the config's
    ``block_order``, which a test keeps equal to this)."""
    order: list[Cell] = []
    for number, bottom in enumerate(range(0, rows, band)):
        band_rows = list(range(bottom, min(bottom + band, rows)))
        column_order = range(columns) if number % 2 == 0 else range(columns - 1, -1, -1)
        for step, column in enumerate(column_order):
            order += [(column, row) for row in (band_rows if step % 2 == 0 else band_rows[::-1])]
    pads = dict(zip(order, _spread(columns * rows), strict=True))
    return tuple(((c, r), pads[(c, r)]) for r in range(rows) for c in range(columns))


@dataclass(frozen=True, slots=True)
class DirectLayout:
    """One electrode per cell behind a TCA9548A; any cell-to-pad assignment.

    ``irq_pins`` gives each mux channel its own IRQ wire as ``(channel, GPIO)``: an edge then
    names the channel whose chips changed. Empty: every chip shares the settings' ``irq_pin``.
    """

    chips: tuple[ChipSpec, ...] = field(default=_direct_chips(19))
    cells: tuple[tuple[Cell, Pad], ...] = field(default=_direct_cells(15, 15))
    mux_address: int = MUX_ADDRESS
    irq_pins: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        if not 0x70 <= self.mux_address <= 0x77:
            raise ValueError(f"mux address 0x{self.mux_address:02X} is not one of 0x70..0x77")
        if any(chip.channel is None for chip in self.chips):
            raise ValueError("direct layout: every chip needs its mux channel")
        seen: set[Cell] = set()
        for cell, _ in self.cells:
            if cell in seen:
                raise ValueError(f"direct layout: cell {cell} is assigned twice")
            seen.add(cell)
        _check_pads("direct layout", self.chips, [(f"cell {c}", pad) for c, pad in self.cells])
        if self.irq_pins:
            _check_channel_pins(self.irq_pins, {chip.channel or 0 for chip in self.chips})

    def channel_chips(self, channel: int) -> tuple[int, ...]:
        """The indices in ``chips`` of the chips on mux ``channel``."""
        return tuple(i for i, chip in enumerate(self.chips) if chip.channel == channel)


def _check_channel_pins(pins: tuple[tuple[int, int], ...], used: set[int]) -> None:
    """One IRQ GPIO per channel that has chips, none shared, none for an empty channel."""
    owner: dict[int, int] = {}
    for channel, pin in pins:
        if channel not in used:
            raise ValueError(f"direct layout: IRQ pin for channel {channel}, which has no chips")
        if not 0 <= pin <= GPIO_HIGH:
            raise ValueError(f"direct layout: IRQ pin {pin} is not a GPIO number 0..{GPIO_HIGH}")
        if pin in owner.values():
            raise ValueError(f"direct layout: GPIO{pin} is the IRQ pin of two channels")
        if channel in owner:
            raise ValueError(f"direct layout: channel {channel} has two IRQ pins")
        owner[channel] = pin
    for channel in sorted(used - set(owner)):
        raise ValueError(f"direct layout: channel {channel} has chips but no IRQ pin")
