"""A realistic touch panel for the simulator: what the electrodes of a built board look like.

Pads differ: a row or column strip or a cell pad adds capacitance by its area, its trace by
its length. A finger through the wood adds a fraction of a picofarad, more on the top layer
than on the shielded lower one, and some spots are weak. LEDs under the pads add noise and a
small shift that grow with their brightness; the baselines drift slowly (temperature,
humidity); a finger also couples into neighbouring strips or pads and into traces that run
under it; a palm covers several cells at once. A game piece on a cell (``hal.sim.stack``)
moves the finger that taps it farther from the pad and adds a little capacitance of its own.

Where the figures come from: a direct pad's finger, the piece and the cover are worked out
from the stack (``hal.sim.stack``, every source named there). The rest are estimates of the
right size, not measurements: the chip pin and connector (4 pF), a lead's 0.25 pF/cm, a pad's
own 1.7 pF, the matrix strips' finger (today's 0.9 pF on a row, 0.45 pF on a column, scaled by
the stack through a piece), the noise, the LEDs' shift and noise at full brightness, drift,
and the shares a finger gives its neighbours and the leads under it. They exist to exercise
tuning, calibration and the benches; a built board's own figures come from `cullsboard diag`.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from hal.interfaces import Cell
from hal.sim.stack import Stack
from hal.touch.settings import DirectLayout, MatrixLayout, Pad

CELL_CM = 3.0
CHIP_PF = 4.0  # the chip pin, its pad on the board and the connector
TRACE_PF_PER_CM = 0.25
PALM_SHARE = 0.7  # a palm flat on a cell, against a fingertip pressing it
NEIGHBOUR_SHARE = 0.12  # a finger's fringe on the strip or pad next door
TRACE_SHARE = 0.15  # a finger over a trace (and the pad above it), against over its own pad
THICK_SPOT = 1.2  # a weak pad: its cover 20 % thicker there (glue, a warped sheet)


@dataclass(frozen=True, slots=True)
class PadPhysics:
    """One electrode as built."""

    base_pf: float  # at rest, LEDs off, no drift
    finger_pf: float  # a fingertip on one of its cells
    noise_pf: float  # spread of a reading at rest
    led_noise_pf: float  # extra spread with the LEDs under it at full brightness
    led_shift_pf: float  # extra capacitance with the LEDs under it at full brightness
    drift_pf: float  # amplitude of the slow drift
    drift_period_s: float
    drift_phase: float

    def capacitance(
        self, seconds: float, led_level: float, touched: float, extra_pf: float = 0.0
    ) -> float:
        """At time ``seconds``, LEDs at ``led_level`` (0..1), ``touched`` fingers' worth on it
        (a bare fingertip on its cell is 1) and ``extra_pf`` more (a piece resting on it)."""
        drift = self.drift_pf * math.sin(
            2 * math.pi * seconds / self.drift_period_s + self.drift_phase
        )
        led = self.led_shift_pf * led_level
        return self.base_pf + drift + led + self.finger_pf * touched + extra_pf

    def noise(self, led_level: float) -> float:
        return math.hypot(self.noise_pf, self.led_noise_pf * led_level)


@dataclass(frozen=True, slots=True)
class PanelPhysics:
    """Every electrode, what a finger on each cell does to them, and the LEDs under them."""

    pads: Mapping[Pad, PadPhysics]
    coupling: Mapping[Cell, tuple[tuple[Pad, float], ...]]  # shares of each pad's finger_pf
    led_cells: Mapping[Pad, tuple[Cell, ...]]  # the cells whose LEDs sit under the electrode
    stack: Stack = field(default_factory=Stack)
    piece_share: float = 1.0  # a finger on a piece, against one on the bare cover
    beside_share: float = 1.0  # a finger on the bare cover beside the piece, against centred
    beside_neighbour: float = 0.0  # ... and what it gives the next pad along the row
    piece_pf: float = 0.0  # a piece resting alone on a pad

    def led_level(self, pad: Pad, levels: Mapping[Cell, float]) -> float:
        cells = self.led_cells[pad]
        return sum(levels.get(cell, 0.0) for cell in cells) / len(cells) if cells else 0.0


def _vary(rng: random.Random, value: float, spread: float = 0.15) -> float:
    return value * rng.uniform(1 - spread, 1 + spread)


def _drift(rng: random.Random, scale: float) -> tuple[float, float, float]:
    return _vary(rng, 0.25, 0.5) * scale, rng.uniform(240, 900), rng.uniform(0, 2 * math.pi)


def _piece_figures(stack: Stack) -> dict[str, float]:
    """The piece's shares and shift from the stack (``PanelPhysics`` fields)."""
    bare = stack.finger_pf(on_piece=False)
    beside = stack.beside_offset_mm()
    return {
        "piece_share": stack.finger_pf(on_piece=True) / bare,
        "beside_share": stack.finger_pf(on_piece=False, offset_mm=beside) / bare,
        "beside_neighbour": stack.finger_pf(
            on_piece=False, offset_mm=beside, pad_at_mm=stack.pitch_mm
        )
        / bare,
        "piece_pf": stack.piece_pf(),
    }


