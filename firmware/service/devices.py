"""Which device nodes each configured backend opens: the source of the unit's ``DeviceAllow=``.

The kiosk unit runs as an unprivileged user behind ``DevicePolicy=closed``, so every node a
backend's library opens must be listed there, and nothing more. Each entry names what the
library does with the node (checked against its source); tests hold the unit to this table.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from firmware.config.checks import SPI_MOSI
from firmware.config.schema import Config

GPIO_CHIPS = "char-gpiochip"  # every /dev/gpiochipN: lgpio opens the one the pins are on
SPIDEV = "/dev/spidev0.0"
SOUND_CARDS = "char-alsa"  # every /dev/snd/* node


@dataclass(frozen=True, slots=True)
class DeviceNeed:
    """The nodes one backend opens, and whether it only works as root."""

    part: str
    backend: str
    nodes: tuple[str, ...]
    why: str
    needs_root: bool = False


# rpi_ws281x on GPIO10 (ws2811.c spi_init): opens /dev/spidev0.0 and maps /dev/gpiomem to put
# the pin in its SPI function. On PWM or PCM pins it maps /dev/mem and asks the VideoCore
# mailbox (/dev/vcio, mailbox.c mbox_open) for DMA memory: root only.
WS281X_SPI = DeviceNeed(
    "leds",
    "ws281x on GPIO10 (SPI)",
    (SPIDEV, "/dev/gpiomem"),
    "rpi_ws281x writes the frame to spidev and sets GPIO10's function through gpiomem",
)
WS281X_DMA = DeviceNeed(
    "leds",
    "ws281x on a PWM/PCM pin",
    ("/dev/mem", "/dev/vcio"),
    "rpi_ws281x maps the PWM/PCM, DMA and clock registers and allocates DMA memory",
    needs_root=True,
)
# neopixel_spi writes through Blinka's busio.SPI, which is Adafruit_PureIO on /dev/spidev0.0.
NEOPIXEL_SPI = DeviceNeed(
    "leds", "spi", (SPIDEV,), "neopixel_spi writes the frame through Adafruit_PureIO's spidev"
)
# The MPR121 driver talks through Blinka's busio.I2C (Adafruit_PureIO smbus on /dev/i2c-1, the
# only bus the mpr121 backend drives); the IRQ line is a gpiozero input, read by lgpio.
MPR121 = DeviceNeed(
    "touch", "mpr121", ("/dev/i2c-1", GPIO_CHIPS), "Blinka's I2C-1 and the IRQ input (lgpio)"
)
GPIOZERO = DeviceNeed("gpio", "gpio", (GPIO_CHIPS,), "gpiozero's lgpio pin factory")
# The voice: aplay (alsa-lib's hw plugin) opens the card's /dev/snd/controlC* and pcmC*D*p nodes,
# all of the kernel's "alsa" character devices (systemd.resource-control(5): char-alsa).
ALSA = DeviceNeed("speech", "espeak", (SOUND_CARDS,), "aplay plays the voice on an ALSA card")

# Every backend the kiosk unit is meant to run, unprivileged.
UNPRIVILEGED = (WS281X_SPI, NEOPIXEL_SPI, MPR121, GPIOZERO, ALSA)


def device_needs(config: Config) -> tuple[DeviceNeed, ...]:
    """What the config's real backends open (simulated parts open nothing)."""
    needs: list[DeviceNeed] = []
    if config.touch.backend == "mpr121":
        needs.append(MPR121)
    if config.leds.backend == "ws281x":
        needs.append(WS281X_SPI if config.leds.gpio == SPI_MOSI else WS281X_DMA)
    elif config.leds.backend == "spi":
        needs.append(NEOPIXEL_SPI)
    if "gpio" in (config.buttons.backend, config.buzzer.backend):
        needs.append(GPIOZERO)
    if config.speech.backend == "espeak":
        needs.append(ALSA)
    return tuple(needs)


def nodes(needs: Iterable[DeviceNeed]) -> frozenset[str]:
    """Every node the needs name."""
    return frozenset(node for need in needs for node in need.nodes)


def root_only(config: Config) -> tuple[DeviceNeed, ...]:
    """The config's backends that cannot run in the unprivileged kiosk unit."""
    return tuple(need for need in device_needs(config) if need.needs_root)
