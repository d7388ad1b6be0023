"""One MPR121 through the Adafruit driver: configure, read touch status, verify, with retries."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from hal.touch.settings import ChipSpec, Debounce, Pad, PadThresholds, RetryPolicy, TouchSettings

T = TypeVar("T")

ELECTRODES = 12
OVER_CURRENT = 0x8000
FILTERED_DATA = 0x04
BASELINE = 0x1E
TOUCH_THRESHOLD = 0x41
DEBOUNCE = 0x5B
ECR = 0x5E
DRIVER_CDT_CONFIG = 0x20  # the driver's 0x5D value; the power-on value is 0x24
RUN_WITH_BASELINE_LOAD = 0x80  # ECR CL=10: load the baseline from the first reading


class ChipUnavailableError(Exception):
    """A chip did not answer after every retry."""


class GarbledReadError(OSError):
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
    ) -> None:
        if len(thresholds) != ELECTRODES:
            raise ValueError(f"{spec.name}: need 12 threshold pairs, got {len(thresholds)}")
        self.spec = spec
        self._bus = bus
        self._thresholds = tuple(thresholds)
        self._debounce = debounce
        self._ecr = RUN_WITH_BASELINE_LOAD | max(1, min(ELECTRODES, electrodes_used))
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
        """False if the chip lost its configuration (a reset or brown-out); retried."""
        values = self._retrying(lambda: self._read(DEBOUNCE, 4))
        self.suspect = False
        return self._settings_match(values)

    def readings(self) -> list[tuple[int, int]]:
        """(filtered, baseline) per electrode, both in 10-bit counts; retried."""
        data = self._retrying(lambda: self._read(FILTERED_DATA, 2 * ELECTRODES))
        base = self._retrying(lambda: self._read(BASELINE, ELECTRODES))
        return [(data[2 * i] | data[2 * i + 1] << 8, base[i] << 2) for i in range(ELECTRODES)]

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
        with self._device:
            self._device.write(bytes([ECR, 0x00]))
            self._device.write(bytes([DEBOUNCE, self._debounce.register]))
            self._device.write(bytes([ECR, self._ecr]))
        expected = [v for t in self._thresholds for v in (t.touch, t.release)]
        found = self._read(TOUCH_THRESHOLD, ECR - TOUCH_THRESHOLD + 1)
        if list(found[: 2 * ELECTRODES]) != expected or not self._settings_match(found[-4:]):
            raise RuntimeError("configuration did not read back as written")

    def _checked_status(self) -> int:
        status = int(self._driver.touched())
        valid = (1 << (self._ecr & 0x0F)) - 1 | OVER_CURRENT
        if status & ~valid:
            raise GarbledReadError(f"{self.name}: touch status 0x{status:04X} is not possible")
        return status

    def _settings_match(self, values: bytearray) -> bool:
        """Registers 0x5B..0x5E: debounce, CDC and CDT config, ECR (all reset to defaults)."""
        debounce, _, cdt, ecr = values
        return debounce == self._debounce.register and cdt == DRIVER_CDT_CONFIG and ecr == self._ecr

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
        )
        for i, spec in enumerate(specs)
    ]
