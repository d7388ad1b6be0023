"""Readers for the options that are maps or cell lists: electrode assignments and the LED chain.

They check the shape of each entry; whether the entries fit the board is checked in layouts.py,
once the board size is known.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

from firmware.config.convert import build, convert, describe, join, repeated_keys
from firmware.config.errors import ConfigError
from firmware.config.options import MPR121_HIGH, MPR121_LOW, Rule
from firmware.config.pads import CellPad, Electrode
from firmware.rules.grid import parse_board_cell
from hal.interfaces import Cell

MAX_SIDE = 19  # the largest board the schema allows; the real size is checked later
K = TypeVar("K")
V = TypeVar("V")
CHIP_RULE = Rule(low=MPR121_LOW, high=MPR121_HIGH, hex=True)


def _mapping(raw: object, path: str, what: str) -> Mapping[object, object]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise ConfigError("type", path, f"must be a mapping of {what}, got {describe(raw)}")
    return raw


def _row_index(key: object, path: str) -> int:
    if isinstance(key, int) and not isinstance(key, bool) and 1 <= key <= MAX_SIDE:
        return key - 1
    raise ConfigError("key", join(path, key), "not a row number (1, 2, ...)")


def _column_index(key: object, path: str) -> int:
    if isinstance(key, str) and len(key) == 1 and "a" <= key.lower() <= "s":
        return ord(key.lower()) - ord("a")
    raise ConfigError("key", join(path, key), "not a column letter (a, b, ...)")


def _cell(key: object, path: str) -> Cell:
    try:
        return parse_board_cell(str(key), MAX_SIDE, MAX_SIDE)
    except ValueError:
        raise ConfigError("key", path, "not a cell name like h8") from None


def _cell_key(key: object, path: str) -> Cell:
    return _cell(key, join(path, key))


def _no_repeats(raw: Mapping[object, object], path: str, verb: str) -> None:
    for key in repeated_keys(raw):
        raise ConfigError("repeated", path, f"{key} is {verb} twice")


def _pad_map(
    raw: object, path: str, what: str, key_of: Callable[[object, str], K], pad: type[V]
) -> dict[K, V]:
    """A map of rows, columns or cells to pads; a key named twice (in any spelling) is refused."""
    entries = _mapping(raw, path, what)
    _no_repeats(entries, path, "mapped")
    result: dict[K, V] = {}
    for key, value in entries.items():
        index = key_of(key, path)
        if index in result:
            raise ConfigError("repeated", path, f"{str(key).lower()} is mapped twice")
        result[index] = build(pad, value, join(path, key))
    return result


def read_row_map(raw: object, path: str) -> dict[int, Electrode]:
    """``{1: [0x5A, 0], ...}`` -> row index -> electrode."""
    return _pad_map(raw, path, "row numbers to [chip, electrode]", _row_index, Electrode)


def read_column_map(raw: object, path: str) -> dict[int, Electrode]:
    """``{a: [0x5B, 3], ...}`` -> column index -> electrode."""
    return _pad_map(raw, path, "column letters to [chip, electrode]", _column_index, Electrode)


def read_channels(raw: object, path: str) -> dict[int, tuple[int, ...]]:
    """``{0: [0x5A, 0x5B], ...}`` -> mux channel -> chip addresses."""
    entries = _mapping(raw, path, "mux channels to chip addresses")
    _no_repeats(entries, path, "given")
    result: dict[int, tuple[int, ...]] = {}
    for key, value in entries.items():
        where = join(path, key)
        if not (isinstance(key, int) and not isinstance(key, bool) and 0 <= key <= 7):
            raise ConfigError("key", where, "not a mux channel (0 to 7)")
        chips = convert(tuple[int, ...], value, where, CHIP_RULE)
        assert isinstance(chips, tuple)
        for index, chip in enumerate(chips):
            if chip in chips[:index]:
                raise ConfigError("repeated", where, f"0x{chip:02X} is listed twice")
        result[key] = chips
    return result


def read_cell_map(raw: object, path: str) -> dict[Cell, CellPad]:
    """``{h8: [3, 0x5B, 4], ...}`` -> cell -> pad."""
    return _pad_map(raw, path, "cells to [channel, chip, electrode]", _cell_key, CellPad)


def pad_key(key: object) -> str:
    """A pad's name as written (``Row 3``, ``column C``, ``H8``) in one spelling."""
    return " ".join(str(key).lower().split())


def read_pad_map(raw: object, path: str) -> dict[str, object]:
    """``{"row 3": {touch_threshold: 20}, h8: {...}}`` -> pad name -> its settings; whether
    the names fit the layout is checked once the board is known."""
    from firmware.config.touch_schema import PadConfig  # which imports this module

    entries = _mapping(raw, path, "pad names to settings")
    _no_repeats(entries, path, "given")
    result: dict[str, object] = {}
    for key, value in entries.items():
        name = pad_key(key)
        if name in result:
            raise ConfigError("repeated", path, f"{name} is given twice")
        result[name] = build(PadConfig, value, join(path, key))
    return result


def read_chain(raw: object, path: str) -> tuple[Cell, ...]:
    """``[a1, b1, ...]`` -> the cells in LED chain order."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ConfigError("type", path, f"must be a list of cells, got {describe(raw)}")
    return tuple(_cell(item, f"{path}[{index}]") for index, item in enumerate(raw))


def command_line(raw: object, path: str) -> str | None:
    """A command line as the shell would split it (quotes balanced), or null."""
    if raw is None:
        return None
    if not isinstance(raw, str) or not raw.strip():
        raise ConfigError("type", path, f"must be a command line or null, got {describe(raw)}")
    import shlex  # only for a config that names a command: slow to import

    try:
        shlex.split(raw)
    except ValueError as exc:
        raise ConfigError("value", path, f"not a command line: {exc}") from None
    return raw
