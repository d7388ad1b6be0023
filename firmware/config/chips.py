"""The touch chips a config expects, the names the touch driver gives them, and what each pad is."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from firmware.config.addressing import direct_chips
from firmware.config.schema import Config
from firmware.rules.grid import cell_name


@dataclass(frozen=True, slots=True)
class Presence:
    """Which of the config's touch chips answered a bus scan, as chip names."""

    found: tuple[str, ...]
    missing: tuple[str, ...]
    unexpected: tuple[str, ...]
    mux_missing: bool = False


def expected_chips(config: Config) -> list[tuple[int | None, int]]:
    """Every (mux channel or None, address) the touch layout in use needs."""
    if config.touch.layout == "direct":
        return [(channel, chip) for channel, chip in direct_chips(config.touch.direct)]
    return [(None, chip) for chip in config.touch.matrix.chips]


def chip_name(channel: int | None, address: int) -> str:
    """``mpr121@0x5A``, or ``mpr121@0x5A/ch3`` behind the mux (as the touch driver names it)."""
    return f"mpr121@0x{address:02X}" + ("" if channel is None else f"/ch{channel}")


def presence(
    config: Config, main: Sequence[int], channels: Mapping[int, Sequence[int]]
) -> Presence:
    """Compare a bus scan (the main bus, and behind each mux channel) with the config."""
    seen: set[tuple[int | None, int]]
    extra: set[tuple[int | None, int]] = set()
    mux_missing = False
    if config.touch.layout == "direct":
        mux = config.touch.direct.mux_address
        seen = {(channel, a) for channel, found in channels.items() for a in found}
        extra = {(None, a) for a in main if a != mux}
        mux_missing = mux not in main
    else:
        seen = {(None, a) for a in main}
    wanted = expected_chips(config)
    others = sorted((seen | extra) - set(wanted), key=lambda place: (place[0] or -1, place[1]))
    return Presence(
        found=tuple(chip_name(*place) for place in wanted if place in seen),
        missing=tuple(chip_name(*place) for place in wanted if place not in seen),
        unexpected=tuple(
            f"0x{a:02X}" + ("" if ch is None else f" on channel {ch}") for ch, a in others
        ),
        mux_missing=mux_missing,
    )


def pad_names(config: Config) -> dict[tuple[str, int], str]:
    """(chip name, electrode) -> what the pad is for: ``row 1``, ``column a`` or ``cell h8``."""
    touch = config.touch
    if touch.layout == "direct":
        return {
            (chip_name(pad.channel, pad.chip), pad.electrode): f"cell {cell_name(cell)}"
            for cell, pad in touch.direct.cells.items()
        }
    names = {
        (chip_name(None, pad.chip), pad.electrode): f"row {row + 1}"
        for row, pad in touch.matrix.rows.items()
    }
    names |= {
        (chip_name(None, pad.chip), pad.electrode): f"column {chr(ord('a') + column)}"
        for column, pad in touch.matrix.columns.items()
    }
    return names
