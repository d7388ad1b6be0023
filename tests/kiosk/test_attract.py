"""The attract animation: the right shape, deterministic, moving, and easy on the power supply."""

from __future__ import annotations

import itertools

import pytest

from firmware.kiosk.attract import PEAK, attract_frame
from hal.interfaces import Frame
from hal.leds.gamma import gamma_table
from hal.leds.limiter import FULL_WHITE_MA, IDLE_MA, estimate_current_ma

WHOLE_BOARD_WHITE_MA = 233 * (FULL_WHITE_MA + IDLE_MA)


def estimated_ma(frame: Frame, gamma: float) -> float:
    """The LED chain's own estimate for the frame after gamma (hardware.md's formula)."""
    table = gamma_table(gamma)
    leds = [colour for row in frame.cells for colour in row] + list(frame.status)
    return estimate_current_ma(sum(table[level] for c in leds for level in c), len(leds))


@pytest.mark.parametrize(("columns", "rows", "status"), [(15, 15, 0), (15, 15, 8), (7, 9, 2)])
def test_frame_has_the_board_shape(columns: int, rows: int, status: int) -> None:
    frame = attract_frame(12.3, columns, rows, status)
    assert len(frame.cells) == rows
    assert all(len(row) == columns for row in frame.cells)
    assert len(frame.status) == status
    for colour in [c for row in frame.cells for c in row] + list(frame.status):
        assert all(isinstance(v, int) and 0 <= v <= 255 for v in colour)


def test_same_time_same_picture() -> None:
    assert attract_frame(41.7, 15, 15, 4) == attract_frame(41.7, 15, 15, 4)


def test_the_picture_moves_and_never_goes_dark() -> None:
    frames = [attract_frame(t * 0.5, 15, 15, 0) for t in range(60)]
    assert len(set(frames)) == len(frames)
    for frame in frames:
        assert sum(sum(c) for row in frame.cells for c in row) > 0


@pytest.mark.parametrize("t", [3.0, 9.0, 15.0, 21.0, 27.0])  # the middle of each line's fade
def test_a_line_of_five_shines_above_the_waves(t: float) -> None:
    frame = attract_frame(t, 15, 15, 0)
    bright = sorted(
        (x, y) for y, row in enumerate(frame.cells) for x, c in enumerate(row) if max(c) > PEAK
    )
    assert len(bright) == 5
    steps = {(b[0] - a[0], b[1] - a[1]) for a, b in itertools.pairwise(bright)}
    assert len(steps) == 1
    assert steps.pop() in {(1, 0), (0, 1), (1, 1), (1, -1)}


@pytest.fixture(scope="module")
def two_minutes() -> list[Frame]:
    return [attract_frame(t * 0.5, 15, 15, 8) for t in range(2 * 120)]


@pytest.mark.parametrize(("gamma", "share"), [(2.8, 0.05), (1.0, 0.15)])
def test_current_stays_low_all_the_time(
    two_minutes: list[Frame], gamma: float, share: float
) -> None:
    worst = max(estimated_ma(frame, gamma) for frame in two_minutes)
    assert worst < share * WHOLE_BOARD_WHITE_MA  # of 225 + 8 LEDs at full white


def test_a_tiny_board_still_works() -> None:
    frame = attract_frame(3.0, 1, 1, 0)
    assert len(frame.cells) == 1


def test_no_cells_is_an_error() -> None:
    with pytest.raises(ValueError, match="0x15"):
        attract_frame(0.0, 0, 15, 0)
