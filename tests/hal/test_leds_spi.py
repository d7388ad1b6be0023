"""The Pi 5 SPI driver: the bytes on a fake bus are decoded back into WS2812 colours."""

from __future__ import annotations

import os
import struct
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from adafruit_blinka.microcontroller.generic_linux import spi as blinka_linux_spi
from Adafruit_PureIO import spi as pureio_spi

from hal.interfaces import RGB, Frame
from hal.leds import LedChain, LedDriverError, LedMapping
from hal.leds.spi import CHUNK_VARIABLE, SpiNeoPixelDriver
from hal.leds.wire import KERNEL_SPI_BUFSIZ, neopixel_spi_frame_bytes

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
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    bus = FakeSpiBus()
    monkeypatch.setitem(sys.modules, "board", types.SimpleNamespace(SPI=lambda: bus))
    monkeypatch.delenv(CHUNK_VARIABLE, raising=False)
    driver = SpiNeoPixelDriver(1, kernel_bufsiz_path=tmp_path / "no-spidev-loaded")
    driver.set_pixels([(4, 5, 6)])
    driver.show()
    assert decode(bus.writes[-1]) == [(4, 5, 6)]

    def no_spi() -> None:
        raise RuntimeError("no SPI device")

    monkeypatch.setitem(sys.modules, "board", types.SimpleNamespace(SPI=no_spi))
    with pytest.raises(LedDriverError, match=r"could not open the SPI bus \(no SPI device\)"):
        SpiNeoPixelDriver(1, kernel_bufsiz_path=tmp_path / "no-spidev-loaded")


class SpidevRecorder:
    """Stands in for the ioctl under Adafruit_PureIO: keeps the length of every SPI message."""

    def __init__(self) -> None:
        self.messages: list[int] = []

    def __call__(self, fd: int, request: int, arg: Any, *more: Any) -> int:
        if request == pureio_spi.SPI._IOC_MESSAGE:
            fields = struct.unpack(pureio_spi.SPI._IOC_TRANSFER_FORMAT, arg)
            self.messages.append(fields[2])  # spi_ioc_transfer.len
        return 0


class BlinkaBus:
    """busio.SPI on a Pi, minus the board detection: Blinka's Linux SPI over Adafruit_PureIO."""

    def __init__(self) -> None:
        self._spi = blinka_linux_spi.SPI((0, 0))
        self._locked = False

    def try_lock(self) -> bool:
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self) -> None:
        self._locked = False

    def configure(self, *, baudrate: int, polarity: int, phase: int, bits: int = 8) -> None:
        self._spi.init(baudrate=baudrate, polarity=polarity, phase=phase, bits=bits)

    @property
    def frequency(self) -> int:
        return int(self._spi.frequency)

    def write(self, buf: bytes, start: int = 0, end: int | None = None) -> None:
        self._spi.write(buf, start, end)


@pytest.fixture
def spidev(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> SpidevRecorder:
    """The board's SPI opened by the driver, down to PureIO's ioctl on a stand-in spidev node."""
    node = tmp_path / "spidev0.0"
    node.write_bytes(b"")
    recorder = SpidevRecorder()
    monkeypatch.setattr(pureio_spi, "ioctl", recorder)
    real_spi = pureio_spi.SPI
    monkeypatch.setattr(
        blinka_linux_spi, "spi", types.SimpleNamespace(SPI=lambda device: real_spi(str(node)))
    )
    monkeypatch.setitem(sys.modules, "board", types.SimpleNamespace(SPI=BlinkaBus))
    monkeypatch.delenv(CHUNK_VARIABLE, raising=False)
    return recorder


def _kernel_bufsiz(tmp_path: Path, size: int) -> Path:
    path = tmp_path / "bufsiz"
    path.write_text(f"{size}\n", encoding="ascii")
    return path


def test_a_frame_of_229_leds_is_one_spi_write(spidev: SpidevRecorder, tmp_path: Path) -> None:
    driver = SpiNeoPixelDriver(229, kernel_bufsiz_path=_kernel_bufsiz(tmp_path, 32768))
    assert driver.frame_bytes == 5976 == neopixel_spi_frame_bytes(229, 6_400_000, 300e-6)
    chain = LedChain(driver, LedMapping.serpentine(15, 15), status_count=4)
    lit = Frame.blank(15, 15, 4)
    chain.show(Frame(lit.cells, ((255, 255, 255),) * 4))
    chain.close()
    assert spidev.messages == [5976, 5976]  # the frame, then the all-off at close


def test_without_the_setting_pureio_would_cut_the_frame_in_two(
    spidev: SpidevRecorder, tmp_path: Path
) -> None:
    bus = BlinkaBus()  # opened before the driver could set SPI_BUFSIZE
    driver = SpiNeoPixelDriver(229, spi=bus, kernel_bufsiz_path=_kernel_bufsiz(tmp_path, 32768))
    driver.set_pixels([(0, 0, 0)] * 229)
    driver.show()
    assert spidev.messages == [KERNEL_SPI_BUFSIZ, 5976 - KERNEL_SPI_BUFSIZ]


def test_a_larger_spi_bufsize_already_set_is_kept(
    spidev: SpidevRecorder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CHUNK_VARIABLE, "65536")
    SpiNeoPixelDriver(229, kernel_bufsiz_path=_kernel_bufsiz(tmp_path, 65536))
    assert os.environ[CHUNK_VARIABLE] == "65536"


def test_a_kernel_buffer_too_small_for_a_frame_is_refused_with_the_fix(
    spidev: SpidevRecorder, tmp_path: Path
) -> None:
    with pytest.raises(LedDriverError, match=r"5976 bytes .* buffer is 4096: add spidev.bufsiz="):
        SpiNeoPixelDriver(229, kernel_bufsiz_path=_kernel_bufsiz(tmp_path, 4096))
    assert spidev.messages == []
