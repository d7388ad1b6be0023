"""The LED pipeline: brightness, current limiter, gamma, mapping and the no-resend rule."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hal.interfaces import RGB, Frame
from hal.leds import LedChain, LedMapping, gamma_table
from hal.leds.mapping import CORNERS, DIRECTIONS, Corner, Direction

WHITE: RGB = (255, 255, 255)


class RecordingDriver:
    """Keeps what the chain sent, counts sends, and fails on demand."""

    def __init__(self) -> None:
        self.buffer: list[RGB] = []
        self.shown: list[list[RGB]] = []
        self.fail = False
        self.closed = 0

    def set_pixels(self, pixels: Sequence[RGB]) -> None:
        self.buffer = list(pixels)

    def show(self) -> None:
        if self.fail:
            raise OSError("wire unplugged")
        self.shown.append(self.buffer)

    def close(self) -> None:
        self.closed += 1


def spec_estimate_ma(pixels: Sequence[RGB]) -> float:
    """hardware.md's estimate, written out independently of the code under test."""
    return sum(sum(pixel) for pixel in pixels) / 765 * 55 + len(pixels) * 1


def frame_of(columns: int, rows: int, colour_at: dict[tuple[int, int], RGB], status: int) -> Frame:
    cells = tuple(
        tuple(colour_at.get((column, row), (0, 0, 0)) for column in range(columns))
        for row in range(rows)
    )
    return Frame(cells, tuple((0, 0, 9 + i) for i in range(status)))


def make_chain(columns: int = 3, rows: int = 2, status: int = 2, **options: float) -> LedChain:
    return LedChain(
        RecordingDriver(), LedMapping.serpentine(columns, rows), status_count=status, **options
    )


def driver_of(chain: LedChain) -> RecordingDriver:
    driver = chain._driver
    assert isinstance(driver, RecordingDriver)
    return driver


def test_cells_go_out_in_chain_order_with_status_leds_after_the_grid() -> None:
    chain = make_chain()
    frame = frame_of(3, 2, {(0, 0): (1, 2, 3), (2, 0): (4, 5, 6), (2, 1): (7, 8, 9)}, status=2)
    assert chain.show(frame)
    # serpentine 3x2: LEDs 0..2 run along row 0, LEDs 3..5 come back along row 1
    assert driver_of(chain).shown == [
        [(1, 2, 3), (0, 0, 0), (4, 5, 6), (7, 8, 9), (0, 0, 0), (0, 0, 0), (0, 0, 9), (0, 0, 10)]
    ]
    assert chain.last_sent == frame


def test_an_equal_frame_is_not_resent_but_a_changed_one_is() -> None:
    chain = make_chain()
    first = frame_of(3, 2, {(1, 1): (10, 20, 30)}, status=2)
    assert chain.show(first)
    assert not chain.show(frame_of(3, 2, {(1, 1): (10, 20, 30)}, status=2))  # equal, new object
    assert chain.show(frame_of(3, 2, {(1, 1): (10, 20, 31)}, status=2))
    assert len(driver_of(chain).shown) == 2


def test_a_failed_send_does_not_count_and_the_same_frame_goes_out_next_time() -> None:
    chain = make_chain()
    frame = frame_of(3, 2, {(0, 1): (5, 5, 5)}, status=2)
    driver_of(chain).fail = True
    with pytest.raises(OSError, match="wire unplugged"):
        chain.show(frame)
    assert chain.last_sent is None
    driver_of(chain).fail = False
    assert chain.show(frame)
    assert chain.last_sent == frame


def test_brightness_scales_what_is_sent_and_a_new_brightness_resends_the_same_frame() -> None:
    chain = make_chain(brightness=0.5)
    frame = frame_of(3, 2, {(0, 0): (200, 101, 3)}, status=2)
    chain.show(frame)
    assert chain.last_sent is not None
    assert chain.last_sent.cells[0][0] == (100, 51, 2)  # rounded half up
    assert chain.last_sent.status == ((0, 0, 5), (0, 0, 5))
    chain.brightness = 1.0
    assert chain.show(frame)
    assert chain.last_sent == frame
    with pytest.raises(ValueError, match=r"brightness must be between 0 and 1, got 1\.5"):
        chain.brightness = 1.5


def test_gamma_reaches_the_leds_but_last_sent_stays_before_gamma() -> None:
    chain = make_chain(gamma=2.8)
    frame = frame_of(3, 2, {(0, 0): (128, 64, 255)}, status=2)
    chain.show(frame)
    table = gamma_table(2.8)
    assert driver_of(chain).shown[-1][0] == (table[128], table[64], 255)
    assert table[128] < 128  # the midtones really are darker
    assert chain.last_sent == frame


def test_full_white_is_limited_to_the_budget_and_no_further() -> None:
    chain = make_chain(15, 15, status=4, max_current_ma=2000.0)
    white = Frame(tuple((WHITE,) * 15 for _ in range(15)), (WHITE,) * 4)
    chain.show(white)
    pixels = driver_of(chain).shown[-1]
    assert spec_estimate_ma(pixels) <= 2000.0
    assert chain.last_current_ma == pytest.approx(spec_estimate_ma(pixels))
    assert 0 < chain.last_scale < 1
    level = pixels[0][0]
    assert all(pixel == (level, level, level) for pixel in pixels)  # scaled uniformly
    brighter = min(255, level + 2)
    assert spec_estimate_ma([(brighter,) * 3] * len(pixels)) > 2000.0  # the budget is used


