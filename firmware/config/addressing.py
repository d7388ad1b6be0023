"""Electrode assignments and the LED chain: generated in order when left out, else checked.

Each ``resolve_*`` takes a config as read and returns it with the assignment complete, or raises
one ConfigError naming the key path.
"""

from __future__ import annotations

import dataclasses

from firmware.config.cells import all_cells, block_order
from firmware.config.errors import ConfigError
from firmware.config.options import ELECTRODES_PER_CHIP
from firmware.config.pads import CellPad, Electrode
from firmware.config.schema import BoardConfig, LedsConfig
from firmware.config.touch_schema import DirectConfig, MatrixConfig
from firmware.rules.grid import cell_name
from hal.interfaces import Cell
from hal.leds.mapping import CORNERS, LedMapping


def hex_address(address: int) -> str:
    """``90`` -> ``"0x5A"``."""
    return f"0x{address:02X}"


def _no_repeated_chips(chips: tuple[int, ...], path: str) -> None:
    for index, chip in enumerate(chips):
        if chip in chips[:index]:
            raise ConfigError("repeated", path, f"{hex_address(chip)} is listed twice")


def resolve_matrix(matrix: MatrixConfig, board: BoardConfig) -> MatrixConfig:
    """Fill in or check the row and column electrodes of the matrix layout."""
    path = "touch.matrix"
    _no_repeated_chips(matrix.chips, f"{path}.chips")
    if not matrix.rows and not matrix.columns:
        needed = board.rows + board.columns
        have = len(matrix.chips) * ELECTRODES_PER_CHIP
        if have < needed:
            message = f"{len(matrix.chips)} chips have {have} electrodes, the matrix needs {needed}"
            raise ConfigError("capacity", f"{path}.chips", message)
        pads = [Electrode(chip, e) for chip in matrix.chips for e in range(ELECTRODES_PER_CHIP)]
        rows = dict(enumerate(pads[: board.rows]))
        columns = dict(enumerate(pads[board.rows : needed]))
        return dataclasses.replace(matrix, rows=rows, columns=columns)
    for name, other in (("rows", "columns"), ("columns", "rows")):
        if not getattr(matrix, name):
            message = f"must be given when {path}.{other} is (or leave both out)"
            raise ConfigError("missing", f"{path}.{name}", message)
    used: dict[Electrode, str] = {}
    _check_lines(matrix, matrix.rows, board.rows, "rows", used)
    _check_lines(matrix, matrix.columns, board.columns, "columns", used)
    return matrix


def _line_name(kind: str, index: int) -> str:
    return f"row {index + 1}" if kind == "rows" else f"column {chr(ord('a') + index)}"


def _line_key(kind: str, index: int) -> str:
    return str(index + 1) if kind == "rows" else chr(ord("a") + index)


def _check_lines(
    matrix: MatrixConfig,
    lines: dict[int, Electrode],
    count: int,
    kind: str,
    used: dict[Electrode, str],
) -> None:
    path = f"touch.matrix.{kind}"
    for index in sorted(lines):
        where = f"{path}.{_line_key(kind, index)}"
        pad = lines[index]
        if index >= count:
            raise ConfigError("board", where, f"there are only {count} {kind} on the board")
        if pad.chip not in matrix.chips:
            message = f"chip {hex_address(pad.chip)} is not in touch.matrix.chips"
            raise ConfigError("chip", where, message)
        if pad in used:
            message = f"{hex_address(pad.chip)} electrode {pad.electrode} is already {used[pad]}"
            raise ConfigError("repeated", where, message)
        used[pad] = _line_name(kind, index)
    for index in range(count):
        if index not in lines:
            raise ConfigError("missing", path, f"{_line_name(kind, index)} is not mapped")


def direct_chips(direct: DirectConfig) -> list[tuple[int, int]]:
    """Every (channel, chip address) behind the mux, in channel order."""
    return [
        (channel, chip) for channel in sorted(direct.channels) for chip in direct.channels[channel]
    ]


def resolve_direct(direct: DirectConfig, board: BoardConfig) -> DirectConfig:
    """Fill in or check the cell electrodes of the direct layout."""
    path = "touch.direct"
    chips = direct_chips(direct)
    cells = all_cells(board.columns, board.rows)
    if not direct.cells:
        have = len(chips) * ELECTRODES_PER_CHIP
        if have < len(cells):
            message = f"{len(chips)} chips have {have} electrodes, the board has {len(cells)} cells"
            raise ConfigError("capacity", f"{path}.channels", message)
        pads = [CellPad(ch, chip, e) for ch, chip in chips for e in range(ELECTRODES_PER_CHIP)]
        order = block_order(board.columns, board.rows)
        return dataclasses.replace(direct, cells=dict(zip(order, pads, strict=False)))
    used: dict[CellPad, Cell] = {}
    for cell, pad in direct.cells.items():
        where = f"{path}.cells.{cell_name(cell)}"
        if cell[0] >= board.columns or cell[1] >= board.rows:
            size = f"{board.columns}x{board.rows}"
            raise ConfigError("board", where, f"{cell_name(cell)} is not on a {size} board")
        if (pad.channel, pad.chip) not in chips:
            message = f"no chip {hex_address(pad.chip)} on mux channel {pad.channel}"
            raise ConfigError("chip", where, f"{message} (see {path}.channels)")
        if pad in used:
            what = f"channel {pad.channel} chip {hex_address(pad.chip)} electrode {pad.electrode}"
            raise ConfigError("repeated", where, f"{what} is already {cell_name(used[pad])}")
        used[pad] = cell
    for cell in cells:
        if cell not in direct.cells:
            raise ConfigError("missing", f"{path}.cells", f"{cell_name(cell)} is not mapped")
    return direct


def chain_in_order(order: str, start_corner: str, columns: int, rows: int) -> tuple[Cell, ...]:
    """The cells in LED chain order for ``rows`` or ``serpentine`` wiring from a corner (the
    HAL's own walk: ``hal.leds.mapping``)."""
    walk = LedMapping.rows_layout if order == "rows" else LedMapping.serpentine
    corner = next(c for c in CORNERS if c == start_corner)
    mapping = walk(columns, rows, start=corner)
    return tuple((index % columns, index // columns) for index in mapping.cell_for_led)


def resolve_chain(leds: LedsConfig, board: BoardConfig) -> LedsConfig:
    """Fill in ``leds.chain`` from the order, or check an explicit chain has every cell once."""
    if leds.order != "explicit":
        if leds.chain:
            raise ConfigError("unused", "leds.chain", "only used when leds.order is explicit")
        chain = chain_in_order(leds.order, leds.start_corner, board.columns, board.rows)
        return dataclasses.replace(leds, chain=chain)
    if not leds.chain:
        raise ConfigError("missing", "leds.chain", "required when leds.order is explicit")
    seen: set[Cell] = set()
    for index, cell in enumerate(leds.chain):
        if cell[0] >= board.columns or cell[1] >= board.rows:
            size = f"{board.columns}x{board.rows}"
            raise ConfigError(
                "board", f"leds.chain[{index}]", f"{cell_name(cell)} is not on a {size} board"
            )
        if cell in seen:
            raise ConfigError("repeated", "leds.chain", f"{cell_name(cell)} is listed twice")
        seen.add(cell)
    for cell in all_cells(board.columns, board.rows):
        if cell not in seen:
            raise ConfigError("missing", "leds.chain", f"{cell_name(cell)} is missing")
    return leds
