"""install-service's boot settings: what each config needs, and edits that a second run repeats
nowhere (run for real, with tee and sed, on temporary copies of config.txt and cmdline.txt)."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from firmware.config import load_config
from firmware.service.bootconfig import (
    BLOCK_HEADER,
    BootLine,
    led_frame_bytes,
    missing_cmdline_params,
    missing_config_lines,
    wanted_cmdline_params,
    wanted_config_lines,
)
from firmware.service.install import ServicePaths, find_sources, install_plan
from firmware.service.steps import InstallError, Plan, SystemProbe, execute, run_command
from tests.config.shipped import CONFIG_DIR, raw, with_value, write
from tests.service.test_install import (
    PI_OS_CMDLINE,
    PI_OS_CONFIG,
    FakeMachine,
    Recorder,
    _commands,
)

BOOT_EDITORS = ("tee", "sed")


class TempMachine(FakeMachine):
    """A machine whose files are real (temporary) ones; users and programs are made up."""

    def exists(self, path: Path) -> bool:
        return path.exists()

    def read_text(self, path: Path) -> str | None:
        return SystemProbe().read_text(path)


@pytest.fixture
def pi(tmp_path: Path) -> ServicePaths:
    """A Raspberry Pi OS boot partition and /etc in a temporary directory."""
    boot = tmp_path / "boot" / "firmware"
    boot.mkdir(parents=True)
    (boot / "config.txt").write_text(PI_OS_CONFIG, encoding="utf-8")
    (boot / "cmdline.txt").write_text(PI_OS_CMDLINE, encoding="utf-8")
    return ServicePaths(
        config=tmp_path / "etc" / "board.yaml",
        boot_dirs=(boot, tmp_path / "boot"),
        modules=tmp_path / "modules-load.conf",
    )


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    root = tmp_path / "checkout"
    (root / "systemd").mkdir(parents=True)
    (root / "pyproject.toml").write_text("[project]\n", encoding="utf-8")
    for name in ("cullsboard.service", "cullsboard-poweroff.rules"):
        shutil.copy(CONFIG_DIR.parent / "systemd" / name, root / "systemd")
    shutil.copytree(CONFIG_DIR, root / "config")
    return root


def _boot_edits(plan: Plan) -> list[str]:
    return [step.shell() for step in plan.steps if step.argv[0] in BOOT_EDITORS]


def _run_boot_edits(plan: Plan) -> None:
    for step in plan.steps:
        if step.argv[0] in BOOT_EDITORS:
            assert run_command(step.argv, step.stdin) == 0, step.shell()


@pytest.mark.parametrize(
    ("config", "added"),
    [("matrix-board.yaml", (1, 14, 0)), ("direct-board.yaml", (1, 14, 1))],
)
def test_a_second_run_adds_nothing(
    pi: ServicePaths, checkout: Path, config: str, added: tuple[int, int, int]
) -> None:
    # Lines added to config.txt: a blank line, a comment, 7 settings, 5 section headers.
    sources = find_sources(checkout, checkout / "config" / config)
    first = install_plan(sources, TempMachine(), pi)
    _run_boot_edits(first)
    boot = pi.boot_dirs[0]
    config_txt = (boot / "config.txt").read_text(encoding="utf-8")
    cmdline = (boot / "cmdline.txt").read_text(encoding="utf-8")
    new_config_lines = config_txt.splitlines()[len(PI_OS_CONFIG.splitlines()) :]
    settings = [line for line in new_config_lines if line and not line.startswith(("#", "["))]
    assert (
        pi.modules.read_text(encoding="utf-8").split().count("i2c-dev"),
        len(new_config_lines),
        cmdline.count("spidev.bufsiz=32768"),
    ) == added
    assert config_txt.startswith(PI_OS_CONFIG)
    assert len(settings) == 7
    assert cmdline.startswith(PI_OS_CMDLINE.rstrip("\n")) and cmdline.count("\n") == 1
    assert any("reboot" in note for note in first.notes)

    second = install_plan(sources, TempMachine(), pi)
    assert _boot_edits(second) == []
    assert not any("reboot" in note for note in second.notes)


def test_the_dry_run_shows_every_line_it_would_add(pi: ServicePaths, checkout: Path) -> None:
    sources = find_sources(checkout, checkout / "config" / "direct-board.yaml")
    plan = install_plan(sources, TempMachine(), pi)
    out, runner = io.StringIO(), Recorder()
    code = execute(
        plan, dry_run=True, euid=1000, runner=runner, out=out, err=io.StringIO(), command="x"
    )
    assert (code, runner.ran) == (0, [])
    shown = out.getvalue()
    for line in wanted_config_lines(load_config(CONFIG_DIR / "direct-board.yaml")):
        assert f"\n{line.text}\n" in shown
    assert f"sed --in-place '1 s/$/ spidev.bufsiz=32768/' {pi.boot_dirs[0]}/cmdline.txt" in shown
    assert "# note: reboot for the new boot settings" in shown
    assert _commands(shown) == [step.shell() for step in plan.steps]
    assert (pi.boot_dirs[0] / "config.txt").read_text(encoding="utf-8") == PI_OS_CONFIG


def test_settings_already_there_are_not_added_again() -> None:
    wanted = wanted_config_lines(load_config(CONFIG_DIR / "matrix-board.yaml"))
    text = (
        "dtparam=i2c_arm=on,spi=on\n"  # a dtparam list counts item by item
        "dtparam=i2c_arm_baudrate=100000\n"  # the wrong speed: the setting is added
        "[pi4]\ncore_freq=500\n"
        "[pi3]\ncore_freq_min=500\n"  # another model's section does not count for the Pi 4
        "[all]\ncore_freq=250\n"  # a later [all] line overrides the Pi 4's setting
    )
    missing = [line.text for line in missing_config_lines(text, wanted)]
    assert missing == [
        "dtparam=i2c_arm_baudrate=400000",
        "core_freq=500",
        "core_freq_min=500",
    ]
    assert missing_config_lines(text + "[pi4]\ncore_freq=500\ncore_freq_min=500\n", wanted) == (
        BootLine("all", "dtparam=i2c_arm_baudrate=400000"),
    )
    assert missing_config_lines("#dtparam=spi=on\n", wanted)[0].text == "dtparam=spi=on"


def test_cmdline_params_are_matched_by_name_and_value() -> None:
    wanted = ("spidev.bufsiz=32768",)
    assert missing_cmdline_params("root=/dev/sda spidev.bufsiz=32768\n", wanted) == ()
    assert missing_cmdline_params("root=/dev/sda spidev.bufsiz=4096\n", wanted) == wanted
    assert missing_cmdline_params("", wanted) == wanted


def test_each_config_needs_what_its_backends_use(tmp_path: Path) -> None:
    matrix = load_config(CONFIG_DIR / "matrix-board.yaml")
    direct = load_config(CONFIG_DIR / "direct-board.yaml")
    assert (led_frame_bytes(matrix), led_frame_bytes(direct)) == (2768, 5976)
    assert wanted_cmdline_params(matrix) == ()  # rpi_ws281x's 2,768 bytes fit in 4096
    assert wanted_cmdline_params(direct) == ("spidev.bufsiz=32768",)
    assert wanted_config_lines(load_config(CONFIG_DIR / "default.yaml")) == ()
    assert BLOCK_HEADER.startswith("#")


def test_leds_on_pwm_are_refused_in_one_line(tmp_path: Path, checkout: Path) -> None:
    pwm = write(tmp_path, with_value(raw("matrix-board.yaml"), ("leds", "gpio"), 18))
    with pytest.raises(InstallError, match=r"needs root \(/dev/mem, /dev/vcio\).*GPIO10"):
        install_plan(find_sources(checkout, pwm), FakeMachine())
