"""The config a first install writes starts under the unit: judged with the unit's own flags, and
run the way the unit runs it (on the simulated board), with nothing but the wiring left to edit."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.config import ConfigError
from firmware.errors import InputError
from firmware.service.as_run import (
    check_text_for_service,
    shipped_unit_flags,
    unit_flags,
)
from firmware.service.first_config import first_config, random_pin, set_value
from firmware.service.install import PATHS, find_sources, install_plan
from tests.config.shipped import CONFIG_DIR
from tests.service.test_install import FakeMachine, fixed_pins

ROOT = Path(__file__).resolve().parent.parent.parent
UNIT = ROOT / "systemd" / "cullsboard.service"
REFERENCE = (CONFIG_DIR / "matrix-board.yaml").read_text(encoding="utf-8")


def _written(machine: FakeMachine) -> str:
    plan = install_plan(find_sources(ROOT), machine, new_pin=fixed_pins())
    step = next(step for step in plan.steps if step.argv[-1] == str(PATHS.config))
    assert step.stdin is not None
    return step.stdin


def test_the_unit_runs_the_board_with_these_flags() -> None:
    flags = unit_flags(UNIT.read_text(encoding="utf-8"))
    assert flags == ("--config", "/etc/cullsboard/board.yaml", "--kiosk") == shipped_unit_flags()


def test_the_example_as_it_is_would_not_start_under_the_unit() -> None:
    with pytest.raises(InputError, match=r"kiosk\.staff_pin"):
        check_text_for_service(REFERENCE, shipped_unit_flags())
    network = set_value(REFERENCE, "web", "host", "0.0.0.0")
    network = set_value(network, "kiosk", "staff_pin", '"24680"')
    with pytest.raises(ConfigError, match=r"web\.pin"):
        check_text_for_service(network, shipped_unit_flags())


def test_the_first_config_passes_every_check_of_the_units_start() -> None:
    text = _written(FakeMachine())
    config = check_text_for_service(text, shipped_unit_flags())
    assert config.kiosk.enabled and config.kiosk.staff_pin == "111111"
    assert config.web.pin == "222222" and config.web.host == "0.0.0.0"
    # Only those lines changed: the wiring is the example's, line for line.
    kept = [line for line in REFERENCE.splitlines() if line not in text.splitlines()]
    assert kept == ["  host: 127.0.0.1", "  enabled: false"]


def test_the_first_config_runs_as_the_unit_runs_it(tmp_path: Path) -> None:
    """The unit's own command line, on the simulated board: the same start checks, then play."""
    path = tmp_path / "board.yaml"
    path.write_text(_written(FakeMachine()), encoding="utf-8")
    flags = [str(path) if flag == str(PATHS.config) else flag for flag in shipped_unit_flags()]
    script = tmp_path / "game.txt"
    script.write_text("touch h8\n", encoding="utf-8")
    argv = [*flags, "--mock-hal", "--state-dir", str(tmp_path / "state"), "--game", "culls"]
    assert main([*argv, "--script", str(script)]) == 0, shlex.join(argv)


def test_a_pi_5_gets_its_leds_on_spi_and_the_frame_buffer() -> None:
    machine = FakeMachine()
    machine.files[PATHS.model] = "Raspberry Pi 5 Model B Rev 1.0\0"
    text = _written(machine)
    config = check_text_for_service(text, shipped_unit_flags())
    assert config.leds.backend == "spi"
    plan = install_plan(find_sources(ROOT), machine, new_pin=fixed_pins())
    assert any("spidev.bufsiz=32768" in step.shell() for step in plan.steps)
    assert any("Raspberry Pi 5" in note and "leds.backend spi" in note for note in plan.notes)


def test_pins_are_six_random_digits_and_never_the_same_twice_in_a_config() -> None:
    pins = {random_pin() for _ in range(50)}
    assert all(len(pin) == 6 and pin.isdigit() for pin in pins) and len(pins) > 40
    same = iter(["123456", "123456", "654321"])
    made = first_config(REFERENCE, pi5=False, new_pin=lambda: next(same))
    assert (made.staff_pin, made.control_pin) == ("123456", "654321")
