"""Pad health for ``diag``: readings outside the good range, pads that look open, weak touches.

The MPR121 charge source is linear from 0.7 V to Vdd - 0.7 V (datasheet section 5.11): about
217..807 counts at 3.3 V, so a resting reading is healthy between about 200 and 800. With the
charge current and time each electrode measures with, its reading gives its capacitance
(datasheet equation 4: C = I x T / V, V = counts x Vdd / 1024), which shows an open pad even
when auto-configuration has brought its reading into range.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from firmware.config import Config
from firmware.config.tuning import effective_thresholds
from hal.touch import PadReading

GOOD_LOW, GOOD_HIGH = 200, 800
RAIL_LOW, RAIL_HIGH = 10, 1013  # a reading at either rail: an open or shorted electrode
OPEN_SHARE = 0.3  # a pad with under this share of the median capacitance has lost its pad
WEAK_TOUCHES = 1.5  # a finger should move a pad this many thresholds (calibrate aims at 2.5)


@dataclass(frozen=True, slots=True)
class PadState:
    """One electrode in use, at rest."""

    chip: str
    electrode: int
    name: str  # ``row 3``, ``column c`` or ``cell h8``
    filtered: int
    baseline: int
    charge_ua: int | None
    charge_us: float | None
    capacitance_pf: float | None

    def as_json(self) -> dict[str, object]:
        return {
            "chip": self.chip,
            "electrode": self.electrode,
            "pad": self.name,
            "filtered": self.filtered,
            "baseline": self.baseline,
            "charge_ua": self.charge_ua,
            "charge_us": self.charge_us,
            "capacitance_pf": None
            if self.capacitance_pf is None
            else round(self.capacitance_pf, 2),
        }


def pad_states(
    config: Config,
    readings: Sequence[PadReading],
    charges: Mapping[str, Sequence[tuple[int, float]]],
    names: Mapping[tuple[str, int], str],
) -> list[PadState]:
    supply = config.touch.supply_voltage
    states = []
    for r in readings:
        name = names.get((r.chip, r.electrode))
        if name is None:
            continue
        chip_charges = charges.get(r.chip)
        current, time = chip_charges[r.electrode] if chip_charges else (None, None)
        capacitance = None
        if current and time and r.filtered > 0:
            capacitance = current * time / (r.filtered * supply / 1024)
        states.append(
            PadState(r.chip, r.electrode, name, r.filtered, r.baseline, current, time, capacitance)
        )
    return states


def pad_problems(states: Sequence[PadState]) -> list[str]:
    """Pads at a rail of the scale, or with almost none of the others' capacitance."""
    problems = []
    sizes = [s.capacitance_pf for s in states if s.capacitance_pf is not None]
    typical = statistics.median(sizes) if sizes else None
    for s in states:
        where = f"{s.chip} E{s.electrode} ({s.name})"
        if not RAIL_LOW < s.filtered < RAIL_HIGH:
            problems.append(
                f"dead pad: {where} reads {s.filtered}, at the end of the scale (open or shorted)"
            )
        elif typical and s.capacitance_pf is not None and s.capacitance_pf < OPEN_SHARE * typical:
            problems.append(
                f"dead pad: {where} measures {s.capacitance_pf:.1f} pF where the pads measure "
                f"about {typical:.0f} pF: no pad on the end of its wire (open?)"
            )
    return problems


def range_warnings(states: Sequence[PadState]) -> list[str]:
    """Resting readings outside the charge source's linear range."""
    return [
        f"{s.chip} E{s.electrode} ({s.name}) rests at {s.filtered}, "
        f"outside {GOOD_LOW}..{GOOD_HIGH}: "
        + (
            "too much charge for the pad (lower its charge current or time)"
            if s.filtered > GOOD_HIGH
            else "too little charge for the pad (raise its charge, or turn auto_config on)"
        )
        for s in states
        if RAIL_LOW < s.filtered < RAIL_HIGH and not GOOD_LOW <= s.filtered <= GOOD_HIGH
    ]


def weak_touch_warning(config: Config, name: str, delta: int) -> str | None:
    """A warning if a touch moved pad ``name`` less than 1.5 times its touch threshold."""
    touch, _ = effective_thresholds(config, config.touch.pads.get(name.removeprefix("cell ")))
    if delta >= WEAK_TOUCHES * touch:
        return None
    return (
        f"weak touch on {name}: {delta} counts for a threshold of {touch} (a lighter finger may "
        "be missed: run `cullsboard calibrate`, or check the pad's size and the wood above it)"
    )
