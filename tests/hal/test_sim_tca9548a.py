"""The simulated TCA9548A, driven by the Adafruit mux driver."""

from __future__ import annotations

import adafruit_mpr121
import adafruit_tca9548a
import pytest

from hal.sim.i2c_bus import SimI2C
from hal.sim.mpr121_chip import SimMpr121
from hal.sim.tca9548a import SimTca9548a


def _board() -> tuple[SimI2C, SimTca9548a, SimMpr121, SimMpr121]:
    bus, mux = SimI2C(), SimTca9548a()
    bus.attach(0x70, mux)
    first, second = SimMpr121(), SimMpr121()
    mux.attach(0, 0x5A, first)
    mux.attach(3, 0x5A, second)
    return bus, mux, first, second


def test_devices_answer_only_on_enabled_channels() -> None:
    bus, mux, _, _ = _board()
    assert bus.scan() == [0x70]
    bus.writeto(0x70, bytes([1 << 3]))
    assert bus.scan() == [0x5A, 0x70]
    buffer = bytearray(1)
    bus.readfrom_into(0x70, buffer)
    assert buffer[0] == 1 << 3
    mux.reset()
    assert bus.scan() == [0x70]


def test_adafruit_channels_reach_the_right_chip() -> None:
    bus, _, first, second = _board()
    tca = adafruit_tca9548a.TCA9548A(bus)
    driver = adafruit_mpr121.MPR121(tca[3], 0x5A)
    assert second.running
    assert not first.running
    second.sample(3)
    second.touch(7)
    second.sample(5)  # the second-level filter (SFI 4, power-on) and the debounce
    assert driver.touched() == 1 << 7
    assert not bus.locked


def test_adafruit_channel_scan_sees_the_channel() -> None:
    bus, _, _, _ = _board()
    tca = adafruit_tca9548a.TCA9548A(bus)
    channel = tca[0]
    assert channel.try_lock()
    try:
        assert 0x5A in channel.scan()
    finally:
        channel.unlock()
    assert bus.scan() == [0x70]  # the driver deselects on unlock


def test_channels_are_checked() -> None:
    mux = SimTca9548a()
    with pytest.raises(ValueError, match="channel 8"):
        mux.attach(8, 0x5A, SimMpr121())
