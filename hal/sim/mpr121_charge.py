"""The MPR121 simulator's arithmetic outside the chip's state: one run's settings, the baseline
after a reconfiguration, ADC counts for a charge, the charge current auto-configuration picks,
and the register pointer's auto-increment."""

from __future__ import annotations

from dataclasses import dataclass

from hal.sim.mpr121_electrode import RunRules, adc_counts
from hal.sim.mpr121_registers import BASELINE, ELECTRODES, FILTERS, TOUCH_STATUS


@dataclass(frozen=True, slots=True)
class RunSettings:
    enabled: int
    charges: list[tuple[int, float]]
    rules: list[RunRules]  # per electrode
    rules_loading: list[RunRules]  # the same on the first sample, which loads the baseline
    noise_scale: float
    reconfigure: bool
    upper: int
    lower: int


def clamped(counts: int) -> int:
    return 0 if counts < 0 else 1023 if counts > 1023 else counts


def counts_at(pf: float, current: int, code: int) -> int:
    return adc_counts(pf, current, 0.5 * 2 ** (code - 1))


def nearest_current(pf: float, code: int, target: int) -> int:
    """The charge current (1..63) whose reading at charge time ``code`` is nearest ``target``
    (a binary search: the reading grows with the current)."""
    low, high = 1, 63
    while low < high:
        middle = (low + high) // 2
        if counts_at(pf, middle, code) < target:
            low = middle + 1
        else:
            high = middle
    below = max(1, low - 1)
    return min((below, low), key=lambda current: abs(counts_at(pf, current, code) - target))


def next_register(pointer: int) -> int:
    """The auto-increment rule: data registers wrap to 0x00, configuration ones to 0x2B."""
    if pointer == BASELINE + ELECTRODES:
        return TOUCH_STATUS
    if pointer == 0x7F:
        return FILTERS
    return (pointer + 1) & 0xFF
