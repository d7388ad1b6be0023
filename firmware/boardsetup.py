"""Build the board a config describes: simulated devices, or the chips, LEDs and GPIO of a real one.

Every failure to set a device up (a library missing, no I2C or SPI, no chip answering, a pin in
use) is one ``BoardSetupError`` whose message names the part and says what to do.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import Any, TypeVar

from firmware.config.cells import all_cells
from firmware.config.checks import led_count
from firmware.config.chips import presence
from firmware.config.layouts import direct_chips, hex_address
from firmware.config.schema import Config
from hal.buttons import ButtonSettings, GpioButtons
from hal.buzzer import GpioBuzzer
from hal.interfaces import Board, ButtonInput, Buzzer, Clock, LedOutput, TouchSensor
from hal.leds import LedChain, LedMapping, PixelDriver
from hal.mock import MockButtons, MockBuzzer, MockLeds, MockTouch
from hal.touch import (
    ChipSpec,
    Debounce,
    DirectLayout,
    DirectTouchSensor,
    MatrixLayout,
    MatrixTouchSensor,
    Pad,
    PadThresholds,
    PadTouchSensor,
    RetryPolicy,
    TouchSettings,
    open_board_bus,
)

T = TypeVar("T")
BUTTON_NAMES = ("undo", "new", "menu")
# What opening a device raises when its library, bus or pin is not there.
SETUP_ERRORS = (OSError, RuntimeError, ValueError, ImportError)


class BoardSetupError(Exception):
    """A device could not be set up; ``str()`` is one line naming the part and the fix."""


def simulated(config: Config) -> Config:
    """The same board with every device simulated: what ``--mock-hal`` runs."""
    buttons = config.buttons
    buzzer = config.buzzer
    return dataclasses.replace(
        config,
        touch=dataclasses.replace(config.touch, backend="mock"),
        leds=dataclasses.replace(config.leds, backend="mock"),
        buttons=buttons
        if buttons.backend == "none"
        else dataclasses.replace(buttons, backend="mock"),
        buzzer=buzzer if buzzer.backend == "none" else dataclasses.replace(buzzer, backend="mock"),
    )


def touch_settings(config: Config) -> TouchSettings:
    """The MPR121 tuning and fault handling of ``touch``."""
    touch = config.touch
    retry = touch.retry
    return TouchSettings(
        thresholds=PadThresholds(touch.touch_threshold, touch.release_threshold),
        debounce=Debounce(touch.touch_debounce, touch.release_debounce),
        retry=RetryPolicy(
            attempts=retry.attempts,
            first_delay_s=retry.first_delay_seconds,
            max_delay_s=retry.max_delay_seconds,
            dead_retry_s=retry.dead_retry_seconds,
        ),
        irq_pin=touch.irq_gpio,
        safety_poll_s=touch.poll_seconds,
    )


def matrix_layout(config: Config) -> MatrixLayout:
    """The row and column electrodes of ``touch.matrix`` as the touch driver counts them."""
    matrix = config.touch.matrix
    index = {chip: i for i, chip in enumerate(matrix.chips)}
    rows = tuple(matrix.rows[r] for r in range(config.board.rows))
    columns = tuple(matrix.columns[c] for c in range(config.board.columns))
    return MatrixLayout(
        chips=tuple(ChipSpec(chip) for chip in matrix.chips),
        rows=tuple(Pad(index[pad.chip], pad.electrode) for pad in rows),
        columns=tuple(Pad(index[pad.chip], pad.electrode) for pad in columns),
    )


def direct_layout(config: Config) -> DirectLayout:
    """The cell electrodes of ``touch.direct`` as the touch driver counts them."""
    direct = config.touch.direct
    places = direct_chips(direct)
    index = {place: i for i, place in enumerate(places)}
    cells = []
    for cell in all_cells(config.board.columns, config.board.rows):
        pad = direct.cells[cell]
        cells.append((cell, Pad(index[(pad.channel, pad.chip)], pad.electrode)))
    return DirectLayout(
        chips=tuple(ChipSpec(chip, channel) for channel, chip in places),
        cells=tuple(cells),
        mux_address=direct.mux_address,
    )


def led_mapping(config: Config) -> LedMapping:
    """The resolved LED chain of the config, as cell indices in chain order."""
    columns = config.board.columns
    return LedMapping.explicit(
        columns, config.board.rows, [row * columns + column for column, row in config.leds.chain]
    )


def build_touch(
    config: Config,
    clock: Clock,
    *,
    bus: Any = None,
    pin_factory: Any = None,
    sleep: Callable[[float], None] = time.sleep,
    require_chips: bool = True,
) -> TouchSensor:
    """The touch pads: simulated, or MPR121 on ``bus`` (by default the Pi's I2C-1)."""
    touch = config.touch
    if touch.backend == "mock":
        return MockTouch(clock, columns=config.board.columns, rows=config.board.rows)
    if bus is None:
        if touch.i2c_bus != 1:
            raise BoardSetupError(
                "touch.i2c_bus: the mpr121 backend drives I2C-1 (GPIO2/3) only, "
                f"got {touch.i2c_bus}"
            )
        bus = _setup("touch", open_board_bus)
    sensor: PadTouchSensor
    if touch.layout == "matrix":
        sensor = MatrixTouchSensor(
            bus,
            clock=clock,
            layout=matrix_layout(config),
            settings=touch_settings(config),
            pin_factory=pin_factory,
            sleep=sleep,
        )
    else:
        sensor = DirectTouchSensor(
            bus,
            clock=clock,
            layout=direct_layout(config),
            settings=touch_settings(config),
            pin_factory=pin_factory,
            sleep=sleep,
        )
    if require_chips:
        _require_chips(config, sensor)
    return sensor


def _require_chips(config: Config, sensor: PadTouchSensor) -> None:
    scan = _setup("touch", sensor.scan)
    found = presence(config, scan.main, scan.channels)
    if found.mux_missing:
        mux = hex_address(config.touch.direct.mux_address)
        raise BoardSetupError(
            f"touch: no TCA9548A answers at {mux} on I2C-1: check its wiring and A0-A2 straps, "
            "or run with --mock-hal"
        )
    if not found.found:
        raise BoardSetupError(
            f"touch: no MPR121 answers on I2C-1 (expected {', '.join(found.missing)}): check "
            "power, SDA/SCL and the ADDR straps (cullsboard diag lists the bus), or use --mock-hal"
        )


def build_leds(config: Config, clock: Clock) -> LedOutput:
    """The LED chain: simulated, or rpi_ws281x / neopixel_spi on the configured pin."""
    leds = config.leds
    board = config.board
    if leds.backend == "mock":
        return MockLeds(
            clock,
            columns=board.columns,
            rows=board.rows,
            status_count=leds.status_count,
            brightness=leds.brightness,
            gamma=leds.gamma,
            max_current_ma=leds.max_current_ma,
        )
    driver: PixelDriver
    count = led_count(config)
    if leds.backend == "ws281x":
        from hal.leds.ws281x import Ws281xDriver

        driver = _setup(
            "leds",
            lambda: Ws281xDriver(
                count,
                pin=leds.gpio,
                dma=leds.dma,
                freq_hz=leds.frequency_hz,
                invert=leds.invert,
                strip_type=leds.strip_type,
            ),
        )
    else:
        from hal.leds.spi import SpiNeoPixelDriver

        driver = _setup(
            "leds",
            lambda: SpiNeoPixelDriver(count, freq_hz=leds.frequency_hz, strip_type=leds.strip_type),
        )
    return LedChain(
        driver,
        led_mapping(config),
        status_count=leds.status_count,
        brightness=leds.brightness,
        gamma=leds.gamma,
        max_current_ma=leds.max_current_ma,
    )


def build_buttons(config: Config, clock: Clock, *, pin_factory: Any = None) -> ButtonInput | None:
    """The push buttons that have a pin, simulated or on gpiozero; None for ``backend: none``."""
    buttons = config.buttons
    wired = [(name, getattr(buttons, name)) for name in BUTTON_NAMES]
    wired = [(name, pin) for name, pin in wired if pin is not None]
    if buttons.backend == "none" or not wired:
        return None
    if buttons.backend == "mock":
        return MockButtons(clock, names=[name for name, _ in wired])
    settings = [
        ButtonSettings(name, pin, bounce_time_s=buttons.bounce_seconds or None)
        for name, pin in wired
    ]
    return _setup("buttons", lambda: GpioButtons(settings, clock, pin_factory=pin_factory))


def build_buzzer(config: Config, clock: Clock, *, pin_factory: Any = None) -> Buzzer | None:
    """The beeper, simulated or a gpiozero TonalBuzzer; None for ``backend: none``."""
    buzzer = config.buzzer
    if buzzer.backend == "none":
        return None
    if buzzer.backend == "mock":
        return MockBuzzer(clock)
    return _setup("buzzer", lambda: GpioBuzzer(buzzer.gpio, pin_factory=pin_factory))


def build_board(
    config: Config,
    clock: Clock,
    *,
    bus: Any = None,
    pin_factory: Any = None,
    sleep: Callable[[float], None] = time.sleep,
    require_chips: bool = True,
) -> Board:
    """Every device of ``config`` on ``clock``; on a failure, the ones already open are closed."""
    opened: list[Any] = []
    try:
        touch = build_touch(
            config,
            clock,
            bus=bus,
            pin_factory=pin_factory,
            sleep=sleep,
            require_chips=require_chips,
        )
        opened.append(touch)
        leds = build_leds(config, clock)
        opened.append(leds)
        buttons = build_buttons(config, clock, pin_factory=pin_factory)
        opened.append(buttons)
        buzzer = build_buzzer(config, clock, pin_factory=pin_factory)
    except BoardSetupError:
        for device in reversed(opened):
            if device is not None:
                device.close()
        raise
    return Board(touch=touch, leds=leds, clock=clock, buttons=buttons, buzzer=buzzer)


def _setup(part: str, opener: Callable[[], T]) -> T:
    try:
        return opener()
    except SETUP_ERRORS as error:
        message = " ".join(str(error).split()) or type(error).__name__
        raise BoardSetupError(f"{part}: {message}") from error
