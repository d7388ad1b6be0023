"""The READ button (``buttons.read``): a press on its GPIO says the board aloud, as the strip's
read cell and the page's READ THE BOARD do. The button is gpiozero's, on its mock pins."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from firmware.config import ConfigError
from firmware.config.load import parse_config
from firmware.rules.game_and_rules import GameAndRules
from firmware.rules.grid import parse_board_cell
from firmware.wiring.assemble import assemble, bare_simulation, simulated_board
from firmware.wiring.assembly_parts import Keeping
from firmware.wiring.devices import build_buttons
from firmware.wiring.drive import advance
from hal.buttons import GpioButtons
from hal.clock import FakeClock
from hal.interfaces import Board
from tests.speech.test_what_is_said import SPEECH_S

READ_GPIO = 26
POSITION = (
    "Blue: row 8: h8 and i8. 28 to place. Red: row 8: g8. 29 to place. "
    "Red to play: place a chip and tap its cell (chip 2 of 2). Match: Blue 0, Red 0; 3 rounds win."
)


def test_a_press_on_the_read_button_says_the_board(tmp_path: Path) -> None:
    wired = parse_config(f"buttons: {{backend: gpio, read: {READ_GPIO}}}\n")
    config = bare_simulation(wired)  # the rest of the board simulated, the voice the mock
    clock = FakeClock(100.0)
    factory = MockFactory()
    buttons = build_buttons(wired, clock, pin_factory=factory)
    assert isinstance(buttons, GpioButtons) and "read" in buttons.names
    parts = simulated_board(config, clock)
    board = Board(parts.touch, parts.leds, clock, buttons, parts.buzzer, parts.speaker)
    voice = parts.speaker
    assert voice is not None
    controller = assemble(
        board, keeping=Keeping(state_dir=tmp_path, warn=print), rng=random.Random(3)
    ).controller
    controller.start(GameAndRules("culls", {"mode": "duel"}), "blue")
    for name in ("h8", "i8", "g8"):
        parts.touch.tap(parse_board_cell(name, 15, 15))
        controller.step()
    advance(controller, clock, SPEECH_S)
    assert voice.texts[-1] == "Red: place a chip and tap its cell (chip 2 of 2)"
    voice.clear()
    pin = factory.pin(READ_GPIO)
    pin.drive_low()  # pressed: the button pulls its pin to ground
    pin.drive_high()
    advance(controller, clock, SPEECH_S)
    assert voice.texts == [POSITION]
    board.close()


def test_the_read_button_takes_a_free_gpio_like_the_others() -> None:
    assert parse_config("buttons: {read: 26}").buttons.read == 26
    assert parse_config("").buttons.read is None, "no READ button unless one is wired"
    with pytest.raises(ConfigError) as taken:
        parse_config("buttons: {read: 22}")
    assert str(taken.value).startswith("buttons.read: GPIO22 is already used by buttons.menu")
