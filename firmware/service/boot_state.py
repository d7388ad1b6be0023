"""What the running Pi really uses, read from the system: the I2C speed, spidev's buffer, the
core clock settings; and warnings where they do not fit the config's backends.

Every path hangs off one root directory (``SystemFiles.root``) so that tests can build a fake
Pi in a temporary directory.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from firmware.config.schema import Config
from firmware.service.bootconfig import (
    I2C_FAST_MODE_HZ,
    led_frame_bytes,
    leds_use_spi,
    missing_config_lines,
    wanted_config_lines,
)

# /proc/device-tree/model -> the config.txt filter that model reads. The kernel's device trees
# name every model "Raspberry Pi ..." (bcm2711-rpi-cm4.dts: "Raspberry Pi Compute Module 4"), and
# the firmware appends the revision ("Raspberry Pi 5 Model B Rev 1.0").
MODEL_SECTIONS = (
    ("Raspberry Pi 5", "pi5"),  # also the Pi 500
    ("Raspberry Pi Compute Module 5", "pi5"),
    ("Raspberry Pi 4", "pi4"),  # also the Pi 400
    ("Raspberry Pi Compute Module 4", "pi4"),  # also the CM4S
    ("Raspberry Pi 3", "pi3"),
    ("Raspberry Pi Compute Module 3", "pi3"),
    ("Raspberry Pi Zero 2", "pi02"),
)
# rpi_ws281x 5.0 has no Raspberry Pi 5 (its LEDs' pins are on the RP1 chip): ws2811_init fails
# with "Hardware revision is not supported" (jgarff/rpi_ws281x issues 528, 529).
PI5_WS281X = (
    "rpi_ws281x does not drive a Raspberry Pi 5's pins (Hardware revision is not supported): "
    "set leds.backend: spi"
)


@dataclass(frozen=True, slots=True)
class SystemFiles:
    """Where the kernel and the firmware say what they use."""

    root: Path = Path("/")

    @property
    def model(self) -> Path:
        return self.root / "proc/device-tree/model"

    @property
    def i2c_clock(self) -> tuple[Path, ...]:
        """The I2C-1 controller's devicetree clock-frequency (a big-endian 32-bit number)."""
        adapter = self.root / "sys/class/i2c-adapter/i2c-1"
        return (adapter / "of_node/clock-frequency", adapter / "device/of_node/clock-frequency")

    @property
    def spidev_bufsiz(self) -> Path:
        return self.root / "sys/module/spidev/parameters/bufsiz"

    @property
    def config_txt(self) -> tuple[Path, ...]:
        return (self.root / "boot/firmware/config.txt", self.root / "boot/config.txt")


@dataclass
class SystemReport:
    """Lines to show, and the warnings among them (each one a line of its own)."""

    lines: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def warn(self, text: str) -> None:
        self.warnings.append(text)


def check_system(config: Config, files: SystemFiles) -> SystemReport:
    """Read the Pi's settings and hold them against what the config's backends need."""
    report = SystemReport()
    model = read_model(_read_text(files.model))
    report.lines.append(f"model: {model or 'unknown (not a Raspberry Pi?)'}")
    if model_section(model) == "pi5" and config.leds.backend == "ws281x":
        report.warn(PI5_WS281X)
    if config.touch.backend == "mpr121":
        _check_i2c(files, report)
    if leds_use_spi(config):
        _check_spi_buffer(config, files, report)
        _check_core_clock(config, files, model_section(model), report)
    return report


def _check_i2c(files: SystemFiles, report: SystemReport) -> None:
    speed = next((hz for hz in map(_read_be32, files.i2c_clock) if hz is not None), None)
    if speed is None:
        report.lines.append("I2C-1 bus speed: unknown (no I2C-1: is dtparam=i2c_arm=on set?)")
        report.warn("I2C-1 is not there: add dtparam=i2c_arm=on (cullsboard install-service)")
        return
    report.lines.append(f"I2C-1 bus speed: {speed / 1000:g} kHz (set by the kernel at boot)")
    if speed < I2C_FAST_MODE_HZ:
        report.warn(
            f"I2C-1 runs at {speed / 1000:g} kHz, not the MPR121's {I2C_FAST_MODE_HZ // 1000} "
            f"kHz: add dtparam=i2c_arm_baudrate={I2C_FAST_MODE_HZ} to config.txt and reboot"
        )


def _check_spi_buffer(config: Config, files: SystemFiles, report: SystemReport) -> None:
    frame = led_frame_bytes(config)
    text = _read_text(files.spidev_bufsiz)
    if text is None or not text.strip().isdigit():
        report.lines.append(
            f"SPI buffer: unknown (spidev not loaded); one LED frame: {frame} bytes"
        )
        report.warn("spidev is not loaded: add dtparam=spi=on to config.txt and reboot")
        return
    bufsiz = int(text)
    report.lines.append(f"SPI buffer (spidev.bufsiz): {bufsiz} bytes; one LED frame: {frame}")
    if bufsiz < frame:
        report.warn(
            f"one LED frame ({frame} bytes) does not fit the kernel's SPI buffer ({bufsiz}): "
            "add spidev.bufsiz=32768 to cmdline.txt and reboot"
        )


def _check_core_clock(
    config: Config, files: SystemFiles, section: str | None, report: SystemReport
) -> None:
    wanted = [line for line in wanted_config_lines(config) if line.key.startswith("core_freq")]
    mine = [line for line in wanted if line.section == section]
    if section is None:
        report.lines.append("core clock: not checked (not a Raspberry Pi model this knows)")
        return
    if not mine:
        report.lines.append("core clock: nothing to pin on this model (its SPI clock is its own)")
        return
    text = next((t for t in map(_read_text, files.config_txt) if t is not None), None)
    if text is None:
        report.lines.append("core clock: config.txt not found")
        report.warn(f"cannot read config.txt to check {', '.join(x.text for x in mine)}")
        return
    missing = missing_config_lines(text, mine)
    pinned = ", ".join(line.text for line in mine)
    if not missing:
        report.lines.append(f"core clock: {pinned} (config.txt, [{section}])")
        return
    report.lines.append(f"core clock: not pinned for [{section}] in config.txt")
    report.warn(
        f"the LEDs' SPI clock follows the core clock: add {pinned} under [{section}] in "
        "config.txt and reboot"
    )


def read_model(text: str | None) -> str | None:
    """The model named by /proc/device-tree/model's text (NUL-terminated), or None."""
    model = text.rstrip("\0").strip() if text else ""
    return model or None


def model_section(model: str | None) -> str | None:
    """The config.txt filter ([pi4], [pi5], ...) a board of ``model`` reads, if it is known."""
    if model is None:
        return None
    return next((section for name, section in MODEL_SECTIONS if model.startswith(name)), None)


def _read_text(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def _read_be32(path: Path) -> int | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None
    return int.from_bytes(data[:4], "big") if len(data) >= 4 else None
