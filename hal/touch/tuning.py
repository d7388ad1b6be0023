"""MPR121 analog front end settings: charge current and time, the baseline filter, auto-config.

Register layouts follow the MPR121 datasheet (Freescale/NXP, Rev. 4, sections 5.5 to 5.11);
the auto-configuration limits follow its equations 1 to 3 (section 5.11):
USL = (Vdd - 0.7) / Vdd x 256, TL = 0.9 x USL, LSL = 0.65 x USL.
"""

from __future__ import annotations

from dataclasses import dataclass

CHARGE_TIMES_US = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0)  # CDT codes 1..7
FIRST_FILTER_SAMPLES = (6, 10, 18, 34)  # FFI codes 0..3 (register 0x5C bits 7:6)
SECOND_FILTER_SAMPLES = (4, 6, 10, 18)  # SFI codes 0..3 (register 0x5D bits 4:3)
PERIODS_MS = (1, 2, 4, 8, 16, 32, 64, 128)  # ESI codes 0..7 (register 0x5D bits 2:0)
SUPPLY_V_LOW, SUPPLY_V_HIGH = 1.71, 3.6  # the MPR121's operating range
HEADROOM_V = 0.7  # the charge source is linear from 0.7 V to Vdd - 0.7 V
BASELINE_FROM_FIRST_READING = 0b10  # ECR CL and auto-config BVA: the 5 high bits of the data


def _within(name: str, value: float, low: float, high: float) -> None:
    if not low <= value <= high:
        raise ValueError(f"{name} {value:g} is outside {low:g}..{high:g}")


@dataclass(frozen=True, slots=True)
class Charge:
    """Charge current (CDC, 1..63 uA) and time (CDT, 0.5..32 us) of an electrode measurement."""

    current_ua: int = 16
    time_us: float = 0.5

    def __post_init__(self) -> None:
        _within("charge current (uA)", self.current_ua, 1, 63)
        if self.time_us not in CHARGE_TIMES_US:
            times = ", ".join(f"{t:g}" for t in CHARGE_TIMES_US)
            raise ValueError(f"charge time {self.time_us:g} us is not one of {times}")

    @property
    def time_code(self) -> int:
        return CHARGE_TIMES_US.index(self.time_us) + 1

    @property
    def picocoulombs(self) -> float:
        return self.current_ua * self.time_us


@dataclass(frozen=True, slots=True)
class FilterStage:
    """One set of baseline filter registers: max half delta, noise half delta, noise count
    limit, filter delay count limit (the touched set has no max half delta)."""

    max_half_delta: int
    noise_half_delta: int
    noise_count_limit: int
    delay_limit: int

    def __post_init__(self) -> None:
        _within("max half delta", self.max_half_delta, 0, 63)
        _within("noise half delta", self.noise_half_delta, 0, 63)
        _within("noise count limit", self.noise_count_limit, 0, 255)
        _within("filter delay limit", self.delay_limit, 0, 255)


@dataclass(frozen=True, slots=True)
class BaselineFilter:
    """The baseline tracking filter (registers 0x2B..0x35) and the sampling filters.

    A reading above the baseline (datasheet section 5.5: "rising") means the pad lost load:
    the LEDs went dark, a finger lifted, drift; the baseline follows it at once. A reading below
    it ("falling") is what a finger looks like, so the baseline follows slowly (one count per 32
    samples, half a second: faster than drift, far slower than a touch). The Adafruit driver's
    values do the opposite (a falling step of 5 every other sample), which learns a finger
    that takes a few samples to cross the threshold as rest. The first and second
    filter and the period are the chip's power-on FFI (6 samples), SFI (4) and ESI (16 ms,
    where the driver sets 1 ms: the response time is about SFI x ESI = 64 ms, quick enough
    for a board game, and the simulator can then run minutes of board time in seconds).
    """

    rising: FilterStage = FilterStage(1, 1, 0, 0)
    falling: FilterStage = FilterStage(1, 1, 3, 7)
    touched: FilterStage = FilterStage(0, 0, 0, 0)
    first_samples: int = 34
    second_samples: int = 6
    period_ms: int = 1

    def __post_init__(self) -> None:
        for name, value, allowed in (
            ("first filter samples", self.first_samples, FIRST_FILTER_SAMPLES),
            ("second filter samples", self.second_samples, SECOND_FILTER_SAMPLES),
            ("sample period (ms)", self.period_ms, PERIODS_MS),
        ):
            if value not in allowed:
                raise ValueError(f"{name} {value} is not one of {', '.join(map(str, allowed))}")

    def registers(self) -> bytes:
        """Registers 0x2B..0x35 in order."""
        r, f, t = self.rising, self.falling, self.touched
        return bytes(
            [
                *(r.max_half_delta, r.noise_half_delta, r.noise_count_limit, r.delay_limit),
                *(f.max_half_delta, f.noise_half_delta, f.noise_count_limit, f.delay_limit),
                *(t.noise_half_delta, t.noise_count_limit, t.delay_limit),
            ]
        )

    @property
    def first_code(self) -> int:
        return FIRST_FILTER_SAMPLES.index(self.first_samples)

    def config1(self, charge: Charge) -> int:
        """Register 0x5C: FFI in bits 7:6, the global charge current in bits 5:0."""
        return self.first_code << 6 | charge.current_ua

    def config2(self, charge: Charge) -> int:
        """Register 0x5D: the global charge time in bits 7:5, SFI in 4:3, ESI in 2:0."""
        second = SECOND_FILTER_SAMPLES.index(self.second_samples)
        return charge.time_code << 5 | second << 3 | PERIODS_MS.index(self.period_ms)


@dataclass(frozen=True, slots=True)
class AutoConfig:
    """MPR121 auto-configuration (registers 0x7B..0x7F): the chip finds each electrode's charge
    current and time when it enters run mode, and again when a reading leaves the limits."""

    enabled: bool = True
    supply_v: float = 3.3
    reconfigure: bool = True

    def __post_init__(self) -> None:
        _within("supply voltage", self.supply_v, SUPPLY_V_LOW, SUPPLY_V_HIGH)

    def limits(self) -> tuple[int, int, int]:
        """(USL, LSL, TL) for registers 0x7D, 0x7E, 0x7F: at 3.3 V (201, 131, 181)."""
        upper = (self.supply_v - HEADROOM_V) / self.supply_v * 256
        return int(upper), int(upper * 0.65), int(upper * 0.9)

    def registers(self, first_filter_code: int) -> bytes:
        """Registers 0x7B..0x7F; all zero (auto-config off) unless ``enabled``.

        0x7B: AFES (must equal FFI) in bits 7:6, RETRY 5:4 (none), BVA 3:2 (as the ECR CL bits),
        ARE bit 1, ACE bit 0. 0x7C: SCTS and the interrupt enables, all 0 (search both the
        charge current and time, no auto-config interrupts).
        """
        if not self.enabled:
            return bytes(5)
        control = first_filter_code << 6 | BASELINE_FROM_FIRST_READING << 2 | 1
        if self.reconfigure:
            control |= 0b10
        return bytes([control, 0, *self.limits()])
