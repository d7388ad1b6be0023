"""A real board's file must state its hardware and wiring; tuning may be left to the defaults."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from firmware.config import ConfigError, load_config
from tests.config.shipped import raw

# Wiring and hardware identity: each must be given in the shipped real boards.
MATRIX_REQUIRED = (
    "board.columns",
    "board.rows",
    "touch.backend",
    "touch.layout",
    "touch.i2c_bus",
    "touch.irq_gpio",
    "touch.matrix.chips",
    "leds.backend",
    "leds.gpio",
    "leds.count",
    "leds.status_count",
    "leds.order",
    "leds.max_current_ma",
    "buttons.backend",
    "buttons.undo",
    "buttons.new",
    "buttons.menu",
    "buzzer.gpio",
)
DIRECT_REQUIRED = ("touch.direct.mux_address", "touch.direct.channels", "touch.layout", "leds.gpio")
# Tuning: the schema's defaults stand in.
OPTIONAL = ("touch.touch_threshold", "touch.release_debounce", "leds.gamma", "leds.brightness")


def _without(data: dict[str, Any], path: str) -> dict[str, Any]:
    copied = copy.deepcopy(data)
    *parents, last = path.split(".")
    node = copied
    for part in parents:
        node = node[part]
    del node[last]
    return copied


def _load(data: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "board.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    load_config(path)


@pytest.mark.parametrize(
    ("shipped", "path"),
    [("matrix-board.yaml", p) for p in MATRIX_REQUIRED]
    + [("direct-board.yaml", p) for p in DIRECT_REQUIRED],
)
def test_a_real_board_without_its_wiring_is_refused_naming_the_key(
    shipped: str, path: str, tmp_path: Path
) -> None:
    with pytest.raises(ConfigError) as caught:
        _load(_without(raw(shipped), path), tmp_path)
    assert caught.value.path == path
    assert caught.value.code == "missing"


@pytest.mark.parametrize("section", ["board", "touch", "leds", "buttons"])
def test_a_real_board_without_a_whole_section_is_refused(section: str, tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        _load(_without(raw("matrix-board.yaml"), section), tmp_path)
    assert caught.value.path.startswith(f"{section}.")


@pytest.mark.parametrize("path", OPTIONAL)
def test_tuning_may_be_left_to_the_defaults(path: str, tmp_path: Path) -> None:
    _load(_without(raw("matrix-board.yaml"), path), tmp_path)


def test_a_short_file_for_the_simulated_board_needs_nothing_else(tmp_path: Path) -> None:
    _load({"web": {"pin": "1234"}, "leds": {"status_count": 0}}, tmp_path)


def test_hardware_settings_without_a_backend_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        _load({"leds": {"gpio": 10, "count": 229}}, tmp_path)
    assert str(caught.value) == "leds.backend: required with leds.gpio"


def test_one_side_of_the_grid_needs_the_other(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        _load({"board": {"columns": 9}}, tmp_path)
    assert str(caught.value) == "board.rows: required with board.columns"
