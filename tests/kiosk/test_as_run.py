"""One judgement of the settings as the board runs them (the file, the staff layer and the
switches such as ``--kiosk`` together): the staff page, ``check-config --for-service`` and the
start agree, and bad staff settings never stop a start."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.config import ConfigError, load_config
from firmware.config.layered import SettingsStore, load_layered
from firmware.config.running import Switches
from tests.mock_run import start_mock
from tests.web.client import post

STAFF_PIN = "48260"
# kiosk.enabled false, as a café's file may say: the unit's --kiosk turns it on.
OFF_IN_THE_FILE = f'kiosk:\n  enabled: false\n  staff_pin: "{STAFF_PIN}"\n'
BAD_STAFF_VALUES = [
    {"kiosk.abandon_minutes": 1},  # below the attract time (3)
    {
        "kiosk.brightness_schedule": [
            {"at": "22:00", "brightness": 0.3},
            {"at": "09:00", "brightness": 1},
        ]
    },
]


def _files(tmp_path: Path, text: str = OFF_IN_THE_FILE) -> tuple[Path, Path]:
    config = tmp_path / "board.yaml"
    config.write_text(text, encoding="utf-8")
    state = tmp_path / "state"
    state.mkdir()
    return config, state


@pytest.mark.parametrize("values", BAD_STAFF_VALUES)
def test_the_staff_page_refuses_what_the_kiosk_switch_would_refuse(
    tmp_path: Path, values: dict[str, object]
) -> None:
    config, state = _files(tmp_path)
    run = start_mock(tmp_path, state, "--config", str(config), "--kiosk", "--game", "culls")
    try:
        reply = post(run.url + "api/staff/settings", {"pin": STAFF_PIN, "settings": values})
        assert reply.status == 400, reply.body
        error = reply.json()["error"]
        assert error.startswith("kiosk.") and "\n" not in error
        assert not (state / "settings.json").exists()
    finally:
        stderr = run.stop()
    assert "Traceback" not in stderr


@pytest.mark.parametrize("values", BAD_STAFF_VALUES)
def test_a_start_sets_bad_staff_settings_aside_with_one_warning_and_runs_on_the_file(
    tmp_path: Path, values: dict[str, object], capsys: pytest.CaptureFixture[str]
) -> None:
    config, state = _files(tmp_path)
    (state / "settings.json").write_text(json.dumps(values), encoding="utf-8")
    script = tmp_path / "play.txt"
    script.write_text("touch h8\nwait 1000\n", encoding="utf-8")
    argv = ["--mock-hal", "--config", str(config), "--kiosk", "--game", "culls"]
    assert main([*argv, "--script", str(script), "--state-dir", str(state)]) == 0
    err = capsys.readouterr().err
    warnings = [line for line in err.splitlines() if "settings" in line]
    assert len(warnings) == 1 and "the config file's values apply" in warnings[0], err
    assert not (state / "settings.json").exists()
    assert json.loads((state / "settings.json.broken").read_text(encoding="utf-8")) == values


@pytest.mark.parametrize("values", BAD_STAFF_VALUES)
def test_check_config_for_the_service_says_the_start_sets_them_aside(
    tmp_path: Path, values: dict[str, object], capsys: pytest.CaptureFixture[str]
) -> None:
    config, state = _files(tmp_path)
    (state / "settings.json").write_text(json.dumps(values), encoding="utf-8")
    argv = ["check-config", "--for-service", "--state-dir", str(state), str(config)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "valid for the kiosk service" in out
    assert "not used (kiosk." in out and "the board sets it aside" in out
    assert (state / "settings.json").exists()  # check-config changes nothing


def test_an_unwired_power_off_button_under_the_kiosk_switch_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config, state = _files(
        tmp_path, OFF_IN_THE_FILE + "buttons:\n  backend: mock\n  undo: 17\n  menu: null\n"
    )
    argv = ["--mock-hal", "--config", str(config), "--kiosk", "--game", "culls"]
    script = tmp_path / "play.txt"
    script.write_text("touch h8\n", encoding="utf-8")
    assert main([*argv, "--script", str(script), "--state-dir", str(state)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1, lines
    assert "kiosk.power_off_buttons: menu is not wired" in lines[0]


def test_pages_put_on_the_network_by_web_need_the_pin_as_web_host_would(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config, state = _files(tmp_path, "web:\n  host: 127.0.0.1\n")
    script = tmp_path / "play.txt"
    script.write_text("touch h8\n", encoding="utf-8")
    argv = ["--mock-hal", "--config", str(config), "--game", "culls", "--web", "0.0.0.0:0"]
    assert main([*argv, "--script", str(script), "--state-dir", str(state)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and "web.pin: required" in lines[0] and "0.0.0.0" in lines[0], lines


def test_the_staff_page_cannot_take_the_pin_off_pages_on_the_network(tmp_path: Path) -> None:
    config, state = _files(tmp_path, OFF_IN_THE_FILE + 'web:\n  pin: "2468"\n')
    switches = Switches(kiosk=True, web="0.0.0.0:8080")
    layered = load_layered(load_config(str(config)), state, print, switches)
    store = SettingsStore(layered, state)
    with pytest.raises(ConfigError, match=r"^web\.pin: required"):
        store.change({"web.pin": None})
