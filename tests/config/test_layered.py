"""Staff settings over the config file: checked as the file is, saved whole or not at all, a
broken file put aside with one warning, and ``check-config`` showing the result."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.config import ConfigError, default_config, parse_config
from firmware.config.layered import (
    SETTINGS,
    Layered,
    Setting,
    SettingsFile,
    SettingsStore,
    apply_settings,
    load_layered,
    staff_settings,
)
from firmware.config.options import Staff, option
from firmware.config.schema import BrightnessStep

KIOSK = parse_config('kiosk: {enabled: true, staff_pin: "48260"}\nweb: {pin: "1357"}\n')


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"kiosk.attract_minutes": 500}, "kiosk.attract_minutes: must be from 0.5 to 240, got 500"),
        ({"kiosk.attract_minutes": "5"}, "kiosk.attract_minutes: must be a number, got '5'"),
        ({"play.hints": 1}, "play.hints: must be true or false, got 1"),
        ({"play.computer_level": 7}, "play.computer_level: must be from 1 to 6, got 7"),
        ({"pieces": "glass"}, "pieces: must be one of auto, physical, virtual, got"),
        ({"web.pin": "12"}, "web.pin: must be 4 to 8 digits, got '12'"),
        ({"kiosk.staff_pin": "1357"}, "kiosk.staff_pin: must differ from web.pin"),
        ({"kiosk.staff_pin": "97531"}, "kiosk.staff_pin: 97531 is the documentation's sample"),
        ({"kiosk.abandon_minutes": 2}, "kiosk.abandon_minutes: must be at least"),
        ({"leds.gamma": 2.0}, "leds.gamma: not a setting the staff page changes"),
        (
            {"kiosk.brightness_schedule": [{"at": "6pm", "brightness": 1}]},
            "kiosk.brightness_schedule[0].at: must be a time HH:MM",
        ),
    ],
)
def test_a_bad_value_is_one_line_naming_its_key(values: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError) as raised:
        apply_settings(KIOSK, values)
    assert str(raised.value).startswith(message), str(raised.value)
    assert "\n" not in str(raised.value)


def test_values_are_typed_by_the_schema() -> None:
    config = apply_settings(
        KIOSK,
        {
            "kiosk.attract_minutes": 5,
            "kiosk.brightness_schedule": [{"at": "09:00", "brightness": 0.8}],
            "play.computer_level": 2,
            "buzzer.enabled": False,
            "pieces": "virtual",
        },
    )
    assert config.pieces == "virtual"
    assert config.kiosk.attract_minutes == 5.0
    assert isinstance(config.kiosk.attract_minutes, float)
    assert config.kiosk.brightness_schedule == (BrightnessStep("09:00", 0.8),)
    assert (config.play.computer_level, config.buzzer.enabled) == (2, False)
    assert config.web == KIOSK.web  # the rest is the file's


def test_every_setting_names_a_key_of_the_schema() -> None:
    apply_settings(default_config(), {})
    for setting in SETTINGS:
        section, _, name = setting.key.rpartition(".")
        part = getattr(default_config(), section) if section else default_config()
        assert hasattr(part, name), setting.key


def test_a_change_is_saved_whole_or_not_at_all(tmp_path: Path) -> None:
    store = SettingsStore(Layered(KIOSK, KIOSK, {}), tmp_path)
    store.change({"kiosk.attract_minutes": 4})
    with pytest.raises(ConfigError, match=r"play\.computer_level"):
        store.change({"kiosk.attract_minutes": 6, "play.computer_level": 0})
    assert json.loads((tmp_path / "settings.json").read_text()) == {"kiosk.attract_minutes": 4}
    assert store.config.kiosk.attract_minutes == 4.0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]  # no temporary left


def test_a_value_equal_to_the_files_drops_out_and_reset_removes_the_file(tmp_path: Path) -> None:
    store = SettingsStore(Layered(KIOSK, KIOSK, {}), tmp_path)
    store.change({"kiosk.attract_minutes": 4, "play.hints": False})
    store.change({"play.hints": True})
    assert json.loads((tmp_path / "settings.json").read_text()) == {"kiosk.attract_minutes": 4}
    assert store.reset() == KIOSK
    assert not (tmp_path / "settings.json").exists()


def test_the_saved_settings_are_layered_at_the_next_start(tmp_path: Path) -> None:
    SettingsFile(tmp_path).write({"kiosk.abandon_minutes": 45})
    warnings: list[str] = []
    layered = load_layered(KIOSK, tmp_path, warnings.append)
    assert layered.config.kiosk.abandon_minutes == 45.0
    assert layered.base == KIOSK
    assert warnings == []


@pytest.mark.parametrize(
    "text",
    ["{not json", "[1, 2]", '{"kiosk.attract_minutes": -1}', '{"touch.backend": "mpr121"}'],
)
def test_a_broken_file_is_put_aside_with_one_warning(tmp_path: Path, text: str) -> None:
    (tmp_path / "settings.json").write_text(text, encoding="utf-8")
    warnings: list[str] = []
    layered = load_layered(KIOSK, tmp_path, warnings.append)
    assert layered.config == KIOSK
    assert len(warnings) == 1 and "\n" not in warnings[0]
    assert "the config file's values apply" in warnings[0]
    assert not (tmp_path / "settings.json").exists()
    assert (tmp_path / "settings.json.broken").read_text(encoding="utf-8") == text
    assert load_layered(KIOSK, tmp_path, warnings.append).config == KIOSK
    assert len(warnings) == 1  # put aside once: the next start is quiet


def test_check_config_shows_the_layered_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "board.yaml"
    path.write_text(f"state_dir: {tmp_path / 'state'}\n", encoding="utf-8")
    SettingsFile(tmp_path / "state").write({"kiosk.attract_minutes": 9})
    assert main(["check-config", str(path)]) == 0
    out = capsys.readouterr().out
    assert "kiosk.attract_minutes = 9.0 (config file: 3.0)" in out
    (tmp_path / "state" / "settings.json").write_text("{", encoding="utf-8")
    assert main(["check-config", str(path)]) == 0
    out = capsys.readouterr().out
    assert "not used" in out
    assert (tmp_path / "state" / "settings.json").exists()  # check-config changes nothing


def test_check_config_refuses_the_sample_pin_and_a_shared_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "board.yaml"
    path.write_text('kiosk: {enabled: true, staff_pin: "97531"}\n', encoding="utf-8")
    assert main(["check-config", str(path)]) == 2
    assert "kiosk.staff_pin: 97531 is the documentation's sample" in capsys.readouterr().err
    path.write_text('web: {pin: "2468"}\nkiosk: {enabled: true, staff_pin: "2468"}\n')
    assert main(["check-config", str(path)]) == 2
    assert "kiosk.staff_pin: must differ from web.pin" in capsys.readouterr().err


def test_an_unquoted_time_is_shown_back_as_the_time_written() -> None:
    with pytest.raises(ConfigError) as raised:  # YAML reads 10:00 as 600 (base 60)
        parse_config("kiosk:\n  brightness_schedule:\n    - {at: 10:00, brightness: 1}\n")
    assert str(raised.value) == (
        "kiosk.brightness_schedule[0].at: must be a time HH:MM in quotes, like '10:00'"
    )


def test_check_config_shows_no_pin_in_clear(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "board.yaml"
    path.write_text(
        f'state_dir: {tmp_path / "state"}\nweb:\n  pin: "2468"\n'
        'kiosk:\n  enabled: true\n  staff_pin: "86420"\n',
        encoding="utf-8",
    )
    SettingsFile(tmp_path / "state").write({"web.pin": "8642", "kiosk.staff_pin": "13579"})
    assert main(["check-config", str(path)]) == 0
    out = capsys.readouterr().out
    assert "web.pin = (a PIN, not shown)" in out and "kiosk.staff_pin = (a PIN" in out
    for pin in ("2468", "86420", "8642", "13579"):
        assert pin not in out


@dataclasses.dataclass(frozen=True)
class _Sound:
    volume: int = option(5, low=0, high=9, staff=Staff("Volume", "sound"))
    device: str = option("default")


@dataclasses.dataclass(frozen=True)
class _Board:
    pin: str | None = option(None, staff=Staff("PIN", "access", restart=False, empty="no PIN"))
    sound: _Sound = dataclasses.field(default_factory=_Sound)
    level: int = option(3, staff=Staff("Level", "play", when="from the next match"))


def test_a_staff_setting_is_declared_once_on_its_option_and_ordered_by_group() -> None:
    assert staff_settings(_Board) == (
        Setting("level", "Level", True, when="from the next match"),
        Setting("sound.volume", "Volume", True),
        Setting("pin", "PIN", False, empty="no PIN"),
    )
    assert [s.key for s in SETTINGS][:3] == [
        "kiosk.attract_minutes",
        "kiosk.abandon_minutes",
        "kiosk.brightness_schedule",
    ]