def matrix_physics(
    layout: MatrixLayout,
    *,
    seed: int,
    led_noise: float = 1.0,
    drift: float = 1.0,
    stack: Stack | None = None,
) -> PanelPhysics:
    """Row strips on the top layer, column strips under them (shielded: a weaker finger), the
    chips at the bottom-left corner; one row runs next to the LED power feed and one row and
    one column sit under a thick spot of the wood."""
    rng = random.Random(seed)
    columns, rows = len(layout.columns), len(layout.rows)
    pads: dict[Pad, PadPhysics] = {}
    noisy_row, weak_row, weak_column = (
        rng.randrange(rows),
        rng.randrange(rows),
        rng.randrange(columns),
    )
    for r, pad in enumerate(layout.rows):
        trace_cm = 5 + CELL_CM * r
        finger = _vary(rng, 0.9) * (0.55 if r == weak_row else 1.0)
        led = 2.0 if r == noisy_row else 1.0
        pads[pad] = PadPhysics(
            _vary(rng, CHIP_PF + 0.55 * columns + TRACE_PF_PER_CM * trace_cm, 0.08),
            finger,
            0.01,
            0.04 * led * led_noise,
            0.06 * led * led_noise,
            *_drift(rng, drift),
        )
    for c, pad in enumerate(layout.columns):
        trace_cm = 5 + CELL_CM * c
        finger = _vary(rng, 0.45) * (0.8 if c == weak_column else 1.0)
        pads[pad] = PadPhysics(
            _vary(rng, CHIP_PF + 0.8 * rows + TRACE_PF_PER_CM * trace_cm, 0.08),
            finger,
            0.01,
            0.02 * led_noise,
            0.03 * led_noise,
            *_drift(rng, drift),
        )
    coupling: dict[Cell, tuple[tuple[Pad, float], ...]] = {}
    for c in range(columns):
        for r in range(rows):
            shares = [(layout.rows[r], 1.0), (layout.columns[c], 1.0)]
            shares += [(layout.rows[n], NEIGHBOUR_SHARE) for n in (r - 1, r + 1) if 0 <= n < rows]
            shares += [
                (layout.columns[n], NEIGHBOUR_SHARE) for n in (c - 1, c + 1) if 0 <= n < columns
            ]
            coupling[(c, r)] = tuple(shares)
    led_cells = {pad: tuple((c, r) for c in range(columns)) for r, pad in enumerate(layout.rows)}
    led_cells |= {pad: tuple((c, r) for r in range(rows)) for c, pad in enumerate(layout.columns)}
    stack = stack or Stack()
    # a strip is crossed by a piece on one of its fifteen cells: its shift is a diamond's share
    figures = _piece_figures(stack) | {"piece_pf": stack.piece_pf() / 2}
    return PanelPhysics(pads, coupling, led_cells, stack, **figures)


def _chip_spots(layout: DirectLayout) -> dict[int, tuple[float, float]]:
    """Where each chip sits: the middle of the cells it serves (the builder's natural choice)."""
    cells_of: dict[int, list[Cell]] = {}
    for cell, pad in layout.cells:
        cells_of.setdefault(pad.chip, []).append(cell)
    return {
        chip: (sum(c for c, _ in cells) / len(cells), sum(r for _, r in cells) / len(cells))
        for chip, cells in cells_of.items()
    }


def _under_trace(start: tuple[float, float], end: Cell, cell: Cell) -> bool:
    """Whether the straight trace from ``start`` to the pad of ``end`` runs under ``cell``."""
    if cell == end:
        return False
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return False
    t = max(0.0, min(1.0, ((cell[0] - x0) * dx + (cell[1] - y0) * dy) / length2))
    return math.hypot(x0 + t * dx - cell[0], y0 + t * dy - cell[1]) < 0.5


def direct_physics(
    layout: DirectLayout,
    *,
    seed: int,
    led_noise: float = 1.0,
    drift: float = 1.0,
    stack: Stack | None = None,
) -> PanelPhysics:
    """A pad under every cell, its chip in the middle of the cells it serves, straight traces;
    a fingertip's pull from the stack (each pad within 20 % of it: the cut of the copper, the
    glue, the finger), a few pads under thick spots of the cover."""
    stack = stack or Stack()
    finger = stack.finger_pf(on_piece=False)
    thick = dataclasses.replace(stack, cover_mm=stack.cover_mm * THICK_SPOT)
    weak_share = thick.finger_pf(on_piece=False) / finger
    rng = random.Random(seed)
    spots = _chip_spots(layout)
    cells = [cell for cell, _ in layout.cells]
    weak = set(rng.sample(cells, 3))
    pads: dict[Pad, PadPhysics] = {}
    coupling: dict[Cell, list[tuple[Pad, float]]] = {cell: [] for cell in cells}
    for cell, pad in layout.cells:
        start = spots[pad.chip]
        trace_cm = CELL_CM * math.hypot(cell[0] - start[0], cell[1] - start[1]) + 2
        pads[pad] = PadPhysics(
            _vary(rng, CHIP_PF + 1.7 + TRACE_PF_PER_CM * trace_cm, 0.08),
            _vary(rng, finger, 0.2) * (weak_share if cell in weak else 1.0),
            0.008,
            0.03 * led_noise,
            0.05 * led_noise,
            *_drift(rng, drift),
        )
        coupling[cell].append((pad, 1.0))
        for other in cells:
            if max(abs(other[0] - cell[0]), abs(other[1] - cell[1])) == 1:
                coupling[other].append((pad, NEIGHBOUR_SHARE / 2))
            elif _under_trace(start, cell, other):
                coupling[other].append((pad, TRACE_SHARE))
    led_cells = {pad: (cell,) for cell, pad in layout.cells}
    shares = {cell: tuple(found) for cell, found in coupling.items()}
    return PanelPhysics(pads, shares, led_cells, stack, **_piece_figures(stack))
