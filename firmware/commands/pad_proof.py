"""The one-cell proof's measurements: rest, a piece put down, ten taps on it, ten beside it, the
piece lifted; each figure against the pad's thresholds and noise, then a verdict with a margin.

The proof reads the cell's pads through the touch driver (filtered data, as calibration does)
and counts the touches the board itself reports for the cell, so it runs the same on a built
board (a person follows the prompts) and on the simulator (a scripted finger does).
"""

from __future__ import annotations

import math
import statistics
import threading
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TextIO

from firmware.commands.pad_measure import WHITE, Key, pads_of_cell, show_cells
from firmware.config import Config
from firmware.config.chips import pad_names
from firmware.config.tuning import effective_thresholds
from firmware.rules.grid import cell_name
from hal.interfaces import RGB, Cell, Frame, HalEvent, LedOutput, TouchEvent, TouchKind
from hal.touch import PadTouchSensor

TAPS = 10
POLL_S = 0.01
REST_S = 2.0
SETTLE_S = 3.0  # after the piece goes down: the baseline takes up its shift
TAPS_S = 30.0  # the longest wait for ten taps
QUIET_S = 1.5  # ten taps seen and the pad this long at rest: the step is over
NOISE_SIGMAS = 3  # the margin's share for noise
BEFORE_TAP = 5  # polls at rest whose mean is a tap's starting level
SEEN_MIN = 3.0  # a pad counts as pressed this far below its level (or 5 noise deviations)


class Builder(Protocol):
    """Whoever moves the piece and the finger: a person at the board, or the simulator's."""

    def ask(self, step: str, text: str) -> None:
        """Say what to do for ``step`` (rest, place, on, beside, lift) and wait till it starts."""

    def pause(self, seconds: float) -> None:
        """Let ``seconds`` pass on the board."""


@dataclass
class TapFigures:
    """Ten taps: the level each moved the pads to (median while pressed), touches reported."""

    levels: list[dict[Key, float]] = field(default_factory=list)
    felt: int = 0


@dataclass
class ProofFigures:
    """Everything the proof measured on the cell's pads."""

    rest: dict[Key, float] = field(default_factory=dict)
    noise: dict[Key, float] = field(default_factory=dict)
    piece_shift: dict[Key, float] = field(default_factory=dict)
    stray: dict[str, int] = field(default_factory=dict)  # touches with no tap, per step
    on: TapFigures = field(default_factory=TapFigures)
    beside: TapFigures = field(default_factory=TapFigures)


@dataclass(frozen=True, slots=True)
class Verdict:
    """Passed or not, the smallest margin over the touch threshold and what was needed."""

    passed: bool
    margin: float
    needed: float
    reasons: tuple[str, ...]


