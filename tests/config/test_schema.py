"""Loading YAML into the schema: defaults, types, ranges, unknown keys, each as one clear error."""

from __future__ import annotations

import dataclasses

import pytest

from firmware.config import Config, ConfigError, default_config, parse_config
from firmware.config.options import Rule
from firmware.config.schema import LedsConfig


def error_of(text: str) -> ConfigError:
    with pytest.raises(ConfigError) as caught:
        parse_config(text)
    assert "\n" not in str(caught.value)
    return caught.value


def test_an_empty_file_gives_every_default() -> None:
    assert parse_config("") == default_config()
    assert parse_config("touch:\nleds:\n") == default_config()


def test_defaults_come_from_the_schema_fields() -> None:
    config = default_config()
    for spec in dataclasses.fields(LedsConfig):
        if spec.name not in ("chain", "count"):  # resolved from the board at load time
            assert getattr(config.leds, spec.name) == spec.default, spec.name


def test_a_given_value_replaces_only_its_default() -> None:
    config = parse_config("leds:\n  gamma: 2.2\nboard: {columns: 9, rows: 11}\n")
    assert config.leds.gamma == 2.2
    assert config.leds.brightness == default_config().leds.brightness
    assert (config.board.columns, config.board.rows) == (9, 11)
    assert config.leds.count == 9 * 11 + 4


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("leds: {gama: 2}", "leds.gama: unknown key (did you mean gamma?)"),
        ("boardd: {}", "boardd: unknown key (did you mean board?)"),
        (
            "touch: {retry: {atempts: 2}}",
            "touch.retry.atempts: unknown key (did you mean attempts?)",
        ),
        ("web: {colour: red}", "web.colour: unknown key"),
        ("touch: {irq_gpio: four}", "touch.irq_gpio: must be an integer, got 'four'"),
        ("leds: {gamma: high}", "leds.gamma: must be a number, got 'high'"),
        ("kiosk: {enabled: 1}", "kiosk.enabled: must be true or false, got 1"),
        ("web: {host: 127}", "web.host: must be text, got 127"),
        (
            "leds: {order: zigzag}",
            "leds.order: must be one of serpentine, rows, explicit, got 'zigzag'",
        ),
        (
            "touch: {backend: mpr12}",
            "touch.backend: must be one of mock, mpr121, got 'mpr12' (did you mean mpr121?)",
        ),
        ("touch: {irq_gpio: 40}", "touch.irq_gpio: must be from 0 to 27, got 40"),
        ("leds: {brightness: 1.5}", "leds.brightness: must be from 0 to 1, got 1.5"),
        (
            "touch: {matrix: {chips: [0x5A, 0x61]}}",
            "touch.matrix.chips[1]: must be from 0x5A to 0x5D, got 0x61",
        ),
        (
            "touch: {matrix: {chips: [0x5A, five]}}",
            "touch.matrix.chips[1]: must be an address like 0x5A, got 'five'",
        ),
        ("touch: {matrix: {chips: 0x5A}}", "touch.matrix.chips: must be a list, got 90"),
        ("leds: 5", "leds: must be a mapping of keys, got 5"),
        ("web: {pin: 1234}", "web.pin: must be 4 to 8 digits in quotes, like '1234'"),
        ("web: {pin: '12a4'}", "web.pin: must be 4 to 8 digits, got '12a4'"),
        (
            "kiosk: {brightness_schedule: [{at: '25:00', brightness: 1}]}",
            "kiosk.brightness_schedule[0].at: must be a time HH:MM, got '25:00'",
        ),
        (
            "kiosk: {brightness_schedule: [{brightness: 1}]}",
            "kiosk.brightness_schedule[0].at: required, but missing",
        ),
        ("touch:\n  touch_debounce: 2\n  touch_debounce: 3\n", "touch.touch_debounce: given twice"),
    ],
)
def test_each_mistake_is_one_line_naming_the_key(text: str, expected: str) -> None:
    assert str(error_of(text)) == expected


