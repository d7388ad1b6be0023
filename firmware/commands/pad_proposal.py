"""From measurements to settings: a touch and release threshold per pad (and a charge where
the reading sits outside the good range and auto-configuration is off), and the pads no
threshold can make reliable, with what to check."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from firmware.commands.pad_measure import Key, Measurements, pads_of_cell
from firmware.config import Config
from hal.touch.tuning import CHARGE_TIMES_US, AutoConfig

NOISE_SIGMAS = 5.0  # a threshold this many noise deviations above the LED shift never fires alone
RELEASE_SIGMAS = 3.0  # a release level this far above the shift lets go even with the LEDs on
BASELINE_JITTER = 1  # the chip takes small changes (up to twice the max half delta) into the
# baseline at once, so the baseline it freezes at a touch can sit a count off the rest level
CROSSTALK_MARGIN = 1.5  # a heavier finger on a neighbour couples this much more
CROSSTALK_SIGMAS = 3.0  # ... and the pad's noise rides on top of it
FINGER_SHARE = 0.6  # the highest threshold: a lighter finger still crosses it
PREFERRED_SHARE = 0.4  # where the threshold sits when the pad leaves room
MIN_TOUCH = 3
GOOD_LOW, GOOD_HIGH = 200, 800  # readings where the charge source is linear (0.7 V .. Vdd-0.7 V)


@dataclass(frozen=True, slots=True)
class PadFigures:
    """What was measured on one pad, in counts (scaled to a proposed charge, if any)."""

    reading: float
    noise: float
    led_shift: float
    finger: float | None  # the weakest tap on it; None: never seen
    crosstalk: float


@dataclass(frozen=True, slots=True)
class PadProposal:
    name: str  # as touch.pads spells it: ``row 3``, ``column c``, ``h8``
    touch: int
    release: int
    charge: tuple[int, float] | None
    figures: PadFigures
    problem: str = ""  # empty: reliable


@dataclass
class Proposal:
    pads: list[PadProposal] = field(default_factory=list)

    @property
    def flagged(self) -> list[PadProposal]:
        return [pad for pad in self.pads if pad.problem]


def config_name(name: str) -> str:
    """``cell h8`` -> ``h8``; rows and columns keep their names."""
    return name.removeprefix("cell ")


def propose(config: Config, found: Measurements) -> Proposal:
    result = Proposal()
    for key, name in sorted(found.names.items(), key=lambda item: _order(item[1])):
        if key not in found.dark or key not in found.lit:
            continue
        result.pads.append(_pad(config, found, key, name))
    return result


def _order(name: str) -> tuple[int, int, str]:
    kind, _, rest = name.partition(" ")
    if kind == "row":
        return (0, int(rest), "")
    if kind == "column":
        return (1, 0, rest)
    return (2, int(rest[1:]), rest[0])


def _figures(config: Config, found: Measurements, key: Key) -> PadFigures:
    dark, lit = found.dark[key], found.lit[key]
    sizes = [tap.own[key] for tap in found.taps if tap.seen and key in tap.own]
    unseen = any(
        not tap.seen and key in pads_of_cell(config, tap.cell, found.names) for tap in found.taps
    )
    crosstalk = max((tap.others.get(key, 0.0) for tap in found.taps if tap.seen), default=0.0)
    return PadFigures(
        reading=dark.mean,
        noise=max(dark.noise, lit.noise),
        led_shift=max(0.0, dark.mean - lit.mean),
        finger=None if unseen or not sizes else min(sizes),
        crosstalk=max(0.0, crosstalk),
    )


def _pad(config: Config, found: Measurements, key: Key, name: str) -> PadProposal:
    figures = _figures(config, found, key)
    charge = None
    reading = figures.reading
    if not GOOD_LOW <= reading <= GOOD_HIGH and not config.touch.auto_config:
        charge = _better_charge(config, found.charges.get(key), reading)
        if charge is not None:
            figures = _scaled(figures, found.charges[key], charge)
    touch, release, problem = _thresholds(figures)
    if not problem and not GOOD_LOW <= figures.reading <= GOOD_HIGH:
        problem = (
            f"reads {figures.reading:.0f}, outside {GOOD_LOW}..{GOOD_HIGH}"
            + (" even after auto-configuration" if config.touch.auto_config else "")
            + ": check for an open or shorted pad, or a pad far larger or smaller than the rest"
        )
    return PadProposal(config_name(name), touch, release, charge, figures, problem)


def _thresholds(f: PadFigures) -> tuple[int, int, str]:
    release_floor = math.ceil(f.led_shift + RELEASE_SIGMAS * f.noise) + BASELINE_JITTER
    floors = {
        "minimum": MIN_TOUCH,
        "noise": f.led_shift + NOISE_SIGMAS * f.noise,
        "crosstalk": CROSSTALK_MARGIN * f.crosstalk + CROSSTALK_SIGMAS * f.noise,
        "release": release_floor + 1,
    }
    floor = max(floors.values())
    if f.finger is None:
        touch = math.ceil(floor)
        return (
            touch,
            max(1, touch - 1, release_floor),
            ("no touch seen: check the pad's wire or solder joint, and that it is under its cell"),
        )
    ceiling = FINGER_SHARE * f.finger
    touch = math.ceil(max(floor, min(ceiling, PREFERRED_SHARE * f.finger)))
    release = min(touch - 1, max(release_floor, touch // 2))
    problem = "" if floor <= ceiling else _cause(f, max(floors, key=lambda k: floors[k]))
    return min(touch, 255), max(1, min(release, 254)), problem


def _cause(f: PadFigures, limit: str) -> str:
    finger = f.finger or 0.0
    size = f"a finger moves it {finger:.0f} counts, but "
    if limit == "crosstalk":
        return size + (
            f"a finger elsewhere moves it {f.crosstalk:.0f}: its trace runs under other cells "
            "(shorten or reroute it, keep it away from other pads, add a ground guard)"
        )
    if f.led_shift > NOISE_SIGMAS * f.noise:
        return size + (
            f"the LEDs shift it {f.led_shift:.0f}: move the LED wiring away from the pad or "
            "put a ground layer between them"
        )
    if finger < 4 * MIN_TOUCH:
        return size + (
            f"noise is {f.noise:.1f}: the touch is weak (pad too small, wood too thick there, "
            "an air gap under the wood?)"
        )
    return size + f"noise is {f.noise:.1f}: check the pad's ground and the LED supply"


def _better_charge(
    config: Config, now: tuple[int, float] | None, reading: float
) -> tuple[int, float] | None:
    """The charge that brings the reading nearest the auto-configuration target level."""
    if now is None or reading <= 0:
        return None
    supply = config.touch.supply_voltage
    _, _, target_level = AutoConfig(supply_v=supply).limits()
    target = target_level * 4
    picocoulombs = now[0] * now[1]
    capacitance = picocoulombs / (reading * supply / 1024)
    choices = [(current, time) for time in CHARGE_TIMES_US for current in range(1, 64)]
    return min(choices, key=lambda c: abs(c[0] * c[1] / capacitance / supply * 1024 - target))


def _scaled(f: PadFigures, old: tuple[int, float], new: tuple[int, float]) -> PadFigures:
    factor = new[0] * new[1] / (old[0] * old[1])
    return PadFigures(
        f.reading * factor,
        f.noise * factor,
        f.led_shift * factor,
        None if f.finger is None else f.finger * factor,
        f.crosstalk * factor,
    )


def pads_section(proposal: Proposal) -> dict[str, dict[str, object]]:
    """``touch.pads`` as YAML data."""
    section: dict[str, dict[str, object]] = {}
    for pad in proposal.pads:
        entry: dict[str, object] = {"touch_threshold": pad.touch, "release_threshold": pad.release}
        if pad.charge is not None:
            entry["charge_current_ua"], entry["charge_time_us"] = pad.charge
        section[pad.name] = entry
    return section
