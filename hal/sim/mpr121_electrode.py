"""One simulated MPR121 electrode: its reading, its second-level filter, its baseline filter and
its touch decision.

The second-level filter (datasheet section "Three levels of filtering": SFI samples taken at the
electrode sample interval ESI, register 0x5D) is modelled as a running average of the last SFI
first-level readings, so a step in capacitance reaches the data register over SFI samples: up to
SFI x ESI, as the datasheet's response time says, before the debounce adds its samples.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

ADC_MAX = 1023
SUPPLY_V = 3.3
HEADROOM_V = 0.7  # the charge source stays linear up to Vdd - 0.7 V (datasheet section 5.11)


def adc_counts(capacitance_pf: float, current_ua: int, charge_time_us: float) -> int:
    """The 10-bit reading for a pad: the voltage a charge of I*T leaves on C, against the supply
    (datasheet equation 4). Above Vdd - 0.7 V the current source runs out of headroom: the
    voltage creeps toward the supply instead of rising in step with the charge."""
    if current_ua <= 0 or charge_time_us <= 0:
        return 0
    if capacitance_pf <= 0:
        return ADC_MAX
    volts = current_ua * charge_time_us / capacitance_pf  # uA * us = pC, pC / pF = V
    knee = SUPPLY_V - HEADROOM_V
    if volts > knee:
        volts = knee + HEADROOM_V * (1 - math.exp((knee - volts) / HEADROOM_V))
    return max(0, min(ADC_MAX, round(volts / SUPPLY_V * 1024)))


@dataclass(frozen=True, slots=True)
class FilterStep:
    """One set of baseline-filter registers (rising, falling or touched)."""

    max_half_delta: int  # 0 where the set has none (the touched filter)
    noise_half_delta: int
    noise_count_limit: int
    delay_count_limit: int


@dataclass(slots=True)
class Electrode:
    """Measurement state of one pad; the chip feeds it a reading per sample."""

    capacitance_pf: float
    noise_pf: float = 0.0  # the spread of one reading, before the chip's filters
    filtered: int = 0
    baseline: int = 0  # kept at 10 bits; the register shows the high 8
    touched: bool = False
    _agree: int = 0  # consecutive samples that disagree with ``touched``
    _noise_count: int = 0
    _delay_count: int = 0
    _direction: int = 0
    _window: list[int] = field(default_factory=list)  # the last SFI first-level readings
    _slot: int = 0

    def reconfigured(self, level: int, control: int) -> None:
        """After a reconfiguration the old baseline belongs to the old charge: set it as the BVA
        bits (register 0x7B bits 3:2) say, like the ECR CL bits at the start of run mode."""
        mode = control >> 2 & 0b11
        if mode == 0b10:
            self.baseline = level & 0x3E0
        elif mode == 0b11:
            self.baseline = level
        elif mode == 0b01:
            self.baseline = 0

    def restart(self) -> None:
        """Forget the touch decision and filter counters (entering or leaving run mode)."""
        self.clear_filter()
        self.touched = False
        self._agree = 0
        self._noise_count = 0
        self._delay_count = 0
        self._direction = 0

    def clear_filter(self) -> None:
        """Empty the second-level filter (its readings were taken with another charge)."""
        self._window = []
        self._slot = 0

    def snapshot(self) -> Snapshot:
        return (
            self.filtered,
            self.baseline,
            self.touched,
            self._agree,
            self._noise_count,
            self._delay_count,
            self._direction,
            tuple(self._window),
            self._slot,
        )

    def restore(self, state: Snapshot) -> None:
        (
            self.filtered,
            self.baseline,
            self.touched,
            self._agree,
            self._noise_count,
            self._delay_count,
            self._direction,
            window,
            self._slot,
        ) = state
        self._window = list(window)

    def run(self, readings: Sequence[int], rules: RunRules) -> int:
        """Take the first-level ``readings`` in turn; stop after the one that flips ``touched``.

        Each sample: the reading into the second-level filter (the data is the mean of the last
        SFI readings; fewer just after run mode starts), the baseline load on the first sample
        of run mode (ECR CL bits), the touch decision with debounce, then the baseline filter
        (a simplified MPR121
        filter: every ``delay_count_limit + 1`` samples a difference within twice the max half
        delta is taken over at once; a larger one moves the baseline by the noise half delta
        once it has lasted more than ``noise_count_limit`` filter runs in one direction).
        Returns how many samples were taken.
        """
        touch_t, release_t = rules.thresholds
        touch_db, release_db = rules.debounce
        rising, falling, held = rules.filters
        track = rules.tracking != 0b01
        load = rules.load_baseline
        # the state in locals: this loop runs for every pad on every sample
        filtered, baseline, touched = self.filtered, self.baseline, self.touched
        agree, noise_count = self._agree, self._noise_count
        delay_count, direction = self._delay_count, self._direction
        window, slot, size_of = self._window, self._slot, rules.second_samples
        total = sum(window)
        taken = 0
        for reading in readings:
            taken += 1
            if len(window) < size_of:
                window.append(reading)
                total += reading
            else:
                total += reading - window[slot]
                window[slot] = reading
                slot = slot + 1 if slot + 1 < size_of else 0
            filtered = (total + len(window) // 2) // len(window)
            if load:
                load = False
                if rules.tracking == 0b10:
                    baseline = filtered & 0x3E0
                elif rules.tracking == 0b11:
                    baseline = filtered
            delta = baseline - filtered
            if touched:
                agree = agree + 1 if delta < release_t else 0
                flipped = agree > release_db
            else:
                agree = agree + 1 if delta > touch_t else 0
                flipped = agree > touch_db
            if flipped:
                touched = not touched
                agree = 0
            if track:
                if delta == 0:
                    noise_count = 0
                else:
                    step = held if touched else rising if delta < 0 else falling
                    delay_count += 1
                    if delay_count > step.delay_count_limit:
                        delay_count = 0
                        size = -delta if delta < 0 else delta
                        if step.max_half_delta and size <= 2 * step.max_half_delta:
                            baseline = filtered  # small drift passes straight through
                            noise_count = 0
                        else:
                            way = 1 if delta < 0 else -1
                            if way != direction:
                                direction, noise_count = way, 0
                            noise_count += 1
                            if step.noise_half_delta and noise_count > step.noise_count_limit:
                                noise_count = 0
                                baseline += way * min(step.noise_half_delta, size)
            if flipped:
                break
        self.filtered, self.baseline, self.touched = filtered, baseline, touched
        self._agree, self._noise_count = agree, noise_count
        self._delay_count, self._direction = delay_count, direction
        self._slot = slot
        return taken


@dataclass(frozen=True, slots=True)
class RunRules:
    """What the chip's registers say about sampling, fixed for as long as run mode lasts."""

    thresholds: tuple[int, int]
    debounce: tuple[int, int]
    filters: tuple[FilterStep, FilterStep, FilterStep]
    tracking: int
    load_baseline: bool
    second_samples: int = 1  # SFI: the second-level filter's running average


Snapshot = tuple[int, int, bool, int, int, int, int, tuple[int, ...], int]
