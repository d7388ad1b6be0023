"""``cullsboard check-config``: a summary and 0, or exactly one line naming the key and 2."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from firmware.cli import main
from firmware.config import load_config
from firmware.rules.grid import cell_name
from tests.config.shipped import CONFIG_DIR, SHIPPED, leaf_keys, raw, with_value, without, write
from tests.config.test_shipped import expected_error_path


def check(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["check-config", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def assert_rejected(path: Path, key: str, capsys: pytest.CaptureFixture[str]) -> str:
    code, out, err = check(path, capsys)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    assert re.search(rf": {re.escape(key)}(: |\b)", err), err
    return err.strip()


@pytest.mark.parametrize("name", SHIPPED)
def test_a_shipped_config_passes_with_a_summary(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = check(CONFIG_DIR / name, capsys)
    config = load_config(CONFIG_DIR / name)
    assert (code, err) == (0, "")
    assert out.splitlines()[0].endswith(f"{name}: valid")
    assert f"{config.leds.count} LEDs" in out
    assert f"{config.touch.layout} layout" in out


REMOVALS = [
    (name, keys, expected)
    for name in SHIPPED
    for keys, path in leaf_keys(raw(name))
    if (expected := expected_error_path(name, path)) is not None
]


@pytest.mark.parametrize(("name", "keys", "expected"), REMOVALS)
def test_each_required_key_removed(
    name: str,
    keys: tuple[str | int, ...],
    expected: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = write(tmp_path, without(raw(name), keys))
    assert_rejected(path, expected, capsys)


MISTAKES: list[tuple[str, tuple[str | int, ...], object, str]] = [
    ("matrix-board.yaml", ("boards",), {"columns": 15}, "boards"),
    ("matrix-board.yaml", ("leds", "gama"), 2.2, "leds.gama"),
    ("direct-board.yaml", ("touch", "retry", "atempts"), 2, "touch.retry.atempts"),
    ("matrix-board.yaml", ("touch", "matrix", "chip"), [0x5A], "touch.matrix.chip"),
    (
        "direct-board.yaml",
        ("kiosk", "brightness_schedule", 1, "time"),
        "11:00",
        "kiosk.brightness_schedule[1].time",
    ),
    ("matrix-board.yaml", ("touch", "irq_gpio"), "four", "touch.irq_gpio"),
    ("matrix-board.yaml", ("board", "rows"), "15x", "board.rows"),
    ("default.yaml", ("leds", "gamma"), "high", "leds.gamma"),
    ("default.yaml", ("buttons", "undo"), True, "buttons.undo"),
    ("direct-board.yaml", ("web", "port"), "80a", "web.port"),
    ("direct-board.yaml", ("kiosk", "enabled"), "yes please", "kiosk.enabled"),
    ("direct-board.yaml", ("kiosk", "staff_pin"), 1234, "kiosk.staff_pin"),
    ("matrix-board.yaml", ("touch", "matrix", "rows", 3), "0x5A", "touch.matrix.rows.3"),
    ("matrix-board.yaml", ("touch", "matrix", "rows", 2), [0x5A, 0], "touch.matrix.rows.2"),
    ("matrix-board.yaml", ("touch", "matrix", "columns", "o"), [0x5D, 0], "touch.matrix.columns.o"),
    ("direct-board.yaml", ("touch", "direct", "mux_address"), 0x50, "touch.direct.mux_address"),
    ("matrix-board.yaml", ("leds", "count"), 228, "leds.count"),
    ("direct-board.yaml", ("leds", "count"), 230, "leds.count"),
    ("matrix-board.yaml", ("leds", "status_count"), 5, "leds.count"),
    ("matrix-board.yaml", ("buzzer", "gpio"), 17, "buzzer.gpio"),
    ("direct-board.yaml", ("buttons", "menu"), 4, "buttons.menu"),
    ("matrix-board.yaml", ("leds", "backend"), "neopixel", "leds.backend"),
    ("matrix-board.yaml", ("touch", "release_threshold"), 20, "touch.release_threshold"),
]


@pytest.mark.parametrize(("name", "keys", "value", "key"), MISTAKES)
def test_each_mistake_gives_one_line_naming_the_key(
    name: str,
    keys: tuple[str | int, ...],
    value: object,
    key: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = write(tmp_path, with_value(raw(name), keys, value))
    assert_rejected(path, key, capsys)


def test_computer_coach_is_true_or_false(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert load_config(CONFIG_DIR / "default.yaml").computer.coach is True
    off = write(tmp_path, with_value(raw("default.yaml"), ("computer", "coach"), False))
    assert check(off, capsys)[0] == 0 and load_config(off).computer.coach is False
    bad = write(tmp_path, with_value(raw("default.yaml"), ("computer", "coach"), "sometimes"))
    error = assert_rejected(bad, "computer.coach", capsys)
    assert error.endswith("computer.coach: must be true or false, got 'sometimes'"), error


def explicit_direct_board() -> dict[str, Any]:
    """direct-board.yaml with its generated cell map written out, as a user would rewire it."""
    cells = load_config(CONFIG_DIR / "direct-board.yaml").touch.direct.cells
    listed = {
        cell_name(cell): [pad.channel, pad.chip, pad.electrode] for cell, pad in cells.items()
    }
    return with_value(raw("direct-board.yaml"), ("touch", "direct", "cells"), listed)


def test_the_written_out_direct_map_is_valid(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = check(write(tmp_path, explicit_direct_board()), capsys)
    assert (code, err) == (0, "")


def test_a_cell_mapped_twice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, explicit_direct_board())
    text = path.read_text(encoding="utf-8")
    # A second h8 line (YAML would silently keep the last one) in place of i8.
    text, replaced = re.subn(r"\n(\s+)i8:", r"\n\1h8:", text)
    assert replaced == 1
    path.write_text(text, encoding="utf-8")
    err = assert_rejected(path, "touch.direct.cells", capsys)
    assert err.endswith("touch.direct.cells: h8 is mapped twice")


def test_a_cell_not_mapped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = explicit_direct_board()
    del data["touch"]["direct"]["cells"]["k11"]
    err = assert_rejected(write(tmp_path, data), "touch.direct.cells", capsys)
    assert err.endswith("k11 is not mapped")


def test_an_electrode_used_twice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = explicit_direct_board()
    cells = data["touch"]["direct"]["cells"]
    cells["o15"] = cells["a1"]
    err = assert_rejected(write(tmp_path, data), "touch.direct.cells.o15", capsys)
    assert err.endswith("is already a1")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("board: [", "not valid YAML"),
        ("- board\n- touch\n", "must be a mapping of sections"),
        ("\x00", "not valid YAML"),
    ],
)
def test_files_that_are_not_configs(
    text: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, err = check(path, capsys)
    assert (code, out, err.count("\n")) == (2, "", 1)
    assert words in err


def test_a_missing_or_unreadable_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = check(tmp_path / "nowhere.yaml", capsys)
    assert (code, err.count("\n")) == (2, 1)
    assert "cannot read" in err
    binary = tmp_path / "binary.yaml"
    binary.write_bytes(b"\xff\xfe\x00board")
    code, _, err = check(binary, capsys)
    assert (code, err.count("\n")) == (2, 1)
    assert "not UTF-8" in err
