"""The electrode behind a row, column or cell, written in YAML as a short list."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from firmware.config.options import ELECTRODES_PER_CHIP, MPR121_HIGH, MPR121_LOW, option


@dataclass(frozen=True, slots=True)
class Electrode:
    """One MPR121 electrode: the chip's address and the electrode number, as [0x5A, 0]."""

    POSITIONAL: ClassVar[tuple[str, ...]] = ("chip", "electrode")
    chip: int = option(low=MPR121_LOW, high=MPR121_HIGH, hex=True, doc="chip address")
    electrode: int = option(low=0, high=ELECTRODES_PER_CHIP - 1, doc="electrode 0..11")


@dataclass(frozen=True, slots=True)
class CellPad:
    """The pad under one cell on the direct layout: mux channel, chip, electrode."""

    POSITIONAL: ClassVar[tuple[str, ...]] = ("channel", "chip", "electrode")
    channel: int = option(low=0, high=7, doc="TCA9548A channel")
    chip: int = option(low=MPR121_LOW, high=MPR121_HIGH, hex=True, doc="chip address")
    electrode: int = option(low=0, high=ELECTRODES_PER_CHIP - 1, doc="electrode 0..11")
