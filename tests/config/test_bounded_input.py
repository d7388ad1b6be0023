"""Configs beyond reason (alias bombs, deep nesting, huge numbers, NaN, empty files) are refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware.cli import main
from firmware.config import ConfigError, parse_config
from tests.config.shipped import CONFIG_DIR


def _check(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["check-config", str(path)])
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    return code, err.strip()


def _alias_bomb(levels: int) -> str:
    """A list whose aliases expand 9-fold per level: 9**levels values from a few hundred bytes."""
    parts, previous = ["&l0 [x, x, x, x, x, x, x, x, x]"], "l0"
    for level in range(1, levels):
        parts.append(f"&l{level} [" + ", ".join([f"*{previous}"] * 9) + "]")
        previous = f"l{level}"
    return "[" + ", ".join(parts) + "]"


def test_an_alias_bomb_in_a_chip_electrode_value_is_refused_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = (CONFIG_DIR / "matrix-board.yaml").read_text(encoding="utf-8")
    assert "      1: [0x5A, 0]\n" in board
    path = tmp_path / "bomb.yaml"
    path.write_text(board.replace("      1: [0x5A, 0]", "      1: " + _alias_bomb(6)))
    code, err = _check(path, capsys)
    assert code == 2
    assert err.endswith("line 22: aliases expand to more than 100000 values")


def test_a_short_wrong_list_still_shows_itself_briefly() -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config("touch:\n  matrix:\n    rows:\n      1: [[1, 2, 3, 4, 5, 6], 2, 3]\n")
    assert str(caught.value) == (
        "touch.matrix.rows.1: must be [chip, electrode], got a list [[1, 2, 3, 4, ...], 2, 3]"
    )


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("a: " + "[" * 900 + "]" * 900, "line 1: nested more than 32 deep"),
        ("board:\n  columns: " + "1" * 5000, "line 2: a number longer than 40 characters"),
        ("a: &a [*a]", "line 1: an alias refers to the value it is part of"),
        ("a: " + "x" * 1_000_001, "more than 1000000 characters: not a config"),
    ],
    ids=["deep", "long-number", "self-alias", "huge"],
)
def test_yaml_beyond_the_limits_is_one_line(text: str, problem: str) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config(text)
    assert str(caught.value).endswith(problem)


def test_a_long_wrong_value_gives_a_bounded_message() -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config("leds:\n  backend: " + "w" * 100_000 + "\n")
    assert str(caught.value).startswith("leds.backend: must be one of")
    assert len(str(caught.value)) <= 330


NAN_KEYS = [
    ("leds", "brightness"),
    ("leds", "gamma"),
    ("touch", "poll_seconds"),
    ("buttons", "bounce_seconds"),
    ("kiosk", "attract_minutes"),
    ("kiosk", "abandon_minutes"),
]


@pytest.mark.parametrize(("section", "key"), NAN_KEYS)
@pytest.mark.parametrize("value", [".nan", ".NaN", ".inf", "-.inf"])
def test_only_finite_numbers_pass(section: str, key: str, value: str) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config(f"{section}:\n  {key}: {value}\n")
    assert caught.value.path == f"{section}.{key}"


def test_a_nan_schedule_brightness_is_refused() -> None:
    text = "kiosk:\n  brightness_schedule:\n    - {at: '08:00', brightness: .nan}\n"
    with pytest.raises(
        ConfigError, match=r"brightness_schedule\[0\]\.brightness: must be a finite"
    ):
        parse_config(text)


@pytest.mark.parametrize("content", ["", "# only a comment\n", "~\n", "null\n"])
def test_an_empty_config_file_is_an_error_naming_the_file(
    content: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "board.yaml"
    path.write_text(content)
    code, err = _check(path, capsys)
    assert code == 2
    assert err.startswith(f"cullsboard check-config: {path}: the file is empty")


def test_dev_null_is_an_empty_config(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = _check(Path("/dev/null"), capsys)
    assert (code, err.split(": ")[1:3]) == (2, ["/dev/null", "the file is empty"])


def test_an_empty_config_is_refused_by_the_board_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "board.yaml"
    path.write_text("")
    assert main(["--mock-hal", "--config", str(path), "--script", "-"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"cullsboard: config {path}: the file is empty: a board file states")
    assert err.count("\n") == 1


def test_an_empty_state_dir_is_refused() -> None:
    with pytest.raises(ConfigError, match=r"^state_dir: must be a directory \(not empty\)"):
        parse_config("state_dir: ''\n")
    with pytest.raises(ConfigError, match=r"^state_dir: must be a directory"):
        parse_config("state_dir: '   '\n")


def test_an_endless_file_is_refused_after_a_megabyte(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = _check(Path("/dev/zero"), capsys)
    assert (code, err) == (
        2,
        "cullsboard check-config: /dev/zero: more than 1000000 characters: not a config",
    )
