"""Electrode assignments and the LED chain: generated in order, or checked cell by cell."""

from __future__ import annotations

import itertools

import pytest

from firmware.config import ConfigError, parse_config
from firmware.config.addressing import chain_in_order
from firmware.config.cells import all_cells
from firmware.config.pads import CellPad, Electrode
from firmware.rules.grid import cell_name, parse_board_cell


def error_of(text: str) -> str:
    with pytest.raises(ConfigError) as caught:
        parse_config(text)
    return str(caught.value)


def matrix_text(rows: dict[str, str], columns: dict[str, str]) -> str:
    row_lines = "".join(f"      {key}: {value}\n" for key, value in rows.items())
    column_lines = "".join(f"      {key}: {value}\n" for key, value in columns.items())
    return (
        "board: {columns: 7, rows: 7}\ntouch:\n  matrix:\n    chips: [0x5A, 0x5B]\n"
        f"    rows:\n{row_lines}    columns:\n{column_lines}"
    )


ROWS = {str(r): f"[0x5A, {r - 1}]" for r in range(1, 8)}
COLUMNS = {chr(ord("a") + c): f"[0x5B, {c}]" for c in range(7)}


def test_cell_names_round_trip() -> None:
    for cell in all_cells(15, 15):
        assert parse_board_cell(cell_name(cell), 15, 15) == cell
    assert parse_board_cell("H8", 15, 15) == (7, 7)
    for bad in ("p1", "a16", "a0", "8h", ""):
        with pytest.raises(ValueError):
            parse_board_cell(bad, 15, 15)


def test_the_matrix_is_generated_in_order_over_the_chips() -> None:
    config = parse_config("touch: {matrix: {chips: [0x5C, 0x5A, 0x5B]}}")
    rows, columns = config.touch.matrix.rows, config.touch.matrix.columns
    assert rows[0] == Electrode(0x5C, 0)
    assert rows[12] == Electrode(0x5A, 0)
    assert columns[0] == Electrode(0x5A, 3)
    assert columns[14] == Electrode(0x5B, 5)
    pads = [*rows.values(), *columns.values()]
    assert len(set(pads)) == len(pads) == 30


def test_an_explicit_matrix_is_kept_as_written() -> None:
    config = parse_config(matrix_text(ROWS, COLUMNS))
    assert config.touch.matrix.rows[6] == Electrode(0x5A, 6)
    assert config.touch.matrix.columns[2] == Electrode(0x5B, 2)


@pytest.mark.parametrize(
    ("rows", "columns", "expected"),
    [
        (
            {**ROWS, "2": "[0x5A, 0]"},
            COLUMNS,
            "touch.matrix.rows.2: 0x5A electrode 0 is already row 1",
        ),
        (
            ROWS,
            {**COLUMNS, "c": "[0x5A, 4]"},
            "touch.matrix.columns.c: 0x5A electrode 4 is already row 5",
        ),
        (
            {k: v for k, v in ROWS.items() if k != "4"},
            COLUMNS,
            "touch.matrix.rows: row 4 is not mapped",
        ),
        (
            ROWS,
            {**COLUMNS, "h": "[0x5B, 9]"},
            "touch.matrix.columns.h: there are only 7 columns on the board",
        ),
        (
            ROWS,
            {**COLUMNS, "a": "[0x5D, 9]"},
            "touch.matrix.columns.a: chip 0x5D is not in touch.matrix.chips",
        ),
        (
            ROWS,
            {**COLUMNS, "a": "[0x5B, 12]"},
            "touch.matrix.columns.a.electrode: must be from 0 to 11, got 12",
        ),
        (
            ROWS,
            {**COLUMNS, "a": "[0x5B]"},
            "touch.matrix.columns.a: must be [chip, electrode], got a list [91]",
        ),
        (ROWS, {**COLUMNS, "A": "[0x5B, 11]"}, "touch.matrix.columns: a is mapped twice"),
        ({**ROWS, "x": "[0x5B, 11]"}, COLUMNS, "touch.matrix.rows.x: not a row number (1, 2, ...)"),
    ],
)
def test_matrix_mistakes(rows: dict[str, str], columns: dict[str, str], expected: str) -> None:
    assert error_of(matrix_text(rows, columns)) == expected


def test_the_direct_layout_gives_each_chip_a_compact_block() -> None:
    config = parse_config("touch: {layout: direct}")
    cells = config.touch.direct.cells
    assert len(cells) == 225
    assert cells[(0, 0)] == CellPad(0, 0x5A, 0)  # a1, then up the column and back down the next
    assert cells[(0, 2)] == CellPad(0, 0x5A, 2)
    assert cells[(1, 2)] == CellPad(0, 0x5A, 3)
    assert cells[(3, 0)] == CellPad(0, 0x5A, 11)  # d1: the block is a1..d3
    assert cells[(4, 0)] == CellPad(0, 0x5B, 0)
    assert cells[(14, 14)] == CellPad(4, 0x5C, 8)
    assert len(set(cells.values())) == 225
    blocks: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for cell, pad in cells.items():
        blocks.setdefault((pad.channel, pad.chip), []).append(cell)
    for block in blocks.values():  # no chip reaches further than a block of 4 x 3 or 2 x 6
        width = max(c for c, _ in block) - min(c for c, _ in block)
        height = max(r for _, r in block) - min(r for _, r in block)
        assert (width + 1) * (height + 1) <= 18, block