def test_a_frame_within_the_budget_is_never_scaled_up_or_down() -> None:
    chain = make_chain(max_current_ma=10_000.0)
    frame = frame_of(3, 2, {(1, 0): (40, 0, 0)}, status=2)
    chain.show(frame)
    assert chain.last_scale == 1.0
    assert chain.last_sent == frame
    assert chain.last_current_ma == pytest.approx(spec_estimate_ma(driver_of(chain).shown[-1]))


def test_a_budget_below_the_idle_draw_is_refused_with_the_figures() -> None:
    with pytest.raises(ValueError, match=r"max_current_ma 200 is below the idle draw of 229 LEDs"):
        make_chain(15, 15, status=4, max_current_ma=200.0)


levels = st.integers(0, 255)
colours = st.tuples(levels, levels, levels)


@settings(max_examples=60, deadline=None)
@given(
    cells=st.lists(colours, min_size=12, max_size=12),
    status=st.lists(colours, min_size=2, max_size=2),
    budget=st.floats(14.0, 700.0),
    gamma=st.sampled_from([1.0, 2.2, 2.8]),
    brightness=st.floats(0.0, 1.0),
)
def test_the_estimate_of_what_reaches_the_leds_never_exceeds_the_budget(
    cells: list[RGB], status: list[RGB], budget: float, gamma: float, brightness: float
) -> None:
    chain = make_chain(4, 3, status=2, max_current_ma=budget, gamma=gamma, brightness=brightness)
    frame = Frame(tuple(tuple(cells[r * 4 : r * 4 + 4]) for r in range(3)), tuple(status))
    chain.show(frame)
    pixels = driver_of(chain).shown[-1]
    assert spec_estimate_ma(pixels) <= budget + 1e-9
    assert chain.last_current_ma == pytest.approx(spec_estimate_ma(pixels))
    assert 0.0 <= chain.last_scale <= 1.0
    table = gamma_table(gamma)
    dimmed = [tuple(int(v * brightness + 0.5) for v in c) for c in (*cells, *status)]
    unlimited = [(table[r], table[g], table[b]) for r, g, b in dimmed]
    if spec_estimate_ma(unlimited) <= budget:
        assert chain.last_scale == 1.0
        assert sorted(pixels) == sorted(unlimited)


@settings(max_examples=40, deadline=None)
@given(
    columns=st.integers(1, 6),
    rows=st.integers(1, 6),
    status=st.integers(0, 3),
    start=st.sampled_from(CORNERS),
    direction=st.sampled_from(DIRECTIONS),
    zigzag=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_every_led_shows_the_colour_of_the_cell_the_mapping_puts_over_it(
    columns: int,
    rows: int,
    status: int,
    start: Corner,
    direction: Direction,
    zigzag: bool,
    seed: int,
) -> None:
    walk = LedMapping.serpentine if zigzag else LedMapping.rows_layout
    mapping = walk(columns, rows, start=start, direction=direction)
    rng = random.Random(seed)
    colours = [(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(99)]
    cells = tuple(tuple(colours[r * columns + c] for c in range(columns)) for r in range(rows))
    frame = Frame(cells, tuple(colours[90 : 90 + status]))
    with LedChain(RecordingDriver(), mapping, status_count=status) as chain:
        chain.show(frame)
        pixels = driver_of(chain).shown[-1]
    for led, cell in enumerate(mapping.cell_for_led):
        assert pixels[led] == cells[cell // columns][cell % columns]
    assert pixels[columns * rows :] == list(frame.status)


def test_frames_of_the_wrong_shape_or_colour_name_the_problem() -> None:
    chain = make_chain()
    with pytest.raises(ValueError, match="frame is not 3x2 cells"):
        chain.show(Frame.blank(2, 3, 2))
    with pytest.raises(ValueError, match="frame has 1 status LEDs, the chain has 2"):
        chain.show(Frame.blank(3, 2, 1))
    with pytest.raises(ValueError, match=r"cell \(2, 1\) has colour \(0, 256, 0\)"):
        chain.show(frame_of(3, 2, {(2, 1): (0, 256, 0)}, status=2))
    bad_status = Frame(Frame.blank(3, 2).cells, ((0, 0, 0), (-1, 0, 0)))
    with pytest.raises(ValueError, match=r"status LED 1 has colour \(-1, 0, 0\)"):
        chain.show(bad_status)


def test_close_turns_the_leds_off_once_and_releases_the_driver() -> None:
    chain = make_chain()
    chain.show(frame_of(3, 2, {(0, 0): WHITE}, status=2))
    chain.close()
    chain.close()
    driver = driver_of(chain)
    assert driver.shown[-1] == [(0, 0, 0)] * 8
    assert len(driver.shown) == 2
    assert driver.closed == 1
    with pytest.raises(RuntimeError, match="closed"):
        chain.show(Frame.blank(3, 2, 2))


def test_gamma_table_is_the_identity_at_one_and_a_darkening_curve_above() -> None:
    assert gamma_table(1.0) == tuple(range(256))
    table = gamma_table(2.8)
    assert (table[0], table[255]) == (0, 255)
    assert all(a <= b for a, b in itertools.pairwise(table))
    assert all(table[level] <= level for level in range(256))
    with pytest.raises(ValueError, match="gamma must be above 0"):
        gamma_table(0.0)