def test_the_error_carries_code_path_and_message() -> None:
    error = error_of("touch: {irq_gpio: four}")
    assert (error.code, error.path) == ("type", "touch.irq_gpio")
    assert error.message == "must be an integer, got 'four'"


def test_addresses_may_be_written_as_hex_numbers_or_hex_text() -> None:
    config = parse_config("touch: {matrix: {chips: [0x5B, '0x5c', 0x5A]}}")
    assert config.touch.matrix.chips == (0x5B, 0x5C, 0x5A)
    assert config.touch.matrix.rows[0].chip == 0x5B


@pytest.mark.parametrize("text", ["a: [", "touch: {irq_gpio: 4", "\tleds: 1", "? [a, b]\n: 1\n"])
def test_text_that_is_not_yaml_is_one_clean_error(text: str) -> None:
    error = error_of(text)
    assert error.code == "yaml"


@pytest.mark.parametrize("text", ["[1, 2]", "just words", "42"])
def test_a_file_that_is_not_a_mapping_is_one_clean_error(text: str) -> None:
    error = error_of(text)
    assert str(error).startswith("a config file must be a mapping of sections")


def test_cross_key_checks() -> None:
    assert str(error_of("touch: {release_threshold: 12}")) == (
        "touch.release_threshold: must be below touch.touch_threshold (10), got 12"
    )
    assert (
        str(error_of("buttons: {menu: 4}"))
        == "buttons.menu: GPIO4 is already used by touch.irq_gpio"
    )
    assert str(error_of("buzzer: {backend: gpio, gpio: 27}")) == (
        "buzzer.gpio: GPIO27 is already used by buttons.new"
    )
    assert error_of("buttons: {undo: 2}").path == "buttons.undo"  # I2C SDA
    assert error_of("buttons: {undo: 11}").path == "buttons.undo"  # SPI clock beside the LED data
    assert str(error_of("buttons: {hint: 22}")) == (
        "buttons.hint: GPIO22 is already used by buttons.menu"
    )
    assert error_of("buttons: {hint: 2}").path == "buttons.hint"  # I2C SDA
    assert error_of("buttons: {hint: 99}").path == "buttons.hint"
    assert parse_config("buttons: {hint: 5}").buttons.hint == 5
    assert error_of("leds: {backend: spi, gpio: 18}").path == "leds.gpio"
    assert error_of("leds: {backend: ws281x, gpio: 17}").path == "leds.gpio"
    assert error_of("web: {host: 0.0.0.0}").path == "web.pin"
    assert error_of("kiosk: {enabled: true}").path == "kiosk.staff_pin"
    late = "kiosk: {enabled: true, staff_pin: '1234', attract_minutes: 30, abandon_minutes: 10}"
    assert error_of(late).path == "kiosk.abandon_minutes"
    unordered = (
        "kiosk: {enabled: true, staff_pin: '1234', brightness_schedule: "
        "[{at: '22:00', brightness: 0.3}, {at: '09:00', brightness: 1}]}"
    )
    assert error_of(unordered).path == "kiosk.brightness_schedule[1].at"


def test_pins_not_in_use_do_not_clash() -> None:
    config = parse_config("buttons: {backend: none, menu: 4}\nbuzzer: {gpio: 17}")
    assert config.buttons.menu == 4
    assert parse_config("touch: {irq_gpio: null}\nbuttons: {menu: 4}").buttons.menu == 4


def test_every_option_declares_its_rule() -> None:
    def walk(cls: type[object], path: str) -> list[str]:
        paths: list[str] = []
        for spec in dataclasses.fields(cls):  # type: ignore[arg-type]
            factory: object = spec.default_factory
            if isinstance(factory, type) and dataclasses.is_dataclass(factory):
                paths += walk(factory, f"{path}{spec.name}.")
            else:
                assert isinstance(spec.metadata.get("rule"), Rule), spec.name
                paths.append(path + spec.name)
        return paths

    paths = walk(Config, "")
    assert {"touch.retry.attempts", "touch.direct.mux_address", "state_dir"} <= set(paths)
