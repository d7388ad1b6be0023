"""Checks that span several keys: thresholds, LED count and pin, GPIO clashes, PINs, kiosk."""

from __future__ import annotations

from firmware.config.errors import ConfigError
from firmware.config.schema import BUTTON_NAMES, Config

# The pins rpi_ws281x can drive: SPI MOSI, the two PWM channels, PCM data.
WS281X_PINS = (10, 12, 13, 18, 19, 21)
SPI_MOSI = 10
I2C1_PINS = {2: "I2C SDA", 3: "I2C SCL"}
SPI0_PINS = {7: "SPI0 CE1", 8: "SPI0 CE0", 9: "SPI0 MISO", 11: "SPI0 SCLK"}
IDLE_MA_PER_LED = 1  # wiring.md, "Power supply": a dark WS2812B still draws about 1 mA
LOCAL_HOSTS = ("localhost", "::1")


def check_touch(config: Config) -> None:
    """Release below touch threshold (the MPR121's hysteresis); retry pauses in order."""
    touch = config.touch
    if touch.release_threshold >= touch.touch_threshold:
        message = (
            f"must be below touch.touch_threshold ({touch.touch_threshold}), "
            f"got {touch.release_threshold}"
        )
        raise ConfigError("range", "touch.release_threshold", message)
    retry = touch.retry
    if retry.max_delay_seconds < retry.first_delay_seconds:
        message = (
            f"must be at least touch.retry.first_delay_seconds ({retry.first_delay_seconds:g}), "
            f"got {retry.max_delay_seconds:g}"
        )
        raise ConfigError("range", "touch.retry.max_delay_seconds", message)
    if touch.layout == "direct" and touch.direct.irq_gpios:
        check_channel_irqs(config)


def check_channel_irqs(config: Config) -> None:
    """An IRQ wire per mux channel replaces the shared one: one GPIO for each channel."""
    touch = config.touch
    channels = sorted(touch.direct.channels)
    wires = touch.direct.irq_gpios
    if len(wires) != len(channels):
        listed = ", ".join(str(channel) for channel in channels)
        message = (
            f"must give one GPIO per mux channel in touch.direct.channels "
            f"({len(channels)}: channels {listed}), got {len(wires)}"
        )
        raise ConfigError("count", "touch.direct.irq_gpios", message)
    if touch.irq_gpio is not None:
        message = (
            f"must be null when touch.direct.irq_gpios gives each channel its own wire, "
            f"got {touch.irq_gpio}"
        )
        raise ConfigError("pin", "touch.irq_gpio", message)


def led_count(config: Config) -> int:
    """How many LEDs the chain must have: one per cell, then the status LEDs."""
    return config.board.columns * config.board.rows + config.leds.status_count


def check_leds(config: Config) -> int:
    """Check the LED pin suits the backend and the count fits the board; return the count."""
    leds = config.leds
    if leds.backend == "spi" and leds.gpio != SPI_MOSI:
        message = f"the spi backend sends on GPIO{SPI_MOSI} (SPI MOSI) only, got {leds.gpio}"
        raise ConfigError("pin", "leds.gpio", message)
    if leds.backend == "ws281x" and leds.gpio not in WS281X_PINS:
        pins = ", ".join(str(pin) for pin in WS281X_PINS)
        message = f"rpi_ws281x can drive GPIO {pins} only, got {leds.gpio}"
        raise ConfigError("pin", "leds.gpio", message)
    expected = led_count(config)
    idle_ma = expected * IDLE_MA_PER_LED
    if leds.max_current_ma < idle_ma:
        message = (
            f"must be at least the idle draw of {expected} LEDs ({idle_ma} mA), "
            f"got {leds.max_current_ma}"
        )
        raise ConfigError("range", "leds.max_current_ma", message)
    if leds.count is not None and leds.count != expected:
        board = config.board
        message = (
            f"must be columns x rows + status_count = {board.columns} x {board.rows} + "
            f"{leds.status_count} = {expected}, got {leds.count}"
        )
        raise ConfigError("count", "leds.count", message)
    return expected


def gpio_users(config: Config) -> list[tuple[str, int]]:
    """Every (key path, GPIO) the config claims, buses first, in file order."""
    users: list[tuple[str, int]] = []
    if config.touch.i2c_bus == 1:
        users += [(f"{name} (touch chips)", pin) for pin, name in I2C1_PINS.items()]
    if config.leds.gpio == SPI_MOSI:
        users += [(f"{name} (LED data on GPIO10)", pin) for pin, name in SPI0_PINS.items()]
    if config.touch.irq_gpio is not None:
        users.append(("touch.irq_gpio", config.touch.irq_gpio))
    if config.touch.layout == "direct":
        wires = config.touch.direct.irq_gpios
        users += [(f"touch.direct.irq_gpios[{i}]", pin) for i, pin in enumerate(wires)]
    users.append(("leds.gpio", config.leds.gpio))
    buttons = config.buttons
    if buttons.backend != "none":
        for name in BUTTON_NAMES:
            pin = getattr(buttons, name)
            if pin is not None:
                users.append((f"buttons.{name}", pin))
    if config.buzzer.backend != "none":
        users.append(("buzzer.gpio", config.buzzer.gpio))
    return users


def check_gpio(config: Config) -> None:
    """No two devices on one GPIO."""
    owner: dict[int, str] = {}
    for path, pin in gpio_users(config):
        if pin in owner:
            raise ConfigError("gpio", path, f"GPIO{pin} is already used by {owner[pin]}")
        owner[pin] = path


def is_local(host: str) -> bool:
    """True for addresses only this machine can reach."""
    return host in LOCAL_HOSTS or host.startswith("127.")


def check_access(config: Config) -> None:
    """A board reachable from the network, or left alone in a cafe, needs its PIN."""
    if not is_local(config.web.host) and config.web.pin is None:
        message = (
            f"required when the pages are served on {config.web.host} (web.host or --web),"
            " reachable from the network"
        )
        raise ConfigError("missing", "web.pin", message)
    kiosk = config.kiosk
    if not kiosk.enabled:
        return
    if kiosk.staff_pin is None:
        message = 'kiosk mode needs a staff PIN (4 to 8 digits, e.g. staff_pin: "48260")'
        raise ConfigError("missing", "kiosk.staff_pin", message)
    for name in kiosk.power_off_buttons:
        if config.buttons.backend != "none" and getattr(config.buttons, name) is None:
            message = f"{name} is not wired (buttons.{name} is null): wire it or leave it out"
            raise ConfigError("range", "kiosk.power_off_buttons", message)
    if kiosk.abandon_minutes < kiosk.attract_minutes:
        message = (
            f"must be at least kiosk.attract_minutes ({kiosk.attract_minutes:g}), "
            f"got {kiosk.abandon_minutes:g}"
        )
        raise ConfigError("range", "kiosk.abandon_minutes", message)
    steps = kiosk.brightness_schedule
    for index in range(1, len(steps)):
        if steps[index].at <= steps[index - 1].at:
            message = (
                f"{steps[index].at} must come after {steps[index - 1].at} (list times in order)"
            )
            raise ConfigError("order", f"kiosk.brightness_schedule[{index}].at", message)
