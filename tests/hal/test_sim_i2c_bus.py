"""The simulated I2C bus: routing, counting, locking and injected errors."""

from __future__ import annotations

import errno

import pytest
from adafruit_bus_device.i2c_device import I2CDevice

from hal.sim.i2c_bus import SimI2C


class Echo:
    """A device that remembers writes and answers reads with a fixed pattern."""

    def __init__(self, answer: int = 0xFF) -> None:
        self.writes: list[bytes] = []
        self.answer = answer
        self.responding = True

    def i2c_write(self, data: bytes) -> None:
        self.writes.append(data)

    def i2c_read(self, length: int) -> bytes:
        return bytes([self.answer]) * length


def test_routes_by_address_and_counts_transactions() -> None:
    bus, first, second = SimI2C(), Echo(0x11), Echo(0x22)
    bus.attach(0x20, first)
    bus.attach(0x21, second)
    buffer = bytearray(3)
    bus.writeto(0x20, b"\x01\x02")
    bus.writeto_then_readfrom(0x21, b"\x05", buffer)
    assert first.writes == [b"\x01\x02"]
    assert second.writes == [b"\x05"]
    assert buffer == b"\x22\x22\x22"
    assert bus.transactions == 2
    assert bus.bytes_moved == (1 + 2) + (1 + 1) + (1 + 3)


def test_slices_follow_the_busio_keywords() -> None:
    bus, device = SimI2C(), Echo(0x33)
    bus.attach(0x20, device)
    buffer = bytearray(4)
    bus.writeto(0x20, b"abcd", start=1, end=3)
    bus.readfrom_into(0x20, buffer, start=1, end=3)
    assert device.writes == [b"bc"]
    assert buffer == b"\x00\x33\x33\x00"


def test_missing_device_is_a_remote_io_error() -> None:
    bus = SimI2C()
    with pytest.raises(OSError) as caught:
        bus.writeto(0x40, b"\x00")
    assert caught.value.errno == errno.EREMOTEIO


def test_adafruit_bus_device_probes_and_talks_through_it() -> None:
    bus, device = SimI2C(), Echo(0x5A)
    bus.attach(0x30, device)
    i2c = I2CDevice(bus, 0x30)
    buffer = bytearray(2)
    with i2c:
        i2c.write_then_readinto(b"\x07", buffer)
    assert buffer == b"\x5a\x5a"
    assert not bus.locked
    with pytest.raises(ValueError, match="0x31"):
        I2CDevice(bus, 0x31)


def test_lock_is_exclusive() -> None:
    bus = SimI2C()
    assert bus.try_lock()
    assert not bus.try_lock()
    bus.unlock()
    assert bus.try_lock()


def test_fail_next_counts_down_then_recovers() -> None:
    bus, device = SimI2C(), Echo()
    bus.attach(0x20, device)
    bus.fail_next(2, code=errno.EIO)
    for _ in range(2):
        with pytest.raises(OSError) as caught:
            bus.writeto(0x20, b"\x01")
        assert caught.value.errno == errno.EIO
    bus.writeto(0x20, b"\x02")
    assert device.writes == [b"\x02"]  # failed transactions never reach the device
    assert bus.errors_injected == 2


def _failures(seed: int, probability: float, count: int = 200) -> list[int]:
    bus = SimI2C()
    bus.attach(0x20, Echo())
    bus.fail_randomly(probability, seed=seed)
    failed = []
    for index in range(count):
        try:
            bus.writeto(0x20, b"\x00")
        except OSError:
            failed.append(index)
    return failed


def test_random_failures_repeat_with_the_seed() -> None:
    assert _failures(7, 0.3) == _failures(7, 0.3)
    assert _failures(7, 0.3) != _failures(8, 0.3)
    assert 20 < len(_failures(7, 0.3)) < 100


def test_two_devices_on_one_address_read_as_wired_and() -> None:
    from hal.sim.tca9548a import SimTca9548a

    bus, mux = SimI2C(), SimTca9548a()
    bus.attach(0x70, mux)
    mux.attach(0, 0x20, Echo(0b1100))
    mux.attach(1, 0x20, Echo(0b1010))
    bus.writeto(0x70, bytes([0b11]))
    buffer = bytearray(1)
    bus.readfrom_into(0x20, buffer)
    assert buffer[0] == 0b1000


def test_scan_lists_powered_devices() -> None:
    bus, present, absent = SimI2C(), Echo(), Echo()
    absent.responding = False
    bus.attach(0x5A, present)
    bus.attach(0x5B, absent)
    assert bus.scan() == [0x5A]


def test_deinit_closes_the_bus() -> None:
    bus = SimI2C()
    bus.attach(0x20, Echo())
    with bus:
        bus.writeto(0x20, b"")
    with pytest.raises(RuntimeError, match="deinitialised"):
        bus.writeto(0x20, b"")
