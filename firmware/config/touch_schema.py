"""The ``touch`` section of the configuration: the pads' backend and MPR121 settings, the chips'
matrix or direct wiring, the bus retries, the baseline filter, each electrode's own settings and
the simulated board. ``firmware.config.schema`` holds the other sections and the whole ``Config``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from firmware.config import readers
from firmware.config.options import (
    GPIO_HIGH,
    GPIO_LOW,
    MPR121_HIGH,
    MPR121_LOW,
    gpio,
    option,
    rule,
)
from firmware.config.pads import CellPad, Electrode
from hal.interfaces import Cell

REFERENCE_CHANNELS: dict[int, tuple[int, ...]] = {
    **dict.fromkeys(range(4), (0x5A, 0x5B, 0x5C, 0x5D)),
    4: (0x5A, 0x5B, 0x5C),
}


@dataclass(frozen=True, slots=True)
class MatrixConfig:
    """Matrix layout: one electrode per row and per column, on up to four chips."""

    chips: tuple[int, ...] = option(
        (0x5A, 0x5B, 0x5C), low=MPR121_LOW, high=MPR121_HIGH, hex=True, doc="chip addresses"
    )
    rows: dict[int, Electrode] = field(
        default_factory=dict,
        metadata=rule(reader=readers.read_row_map, doc="row -> [chip, electrode]; none = in order"),
    )
    columns: dict[int, Electrode] = field(
        default_factory=dict,
        metadata=rule(reader=readers.read_column_map, doc="column -> [chip, electrode]"),
    )


@dataclass(frozen=True, slots=True)
class DirectConfig:
    """Direct layout: one electrode per cell, chips behind a TCA9548A I2C mux."""

    mux_address: int = option(0x70, low=0x70, high=0x77, hex=True, doc="TCA9548A address")
    channels: dict[int, tuple[int, ...]] = field(
        default_factory=REFERENCE_CHANNELS.copy,
        metadata=rule(reader=readers.read_channels, doc="mux channel -> chip addresses"),
    )
    cells: dict[Cell, CellPad] = field(
        default_factory=dict,
        metadata=rule(reader=readers.read_cell_map, doc="cell -> [channel, chip, electrode]"),
    )
    irq_gpios: tuple[int, ...] = option(
        (), low=GPIO_LOW, high=GPIO_HIGH, doc="an IRQ wire per channel, in channel order"
    )


@dataclass(frozen=True, slots=True)
class RetryConfig:
    """What the touch driver does when the I2C bus fails: retries with doubling pauses."""

    attempts: int = option(4, low=1, high=10, doc="tries of one transfer before a chip is failed")
    first_delay_seconds: float = option(0.001, low=0, high=1, doc="pause after the first failure")
    max_delay_seconds: float = option(0.02, low=0, high=1, doc="the longest pause between tries")
    dead_retry_seconds: float = option(5.0, low=0.1, high=600, doc="a failed chip's rest")


@dataclass(frozen=True, slots=True)
class FilterStageConfig:
    """One set of MPR121 baseline filter registers (datasheet section 5.5)."""

    max_half_delta: int = option(1, low=0, high=63, doc="a change this small is taken at once")
    noise_half_delta: int = option(1, low=0, high=63, doc="the step for a larger change")
    noise_count_limit: int = option(0, low=0, high=255, doc="samples before that step")
    delay_limit: int = option(0, low=0, high=255, doc="samples between filter runs")


@dataclass(frozen=True, slots=True)
class RisingStageConfig(FilterStageConfig):
    """The filter for a reading above the baseline: the pad lost load (LEDs off, drift, a
    finger lifted), followed at once."""


@dataclass(frozen=True, slots=True)
class FallingStageConfig(FilterStageConfig):
    """The filter for a reading below the baseline, slow so a finger is not learned as rest."""

    noise_count_limit: int = option(3, low=0, high=255, doc="samples before that step")
    delay_limit: int = option(7, low=0, high=255, doc="samples between filter runs")


@dataclass(frozen=True, slots=True)
class TouchedStageConfig(FilterStageConfig):
    """The filter while touched: 0 holds the baseline still."""

    max_half_delta: int = option(0, low=0, high=63, doc="unused by the chip while touched")
    noise_half_delta: int = option(0, low=0, high=63, doc="the step while touched")


@dataclass(frozen=True, slots=True)
class FilterConfig:
    """How the MPR121 samples and tracks each pad's resting level (the baseline)."""

    first_samples: int = option(34, low=6, high=34, doc="first filter: 6, 10, 18 or 34")
    second_samples: int = option(6, low=4, high=18, doc="second filter: 4, 6, 10 or 18")
    period_ms: int = option(1, low=1, high=128, doc="sample interval: 1, 2, 4 .. 128 ms")
    rising: RisingStageConfig = field(default_factory=RisingStageConfig)
    falling: FallingStageConfig = field(default_factory=FallingStageConfig)
    touched: TouchedStageConfig = field(default_factory=TouchedStageConfig)


