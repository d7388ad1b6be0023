"""Opening a real chain from settings, down to the driver calls and the wire."""

from __future__ import annotations

import pytest

from hal.interfaces import Frame
from hal.leds import open_led_chain
from tests.hal.test_leds_spi import FakeSpiBus, decode
from tests.hal.test_leds_ws281x import SwigRecorder, swig

__all__ = ["swig"]  # the fixture, shared with the ws281x tests

RED, BLUE, GREEN = (255, 0, 0), (0, 0, 255), (0, 255, 0)


def test_an_explicit_chain_of_cells_orders_the_wire() -> None:
    bus = FakeSpiBus()
    chain = open_led_chain(
        "spi",
        columns=2,
        rows=2,
        chain=[(1, 1), (0, 1), (0, 0), (1, 0)],
        status_count=1,
        spi=bus,
        gamma=1.0,
    )
    chain.show(Frame(((RED, (0, 0, 0)), ((0, 0, 0), BLUE)), (GREEN,)))
    assert decode(bus.writes[-1]) == [BLUE, (0, 0, 0), RED, (0, 0, 0), GREEN]
    chain.close()


def test_ws281x_is_opened_with_the_pin_and_the_default_serpentine(swig: SwigRecorder) -> None:
    chain = open_led_chain("ws281x", columns=2, rows=2, gamma=1.0, gpio=18)
    try:
        chain.show(Frame(((RED, BLUE), (GREEN, (1, 1, 1)))))
        assert swig.renders[-1] == {0: 0xFF0000, 1: 0x0000FF, 2: 0x010101, 3: 0x00FF00}
    finally:
        chain.close()


def test_settings_the_backend_cannot_honour_are_refused() -> None:
    with pytest.raises(ValueError, match="sends on GPIO10 only"):
        open_led_chain("spi", columns=2, rows=2, gpio=18, spi=FakeSpiBus())
    with pytest.raises(ValueError, match="unknown LED backend 'dmx'"):
        open_led_chain("dmx", columns=2, rows=2)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"LED 1 is on cell \(2, 0\), off the 2x2 grid"):
        open_led_chain("spi", columns=2, rows=2, chain=[(0, 0), (2, 0)], spi=FakeSpiBus())
