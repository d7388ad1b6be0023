"""One simulated MPR121 electrode: its reading, its baseline filter and its touch decision."""

from __future__ import annotations

import math
from dataclasses import dataclass

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

    def restart(self) -> None:
        """Forget the touch decision and filter counters (entering or leaving run mode)."""
        self.touched = False
        self._agree = 0
        self._noise_count = 0
        self._delay_count = 0
        self._direction = 0

    def load_baseline(self, mode: int) -> None:
        """Set the baseline on the first sample of run mode, as the ECR CL bits ask."""
        if mode == 0b10:
            self.baseline = self.filtered & 0x3E0
        elif mode == 0b11:
            self.baseline = self.filtered

    def detect(
        self,
        touch_threshold: int,
        release_threshold: int,
        touch_debounce: int,
        release_debounce: int,
    ) -> bool:
        """Update ``touched`` from this sample; return True if it changed."""
        delta = self.baseline - self.filtered
        if self.touched:
            disagrees = delta < release_threshold
            limit = release_debounce
        else:
            disagrees = delta > touch_threshold
            limit = touch_debounce
        self._agree = self._agree + 1 if disagrees else 0
        if self._agree > limit:
            self.touched = not self.touched
            self._agree = 0
            return True
        return False

    def track(self, rising: FilterStep, falling: FilterStep, touched: FilterStep) -> None:
        """Move the baseline toward the reading (a simplified MPR121 baseline filter).

        Every ``delay_count_limit + 1`` samples: a difference within twice the max half delta is
        taken over at once; a larger one moves the baseline by the noise half delta once it has
        lasted more than ``noise_count_limit`` filter runs in the same direction.
        """
        difference = self.filtered - self.baseline
        if difference == 0:
            self._noise_count = 0
            return
        step = touched if self.touched else rising if difference > 0 else falling
        direction = 1 if difference > 0 else -1
        self._delay_count += 1
        if self._delay_count <= step.delay_count_limit:
            return
        self._delay_count = 0
        if step.max_half_delta and abs(difference) <= 2 * step.max_half_delta:
            self.baseline = self.filtered  # small drift passes straight through
            self._noise_count = 0
            return
        if direction != self._direction:
            self._direction = direction
            self._noise_count = 0
        self._noise_count += 1
        if step.noise_half_delta and self._noise_count > step.noise_count_limit:
            self._noise_count = 0
            move = min(step.noise_half_delta, abs(difference))
            self.baseline += direction * move
