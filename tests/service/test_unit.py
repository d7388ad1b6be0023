"""The systemd unit passes systemd's own checks: ``verify`` and the offline security rating."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from firmware.config import load_config
from firmware.service.devices import (
    UNPRIVILEGED,
    WS281X_DMA,
    WS281X_SPI,
    device_needs,
    nodes,
    root_only,
)
from firmware.service.install import PATHS
from tests.config.shipped import CONFIG_DIR, SHIPPED, raw, with_value, write

ROOT = Path(__file__).resolve().parent.parent.parent
UNIT = ROOT / "systemd" / "cullsboard.service"
SCOREBOARD = ROOT / "systemd" / "cullsboard-scoreboard.service"
CHROMIUM = "/usr/bin/chromium-browser"
MAX_EXPOSURE = 3.0


def _systemd_analyze() -> str:
    found = shutil.which("systemd-analyze")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("systemd-analyze is missing, and CI is set: install systemd")
        pytest.skip("systemd-analyze is not installed")
    return found


def _directives(text: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in text.splitlines():
        if "=" in line and not line.lstrip().startswith(("#", "[")):
            key, value = line.split("=", 1)
            found.setdefault(key.strip(), []).append(value.strip())
    return found


@pytest.mark.parametrize(
    ("unit", "program"),
    [(UNIT, str(PATHS.program)), (SCOREBOARD, CHROMIUM)],
    ids=["service", "scoreboard"],
)
def test_systemd_verify_passes(tmp_path: Path, unit: Path, program: str) -> None:
    # verify insists that ExecStart's program exists and is executable: the service's exists once
    # install-service has built the venv, Chromium once it is installed. So a copy of the unit is
    # checked, with the program replaced by a stand-in script; every other line is the same.
    analyze = _systemd_analyze()
    stand_in = tmp_path / "stand-in"
    stand_in.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    stand_in.chmod(0o755)
    text = unit.read_text(encoding="utf-8")
    assert program in text
    copy = tmp_path / unit.name
    copy.write_text(text.replace(program, str(stand_in)), encoding="utf-8")
    result = subprocess.run(
        [analyze, "verify", str(copy)], capture_output=True, text=True, check=False, cwd=tmp_path
    )
    ours = [line for line in result.stderr.splitlines() if unit.name in line]
    assert result.returncode == 0, result.stderr
    assert ours == []


def test_security_exposure_is_low() -> None:
    analyze = _systemd_analyze()
    result = subprocess.run(
        [analyze, "security", "--offline=yes", str(UNIT)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    match = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", result.stdout)
    assert match is not None, result.stdout
    assert float(match.group(1)) <= MAX_EXPOSURE, result.stdout


def test_unit_runs_the_kiosk_with_readiness_and_a_watchdog() -> None:
    unit = _directives(UNIT.read_text(encoding="utf-8"))
    assert unit["Type"] == ["notify"]
    assert unit["NotifyAccess"] == ["main"]
    assert unit["Restart"] == ["always"]
    assert unit["User"] == [PATHS.user]
    assert unit["SupplementaryGroups"] == [" ".join(PATHS.groups)]
    assert unit["StateDirectory"] == [PATHS.state_dir.name]
    assert float(unit["WatchdogSec"][0]) > 0
    command = unit["ExecStart"][0].split()
    assert command == [str(PATHS.program), "--config", str(PATHS.config), "--kiosk"]
    assert unit["CapabilityBoundingSet"] == [""]


def test_the_units_command_line_is_one_the_board_accepts() -> None:
    from firmware.cli import build_parser

    command = _directives(UNIT.read_text(encoding="utf-8"))["ExecStart"][0].split()
    args = build_parser().parse_args(command[1:])
    assert (args.config, args.kiosk, args.mock_hal) == (str(PATHS.config), True, False)


def _allowed_devices() -> set[str]:
    unit = _directives(UNIT.read_text(encoding="utf-8"))
    assert unit["DevicePolicy"] == ["closed"]
    allowed = set()
    for entry in unit["DeviceAllow"]:
        node, access = entry.split()
        assert access == "rw", entry
        allowed.add(node)
    return allowed


def test_the_unit_allows_exactly_what_the_unprivileged_backends_open() -> None:
    assert _allowed_devices() == nodes(UNPRIVILEGED)


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_config_runs_inside_the_unit(name: str) -> None:
    needs = device_needs(load_config(CONFIG_DIR / name))
    assert root_only(load_config(CONFIG_DIR / name)) == ()
    assert nodes(needs) <= _allowed_devices()


def test_the_reference_board_needs_gpiomem_for_its_leds() -> None:
    needs = device_needs(load_config(CONFIG_DIR / "matrix-board.yaml"))
    assert WS281X_SPI in needs
    assert "/dev/gpiomem" in nodes(needs)


def test_leds_on_pwm_need_root_and_devices_the_unit_never_allows(tmp_path: Path) -> None:
    pwm = write(tmp_path, with_value(raw("matrix-board.yaml"), ("leds", "gpio"), 18))
    config = load_config(pwm)
    assert root_only(config) == (WS281X_DMA,)
    assert not nodes(root_only(config)) & _allowed_devices()


def test_after_every_stop_the_unit_darkens_the_chain_with_the_leds_only() -> None:
    from firmware.cli import build_parser

    unit = _directives(UNIT.read_text(encoding="utf-8"))
    (post,) = unit["ExecStopPost"]
    assert post.startswith("-")  # a chain that cannot be opened does not fail the unit
    command = post[1:].split()
    assert command == [str(PATHS.program), "leds-off", "--config", str(PATHS.config)]
    args = build_parser().parse_args(command[1:])
    assert args.command == "leds-off" and args.config == str(PATHS.config)
    for name in SHIPPED:  # the LED chain's nodes are in the allow-list the command runs under
        leds = [
            need for need in device_needs(load_config(CONFIG_DIR / name)) if need.part == "leds"
        ]
        assert nodes(leds) <= _allowed_devices()


def test_a_config_error_waits_for_its_fix_instead_of_restarting() -> None:
    from firmware.commands.errors import EXIT_USAGE

    unit = _directives(UNIT.read_text(encoding="utf-8"))
    assert unit["RestartPreventExitStatus"] == [str(EXIT_USAGE)]


def test_the_polkit_rule_allows_the_three_power_off_actions_to_the_service_user_only() -> None:
    rule = (ROOT / "systemd" / "cullsboard-poweroff.rules").read_text(encoding="utf-8")
    actions = set(re.findall(r'action\.id == "([^"]+)"', rule))
    assert actions == {
        "org.freedesktop.login1.power-off",
        "org.freedesktop.login1.power-off-multiple-sessions",
        "org.freedesktop.login1.power-off-ignore-inhibit",
    }
    assert f'subject.user == "{PATHS.user}"' in rule
