"""The touch front end in the config: charge, filters, auto-configuration, settings per pad."""

from __future__ import annotations

import pytest

from firmware.config import ConfigError, parse_config
from firmware.config import tuning as config_tuning
from firmware.wiring.settings import touch_settings
from hal.touch import tuning as chip_tuning
from hal.touch.settings import Pad, PadThresholds
from hal.touch.tuning import Charge


def error_of(text: str) -> str:
    with pytest.raises(ConfigError) as caught:
        parse_config(text)
    return str(caught.value)


def test_the_config_and_the_driver_know_the_same_chip_values() -> None:
    for name in ("CHARGE_TIMES_US", "FIRST_FILTER_SAMPLES", "SECOND_FILTER_SAMPLES", "PERIODS_MS"):
        assert getattr(config_tuning, name) == getattr(chip_tuning, name), name


def test_pads_get_their_own_thresholds_by_row_column_or_cell() -> None:
    matrix = parse_config(
        "touch:\n  pads:\n    Row 3: {touch_threshold: 20, release_threshold: 9}\n"
        "    column B: {touch_threshold: 5, release_threshold: 2}\n"
    )
    settings = touch_settings(matrix)
    assert settings.thresholds_for(Pad(0, 2)) == PadThresholds(20, 9)
    assert settings.thresholds_for(Pad(1, 4)) == PadThresholds(5, 2)
    assert settings.thresholds_for(Pad(0, 3)) == PadThresholds(10, 7)
    direct = parse_config("touch:\n  layout: direct\n  pads: {H8: {touch_threshold: 30}}\n")
    assert set(direct.touch.pads) == {"h8"}
    (pad, values), *_ = touch_settings(direct).pad_thresholds
    assert values == PadThresholds(30, 7) and pad == Pad(9, 4)  # h8 in chip 9's block g7-j9


def test_a_charge_per_pad_reaches_the_driver_with_auto_config_off() -> None:
    config = parse_config(
        "touch:\n  auto_config: false\n  charge_current_ua: 20\n"
        "  pads: {row 2: {charge_current_ua: 40}, column a: {charge_time_us: 2}}\n"
    )
    settings = touch_settings(config)
    assert dict(settings.pad_charges) == {Pad(0, 1): Charge(40, 0.5), Pad(1, 3): Charge(20, 2.0)}
    assert settings.charge == Charge(20, 0.5)
    assert not settings.auto_config.enabled


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("touch: {pads: {h8: {}}}", "touch.pads.h8: not a row ('row 3') or column"),
        ("touch: {layout: direct, pads: {row 3: {}}}", "touch.pads.row 3: not a cell (h8)"),
        ("touch: {pads: {row 16: {}}}", "touch.pads.row 16: not a row"),
        (
            "touch: {pads: {row 3: {touch_threshold: 5}}}",
            "touch.pads.row 3.release_threshold: must be below the pad's touch threshold (5)",
        ),
        (
            "touch: {pads: {row 3: {charge_current_ua: 30}}}",
            "touch.pads.row 3.charge_current_ua: the chip's auto-configuration sets it",
        ),
        (
            "touch: {auto_config: false, pads: {row 3: {charge_time_us: 3}}}",
            "touch.pads.row 3.charge_time_us: must be one of 0.5, 1, 2, 4, 8, 16, 32, got 3",
        ),
        ("touch: {charge_time_us: 0.7}", "touch.charge_time_us: must be one of 0.5, 1, 2"),
        ("touch: {charge_current_ua: 64}", "touch.charge_current_ua: must be from 1 to 63"),
        ("touch: {supply_voltage: 5}", "touch.supply_voltage: must be from 1.71 to 3.6, got 5"),
        ("touch: {filter: {period_ms: 3}}", "touch.filter.period_ms: must be one of 1, 2, 4"),
        ("touch: {filter: {first_samples: 7}}", "touch.filter.first_samples: must be one of 6,"),
        (
            "touch: {filter: {rising: {noise_count_limit: 256}}}",
            "touch.filter.rising.noise_count_limit: must be from 0 to 255, got 256",
        ),
        ("touch: {pads: {row 3: {touch: 5}}}", "touch.pads.row 3.touch: unknown key"),
        ("touch: {sim: {seed: -1}}", "touch.sim.seed: must be from 0"),
        ("touch: {pads: [row 3]}", "touch.pads: must be a mapping of pad names to settings"),
    ],
)
def test_front_end_mistakes_are_one_line_naming_the_key(text: str, message: str) -> None:
    assert error_of(text).startswith(message)


def test_the_same_pad_twice_in_any_spelling_is_refused() -> None:
    text = "touch:\n  pads:\n    row 3: {touch_threshold: 20}\n    Row  3: {touch_threshold: 9}\n"
    assert error_of(text) == "touch.pads: row 3 is given twice"