class CellProof:
    """Runs the five steps on one cell of a started sensor, with every LED at full brightness."""

    def __init__(
        self,
        config: Config,
        sensor: PadTouchSensor,
        leds: LedOutput,
        cell: Cell,
        *,
        builder: Builder,
        on_frame: Sequence[Callable[[Frame], None]] = (),
    ) -> None:
        names = pad_names(config)
        self._keys = pads_of_cell(config, cell, names)
        self._names = {key: names[key] for key in self._keys}
        self._config = config
        self._sensor = sensor
        self._leds = leds
        self._cell = cell
        self._builder = builder
        self._since_poll = 0.0
        self._on_frame = on_frame
        self._lock = threading.Lock()
        self._downs = 0  # touches the board reported on the cell
        self.thresholds = {
            key: effective_thresholds(config, config.touch.pads.get(name.removeprefix("cell ")))
            for key, name in self._names.items()
        }

    def name_of(self, key: Key) -> str:
        """The pad as the proof names it: ``cell h8 (chip 2:0x5A, electrode 3)``."""
        return f"{self._names[key]} (chip {key[0]}, electrode {key[1]})"

    def hear(self, event: HalEvent) -> None:
        """The sensor's sink: count the touches reported on the cell."""
        if (
            isinstance(event, TouchEvent)
            and event.kind is TouchKind.DOWN
            and event.cell == self._cell
        ):
            with self._lock:
                self._downs += 1

    def run(self) -> ProofFigures:
        """The five steps, the builder asked before each; the figures of all of them."""
        figures = ProofFigures()
        name = cell_name(self._cell)
        self._light()
        self._builder.ask("rest", f"keep hands and pieces off {name}")
        self._builder.pause(0.5)
        rest, downs = self._watch(REST_S)
        figures.rest = {key: statistics.fmean(values) for key, values in rest.items()}
        figures.noise = {key: statistics.pstdev(values) for key, values in rest.items()}
        figures.stray["rest"] = downs
        self._builder.ask("place", f"put a piece on {name}")
        _, downs = self._watch(SETTLE_S)
        resting, more = self._watch(REST_S / 2)
        level = {key: statistics.fmean(values) for key, values in resting.items()}
        figures.piece_shift = {key: figures.rest[key] - level[key] for key in self._keys}
        figures.stray["place"] = downs + more
        figures.on = self._taps("on", f"tap the piece on {name} {TAPS} times", level, figures)
        figures.beside = self._taps(
            "beside",
            f"tap {TAPS} times beside the piece on {name}, on the bare cover",
            level,
            figures,
        )
        self._builder.ask("lift", f"lift the piece off {name}")
        _, downs = self._watch(SETTLE_S)
        figures.stray["lift"] = downs
        self._show({})
        return figures

    def _taps(
        self, step: str, text: str, level: Mapping[Key, float], figures: ProofFigures
    ) -> TapFigures:
        seen = {key: max(SEEN_MIN, 5 * figures.noise[key]) for key in self._keys}
        self._builder.ask(step, text)
        before = self._count()
        found = TapFigures()
        pressed: dict[Key, list[float]] | None = None
        before_tap: deque[dict[Key, int]] = deque(maxlen=BEFORE_TAP)  # the level just before
        waited = quiet = 0.0
        while waited < TAPS_S and not (len(found.levels) >= TAPS and quiet >= QUIET_S):
            values = self._read()
            deltas = {key: level[key] - value for key, value in values.items()}
            down = bool(deltas) and all(deltas[key] > seen[key] for key in self._keys)
            if down:
                if pressed is None:
                    pressed = {key: [] for key in self._keys}
                    rest = {
                        key: statistics.fmean(v[key] for v in before_tap)
                        if before_tap
                        else level[key]
                        for key in self._keys
                    }
                for key in self._keys:
                    pressed[key].append(rest[key] - values[key])
                quiet = 0.0
            elif pressed is not None and all(deltas[key] < seen[key] / 2 for key in self._keys):
                found.levels.append({key: statistics.median(v) for key, v in pressed.items()})
                pressed = None
            else:
                quiet += POLL_S
            if pressed is None:
                before_tap.append(values)
            self._pause()
            waited += POLL_S
        found.felt = self._count() - before
        return found

    def _watch(self, seconds: float) -> tuple[dict[Key, list[int]], int]:
        """The cell's pads' readings for ``seconds``, and the touches reported meanwhile."""
        before = self._count()
        values: dict[Key, list[int]] = {key: [] for key in self._keys}
        waited = 0.0
        while waited < seconds:
            for key, value in self._read().items():
                values[key].append(value)
            self._pause()
            waited += POLL_S
        return values, self._count() - before

    def _pause(self) -> None:
        """One poll's wait; the sensor polled as often as the board would (no IRQ wire: 50 Hz)."""
        self._builder.pause(POLL_S)
        self._since_poll += POLL_S
        interval = self._sensor.poll_interval
        if interval is not None and self._since_poll >= interval:
            self._sensor.poll()
            self._since_poll = 0.0

    def _read(self) -> dict[Key, int]:
        chips = {chip for chip, _ in self._keys}
        return {
            (r.chip, r.electrode): r.filtered
            for r in self._sensor.readings(chips)
            if (r.chip, r.electrode) in self._names
        }

    def _count(self) -> int:
        with self._lock:
            return self._downs

    def _light(self) -> None:
        board = self._config.board
        self._show({(c, r): WHITE for r in range(board.rows) for c in range(board.columns)})

    def _show(self, lit: Mapping[Cell, RGB]) -> None:
        show_cells(self._leds, lit, self._on_frame)


