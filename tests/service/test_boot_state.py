"""diag's look at the running Pi: settings read from a fake /proc, /sys and /boot, and warnings."""

from __future__ import annotations

import dataclasses
import io
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from firmware.cli import build_parser
from firmware.commands import diag
from firmware.commands.errors import CommandError
from firmware.config import load_config
from firmware.service.boot_state import (
    PI5_WS281X,
    SystemFiles,
    check_system,
    model_section,
    read_model,
)
from tests.config.shipped import CONFIG_DIR

MATRIX = load_config(CONFIG_DIR / "matrix-board.yaml")
DIRECT = load_config(CONFIG_DIR / "direct-board.yaml")
MATRIX_SPI = dataclasses.replace(MATRIX, leds=dataclasses.replace(MATRIX.leds, backend="spi"))
PINNED = "[pi4]\ncore_freq=500\ncore_freq_min=500\n[all]\n"


def fake_pi(
    root: Path,
    *,
    model: str = "Raspberry Pi 4 Model B Rev 1.4",
    i2c_hz: int | None = 400_000,
    bufsiz: int | None = 4096,
    config_txt: str = PINNED,
) -> SystemFiles:
    files = SystemFiles(root)
    files.model.parent.mkdir(parents=True)
    files.model.write_bytes(model.encode() + b"\0")
    if i2c_hz is not None:
        clock = files.i2c_clock[0]
        clock.parent.mkdir(parents=True)
        clock.write_bytes(i2c_hz.to_bytes(4, "big"))
    if bufsiz is not None:
        files.spidev_bufsiz.parent.mkdir(parents=True)
        files.spidev_bufsiz.write_text(f"{bufsiz}\n", encoding="ascii")
    files.config_txt[0].parent.mkdir(parents=True)
    files.config_txt[0].write_text(config_txt, encoding="utf-8")
    return files


def test_a_pi_set_up_for_the_matrix_board_has_no_warning(tmp_path: Path) -> None:
    report = check_system(MATRIX, fake_pi(tmp_path))
    assert report.warnings == []
    assert report.lines == [
        "model: Raspberry Pi 4 Model B Rev 1.4",
        "I2C-1 bus speed: 400 kHz (set by the kernel at boot)",
        "SPI buffer (spidev.bufsiz): 4096 bytes; one LED frame: 2768",
        "core clock: core_freq=500, core_freq_min=500 (config.txt, [pi4])",
    ]


def test_the_default_bus_speed_is_a_warning(tmp_path: Path) -> None:
    report = check_system(MATRIX, fake_pi(tmp_path, i2c_hz=100_000))
    assert "I2C-1 bus speed: 100 kHz (set by the kernel at boot)" in report.lines
    assert len(report.warnings) == 1
    assert "dtparam=i2c_arm_baudrate=400000" in report.warnings[0]


def test_a_spi_frame_larger_than_the_kernel_buffer_is_a_warning(tmp_path: Path) -> None:
    report = check_system(DIRECT, fake_pi(tmp_path, bufsiz=4096))
    assert report.warnings == [
        "one LED frame (5976 bytes) does not fit the kernel's SPI buffer (4096): "
        "add spidev.bufsiz=32768 to cmdline.txt and reboot"
    ]
    assert check_system(DIRECT, fake_pi(tmp_path / "big", bufsiz=32768)).warnings == []


@pytest.mark.parametrize(
    ("model", "config_txt", "warned"),
    [
        ("Raspberry Pi 4 Model B Rev 1.4", "core_freq=500\n", True),  # no core_freq_min
        ("Raspberry Pi 3 Model B Plus Rev 1.3", PINNED, True),  # the [pi4] lines are not its
        ("Raspberry Pi 3 Model B Plus Rev 1.3", "[pi3]\ncore_freq=250\n", False),
        ("Raspberry Pi Zero 2 W Rev 1.0", "[pi02]\ncore_freq=250\n", False),
        ("Raspberry Pi 5 Model B Rev 1.0", "", False),  # its SPI clock is not the core clock
        ("Raspberry Pi Compute Module 4 Rev 1.1", "core_freq=500\n", True),
    ],
)
def test_the_core_clock_is_checked_for_the_model(
    tmp_path: Path, model: str, config_txt: str, warned: bool
) -> None:
    config = MATRIX_SPI if model.startswith("Raspberry Pi 5") else MATRIX
    files = fake_pi(tmp_path, model=model, config_txt=config_txt, bufsiz=32768)
    report = check_system(config, files)
    assert bool(report.warnings) is warned, report.warnings


def test_nothing_there_is_said_plainly(tmp_path: Path) -> None:
    report = check_system(MATRIX, SystemFiles(tmp_path))
    assert report.lines[0] == "model: unknown (not a Raspberry Pi?)"
    assert [w.split(":")[0] for w in report.warnings] == [
        "I2C-1 is not there",
        "spidev is not loaded",
    ]


def test_diag_prints_the_system_before_it_opens_the_board(tmp_path: Path) -> None:
    files = fake_pi(tmp_path, i2c_hz=100_000)
    args = build_parser().parse_args(
        ["diag", "--config", str(CONFIG_DIR / "matrix-board.yaml"), "--quick"]
    )
    out = io.StringIO()
    with redirect_stdout(out):
        try:
            code = diag.run(args, files)
        except CommandError as exc:  # no real I2C bus on a test machine: the one-line failure
            code = exc.exit_status
    shown = out.getvalue()
    assert "system (read from the Pi):\n  model: Raspberry Pi 4 Model B Rev 1.4\n" in shown
    assert "  I2C-1 bus speed: 100 kHz" in shown
    assert "  warning: I2C-1 runs at 100 kHz" in shown
    assert code in (diag.EXIT_PROBLEMS, diag.EXIT_SETUP)  # no real I2C bus on a test machine


@pytest.mark.parametrize(
    ("model", "section"),
    [
        ("Raspberry Pi Compute Module 4 Rev 1.0", "pi4"),
        ("Raspberry Pi Compute Module 4S Rev 1.0", "pi4"),
        ("Raspberry Pi 400 Rev 1.0", "pi4"),
        ("Raspberry Pi 5 Model B Rev 1.1", "pi5"),
        ("Raspberry Pi Compute Module 5 Rev 1.0", "pi5"),
        ("Raspberry Pi Zero 2 W Rev 1.0", "pi02"),
        ("Raspberry Pi Compute Module 3 Plus Rev 1.0", "pi3"),
        ("Raspberry Pi Model B Rev 2", None),
    ],
)
def test_models_as_the_device_tree_names_them(model: str, section: str | None) -> None:
    assert model_section(read_model(model + "\0")) == section


def test_ws281x_on_a_pi_5_is_a_warning(tmp_path: Path) -> None:
    report = check_system(MATRIX, fake_pi(tmp_path, model="Raspberry Pi 5 Model B Rev 1.0"))
    assert report.warnings == [PI5_WS281X]
    spi = check_system(MATRIX_SPI, fake_pi(tmp_path / "spi", model="Raspberry Pi 5", bufsiz=32768))
    assert spi.warnings == []
