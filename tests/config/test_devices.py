"""Building the board from a config: layouts and chains as the HAL counts them, clean failures."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from gpiozero import Button
from gpiozero.pins.mock import MockFactory

from firmware.config import default_config, load_config, parse_config
from firmware.config.chips import chip_name, expected_chips, presence
from firmware.wiring.devices import (
    BoardSetupError,
    build_board,
    build_buttons,
    build_leds,
    direct_layout,
    led_mapping,
    matrix_layout,
    simulated,
    touch_settings,
)
from hal.buttons import GpioButtons
from hal.clock import FakeClock
from hal.interfaces import OFF, ButtonEvent, Frame, HalEvent
from hal.leds import LedMapping
from hal.mock import MockBuzzer, MockLeds, MockTouch
from hal.sim.i2c_bus import SimI2C
from hal.touch import ChipSpec, DirectLayout, MatrixLayout

CONFIG_DIR = Path(__file__).resolve().parent.parent.parent / "config"
MATRIX = load_config(CONFIG_DIR / "matrix-board.yaml")
DIRECT = load_config(CONFIG_DIR / "direct-board.yaml")


def test_the_reference_layouts_are_the_touch_drivers_reference_layouts() -> None:
    assert matrix_layout(MATRIX) == MatrixLayout()
    assert direct_layout(DIRECT) == DirectLayout()


def test_a_rewired_matrix_reaches_the_driver() -> None:
    config = parse_config("touch: {matrix: {chips: [0x5C, 0x5A, 0x5B]}}")
    layout = matrix_layout(config)
    assert [chip.address for chip in layout.chips] == [0x5C, 0x5A, 0x5B]
    assert layout.rows[0].chip == 0 and layout.columns[14].chip == 2


@pytest.mark.parametrize("corner", ["bottom-left", "top-right"])
def test_the_led_chain_reaches_the_driver(corner: str) -> None:
    config = parse_config(f"leds: {{start_corner: {corner}}}")
    assert led_mapping(config) == LedMapping.serpentine(15, 15, start=corner)  # type: ignore[arg-type]
    config = parse_config(f"leds: {{order: rows, start_corner: {corner}}}")
    assert led_mapping(config) == LedMapping.rows_layout(15, 15, start=corner)  # type: ignore[arg-type]


def test_the_simulated_leds_run_in_the_configured_order_with_its_gamma() -> None:
    config = parse_config("leds: {order: rows, start_corner: top-left, gamma: 2.0}")
    leds = build_leds(config, FakeClock())
    assert isinstance(leds, MockLeds)
    grey = (128, 128, 128)
    cells = tuple(tuple(grey if (c, r) == (0, 13) else OFF for c in range(15)) for r in range(15))
    leds.show(Frame(cells, (OFF,) * 4))
    lit = [i for i, pixel in enumerate(leds.pixels) if pixel != OFF]
    assert lit == [15]  # a14: the first cell of the second row from the top
    assert leds.pixels[15] == (64, 64, 64)  # 128 through gamma 2.0


def test_touch_settings_carry_every_option() -> None:
    text = (
        "touch: {touch_threshold: 20, release_threshold: 9, touch_debounce: 3, "
        "release_debounce: 2, irq_gpio: null, poll_seconds: 0.25, "
        "retry: {attempts: 6, first_delay_seconds: 0.002, max_delay_seconds: 0.05, "
        "dead_retry_seconds: 9}}"
    )
    settings = touch_settings(parse_config(text))
    assert (settings.thresholds.touch, settings.thresholds.release) == (20, 9)
    assert (settings.debounce.touch, settings.debounce.release) == (3, 2)
    assert (settings.irq_pin, settings.safety_poll_s) == (None, 0.25)
    retry = settings.retry
    assert (retry.attempts, retry.first_delay_s, retry.max_delay_s, retry.dead_retry_s) == (
        6,
        0.002,
        0.05,
        9,
    )


def test_the_simulated_board() -> None:
    board = build_board(default_config(), FakeClock())
    assert isinstance(board.touch, MockTouch)
    assert isinstance(board.leds, MockLeds)
    assert (board.leds.columns, board.leds.rows, board.leds.status_count) == (15, 15, 4)
    assert board.buttons is not None and list(board.buttons.names) == ["undo", "new", "menu"]
    assert board.buzzer is None
    board.close()
    mocked = build_board(simulated(MATRIX), FakeClock())
    assert isinstance(mocked.buzzer, MockBuzzer)
    assert isinstance(mocked.touch, MockTouch)


def test_buttons_left_out_are_not_built() -> None:
    config = parse_config("buttons: {new: null}")
    board = build_board(config, FakeClock())
    assert board.buttons is not None and list(board.buttons.names) == ["undo", "menu"]
    assert build_buttons(parse_config("buttons: {backend: none}"), FakeClock()) is None


def test_gpio_buttons_sit_on_the_configured_pins() -> None:
    factory = MockFactory()
    buttons = build_buttons(MATRIX, FakeClock(), pin_factory=factory)
    assert isinstance(buttons, GpioButtons)
    events: list[HalEvent] = []
    buttons.start(events.append)
    factory.pin(27).drive_low()  # NEW
    assert events and isinstance(events[0], ButtonEvent)
    assert (events[0].name, events[0].pressed) == ("new", True)
    buttons.close()


def test_a_pin_in_use_is_one_clear_error() -> None:
    factory = MockFactory()
    taken = Button(22, pin_factory=factory)
    with pytest.raises(BoardSetupError) as caught:
        build_buttons(MATRIX, FakeClock(), pin_factory=factory)
    taken.close()
    message = str(caught.value)
    assert message.startswith("buttons: button 'menu' on pin 22")
    assert "\n" not in message


def test_no_chip_on_the_bus_is_one_clear_error() -> None:
    with pytest.raises(BoardSetupError) as caught:
        build_board(MATRIX, FakeClock(), bus=SimI2C(), pin_factory=MockFactory())
    assert str(caught.value).startswith(
        "touch: no MPR121 answers on I2C-1 (expected mpr121@0x5A, mpr121@0x5B, mpr121@0x5C)"
    )
    with pytest.raises(BoardSetupError) as caught:
        build_board(DIRECT, FakeClock(), bus=SimI2C(), pin_factory=MockFactory())
    assert str(caught.value).startswith("touch: no TCA9548A answers at 0x70")


def test_only_i2c_1_is_driven() -> None:
    config = dataclasses.replace(MATRIX, touch=dataclasses.replace(MATRIX.touch, i2c_bus=3))
    with pytest.raises(BoardSetupError) as caught:
        build_board(config, FakeClock())
    assert str(caught.value).startswith("touch.i2c_bus: ")


def test_chip_names_are_the_touch_drivers_names() -> None:
    for channel, address in expected_chips(DIRECT) + expected_chips(MATRIX):
        assert chip_name(channel, address) == ChipSpec(address, channel).name


def test_presence_compares_a_scan_with_the_config() -> None:
    seen = presence(MATRIX, [0x5A, 0x5C, 0x29], {})
    assert seen.found == ("mpr121@0x5A", "mpr121@0x5C")
    assert seen.missing == ("mpr121@0x5B",)
    assert seen.unexpected == ("0x29",)
    channels = {ch: [0x5A, 0x5B, 0x5C, 0x5D] for ch in range(4)} | {4: [0x5A, 0x5B], 6: [0x5A]}
    seen = presence(DIRECT, [0x70], channels)
    assert len(seen.found) == 18 and seen.missing == ("mpr121@0x5C/ch4",)
    assert seen.unexpected == ("0x5A on channel 6",)
    assert presence(DIRECT, [], {}).mux_missing


def test_an_optional_hint_button_is_built_on_its_pin() -> None:
    assert MATRIX.buttons.hint is None
    with_hint = dataclasses.replace(MATRIX, buttons=dataclasses.replace(MATRIX.buttons, hint=5))
    factory = MockFactory()
    buttons = build_buttons(with_hint, FakeClock(), pin_factory=factory)
    assert isinstance(buttons, GpioButtons) and "hint" in buttons.names
    events: list[HalEvent] = []
    buttons.start(events.append)
    factory.pin(5).drive_low()
    assert [(e.name, e.pressed) for e in events if isinstance(e, ButtonEvent)] == [("hint", True)]
    buttons.close()
