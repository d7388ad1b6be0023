"""The Pi 5 SPI driver: the bytes on a fake bus are decoded back into WS2812 colours."""

from __future__ import annotations

import sys
import types

import pytest

from hal.interfaces import RGB, Frame
from hal.leds import LedChain, LedDriverError, LedMapping
from hal.leds.spi import SpiNeoPixelDriver

ONE, ZERO = 0b11110000, 0b11000000  # one SPI byte per WS2812 bit: a long or a short high pulse


class FakeSpiBus:
    """A busio.SPI stand-in that keeps every write and the last configuration."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.baudrate = 0
        self.locked = False
        self.fail = False

    def try_lock(self) -> bool:
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self) -> None:
        self.locked = False

    def configure(self, *, baudrate: int, polarity: int, phase: int) -> None:
        self.baudrate = baudrate

    def write(self, data: bytes) -> None:
        if self.fail:
            raise OSError(5, "Input/output error")
        self.writes.append(bytes(data))


def decode(stream: bytes, order: str = "GRB") -> list[RGB]:
    """WS2812 colours from an SPI stream framed by reset gaps (runs of zero bytes)."""
    body = stream.strip(b"\x00")
    gap = stream.index(body[:1])
    assert gap * 8 / 6.4e6 >= 280e-6, "new WS2812B parts need 280 us low before the frame"
    assert stream.endswith(bytes(gap)), "and after it"
    bits = []
    for byte in body:
        assert byte in (ONE, ZERO), f"{byte:#010b} is not a WS2812 bit"
        bits.append(1 if byte == ONE else 0)
    levels = [int("".join(map(str, bits[i : i + 8])), 2) for i in range(0, len(bits), 8)]
    triples = zip(levels[0::3], levels[1::3], levels[2::3], strict=True)
    by_name = [dict(zip(order, triple, strict=True)) for triple in triples]
    return [(levels["R"], levels["G"], levels["B"]) for levels in by_name]


def test_the_wire_carries_each_led_in_chain_order_as_grb_bits() -> None:
    bus = FakeSpiBus()
    chain = LedChain(SpiNeoPixelDriver(5, spi=bus), LedMapping.serpentine(2, 2), status_count=1)
    frame = Frame((((255, 0, 0), (0, 255, 0)), ((0, 0, 255), (18, 52, 86))), ((1, 128, 254),))
    assert chain.show(frame)
    assert bus.baudrate == 6_400_000  # one SPI byte per WS2812 bit at 800 kHz
    assert len(bus.writes) == 1
    assert decode(bus.writes[0]) == [
        (255, 0, 0),
        (0, 255, 0),
        (18, 52, 86),  # serpentine: row 1 comes back from the right
        (0, 0, 255),
        (1, 128, 254),
    ]
    assert not bus.locked


def test_another_strip_type_changes_the_byte_order_on_the_wire() -> None:
    bus = FakeSpiBus()
    driver = SpiNeoPixelDriver(2, spi=bus, strip_type="BRG")
    driver.set_pixels([(1, 2, 3), (200, 100, 50)])
    driver.show()
    assert decode(bus.writes[-1], order="BRG") == [(1, 2, 3), (200, 100, 50)]
    assert decode(bus.writes[-1], order="GRB") != [(1, 2, 3), (200, 100, 50)]


def test_an_equal_frame_writes_nothing_and_a_new_one_writes_once() -> None:
    bus = FakeSpiBus()
    chain = LedChain(SpiNeoPixelDriver(2, spi=bus), LedMapping.rows_layout(2, 1))
    chain.show(Frame((((7, 7, 7), (0, 0, 0)),)))
    chain.show(Frame((((7, 7, 7), (0, 0, 0)),)))
    chain.show(Frame((((7, 7, 7), (0, 0, 1)),)))
    assert [decode(write) for write in bus.writes] == [
        [(7, 7, 7), (0, 0, 0)],
        [(7, 7, 7), (0, 0, 1)],
    ]


def test_a_failed_write_is_an_os_error_naming_the_fix() -> None:
    bus = FakeSpiBus()
    chain = LedChain(SpiNeoPixelDriver(1, spi=bus), LedMapping.rows_layout(1, 1))
    bus.fail = True
    with pytest.raises(LedDriverError, match=r"could not send .*dtparam=spi=on"):
        chain.show(Frame((((3, 3, 3),),)))
    bus.fail = False
    assert chain.show(Frame((((3, 3, 3),),)))
    assert decode(bus.writes[-1]) == [(3, 3, 3)]


def test_close_sends_all_off() -> None:
    bus = FakeSpiBus()
    chain = LedChain(SpiNeoPixelDriver(2, spi=bus), LedMapping.rows_layout(2, 1))
    chain.show(Frame((((9, 9, 9), (9, 9, 9)),)))
    chain.close()
    chain.close()
    assert decode(bus.writes[-1]) == [(0, 0, 0), (0, 0, 0)]
    assert len(bus.writes) == 2


def test_without_a_bus_it_opens_board_spi_and_explains_when_that_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bus = FakeSpiBus()
    monkeypatch.setitem(sys.modules, "board", types.SimpleNamespace(SPI=lambda: bus))
    driver = SpiNeoPixelDriver(1)
    driver.set_pixels([(4, 5, 6)])
    driver.show()
    assert decode(bus.writes[-1]) == [(4, 5, 6)]

    def no_spi() -> None:
        raise RuntimeError("no SPI device")

    monkeypatch.setitem(sys.modules, "board", types.SimpleNamespace(SPI=no_spi))
    with pytest.raises(LedDriverError, match=r"could not open the SPI bus \(no SPI device\)"):
        SpiNeoPixelDriver(1)
