"""One MPR121 through the Adafruit driver: configure, read touch status, verify, with retries."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from hal.errors import HardwareError
from hal.touch.settings import ChipSpec, Debounce, Pad, PadThresholds, RetryPolicy, TouchSettings
from hal.touch.tuning import AutoConfig, BaselineFilter, Charge

T = TypeVar("T")

ELECTRODES = 12
OVER_CURRENT = 0x8000
FILTERED_DATA = 0x04
BASELINE = 0x1E
FILTERS = 0x2B
TOUCH_THRESHOLD = 0x41
DEBOUNCE = 0x5B
ECR = 0x5E
CDC_ELECTRODE = 0x5F  # 0x5F..0x6A: charge current per electrode, 0 = the global one
CDT_ELECTRODE = 0x6C  # 0x6C..0x71: charge time per electrode pair, 0 = the global one
AUTO_CONFIG = 0x7B  # 0x7B..0x7F
RUN_WITH_BASELINE_LOAD = 0x80  # ECR CL=10: load the baseline from the first reading


class ChipUnavailableError(HardwareError):
    """A chip did not answer after every retry."""


class GarbledReadError(HardwareError):
    """A read that arrived but cannot be true (bus noise); retried like a bus error."""


@dataclass(frozen=True, slots=True)
class ChipHealth:
    """What diagnostics show for one chip."""

    name: str
    address: int
    channel: int | None
    ok: bool
    resets_seen: int
    errors: int
    last_error: str


class Mpr121Chip:
    """An MPR121 at ``spec`` on ``bus`` (a ``busio.I2C`` or a mux channel), tuned by settings."""

    def __init__(
        self,
        spec: ChipSpec,
        bus: Any,
        *,
        thresholds: Sequence[PadThresholds],
        debounce: Debounce,
        electrodes_used: int,
        retry: RetryPolicy,
        sleep: Callable[[float], None],
        charge: Charge | None = None,
        charges: Sequence[Charge | None] = (None,) * ELECTRODES,
        baseline_filter: BaselineFilter | None = None,
        auto_config: AutoConfig | None = None,
    ) -> None:
        charge = charge or Charge()
        baseline_filter = baseline_filter or BaselineFilter()
        auto_config = auto_config or AutoConfig()
        if len(thresholds) != ELECTRODES:
            raise ValueError(f"{spec.name}: need 12 threshold pairs, got {len(thresholds)}")
        self.spec = spec
        self._bus = bus
        self._thresholds = tuple(thresholds)
        self._debounce = debounce
        self._ecr = RUN_WITH_BASELINE_LOAD | max(1, min(ELECTRODES, electrodes_used))
        self._filter = baseline_filter.registers()
        self._config = bytes(
            [debounce.register, baseline_filter.config1(charge), baseline_filter.config2(charge)]
        )
        self._own_charge = _electrode_charges(charges)
        self._auto = auto_config.registers(baseline_filter.first_code)
        self._retry = retry
        self._sleep = sleep
        from adafruit_bus_device.i2c_device import I2CDevice  # the board extras; not at import

        self._device = I2CDevice(bus, spec.address, probe=False)
        self._driver: Any = None
        self.ok = False
        self.touched = 0  # the last status read without error, 12 bits
        self.retry_at = 0.0
        self.early_retry_used = False  # one retry before ``retry_at`` when the IRQ line is stuck
        self.resets_seen = 0
        self.errors = 0
        self.last_error = ""
        self.suspect = False  # an error was seen since the configuration was last checked

    @property
    def name(self) -> str:
        return self.spec.name

    def start(self) -> None:
        """Reset and configure the chip, then read the configuration back; retried."""
        self._retrying(self._configure, init=True)
        self.ok = True
        self.suspect = False

    def read_status(self) -> int:
        """The touch status word (bit 15 is the over-current flag); retried, and so is a word
        with bits no enabled electrode owns (a garbled read), so garbage never becomes a touch."""
        return self._retrying(self._checked_status)

    def configured(self) -> bool:
        """False if the chip lost its configuration (a reset or brown-out); retried.

        Registers 0x5B..0x5E must hold what was written: a reset brings back the power-on
        values, and the ECR (0 after a reset) never matches a running chip's.
        """
        values = self._retrying(lambda: self._read(DEBOUNCE, 4))
        self.suspect = False
        return self._settings_match(values)

    def charges(self) -> list[tuple[int, float]]:
        """(charge current uA, charge time us) each electrode measures with; retried. With
        auto-configuration these are what the chip found."""
        config = self._retrying(lambda: self._read(DEBOUNCE, ECR - DEBOUNCE))
        own = self._retrying(lambda: self._read(CDC_ELECTRODE, CDT_ELECTRODE + 6 - CDC_ELECTRODE))
        result = []
        for electrode in range(ELECTRODES):
            current = own[electrode] & 0x3F or config[1] & 0x3F
            code = own[CDT_ELECTRODE - CDC_ELECTRODE + electrode // 2] >> 4 * (electrode % 2)
            code = code & 0x07 or config[2] >> 5
            result.append((current, 0.5 * 2 ** (code - 1) if code else 0.0))
        return result

    def readings(self) -> list[tuple[int, int]]:
        """(filtered, baseline) per electrode, both in 10-bit counts; retried."""
        data = self._retrying(lambda: self._read(FILTERED_DATA, 2 * ELECTRODES))
        base = self._retrying(lambda: self._read(BASELINE, ELECTRODES))
        return [(data[2 * i] | data[2 * i + 1] << 8, base[i] << 2) for i in range(ELECTRODES)]

    def levels(self) -> list[float]:
        """Per electrode: baseline minus filtered, in units of its touch threshold; retried.

        The baseline register holds the top 8 of 10 bits: a strength can read up to 3 counts
        low, never high, so a pad that reads past its threshold here is past it on the chip.
        """
        return [
            (baseline - filtered) / thresholds.touch
            for (filtered, baseline), thresholds in zip(
                self.readings(), self._thresholds, strict=True
            )
        ]

    def health(self) -> ChipHealth:
        return ChipHealth(
            self.name,
            self.spec.address,
            self.spec.channel,
            self.ok,
            self.resets_seen,
            self.errors,
            self.last_error,
        )

    def __repr__(self) -> str:
        state = "ok" if self.ok else "dead"
        return f"<Mpr121Chip {self.name} {state} touched=0x{self.touched:03X} errors={self.errors}>"

    # --- internals ----------------------------------------------------------------------------
    def _configure(self) -> None:
        import adafruit_mpr121

        self._driver = adafruit_mpr121.MPR121(self._bus, self.spec.address)
        for electrode, values in enumerate(self._thresholds):
            channel = self._driver[electrode]
            channel.threshold = values.touch
            channel.release_threshold = values.release
        # Registers take writes only in stop mode; auto-configuration runs as the chip starts.
        with self._device:
            self._device.write(bytes([ECR, 0x00]))
            self._device.write(bytes([FILTERS, *self._filter]))
            self._device.write(bytes([DEBOUNCE, *self._config]))
            self._device.write(bytes([CDC_ELECTRODE, *self._own_charge]))
            self._device.write(bytes([AUTO_CONFIG, *self._auto]))
            self._device.write(bytes([ECR, self._ecr]))
        expected = bytes(v for t in self._thresholds for v in (t.touch, t.release))
        found = self._read(TOUCH_THRESHOLD, ECR - TOUCH_THRESHOLD + 1)
        filters = self._read(FILTERS, len(self._filter))
        auto = self._read(AUTO_CONFIG, len(self._auto))
        if (
            found[: 2 * ELECTRODES] != expected
            or not self._settings_match(found[-4:])
            or filters != self._filter
            or auto != self._auto
        ):
            raise RuntimeError("configuration did not read back as written")

    def _checked_status(self) -> int:
        status = int(self._driver.touched())
        valid = (1 << (self._ecr & 0x0F)) - 1 | OVER_CURRENT
        if status & ~valid:
            raise GarbledReadError(f"{self.name}: touch status 0x{status:04X} is not possible")
        return status

    def _settings_match(self, values: bytearray) -> bool:
        """Registers 0x5B..0x5E: debounce, CDC and CDT config, ECR, as written."""
        return bytes(values[:3]) == self._config and values[3] == self._ecr

    def _read(self, register: int, length: int) -> bytearray:
        buffer = bytearray(length)
        with self._device:
            self._device.write_then_readinto(bytes([register]), buffer)
        return buffer

    def _retrying(self, action: Callable[[], T], *, init: bool = False) -> T:
        # The driver turns a missing chip into ValueError and a bad reset into RuntimeError.
        failures: tuple[type[Exception], ...] = (
            (OSError, ValueError, RuntimeError) if init else (OSError,)
        )
        delays = self._retry.delays()
        for attempt in range(self._retry.attempts):
            try:
                return action()
            except failures as error:
                self.errors += 1
                self.suspect = True
                self.last_error = str(error) or type(error).__name__
                if attempt == len(delays):
                    raise ChipUnavailableError(
                        f"{self.name}: no good answer after {self._retry.attempts} tries "
                        f"({self.last_error})"
                    ) from error
                self._sleep(delays[attempt])
        raise AssertionError("unreachable")


def tuned_chips(
    specs: Sequence[ChipSpec],
    bus_for: Callable[[ChipSpec], Any],
    used: Sequence[Pad],
    settings: TouchSettings,
    sleep: Callable[[float], None],
) -> list[Mpr121Chip]:
    """One chip per spec on ``bus_for(spec)``, scanning only up to its last ``used`` electrode."""
    return [
        Mpr121Chip(
            spec,
            bus_for(spec),
            thresholds=[settings.thresholds_for(Pad(i, e)) for e in range(ELECTRODES)],
            debounce=settings.debounce,
            electrodes_used=1 + max((p.electrode for p in used if p.chip == i), default=0),
            retry=settings.retry,
            sleep=sleep,
            charge=settings.charge,
            charges=[settings.charge_for(Pad(i, e)) for e in range(ELECTRODES)],
            baseline_filter=settings.baseline_filter,
            auto_config=settings.auto_config,
        )
        for i, spec in enumerate(specs)
    ]


def _electrode_charges(charges: Sequence[Charge | None]) -> bytes:
    """Registers 0x5F..0x6A (current per electrode) and 0x6B (the proximity electrode's, left
    0), then 0x6C..0x71 (time per electrode pair); 0 everywhere means the global value."""
    if len(charges) != ELECTRODES:
        raise ValueError(f"need 12 charges (None for the global one), got {len(charges)}")
    currents = [0 if c is None else c.current_ua for c in charges]
    codes = [0 if c is None else c.time_code for c in charges]
    times = [codes[i] | codes[i + 1] << 4 for i in range(0, ELECTRODES, 2)]
    return bytes([*currents, 0, *times])