def judge(config: Config, proof: CellProof, figures: ProofFigures) -> Verdict:
    """Pass: every tap reported, nothing else, the piece alone under the release threshold and
    the weakest tap over the touch threshold by the baseline's step (2 x the falling filter's
    max half delta, which a filter run on a finger's edge takes) and three noise deviations."""
    step = 2 * config.touch.filter.falling.max_half_delta
    reasons: list[str] = []
    for name, taps in (("on the piece", figures.on), ("beside the piece", figures.beside)):
        if taps.felt < TAPS:
            reasons.append(f"{TAPS - taps.felt} of {TAPS} taps {name} were not felt")
    for step_name, count in figures.stray.items():
        if count:
            reasons.append(f"{count} touches with no tap ({_STEP_WORDS[step_name]})")
    margin, needed, weakest_of = math.inf, 0.0, ""
    for key, (touch, release) in proof.thresholds.items():
        if figures.piece_shift[key] >= release:
            reasons.append(
                f"the piece alone moves the pad {figures.piece_shift[key]:.1f} counts, not under "
                f"the release threshold {release}"
            )
        levels = [tap[key] for taps in (figures.on, figures.beside) for tap in taps.levels]
        weakest = min(levels, default=0.0)
        want = step + NOISE_SIGMAS * figures.noise[key]
        if weakest - touch - want < margin - needed:
            margin, needed = weakest - touch, want
            weakest_of = f"{proof.name_of(key)}: the weakest tap moved it {weakest:.1f} counts"
    if margin < needed:
        over = f"{margin:.1f} over" if margin >= 0 else f"{-margin:.1f} under"
        reasons.append(
            f"{weakest_of}, {over} the touch threshold where {needed:.1f} over are needed (the "
            f"baseline's step of {step} and {NOISE_SIGMAS} noise deviations)"
        )
    return Verdict(not reasons, margin, needed, tuple(reasons))


_STEP_WORDS = {
    "rest": "at rest",
    "place": "putting the piece down",
    "lift": "lifting the piece",
}


def print_figures(proof: CellProof, figures: ProofFigures, out: TextIO) -> None:
    """One line per step and pad: each figure against the thresholds and the noise."""
    for key, (touch, release) in proof.thresholds.items():
        name, noise = proof.name_of(key), figures.noise[key]
        print(
            f"{name}: touch threshold {touch}, release {release}; at rest (LEDs at full "
            f"brightness) {figures.rest[key]:.1f} counts, noise {noise:.2f}",
            file=out,
        )
        print(
            f"  a piece put down: moves it {figures.piece_shift[key]:.1f} counts "
            f"(under the release threshold {release}: held no touch)",
            file=out,
        )
        for label, taps in (("on the piece", figures.on), ("beside it", figures.beside)):
            levels = sorted(tap[key] for tap in taps.levels)
            shown = ", ".join(f"{level:.1f}" for level in levels) or "none seen"
            print(
                f"  {len(levels)} taps {label} moved it {shown} counts "
                f"(threshold {touch}, noise {noise:.2f}); the board felt {taps.felt} of {TAPS}",
                file=out,
            )
    strays = ", ".join(f"{_STEP_WORDS[s]} {n}" for s, n in figures.stray.items())
    print(f"  touches with no tap: {strays}", file=out)