def test_a_small_board_gets_blocks_too() -> None:
    config = parse_config(
        "board: {columns: 7, rows: 7}\ntouch:\n  layout: direct\n"
        "  direct: {channels: {0: [0x5A, 0x5B, 0x5C, 0x5D], 1: [0x5A]}}"
    )
    cells = config.touch.direct.cells
    assert len(cells) == 49 and len(set(cells.values())) == 49
    first_chip = {cell for cell, pad in cells.items() if (pad.channel, pad.chip) == (0, 0x5A)}
    assert first_chip == {(c, r) for c in range(4) for r in range(3)}


def direct_text(entries: list[str]) -> str:
    lines = "".join(f"      {entry}\n" for entry in entries)
    return (
        "board: {columns: 7, rows: 7}\ntouch:\n  layout: direct\n  direct:\n"
        f"    channels: {{0: [0x5A, 0x5B], 1: [0x5A, 0x5B, 0x5C]}}\n    cells:\n{lines}"
    )


def _pad(index: int) -> str:
    channel, first = (0, 0) if index < 24 else (1, 24)
    return f"[{channel}, 0x{0x5A + (index - first) // 12:02X}, {index % 12}]"


CELLS = [f"{cell_name(cell)}: {_pad(i)}" for i, cell in enumerate(all_cells(7, 7))]


def test_an_explicit_direct_map_is_kept_as_written() -> None:
    config = parse_config(direct_text(CELLS))
    assert config.touch.direct.cells[(3, 3)] == CellPad(1, 0x5A, 0)  # d4 is cell 24


@pytest.mark.parametrize(
    ("entries", "expected"),
    [
        ([*CELLS, "H8: [1, 0x5C, 0]"], "touch.direct.cells.h8: h8 is not on a 7x7 board"),
        ([*CELLS[:-1], "c2: [1, 0x5C, 0]"], "touch.direct.cells: c2 is mapped twice"),
        ([*CELLS[:-1], "C2: [1, 0x5C, 0]"], "touch.direct.cells: c2 is mapped twice"),
        (CELLS[1:], "touch.direct.cells: a1 is not mapped"),
        (
            [*CELLS[:-1], "g7: [0, 0x5A, 0]"],
            "touch.direct.cells.g7: channel 0 chip 0x5A electrode 0 is already a1",
        ),
        (
            [*CELLS[:-1], "g7: [0, 0x5C, 0]"],
            "touch.direct.cells.g7: no chip 0x5C on mux channel 0 (see touch.direct.channels)",
        ),
        (
            [*CELLS[:-1], "g7: [0, 0x5C]"],
            "touch.direct.cells.g7: must be [channel, chip, electrode], got a list [0, 92]",
        ),
        (
            [*CELLS[:-1], "g77: [1, 0x5C, 0]"],
            "touch.direct.cells.g77: not a cell name like h8",
        ),
    ],
)
def test_direct_mistakes(entries: list[str], expected: str) -> None:
    assert error_of(direct_text(entries)) == expected


def test_too_few_chips_for_the_cells() -> None:
    text = "touch: {layout: direct, direct: {channels: {0: [0x5A], 3: [0x5B]}}}"
    assert (
        error_of(text)
        == "touch.direct.channels: 2 chips have 24 electrodes, the board has 225 cells"
    )
    text = "touch: {layout: direct, direct: {channels: {2: [0x5A, 0x5A]}}}"
    assert error_of(text) == "touch.direct.channels.2: 0x5A is listed twice"


@pytest.mark.parametrize("corner", ["bottom-left", "bottom-right", "top-left", "top-right"])
@pytest.mark.parametrize("order", ["serpentine", "rows"])
def test_chains_visit_every_cell_once_stepping_to_a_neighbour(order: str, corner: str) -> None:
    chain = chain_in_order(order, corner, 15, 9)
    assert sorted(chain) == sorted(all_cells(15, 9))
    first_column = 0 if corner.endswith("left") else 14
    first_row = 0 if corner.startswith("bottom") else 8
    assert chain[0] == (first_column, first_row)
    for a, b in itertools.pairwise(chain):
        step = abs(a[0] - b[0]) + abs(a[1] - b[1])
        if order == "serpentine":
            assert step == 1, (a, b)  # no long wire back across the board
        else:
            assert step == 1 or a[0] != b[0]


def test_the_default_chain_snakes_from_a1() -> None:
    chain = parse_config("").leds.chain
    names = [cell_name(cell) for cell in chain]
    assert names[:2] == ["a1", "b1"]
    assert names[14:17] == ["o1", "o2", "n2"]
    assert names[-1] == "o15"  # 15 rows: the last row runs left to right again


def test_an_explicit_chain_must_list_every_cell_once() -> None:
    cells = [cell_name(cell) for cell in reversed(all_cells(7, 7))]
    head = "board: {columns: 7, rows: 7}\nleds:\n  order: explicit\n  chain: "
    assert parse_config(head + f"[{', '.join(cells)}]").leds.chain[0] == (6, 6)
    assert (
        error_of(head + f"[{', '.join([*cells[:-1], 'g7'])}]") == "leds.chain: g7 is listed twice"
    )
    assert error_of(head + f"[{', '.join(cells[:-1])}]") == "leds.chain: a1 is missing"
    assert (
        error_of(head + f"[{', '.join([*cells, 'h1'])}]")
        == "leds.chain[49]: h1 is not on a 7x7 board"
    )
    assert error_of(head + "[]") == "leds.chain: required when leds.order is explicit"
    assert error_of("leds: {chain: [a1]}") == "leds.chain: only used when leds.order is explicit"
