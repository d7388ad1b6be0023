"""Build the board a config describes: simulated devices, or the chips, LEDs and GPIO of a real one.

Every failure to set a device up (a library missing, no I2C or SPI, no chip answering, a pin in
use) is one ``BoardSetupError`` whose message names the part and says what to do.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, TypedDict, TypeVar, Unpack

from firmware.config.addressing import hex_address
from firmware.config.checks import led_count
from firmware.config.chips import presence
from firmware.config.schema import BUTTON_NAMES, Config
from firmware.errors import HardwareError
from firmware.wiring.settings import (
    direct_layout,
    led_mapping,
    matrix_layout,
    simulated,
    touch_settings,
)
from hal.buttons import ButtonSettings, GpioButtons
from hal.buzzer import GpioBuzzer
from hal.interfaces import Board, ButtonInput, Buzzer, Clock, LedOutput, Speaker, TouchSensor
from hal.leds import LedChain, PixelDriver
from hal.leds.chainfile import ChainFileDriver
from hal.mock import MockButtons, MockBuzzer, MockLeds, MockTouch
from hal.speaker import EspeakVoice, MockSpeaker, ThreadedSpeaker
from hal.touch import DirectTouchSensor, MatrixTouchSensor, PadTouchSensor, open_board_bus

__all__ = [
    "BoardSetupError",
    "HardwareSilentSetupError",
    "TouchAccess",
    "build_board",
    "build_buttons",
    "build_buzzer",
    "build_leds",
    "build_speaker",
    "build_touch",
    "direct_layout",
    "led_mapping",
    "matrix_layout",
    "simulated",
    "touch_settings",
]

T = TypeVar("T")
# What opening a device raises when its library, bus or pin is not there.
SETUP_ERRORS = (OSError, RuntimeError, ValueError, ImportError)


class BoardSetupError(HardwareError):
    """A device could not be set up; ``str()`` is one line naming the part and the fix."""

    exit_status = 2  # a wrong config or wiring, which a restart cannot mend


class HardwareSilentSetupError(BoardSetupError):
    """The touch hardware does not answer (no I2C bus, no TCA9548A, no MPR121): a loose harness
    or a slow boot, which trying again later may mend, unlike a wrong config (so the kiosk unit
    restarts the board after a pause)."""

    exit_status = 3


class TouchAccess(TypedDict, total=False):
    """How the touch chips are reached; tests put a simulated bus and mock pins here."""

    bus: Any  # default: the Pi's I2C-1
    pin_factory: Any  # default: gpiozero's own choice
    sleep: Callable[[float], None]  # the pause between retries; default time.sleep
    require_chips: bool  # fail when no chip answers (default True)


def build_touch(config: Config, clock: Clock, **access: Unpack[TouchAccess]) -> TouchSensor:
    """The touch pads: simulated, or MPR121 on ``bus`` (by default the Pi's I2C-1)."""
    touch = config.touch
    if touch.backend == "mock":
        return MockTouch(clock, columns=config.board.columns, rows=config.board.rows)
    bus = access.get("bus")
    if bus is None:
        if touch.i2c_bus != 1:
            raise BoardSetupError(
                "touch.i2c_bus: the mpr121 backend drives I2C-1 (GPIO2/3) only, "
                f"got {touch.i2c_bus}"
            )
        bus = _setup("touch", open_board_bus, failed=HardwareSilentSetupError)
    make: Callable[..., PadTouchSensor]
    if touch.layout == "matrix":
        make = partial(MatrixTouchSensor, layout=matrix_layout(config))
    else:
        make = partial(DirectTouchSensor, layout=direct_layout(config))
    sensor = make(
        bus,
        clock=clock,
        settings=touch_settings(config),
        pin_factory=access.get("pin_factory"),
        sleep=access.get("sleep", time.sleep),
    )
    if access.get("require_chips", True):
        _require_chips(config, sensor)
    return sensor


def _require_chips(config: Config, sensor: PadTouchSensor) -> None:
    scan = _setup("touch", sensor.scan)
    found = presence(config, scan.main, scan.channels)
    if found.mux_missing:
        mux = hex_address(config.touch.direct.mux_address)
        raise HardwareSilentSetupError(
            f"touch: no TCA9548A answers at {mux} on I2C-1: check its wiring and A0-A2 straps, "
            "or run with --mock-hal"
        )
    if not found.found:
        raise HardwareSilentSetupError(
            f"touch: no MPR121 answers on I2C-1 (expected {', '.join(found.missing)}): check "
            "power, SDA/SCL and the ADDR straps (cullsboard diag lists the bus), or use --mock-hal"
        )


def build_leds(config: Config, clock: Clock) -> LedOutput:
    """The LED chain in the configured order: simulated, or rpi_ws281x / neopixel_spi."""
    leds = config.leds
    mapping = led_mapping(config)
    options = {
        "brightness": leds.brightness,
        "gamma": leds.gamma,
        "max_current_ma": leds.max_current_ma,
    }
    if leds.backend == "mock" and leds.sim_chain_file is not None:
        driver = ChainFileDriver(Path(leds.sim_chain_file), led_count(config))
        return LedChain(driver, mapping, status_count=leds.status_count, **options)
    if leds.backend == "mock":
        board = config.board
        return MockLeds(
            clock,
            columns=board.columns,
            rows=board.rows,
            status_count=leds.status_count,
            mapping=mapping,
            **options,
        )
    return LedChain(
        _setup("leds", lambda: _pixel_driver(config)),
        mapping,
        status_count=leds.status_count,
        **options,
    )


def _pixel_driver(config: Config) -> PixelDriver:
    leds = config.leds
    count = led_count(config)
    if leds.backend == "ws281x":
        from hal.leds.ws281x import Ws281xDriver

        return Ws281xDriver(
            count,
            pin=leds.gpio,
            dma=leds.dma,
            freq_hz=leds.frequency_hz,
            invert=leds.invert,
            strip_type=leds.strip_type,
        )
    from hal.leds.spi import SpiNeoPixelDriver

    return SpiNeoPixelDriver(count, freq_hz=leds.frequency_hz, strip_type=leds.strip_type)


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


def build_speaker(config: Config, clock: Clock) -> Speaker | None:
    """The voice, simulated or espeak-ng on an ALSA device; None for ``backend: none``."""
    speech = config.speech
    if speech.backend == "none":
        return None
    if speech.backend == "mock":
        return MockSpeaker(clock, rate=speech.rate)
    voice = _setup(
        "speech",
        lambda: EspeakVoice(
            rate=speech.rate, volume=speech.volume, voice=speech.voice, device=speech.device
        ),
    )
    return ThreadedSpeaker(voice, clock)


def build_board(config: Config, clock: Clock, **access: Unpack[TouchAccess]) -> Board:
    """Every device of ``config`` on ``clock``; on a failure, the ones already open are closed."""
    pin_factory = access.get("pin_factory")
    opened: list[Any] = []
    try:
        touch = build_touch(config, clock, **access)
        opened.append(touch)
        leds = build_leds(config, clock)
        opened.append(leds)
        buttons = build_buttons(config, clock, pin_factory=pin_factory)
        opened.append(buttons)
        buzzer = build_buzzer(config, clock, pin_factory=pin_factory)
        opened.append(buzzer)
        speaker = build_speaker(config, clock)
    except BoardSetupError:
        for device in reversed(opened):
            if device is not None:
                device.close()
        raise
    return Board(
        touch=touch, leds=leds, clock=clock, buttons=buttons, buzzer=buzzer, speaker=speaker
    )


def _setup(
    part: str, opener: Callable[[], T], failed: type[BoardSetupError] = BoardSetupError
) -> T:
    """What ``opener`` opens; ``failed`` (one line naming ``part``) if it cannot."""
    try:
        return opener()
    except SETUP_ERRORS as error:
        message = " ".join(str(error).split()) or type(error).__name__
        raise failed(f"{part}: {message}") from error
