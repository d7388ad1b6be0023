"""A register-level MPR121: what the Adafruit driver reads and writes, and how the chip decides.

Modelled: touch status with the over-current and out-of-range flags, filtered data, baseline,
the baseline filter registers, touch/release thresholds, debounce, the CDC/CDT configuration
(global and per electrode), the electrode configuration (ECR, stop and run mode),
auto-configuration and auto-reconfiguration (datasheet section 5.11), soft reset, register
auto-increment and the IRQ output. The first-level filter is modelled by how much it averages
noise away (by the square root of its FFI samples); the second-level filter is a running average
of SFI such readings taken at the sample interval ESI (``mpr121_electrode``), so it both lowers
the noise and delays a step by up to SFI samples.
Not modelled: proximity sensing and GPIO. Time passes only when ``sample()`` is called.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence

from hal.sim.mpr121_charge import (
    RunSettings,
    clamped,
    counts_at,
    nearest_current,
    next_register,
)
from hal.sim.mpr121_electrode import Electrode, FilterStep, RunRules, adc_counts
from hal.sim.mpr121_registers import (
    ADC_MAX,
    AUTO_CONFIG,
    AUTO_CONFIG_FAILED,
    AUTO_RECONFIG_FAILED,
    BASE_PF,
    BASELINE,
    CDC_CONFIG,
    CDC_ELECTRODE,
    CDT_CONFIG,
    CDT_ELECTRODE,
    DEBOUNCE,
    ECR,
    ELECTRODES,
    FILTERED_DATA,
    FILTERS,
    FINGER_PF,
    FIRST_FILTER_SAMPLES,
    GPIO_FIRST,
    GPIO_LAST,
    NORMAL_TABLE,
    OUT_OF_RANGE,
    OVER_CURRENT,
    POWER_ON,
    POWER_ON_SAMPLES,
    SECOND_FILTER_SAMPLES,
    SOFT_RESET,
    SOFT_RESET_KEY,
    SPREAD_LIMIT,
    TOUCH_STATUS,
    TOUCH_THRESHOLD,
)


class SimMpr121:
    """An MPR121 on the simulated bus; set pad capacitances, then ``sample()``."""

    def __init__(self, *, base_pf: float = BASE_PF, noise_counts: int = 0, seed: int = 0) -> None:
        self._registers = bytearray(256)
        self._pointer = 0
        self._electrodes = [Electrode(base_pf) for _ in range(ELECTRODES)]
        self._base_pf = base_pf
        self._noise_counts = noise_counts
        self._rng = random.Random(seed)
        self._load_baseline = False
        self._run: RunSettings | None = None
        self._irq = False
        self._irq_listeners: list[Callable[[], None]] = []
        self.powered = True
        self.samples = 0
        self.reset()

    # --- the physical side --------------------------------------------------------------------
    def touch(self, electrode: int, extra_pf: float = FINGER_PF) -> None:
        """Put a finger on ``electrode``."""
        self._electrodes[electrode].capacitance_pf = self._base_pf + extra_pf

    def release(self, electrode: int) -> None:
        """Take the finger off ``electrode``."""
        self._electrodes[electrode].capacitance_pf = self._base_pf

    def set_capacitance(self, electrode: int, pf: float) -> None:
        self._electrodes[electrode].capacitance_pf = pf

    def electrode(self, index: int) -> Electrode:
        """The measurement state of one electrode (its pad's capacitance and noise are set
        there directly by a realistic panel, hundreds of times a simulated second)."""
        return self._electrodes[index]

    def sample(self, periods: int = 1) -> None:
        """Let ``periods`` sample periods pass (nothing is measured in stop mode)."""
        while periods > 0 and self.powered and self.running:
            periods -= self._sample_block(periods)

    def reset(self) -> None:
        """Brown-out or soft reset: every register to its power-on value, stop mode, IRQ off."""
        self._registers[:] = bytes(256)
        for register, value in POWER_ON.items():
            self._registers[register] = value
        self._pointer = 0
        self._run = None
        for electrode in self._electrodes:
            electrode.restart()
            electrode.filtered = electrode.baseline = 0
        self._set_irq(False)

    def power_off(self) -> None:
        """Lose power: no answer on the bus, the open-drain IRQ lets go."""
        self.powered = False
        self._set_irq(False)

    def power_on(self) -> None:
        """Come back from a power loss with power-on defaults."""
        self.powered = True
        self.reset()

    def over_current(self) -> None:
        """The REXT pin sees too much current: the chip flags it and stops."""
        self._registers[ECR] &= 0xC0
        self._enter_stop()
        self._registers[FILTERED_DATA:FILTERS] = bytes(FILTERS - FILTERED_DATA)
        self._registers[TOUCH_STATUS + 1] |= OVER_CURRENT
        self._set_irq(True)

    # --- what the bus and tests see -----------------------------------------------------------
    @property
    def responding(self) -> bool:
        return self.powered

    @property
    def irq_asserted(self) -> bool:
        return self._irq

    def on_irq_change(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` whenever the IRQ output changes."""
        self._irq_listeners.append(listener)

    def register(self, address: int) -> int:
        """Peek at a register without touching the pointer or the IRQ."""
        return self._registers[address]

    @property
    def running(self) -> bool:
        return self._registers[ECR] & 0x3F != 0

    def i2c_write(self, data: bytes) -> None:
        if not data:
            return
        self._pointer = data[0]
        for value in data[1:]:
            self._write_register(self._pointer, value)
            self._pointer = next_register(self._pointer)

    def i2c_read(self, length: int) -> bytes:
        result = bytearray()
        for _ in range(length):
            if self._pointer in (TOUCH_STATUS, TOUCH_STATUS + 1):
                self._set_irq(False)
            result.append(self._registers[self._pointer])
            self._pointer = next_register(self._pointer)
        return bytes(result)

    def __repr__(self) -> str:
        mode = "run" if self.running else "stop"
        return f"<SimMpr121 {mode} status=0x{self._status():04X} irq={self._irq}>"

    # --- internals ----------------------------------------------------------------------------
    def _write_register(self, register: int, value: int) -> None:
        if register == SOFT_RESET:
            if value == SOFT_RESET_KEY:
                self.reset()
        elif register == TOUCH_STATUS + 1:
            if value & OVER_CURRENT:
                self._registers[register] &= ~OVER_CURRENT & 0xFF
        elif register < FILTERS:
            pass  # read-only data
        elif register == ECR:
            self._write_ecr(value)
        elif GPIO_FIRST <= register <= GPIO_LAST or not self.running:
            self._registers[register] = value
        # any other write in run mode is ignored, as on the chip

    def _write_ecr(self, value: int) -> None:
        if self._registers[TOUCH_STATUS + 1] & OVER_CURRENT:
            return
        was_running = self.running
        self._registers[ECR] = value
        self._run = None
        if self.running and not was_running:
            self._load_baseline = True
            for electrode in self._electrodes:
                electrode.restart()
            if self._registers[AUTO_CONFIG] & 0x01:
                self._auto_configure(range(self._enabled()), AUTO_CONFIG_FAILED)
        elif was_running and not self.running:
            self._enter_stop()

    def _enter_stop(self) -> None:
        for electrode in self._electrodes:
            electrode.restart()
        self._registers[TOUCH_STATUS] = 0
        self._registers[TOUCH_STATUS + 1] &= OVER_CURRENT

    def _enabled(self) -> int:
        count = self._registers[ECR] & 0x0F
        return min(count, ELECTRODES)

    def _sample_block(self, periods: int) -> int:
        """Up to ``periods`` samples with the pads as they are; the block ends early after a
        sample that changes a touch bit, so the IRQ and status read as they would on the
        chip. Returns the samples taken."""
        r = self._registers
        run = self._run or self._settle_run()
        enabled = self._electrodes[: run.enabled]
        levels = [adc_counts(e.capacitance_pf, *run.charges[i]) for i, e in enumerate(enabled)]
        if run.reconfigure:
            for index, level in enumerate(levels):
                if not run.lower <= level >> 2 <= run.upper:
                    self._auto_configure([index], AUTO_RECONFIG_FAILED)
                    run = self._settle_run()
                    levels[index] = adc_counts(enabled[index].capacitance_pf, *run.charges[index])
                    enabled[index].clear_filter()  # its readings belong to the old charge
                    enabled[index].reconfigured(levels[index], self._registers[AUTO_CONFIG])
        draws = memoryview(self._rng.randbytes(2 * periods * run.enabled)).cast("H")
        readings = [
            self._readings(
                index, levels[index], run, draws[index * periods : (index + 1) * periods]
            )
            for index in range(run.enabled)
        ]
        rules = run.rules_loading if self._load_baseline else run.rules
        before = self._status()
        saved = [electrode.snapshot() for electrode in enabled]
        limit, settled = periods, False
        while not settled:
            settled = True
            for index, electrode in enumerate(enabled):
                electrode.restore(saved[index])
                taken = electrode.run(readings[index][:limit], rules[index])
                if taken < limit:  # a touch bit flips earlier: every pad stops there
                    limit, settled = taken, False
                    break
        self._load_baseline = False
        self.samples += limit
        status = 0
        for index, electrode in enumerate(enabled):
            r[FILTERED_DATA + 2 * index] = electrode.filtered & 0xFF
            r[FILTERED_DATA + 2 * index + 1] = electrode.filtered >> 8
            r[BASELINE + index] = electrode.baseline >> 2
            status |= electrode.touched << index
        r[TOUCH_STATUS] = status & 0xFF
        r[TOUCH_STATUS + 1] = (r[TOUCH_STATUS + 1] & OVER_CURRENT) | status >> 8
        if self._status() != before:
            self._set_irq(True)
        return limit

    def _readings(
        self, index: int, level: int, run: RunSettings, draws: Sequence[int]
    ) -> list[int]:
        """One reading of an electrode per random draw (an index into ``NORMAL_TABLE``): its
        ``level``, plus noise taken as a straight line around that level (the noise is a small
        fraction of the pad's capacitance)."""
        count = len(draws)
        electrode = self._electrodes[index]
        pf = electrode.capacitance_pf
        spread = level / pf * electrode.noise_pf * run.noise_scale if pf > 0 else 0.0
        if not spread and not self._noise_counts:
            return [level] * count
        margin = SPREAD_LIMIT * spread
        if self._noise_counts or not margin < level < ADC_MAX - margin:
            gauss, uniform = self._rng.gauss, self._uniform_noise
            return [
                clamped(round(level - spread * gauss(0.0, 1.0)) + uniform()) for _ in range(count)
            ]
        table = NORMAL_TABLE
        return [level - round(spread * table[draw]) for draw in draws]

    def _uniform_noise(self) -> int:
        if not self._noise_counts:
            return 0
        return self._rng.randint(-self._noise_counts, self._noise_counts)

    def _settle_run(self) -> RunSettings:
        """What run mode reads from the registers, which cannot change until stop mode (or
        an auto-reconfiguration)."""
        r = self._registers
        debounce = r[DEBOUNCE]
        thresholds = [
            (r[TOUCH_THRESHOLD + 2 * i], r[TOUCH_THRESHOLD + 1 + 2 * i]) for i in range(ELECTRODES)
        ]
        filters = (
            FilterStep(r[0x2B], r[0x2C], r[0x2D], r[0x2E]),
            FilterStep(r[0x2F], r[0x30], r[0x31], r[0x32]),
            FilterStep(0, r[0x33], r[0x34], r[0x35]),
        )
        pair = (debounce & 0x07, debounce >> 4 & 0x07)
        tracking = r[ECR] >> 6
        second = SECOND_FILTER_SAMPLES[r[CDT_CONFIG] >> 3 & 0x03]
        self._run = RunSettings(
            enabled=self._enabled(),
            charges=[self._charge(i) for i in range(ELECTRODES)],
            rules=[RunRules(t, pair, filters, tracking, False, second) for t in thresholds],
            rules_loading=[RunRules(t, pair, filters, tracking, True, second) for t in thresholds],
            noise_scale=self._noise_scale(),
            reconfigure=r[AUTO_CONFIG] & 0x03 == 0x03,
            upper=r[AUTO_CONFIG + 2],
            lower=r[AUTO_CONFIG + 3],
        )
        return self._run

    def _charge(self, index: int) -> tuple[int, float]:
        current = self._registers[CDC_ELECTRODE + index] & 0x3F
        if current == 0:
            current = self._registers[CDC_CONFIG] & 0x3F
        code = self._registers[CDT_ELECTRODE + index // 2] >> (4 * (index % 2)) & 0x07
        if code == 0:
            code = self._registers[CDT_CONFIG] >> 5 & 0x07
        return current, 0.5 * 2 ** (code - 1) if code else 0.0

    def _noise_scale(self) -> float:
        """The spread of one first-level reading against a pad's ``noise_pf``, which is the
        spread of the data register at the power-on FFI 6 and SFI 4: the first filter averages
        FFI measurements, the second (run in ``Electrode.run``) SFI of its readings."""
        first = FIRST_FILTER_SAMPLES[self._registers[CDC_CONFIG] >> 6]
        return math.sqrt(POWER_ON_SAMPLES / first)

    def _measure(self, index: int, noise_scale: float = 1.0) -> int:
        current, charge_time = self._charge(index)
        electrode = self._electrodes[index]
        pf = electrode.capacitance_pf
        if electrode.noise_pf:
            pf += self._rng.gauss(0.0, electrode.noise_pf * noise_scale)
        return clamped(adc_counts(pf, current, charge_time) + self._uniform_noise())

    def _in_limits(self, counts: int) -> bool:
        upper, lower = self._registers[AUTO_CONFIG + 2], self._registers[AUTO_CONFIG + 3]
        return lower <= counts >> 2 <= upper

    def _auto_configure(self, electrodes: Iterable[int], failure_flag: int) -> None:
        """Find each electrode's charge current and time (when SCTS is 0; else the global
        time) whose reading comes nearest the target level; store them in its CDC and CDT
        registers, and flag the ones that stay outside the upper and lower limits."""
        r = self._registers
        target = r[AUTO_CONFIG + 4] << 2
        codes = [r[CDT_CONFIG] >> 5 & 0x07] if r[AUTO_CONFIG + 1] & 0x80 else range(1, 8)
        for index in electrodes:
            pf = self._electrodes[index].capacitance_pf
            best = min(
                ((nearest_current(pf, code, target), code) for code in codes),
                key=lambda found: abs(counts_at(pf, *found) - target),
            )
            r[CDC_ELECTRODE + index] = best[0]
            shift = 4 * (index % 2)
            pair = CDT_ELECTRODE + index // 2
            r[pair] = r[pair] & ~(0x07 << shift) & 0xFF | best[1] << shift
            bit_register, bit = OUT_OF_RANGE + index // 8, 1 << index % 8
            if self._in_limits(counts_at(pf, *best)):
                r[bit_register] &= ~bit & 0xFF
            else:
                r[bit_register] |= bit
                r[OUT_OF_RANGE + 1] |= failure_flag

    def _status(self) -> int:
        return self._registers[TOUCH_STATUS] | self._registers[TOUCH_STATUS + 1] << 8

    def _set_irq(self, asserted: bool) -> None:
        if asserted != self._irq:
            self._irq = asserted
            for listener in self._irq_listeners:
                listener()
