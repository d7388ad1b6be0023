"""The boot settings a board's config needs in config.txt and cmdline.txt, and which are missing.

The firmware reads ``config.txt`` top to bottom: a setting's last assignment wins, and a section
header (``[pi4]``, ``[all]``) limits the lines after it to some models. So a wanted setting is
present when the last assignment a model of its section sees has the wanted value; the missing
ones are appended as one block that ends in ``[all]``, which a second run then finds.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from firmware.config.checks import SPI_MOSI, led_count
from firmware.config.schema import Config
from hal.leds.spi import RESET_S, SPI_BITS_PER_LED_BIT
from hal.leds.wire import (
    KERNEL_SPI_BUFSIZ,
    SPI_BUFSIZ_SETTING,
    neopixel_spi_frame_bytes,
    ws281x_frame_bytes,
)

I2C_FAST_MODE_HZ = 400_000  # the MPR121's fastest I2C mode (datasheet: up to 400 kHz)
BLOCK_HEADER = "# cullsboard: the boot settings its config needs (cullsboard install-service)"
ALL = "all"


@dataclass(frozen=True, slots=True)
class BootLine:
    """One ``config.txt`` setting and the model section it belongs in."""

    section: str
    text: str

    @property
    def key(self) -> str:
        return _assignment(self.text)[0]

    @property
    def value(self) -> str:
        return _assignment(self.text)[1]


def leds_use_spi(config: Config) -> bool:
    """Whether the LED data goes out on SPI0 (either driver on GPIO10)."""
    leds = config.leds
    return leds.backend == "spi" or (leds.backend == "ws281x" and leds.gpio == SPI_MOSI)


def led_frame_bytes(config: Config) -> int:
    """Bytes of one LED frame on the SPI bus (0 when the LEDs are not on SPI)."""
    if not leds_use_spi(config):
        return 0
    count, hz = led_count(config), config.leds.frequency_hz
    if config.leds.backend == "ws281x":
        return ws281x_frame_bytes(count, hz)
    return neopixel_spi_frame_bytes(count, hz * SPI_BITS_PER_LED_BIT, RESET_S)


def wanted_config_lines(config: Config) -> tuple[BootLine, ...]:
    """The config.txt settings the real backends of ``config`` need."""
    lines: list[BootLine] = []
    if leds_use_spi(config):
        lines.append(BootLine(ALL, "dtparam=spi=on"))
    if config.touch.backend == "mpr121":
        # Only the kernel sets the I2C speed (Blinka ignores a program's), 100 kHz by default.
        lines += [
            BootLine(ALL, "dtparam=i2c_arm=on"),
            BootLine(ALL, f"dtparam=i2c_arm_baudrate={I2C_FAST_MODE_HZ}"),
        ]
    if leds_use_spi(config):
        # On a Pi 3, 4 and Zero 2 the SPI clock is divided from the core clock, which scales with
        # load (rpi_ws281x README); a Pi 5's SPI has a clock of its own.
        lines += [
            BootLine("pi4", "core_freq=500"),
            BootLine("pi4", "core_freq_min=500"),
            BootLine("pi3", "core_freq=250"),
            BootLine("pi02", "core_freq=250"),
        ]
    return tuple(lines)


def wanted_cmdline_params(config: Config) -> tuple[str, ...]:
    """Kernel parameters the config needs: a larger SPI buffer for a frame over 4096 bytes."""
    if led_frame_bytes(config) > KERNEL_SPI_BUFSIZ:
        return (f"spidev.bufsiz={SPI_BUFSIZ_SETTING}",)
    return ()


def missing_config_lines(text: str, wanted: Iterable[BootLine]) -> tuple[BootLine, ...]:
    """The wanted settings that ``text`` (a config.txt) does not already give."""
    assignments = _assignments(text)
    return tuple(line for line in wanted if _effective(assignments, line) != line.value)


def config_block(lines: Iterable[BootLine]) -> str:
    """The text to append to config.txt for ``lines``: grouped by section, ending in [all]."""
    out = ["", BLOCK_HEADER]
    section = None
    for line in sorted(lines, key=lambda line: line.section != ALL):
        if line.section != section:
            out.append(f"[{line.section}]")
            section = line.section
        out.append(line.text)
    if section != ALL:
        out.append(f"[{ALL}]")
    return "\n".join(out) + "\n"


def missing_cmdline_params(text: str, wanted: Iterable[str]) -> tuple[str, ...]:
    """The wanted ``name=value`` kernel parameters the one-line cmdline.txt does not set so."""
    given: dict[str, str] = {}
    for word in text.split():
        name, _, value = word.partition("=")
        given[name] = value  # the kernel keeps the last one
    return tuple(p for p in wanted if given.get(p.partition("=")[0]) != p.partition("=")[2])


def _assignment(text: str) -> tuple[str, str]:
    """``dtparam=spi=on`` -> ("dtparam:spi", "on"); ``core_freq=500`` -> ("core_freq", "500")."""
    name, _, value = text.partition("=")
    if name.strip() == "dtparam":
        param, _, setting = value.partition("=")
        return f"dtparam:{param.strip()}", setting.strip() or "on"
    return name.strip(), value.strip()


def _assignments(text: str) -> list[tuple[str, str, str]]:
    """Every setting in file order as (section, key, value); dtparam lists are split."""
    found: list[tuple[str, str, str]] = []
    section = ALL
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip().lower()
            continue
        name, _, value = line.partition("=")
        if name.strip() == "dtparam":
            for param in value.split(","):
                key, setting = _assignment(f"dtparam={param}")
                found.append((section, key, setting))
        else:
            found.append((section, *_assignment(line)))
    return found


def _effective(assignments: list[tuple[str, str, str]], line: BootLine) -> str | None:
    """The value a model of ``line.section`` ends up with for ``line.key``."""
    value = None
    for section, key, setting in assignments:
        if key == line.key and section in (ALL, line.section):
            value = setting
    return value
