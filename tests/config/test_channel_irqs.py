"""``touch.direct.irq_gpios``: an IRQ wire per mux channel, checked and passed to the driver."""

from __future__ import annotations

import pytest

from firmware.config import parse_config
from firmware.config.summary import summary_lines
from firmware.wiring.settings import direct_layout
from tests.config.test_schema import error_of

DIRECT = "touch: {layout: direct, irq_gpio: null, direct: {irq_gpios: %s}}\n"
WIRES = "[4, 5, 6, 23, 24]"


def test_one_wire_per_channel_reaches_the_driver_in_channel_order() -> None:
    config = parse_config(DIRECT % WIRES)
    assert config.touch.direct.irq_gpios == (4, 5, 6, 23, 24)
    layout = direct_layout(config)
    assert layout.irq_pins == ((0, 4), (1, 5), (2, 6), (3, 23), (4, 24))
    assert layout.channel_chips(4) == (16, 17, 18)
    touch_line = next(line for line in summary_lines(config) if line.startswith("touch"))
    assert touch_line.endswith("an IRQ per channel on GPIO4, 5, 6, 23, 24")


def test_channels_listed_out_of_order_take_the_wires_in_channel_order() -> None:
    text = (
        "touch: {layout: direct, irq_gpio: null, direct: "
        "{channels: {5: [0x5A, 0x5B, 0x5C], 2: [0x5A, 0x5B]}, irq_gpios: [20, 21]}}\n"
        "board: {columns: 7, rows: 7}\n"
    )
    assert direct_layout(parse_config(text)).irq_pins == ((2, 20), (5, 21))


def test_the_shared_wire_stays_the_default() -> None:
    config = parse_config("touch: {layout: direct}")
    assert (config.touch.irq_gpio, config.touch.direct.irq_gpios) == (4, ())
    assert direct_layout(config).irq_pins == ()


@pytest.mark.parametrize(
    ("text", "path", "message"),
    [
        (
            DIRECT % "[4, 5, 6, 23]",
            "touch.direct.irq_gpios",
            "must give one GPIO per mux channel in touch.direct.channels "
            "(5: channels 0, 1, 2, 3, 4), got 4",
        ),
        (
            "touch: {layout: direct, direct: {irq_gpios: [4, 5, 6, 23, 24]}}",
            "touch.irq_gpio",
            "must be null when touch.direct.irq_gpios gives each channel its own wire, got 4",
        ),
        (
            DIRECT % "[4, 5, 6, 23, 5]",
            "touch.direct.irq_gpios[4]",
            "GPIO5 is already used by touch.direct.irq_gpios[1]",
        ),
        (
            DIRECT % "[4, 5, 6, 23, 3]",
            "touch.direct.irq_gpios[4]",
            "GPIO3 is already used by I2C SCL (touch chips)",
        ),
        (
            DIRECT % "[4, 5, 6, 23, 28]",
            "touch.direct.irq_gpios[4]",
            "must be from 0 to 27, got 28",
        ),
        (DIRECT % "[4, 5, 6, 23, x]", "touch.direct.irq_gpios[4]", "must be an integer, got 'x'"),
        (DIRECT % "5", "touch.direct.irq_gpios", "must be a list, got 5"),
    ],
)
def test_wrong_wires_are_one_clear_error(text: str, path: str, message: str) -> None:
    error = error_of(text)
    assert (error.path, error.message) == (path, message)


def test_a_button_on_a_channel_wire_is_refused() -> None:
    error = error_of(DIRECT % WIRES + "buttons: {undo: 23}")
    assert str(error) == "buttons.undo: GPIO23 is already used by touch.direct.irq_gpios[3]"


def test_the_wires_of_an_unused_direct_section_claim_no_pins() -> None:
    config = parse_config("touch: {direct: {irq_gpios: [17, 5, 6, 23, 24]}}")
    assert config.touch.layout == "matrix"
    assert config.buttons.undo == 17
