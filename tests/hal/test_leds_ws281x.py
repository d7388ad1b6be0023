"""The rpi_ws281x driver, run down to the library's SWIG calls, which are replaced by recorders."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import rpi_ws281x
from rpi_ws281x import rpi_ws281x as pixelstrip_module

from hal.interfaces import RGB, Frame
from hal.leds import LedChain, LedDriverError, LedMapping, gamma_table
from hal.leds.ws281x import Ws281xDriver

ws: Any = pixelstrip_module.ws  # the SWIG module PixelStrip calls


class SwigRecorder:
    """Stands in for the C calls that need a Pi: keeps the LED buffer the library would hold."""

    def __init__(self) -> None:
        self.init_result = 0
        self.render_result = 0
        self.buffer: dict[int, int] = {}
        self.sets: list[tuple[int, int]] = []
        self.renders: list[dict[int, int]] = []
        self.finis = 0

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(ws, "ws2811_init", lambda leds: self.init_result)
        monkeypatch.setattr(ws, "ws2811_render", self.render)
        monkeypatch.setattr(ws, "ws2811_led_set", self.led_set)
        monkeypatch.setattr(ws, "ws2811_fini", self.fini)

    def led_set(self, channel: Any, index: int, value: int) -> int:
        self.sets.append((index, value))
        self.buffer[index] = value
        return 0

    def render(self, leds: Any) -> int:
        if self.render_result == 0:
            self.renders.append(dict(self.buffer))
        return self.render_result

    def fini(self, leds: Any) -> None:
        self.finis += 1


@pytest.fixture
def swig(monkeypatch: pytest.MonkeyPatch) -> SwigRecorder:
    recorder = SwigRecorder()
    recorder.install(monkeypatch)
    return recorder


@pytest.fixture
def drivers() -> Iterator[list[Ws281xDriver]]:
    opened: list[Ws281xDriver] = []
    yield opened
    for driver in opened:  # never leave a strip for the real library to finish at exit
        driver.close()


def open_driver(
    drivers: list[Ws281xDriver],
    count: int,
    *,
    pin: int = 10,
    dma: int = 10,
    invert: bool = False,
    strip_type: str = "GRB",
) -> Ws281xDriver:
    driver = Ws281xDriver(count, pin=pin, dma=dma, invert=invert, strip_type=strip_type)
    drivers.append(driver)
    return driver


def packed(colour: RGB) -> int:
    red, green, blue = colour
    return red * 65536 + green * 256 + blue


def test_the_strip_is_configured_for_spi_on_gpio10_grb_at_800khz(
    swig: SwigRecorder, drivers: list[Ws281xDriver]
) -> None:
    driver = open_driver(drivers, 229)
    leds = driver._strip._leds
    channel = ws.ws2811_channel_get(leds, 0)
    assert ws.ws2811_channel_t_gpionum_get(channel) == 10
    assert ws.ws2811_channel_t_count_get(channel) == 229
    assert ws.ws2811_channel_t_strip_type_get(channel) == rpi_ws281x.WS2811_STRIP_GRB
    assert ws.ws2811_t_freq_get(leds) == 800_000
    assert ws.ws2811_t_dmanum_get(leds) == 10


def test_pwm_on_gpio18_another_dma_channel_strip_type_and_inversion_are_options(
    swig: SwigRecorder, drivers: list[Ws281xDriver]
) -> None:
    driver = open_driver(drivers, 4, pin=18, dma=5, invert=True, strip_type="RGB")
    leds = driver._strip._leds
    channel = ws.ws2811_channel_get(leds, 0)
    assert ws.ws2811_channel_t_gpionum_get(channel) == 18
    assert ws.ws2811_channel_t_invert_get(channel) == 1
    assert ws.ws2811_channel_t_strip_type_get(channel) == rpi_ws281x.WS2811_STRIP_RGB
    assert ws.ws2811_t_dmanum_get(leds) == 5
    with pytest.raises(ValueError, match="unknown strip type 'RGBW'"):
        Ws281xDriver(4, strip_type="RGBW")


def test_each_led_gets_its_mapped_gamma_corrected_24_bit_colour_and_one_render_per_change(
    swig: SwigRecorder, drivers: list[Ws281xDriver]
) -> None:
    chain = LedChain(
        open_driver(drivers, 3 * 2 + 1), LedMapping.serpentine(3, 2), status_count=1, gamma=2.8
    )
    table = gamma_table(2.8)
    cells = (((255, 0, 0), (0, 128, 0), (0, 0, 200)), ((1, 2, 3), (90, 90, 90), (255, 255, 255)))
    first = Frame(cells, ((0, 255, 10),))
    assert chain.show(first)
    expected = {
        led: packed((table[r], table[g], table[b]))
        for led, (r, g, b) in enumerate([*cells[0], *reversed(cells[1]), (0, 255, 10)])
    }
    assert swig.renders == [expected]
    assert swig.renders[0][0] == 0xFF0000  # red stays in the red byte of 0x00RRGGBB

    assert not chain.show(Frame(cells, ((0, 255, 10),)))  # equal frame: no render
    assert len(swig.renders) == 1

    swig.sets.clear()
    second = Frame(cells, ((255, 255, 255),))
    assert chain.show(second)
    assert swig.sets == [(6, 0xFFFFFF)]  # only the LED that changed is written
    assert swig.renders[-1] == {**expected, 6: 0xFFFFFF}
    assert len(swig.renders) == 2


def test_a_failed_start_names_the_spi_fix(swig: SwigRecorder) -> None:
    swig.init_result = ws.WS2811_ERROR_SPI_SETUP
    with pytest.raises(LedDriverError) as raised:
        Ws281xDriver(10)
    message = str(raised.value)
    assert "LEDs on GPIO10 could not start" in message
    assert "Unable to initialize SPI" in message  # the library's own words
    assert "dtparam=spi=on" in message
    assert "/dev/spidev0.0 and /dev/gpiomem" in message
    assert "\n" not in message
    assert swig.finis == 0  # a strip that never started is not finished


def test_a_failed_start_on_pwm_names_root_and_audio(swig: SwigRecorder) -> None:
    swig.init_result = ws.WS2811_ERROR_MMAP
    with pytest.raises(LedDriverError, match=r"GPIO18 needs root .* kiosk service cannot"):
        Ws281xDriver(10, pin=18)


def test_a_computer_the_library_does_not_know_is_pointed_to_an_upgrade_or_the_spi_driver(
    swig: SwigRecorder,
) -> None:
    """rpi_ws281x matches exact revision codes: a new Pi 4 board revision fails like a Pi 5."""
    swig.init_result = ws.WS2811_ERROR_HW_NOT_SUPPORTED
    with pytest.raises(LedDriverError) as raised:
        Ws281xDriver(10)
    message = str(raised.value)
    assert "exact revision code" in message and "Pi 1-4 or Zero 2 revision newer" in message
    assert "pip install -U rpi-ws281x" in message and "leds.backend: spi" in message


def test_a_failed_render_is_an_os_error_the_controller_can_survive(
    swig: SwigRecorder, drivers: list[Ws281xDriver]
) -> None:
    chain = LedChain(open_driver(drivers, 4), LedMapping.rows_layout(2, 2))
    swig.render_result = ws.WS2811_ERROR_SPI_TRANSFER
    with pytest.raises(OSError, match=r"could not send .*SPI transfer error"):
        chain.show(Frame((((1, 1, 1),) * 2, ((2, 2, 2),) * 2)))
    swig.render_result = 0
    assert chain.show(Frame((((1, 1, 1),) * 2, ((2, 2, 2),) * 2)))
    assert swig.renders[-1] == {0: 0x010101, 1: 0x010101, 2: 0x020202, 3: 0x020202}


def test_close_turns_the_leds_off_and_finishes_the_library_once(swig: SwigRecorder) -> None:
    chain = LedChain(Ws281xDriver(2), LedMapping.rows_layout(2, 1))
    chain.show(Frame((((9, 9, 9), (8, 8, 8)),)))
    chain.close()
    chain.close()
    assert swig.renders[-1] == {0: 0, 1: 0}
    assert swig.finis == 1
