"""Opening the Pi's I2C-1 through Blinka: no bus speed is asked for, and no warning is printed."""

from __future__ import annotations

import sys
import types
import warnings
from typing import Any

import pytest
from adafruit_blinka.microcontroller.generic_linux import i2c as blinka_linux_i2c

from hal.touch import open_board_bus


class BusioOnLinux:
    """busio.I2C as Blinka builds it on a Linux board: its frequency goes to the Linux I2C."""

    def __init__(self, scl: object, sda: object, frequency: int = 100_000) -> None:
        self.pins = (scl, sda)
        self.frequency = frequency
        self.linux = blinka_linux_i2c.I2C(1, baudrate=frequency)


@pytest.fixture
def blinka(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(blinka_linux_i2c.smbus, "SMBus", lambda bus: ("smbus", bus))
    monkeypatch.setitem(sys.modules, "board", types.SimpleNamespace(SCL=3, SDA=2))
    monkeypatch.setitem(sys.modules, "busio", types.SimpleNamespace(I2C=BusioOnLinux))


@pytest.mark.usefixtures("blinka")
def test_blinka_ignores_the_frequency_and_says_so() -> None:
    with pytest.warns(RuntimeWarning, match="not settable"):
        blinka_linux_i2c.I2C(1, baudrate=400_000)


@pytest.mark.usefixtures("blinka")
def test_the_board_bus_asks_no_speed_and_prints_no_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        bus: Any = open_board_bus()
    assert bus.pins == (3, 2)
    assert bus.frequency == 100_000  # busio's default: the kernel's setting decides anyway
    assert bus.linux._i2c_bus == ("smbus", 1)
