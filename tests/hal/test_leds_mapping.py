"""Where each cell's LED sits on the chain."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hal.leds.mapping import CORNERS, DIRECTIONS, Corner, Direction, LedMapping


def cell_of(mapping: LedMapping, led: int) -> tuple[int, int]:
    """The (column, row) under ``led``."""
    index = mapping.cell_for_led[led]
    return index % mapping.columns, index // mapping.columns


def test_serpentine_starts_at_a1_and_turns_back_on_the_second_row() -> None:
    mapping = LedMapping.serpentine(15, 15)
    assert [cell_of(mapping, led) for led in (0, 1, 14)] == [(0, 0), (1, 0), (14, 0)]
    assert [cell_of(mapping, led) for led in (15, 16, 29, 30)] == [(14, 1), (13, 1), (0, 1), (0, 2)]
    assert cell_of(mapping, 224) == (14, 14)  # 15 rows: the last one runs left to right again


def test_rows_layout_starts_every_row_on_the_same_side() -> None:
    mapping = LedMapping.rows_layout(4, 3)
    assert [cell_of(mapping, led) for led in (0, 3, 4, 7, 8)] == [
        (0, 0),
        (3, 0),
        (0, 1),
        (3, 1),
        (0, 2),
    ]


@pytest.mark.parametrize(
    ("start", "first", "second_lap_first"),
    [
        ("bottom-left", (0, 0), (4, 1)),
        ("bottom-right", (4, 0), (0, 1)),
        ("top-left", (0, 2), (4, 1)),
        ("top-right", (4, 2), (0, 1)),
    ],
)
def test_the_start_corner_is_led_zero(
    start: Corner, first: tuple[int, int], second_lap_first: tuple[int, int]
) -> None:
    mapping = LedMapping.serpentine(5, 3, start=start)
    assert cell_of(mapping, 0) == first
    assert cell_of(mapping, 5) == second_lap_first


def test_vertical_runs_up_the_first_column_and_down_the_second() -> None:
    mapping = LedMapping.serpentine(3, 4, direction="vertical")
    assert [cell_of(mapping, led) for led in range(6)] == [
        (0, 0),
        (0, 1),
        (0, 2),
        (0, 3),
        (1, 3),
        (1, 2),
    ]


@given(
    columns=st.integers(1, 16),
    rows=st.integers(1, 16),
    start=st.sampled_from(CORNERS),
    direction=st.sampled_from(DIRECTIONS),
    zigzag=st.booleans(),
)
def test_every_layout_puts_one_led_under_every_cell_and_neighbours_touch(
    columns: int, rows: int, start: Corner, direction: Direction, zigzag: bool
) -> None:
    walk = LedMapping.serpentine if zigzag else LedMapping.rows_layout
    mapping = walk(columns, rows, start=start, direction=direction)
    assert sorted(mapping.cell_for_led) == list(range(columns * rows))
    if zigzag:  # a serpentine chain never jumps: consecutive LEDs are neighbouring cells
        for led in range(columns * rows - 1):
            (c1, r1), (c2, r2) = cell_of(mapping, led), cell_of(mapping, led + 1)
            assert abs(c1 - c2) + abs(r1 - r2) == 1


def test_an_explicit_list_is_used_as_given() -> None:
    mapping = LedMapping.explicit(2, 2, [3, 0, 2, 1])
    assert [cell_of(mapping, led) for led in range(4)] == [(1, 1), (0, 0), (0, 1), (1, 0)]


@pytest.mark.parametrize(
    ("cells", "message"),
    [
        ([0, 1, 2], "has 3 entries, the 2x2 grid has 4 cells"),
        ([0, 1, 2, 4], "entry 3 is cell 4, outside 0..3"),
        ([0, 1, 1, 3], "entry 2 repeats cell 1"),
        ([0, -1, 2, 3], "entry 1 is cell -1"),
    ],
)
def test_a_bad_explicit_list_is_refused_by_entry(cells: list[int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        LedMapping.explicit(2, 2, cells)


def test_unknown_names_are_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="unknown LED start corner 'middle'"):
        LedMapping.serpentine(2, 2, start="middle")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown LED direction 'diagonal'"):
        LedMapping.serpentine(2, 2, direction="diagonal")  # type: ignore[arg-type]
