"""The shipped configs load, default.yaml is the schema's defaults, and missing keys default."""

from __future__ import annotations

import dataclasses
import re

import pytest

from firmware.config import ConfigError, default_config, load_config
from firmware.config.load import config_from_data
from tests.config.shipped import CONFIG_DIR, DATA_MAPS, SHIPPED, leaf_keys, raw, without

# Keys whose removal must be an error, and the key path the error names.
REQUIRED = {
    "matrix-board.yaml": [(r"touch\.matrix\.(rows|columns)(\.\w+)?", r"touch.matrix.\1")],
    "direct-board.yaml": [
        (r"touch\.direct\.channels\.\d", "touch.direct.channels"),
        (r"web\.pin|kiosk\.staff_pin", r"\g<0>"),
        (r"kiosk\.brightness_schedule\[\d\]\.\w+", r"\g<0>"),
    ],
}


def expected_error_path(name: str, path: str) -> str | None:
    for pattern, replacement in REQUIRED.get(name, []):
        if re.fullmatch(pattern, path):
            return re.sub(pattern, replacement, path)
    return None


def value_at(config: object, path: str) -> object:
    for name in path.split("."):
        config = getattr(config, name)
    return config


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_config_loads(name: str) -> None:
    config = load_config(CONFIG_DIR / name)
    assert config.leds.count == config.board.columns * config.board.rows + config.leds.status_count


def test_the_reference_boards_are_what_wiring_md_describes() -> None:
    matrix = load_config(CONFIG_DIR / "matrix-board.yaml")
    direct = load_config(CONFIG_DIR / "direct-board.yaml")
    assert (matrix.touch.backend, matrix.touch.layout, matrix.leds.backend) == (
        "mpr121",
        "matrix",
        "ws281x",
    )
    assert matrix.touch.matrix.chips == (0x5A, 0x5B, 0x5C)
    assert (direct.touch.layout, direct.touch.direct.mux_address) == ("direct", 0x70)
    assert sum(len(chips) for chips in direct.touch.direct.channels.values()) == 19


def test_default_yaml_is_the_simulated_board_with_the_schema_defaults() -> None:
    config = load_config(CONFIG_DIR / "default.yaml")
    assert (config.touch.backend, config.leds.backend) == ("mock", "mock")
    # No deliberate differences: the file documents the defaults, key by key.
    assert config == default_config()


def test_default_yaml_spells_out_every_option() -> None:
    def option_paths(section: object, path: str) -> set[str]:
        paths: set[str] = set()
        for spec in dataclasses.fields(section):  # type: ignore[arg-type]
            value = getattr(section, spec.name)
            where = f"{path}.{spec.name}" if path else spec.name
            paths.add(where)
            if dataclasses.is_dataclass(value):
                paths |= option_paths(value, where)
        return paths

    written = {path for _, path in leaf_keys(raw("default.yaml"))}
    missing = option_paths(default_config(), "") - written
    assert not missing, f"default.yaml leaves out {sorted(missing)}"


CASES = [(name, keys, path) for name in SHIPPED for keys, path in leaf_keys(raw(name))]


@pytest.mark.parametrize(("name", "keys", "path"), CASES, ids=[f"{n}:{p}" for n, _, p in CASES])
def test_removing_a_key_gives_its_default_or_an_error_naming_it(
    name: str, keys: tuple[str | int, ...], path: str
) -> None:
    data = without(raw(name), keys)
    expected = expected_error_path(name, path)
    if expected is None:
        config = config_from_data(data)
        if len(keys) > 1 and keys[-2] in DATA_MAPS:
            return  # an entry of a map the board does not use: nothing to default
        # The defaults of a board with the same layout (only the layout in use is filled in).
        defaults = config_from_data({"touch": {"layout": config.touch.layout}})
        assert value_at(config, path) == value_at(defaults, path)
    else:
        with pytest.raises(ConfigError) as caught:
            config_from_data(data)
        assert caught.value.path == expected


def test_every_required_key_pattern_matches_a_key_in_its_file() -> None:
    for name, patterns in REQUIRED.items():
        paths = [path for _, path in leaf_keys(raw(name))]
        for pattern, _ in patterns:
            assert any(re.fullmatch(pattern, path) for path in paths), (name, pattern)
