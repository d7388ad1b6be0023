"""The calibration run: the pads at rest with the LEDs off and on, then a tap on each lit cell.

Everything is read through the touch driver (filtered data and baseline per electrode), so the
same run works on a real board and on the simulator; ``pause`` lets board time pass (a sleep on
the real board, simulated time and a simulated hand on the simulator).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TextIO

from firmware.config import Config
from firmware.config.chips import pad_names
from firmware.rules.grid import cell_name
from hal.interfaces import RGB, Cell, Frame, LedOutput
from hal.touch import PadReading, PadTouchSensor

Key = tuple[str, int]  # (chip name, electrode), as the touch driver names them
WHITE: RGB = (255, 255, 255)
REST_SAMPLES = 40
POLL_S = 0.05
SETTLE_S = 0.5
HOLD_S = 0.4  # how long a touch is watched for its size and its crosstalk
SEEN_SIGMAS = 5  # a pad counts as pressed this many noise deviations below its rest level
SEEN_MIN = 3.0


@dataclass(frozen=True, slots=True)
class RestStats:
    """One pad at rest: its mean reading, its noise (standard deviation), both in counts."""

    mean: float
    noise: float
    baseline: float


@dataclass(frozen=True, slots=True)
class TapResult:
    """One lit cell: whether a finger was seen, its size on each pad of the cell (the median
    while pressed) and the largest change it caused on every other pad (crosstalk)."""

    cell: Cell
    seen: bool
    own: Mapping[Key, float] = field(default_factory=dict)
    others: Mapping[Key, float] = field(default_factory=dict)


@dataclass
class Measurements:
    """Everything calibration measured, per pad name (``row 3``, ``column c``, ``cell h8``)."""

    names: dict[Key, str]
    dark: dict[Key, RestStats] = field(default_factory=dict)
    lit: dict[Key, RestStats] = field(default_factory=dict)
    taps: list[TapResult] = field(default_factory=list)
    charges: dict[Key, tuple[int, float]] = field(default_factory=dict)


def cells_to_tap(config: Config) -> list[Cell]:
    """Matrix: two cells per row and per column (both diagonals); direct: every cell."""
    columns, rows = config.board.columns, config.board.rows
    if config.touch.layout == "direct":
        return [(c, r) for r in range(rows) for c in range(columns)]
    side = max(columns, rows)
    cells = [(i % columns, i % rows) for i in range(side)]
    cells += [(i % columns, rows - 1 - i % rows) for i in range(side)]
    return list(dict.fromkeys(cells))


def pads_of_cell(config: Config, cell: Cell, names: Mapping[Key, str]) -> list[Key]:
    """The electrodes under ``cell``: its row and column, or its own pad."""
    wanted = (
        {f"row {cell[1] + 1}", f"column {chr(ord('a') + cell[0])}"}
        if config.touch.layout == "matrix"
        else {f"cell {cell_name(cell)}"}
    )
    return [key for key, name in names.items() if name in wanted]


class Calibrator:
    """Runs the measurements on a started touch sensor and the board's LEDs."""

    def __init__(
        self,
        config: Config,
        sensor: PadTouchSensor,
        leds: LedOutput,
        *,
        pause: Callable[[float], None],
        out: TextIO,
        on_frame: Sequence[Callable[[Frame], None]] = (),
        tap_timeout_s: float = 20.0,
    ) -> None:
        self._config = config
        self._sensor = sensor
        self._leds = leds
        self._pause = pause
        self._out = out
        self._on_frame = on_frame
        self._timeout = tap_timeout_s
        self._names = pad_names(config)

    def run(self) -> Measurements:
        found = Measurements(dict(self._names))
        self._show({})
        self._pause(SETTLE_S)
        print("at rest, LEDs off: keep hands off the board", file=self._out)
        found.dark = self._rest()
        print("at rest, every LED at full brightness", file=self._out)
        self._show(dict.fromkeys(self._all_cells(), WHITE))
        self._pause(SETTLE_S)
        found.lit = self._rest()
        found.charges = self._charges()
        self._show({})
        self._pause(SETTLE_S)
        cells = cells_to_tap(self._config)
        print(f"taps: touch each lit cell once ({len(cells)} cells)", file=self._out)
        for cell in cells:
            tap = self._tap(cell, found.lit)
            if tap.seen and not self._steady(tap, found.lit):
                print(f"  again: {cell_name(cell)} (that touch did not stay)", file=self._out)
                tap = self._tap(cell, found.lit)
            found.taps.append(tap)
        self._show({})
        return found

    # --- steps ------------------------------------------------------------------------------
    def _rest(self) -> dict[Key, RestStats]:
        samples: dict[Key, list[tuple[int, int]]] = {key: [] for key in self._names}
        for _ in range(REST_SAMPLES):
            for reading in self._readings():
                samples[(reading.chip, reading.electrode)].append(
                    (reading.filtered, reading.baseline)
                )
            self._pause(POLL_S)
        return {
            key: RestStats(
                statistics.fmean(f for f, _ in values),
                statistics.pstdev([f for f, _ in values]),
                statistics.fmean(b for _, b in values),
            )
            for key, values in samples.items()
            if values
        }

    def _tap(self, cell: Cell, rest: Mapping[Key, RestStats]) -> TapResult:
        """Light ``cell``, take every pad's level, then wait for a finger on the cell's pads."""
        own_keys = pads_of_cell(self._config, cell, self._names)
        charges = self._charges()
        self._show({cell: WHITE})
        reference = self._reference()  # after lighting: the LED's own shift is not a touch
        print(f"  touch {cell_name(cell)}", file=self._out)
        waited, streak = 0.0, 0
        while waited < self._timeout and streak < 2:
            deltas = self._deltas(reference, own_keys)
            pressed = all(deltas.get(key, 0.0) > _seen_level(rest.get(key)) for key in own_keys)
            streak = streak + 1 if pressed and own_keys else 0
            self._pause(POLL_S)
            waited += POLL_S
        if streak < 2:
            print(f"  no touch seen on {cell_name(cell)}", file=self._out)
            self._show({})
            return TapResult(cell, False)
        own: dict[Key, list[float]] = {key: [] for key in own_keys}
        others: dict[Key, float] = {}
        held = 0.0
        while held < HOLD_S:
            for key, delta in self._deltas(reference).items():
                if key in own:
                    own[key].append(delta)
                else:
                    others[key] = max(others.get(key, 0.0), delta)
            self._pause(POLL_S)
            held += POLL_S
        self._show({})
        self._await_release(own_keys, reference, rest)
        # auto-reconfiguration moves a drifting pad's reading far more than a finger: the
        # numbers of a pad whose charge changed meanwhile say nothing about this tap
        recharged = {key for key, charge in self._charges().items() if charges.get(key) != charge}
        others = {key: value for key, value in others.items() if key not in recharged}
        return TapResult(
            cell, True, {key: statistics.median(values) for key, values in own.items()}, others
        )

    def _await_release(
        self, keys: Collection[Key], reference: Mapping[Key, float], rest: Mapping[Key, RestStats]
    ) -> None:
        waited = 0.0
        while waited < self._timeout:
            deltas = self._deltas(reference, keys)
            if all(deltas.get(key, 0.0) < _seen_level(rest.get(key)) / 2 for key in keys):
                return
            self._pause(POLL_S)
            waited += POLL_S

    @staticmethod
    def _steady(tap: TapResult, rest: Mapping[Key, RestStats]) -> bool:
        """Whether the finger stayed on every pad of the cell while it was measured (a pad the
        chip re-configured meanwhile, or a brush, looks pressed for a moment only)."""
        return all(size > _seen_level(rest.get(key)) for key, size in tap.own.items())

    # --- reading ----------------------------------------------------------------------------
    def _readings(self, keys: Collection[Key] | None = None) -> list[PadReading]:
        """The pads' readings: all of them, or only those of the chips of ``keys``."""
        chips = None if keys is None else {chip for chip, _ in keys}
        wanted = self._names if keys is None else set(keys)
        return [r for r in self._sensor.readings(chips) if (r.chip, r.electrode) in wanted]

    def _reference(self) -> dict[Key, float]:
        """Each pad's level just before a tap (drift makes the first rest readings go stale)."""
        sums: dict[Key, list[int]] = {}
        for _ in range(4):
            for reading in self._readings():
                sums.setdefault((reading.chip, reading.electrode), []).append(reading.filtered)
            self._pause(POLL_S)
        return {key: statistics.fmean(values) for key, values in sums.items()}

    def _deltas(
        self, reference: Mapping[Key, float], keys: Collection[Key] | None = None
    ) -> dict[Key, float]:
        return {
            (r.chip, r.electrode): reference[(r.chip, r.electrode)] - r.filtered
            for r in self._readings(keys)
            if (r.chip, r.electrode) in reference
        }

    def _charges(self) -> dict[Key, tuple[int, float]]:
        result: dict[Key, tuple[int, float]] = {}
        for chip, charges in self._sensor.charges().items():
            for electrode, charge in enumerate(charges):
                if (chip, electrode) in self._names:
                    result[(chip, electrode)] = charge
        return result

    # --- LEDs -------------------------------------------------------------------------------
    def _all_cells(self) -> list[Cell]:
        board = self._config.board
        return [(c, r) for r in range(board.rows) for c in range(board.columns)]

    def _show(self, lit: Mapping[Cell, RGB]) -> None:
        show_cells(self._leds, lit, self._on_frame)


def show_cells(
    leds: LedOutput, lit: Mapping[Cell, RGB], on_frame: Sequence[Callable[[Frame], None]]
) -> None:
    """Light the cells of ``lit`` (the rest dark) and tell ``on_frame``'s listeners."""
    cells = tuple(
        tuple(lit.get((c, r), (0, 0, 0)) for c in range(leds.columns)) for r in range(leds.rows)
    )
    frame = Frame(cells, ((0, 0, 0),) * leds.status_count)
    leds.show(frame)
    for listener in on_frame:
        listener(frame)


def _seen_level(rest: RestStats | None) -> float:
    noise = rest.noise if rest is not None else 1.0
    return max(SEEN_MIN, SEEN_SIGMAS * noise)