@dataclass(frozen=True, slots=True)
class PadConfig:
    """One electrode's own settings; null keeps the touch section's value."""

    touch_threshold: int | None = option(None, low=1, high=255)
    release_threshold: int | None = option(None, low=0, high=254)
    charge_current_ua: int | None = option(None, low=1, high=63, doc="needs auto_config off")
    charge_time_us: float | None = option(None, low=0.5, high=32, doc="needs auto_config off")


@dataclass(frozen=True, slots=True)
class SimConfig:
    """A realistic simulated board: pads differ, LEDs add noise, baselines drift, hands are
    big. Used by diag and calibrate with --mock-hal (or the mock backend)."""

    seed: int = option(1, low=0, high=2**31, doc="the same seed builds the same board")
    led_noise: float = option(1.0, low=0, high=10, doc="scale of the LED-induced noise")
    drift: float = option(1.0, low=0, high=10, doc="scale of the slow baseline drift")
    cover_mm: float = option(3.0, low=0.5, high=20, doc="the cover over the pads (acrylic)")
    cover_permittivity: float = option(2.6, low=1, high=10, doc="acrylic 2.6 to 3.5")
    hole_mm: float = option(6.0, low=0, high=20, doc="the light hole in each pad")
    piece_mm: float = option(3.0, low=0, high=20, doc="a game piece's thickness")
    piece_permittivity: float = option(2.0, low=1, high=10, doc="dry wood 1.4 to 2.9")
    piece_diameter_mm: float = option(20.0, low=5, high=33, doc="a game piece's diameter")


@dataclass(frozen=True, slots=True)
class TouchConfig:
    """The touch pads."""

    backend: Literal["mock", "mpr121"] = option("mock", doc="mock = the simulated board")
    layout: Literal["matrix", "direct"] = option("matrix", doc="see wiring.md")
    i2c_bus: int = option(1, low=0, high=22, doc="the Linux I2C bus number (/dev/i2c-N)")
    irq_gpio: int | None = gpio(4, "the wired-OR IRQ line; null = poll only or per channel")
    poll_seconds: float = option(1.0, low=0.005, high=60, doc="safety poll if an IRQ is missed")
    touch_threshold: int = option(10, low=1, high=255, doc="MPR121 touch threshold")
    release_threshold: int = option(7, low=1, high=255, doc="MPR121 release threshold")
    touch_debounce: int = option(1, low=0, high=7, doc="MPR121 samples before a touch counts")
    release_debounce: int = option(1, low=0, high=7, doc="MPR121 samples before a release")
    charge_current_ua: int = option(16, low=1, high=63, doc="MPR121 CDC, every electrode")
    charge_time_us: float = option(0.5, low=0.5, high=32, doc="MPR121 CDT: 0.5, 1, 2 .. 32")
    auto_config: bool = option(True, doc="the chip finds each electrode's charge itself")
    supply_voltage: float = option(3.3, low=1.71, high=3.6, doc="for the auto-config limits")
    filter: FilterConfig = field(default_factory=FilterConfig)
    pads: dict[str, PadConfig] = field(
        default_factory=dict,
        metadata=rule(reader=readers.read_pad_map, doc="'row 3', 'column c' or h8 -> settings"),
    )
    sim: SimConfig | None = field(
        default=None, metadata=rule(doc="a realistic simulated board; null = a clean one")
    )
    retry: RetryConfig = field(default_factory=RetryConfig)
    matrix: MatrixConfig = field(default_factory=MatrixConfig)
    direct: DirectConfig = field(default_factory=DirectConfig)
