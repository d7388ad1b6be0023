"""The ``pieces`` setting: who puts a move's piece on the board; its old name, culls.chips."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.config import ConfigError, parse_config
from firmware.rules.registry import game_names
from firmware.wiring.settings import hand_placed
from tests.config.shipped import raw, with_value, write


@pytest.mark.parametrize(
    ("pieces", "real_board", "placed"),
    [
        ("auto", True, {"culls"}),
        ("auto", False, set()),
        ("physical", False, {"culls"}),
        ("physical", True, {"culls"}),
        ("virtual", True, set()),
        ("virtual", False, set()),
    ],
)
def test_pieces_says_which_games_wait_for_a_piece_placed_by_hand(
    pieces: str, real_board: bool, placed: set[str]
) -> None:
    by_hand = hand_placed(parse_config(f"pieces: {pieces}\n"), real_board=real_board)
    assert {name for name in game_names() if by_hand(name)} == placed


def test_the_default_is_auto() -> None:
    assert parse_config("").pieces == "auto"


@pytest.mark.parametrize("chips", ["auto", "physical", "virtual"])
def test_culls_chips_is_read_as_pieces_with_one_line_naming_it(chips: str) -> None:
    said: list[str] = []
    config = parse_config(f"culls:\n  chips: {chips}\n", said.append)
    assert config.pieces == chips
    assert said == [f"culls.chips is deprecated: write pieces: {chips} at the top level instead"]


def test_a_config_without_the_old_key_says_nothing() -> None:
    said: list[str] = []
    parse_config("pieces: physical\n", said.append)
    assert said == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("culls:\n  chips: real\n", "culls.chips: must be one of auto, physical, virtual"),
        ("culls:\n  size: 9\n", "culls.size: unknown key"),
        ("culls: 3\n", "culls: must be a mapping of keys"),
        ("pieces: virtual\nculls:\n  chips: physical\n", "culls.chips: give only pieces"),
        ("pieces: lights\n", "pieces: must be one of auto, physical, virtual"),
    ],
)
def test_a_wrong_pieces_setting_names_its_key(text: str, message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config(text, lambda line: None)
    assert str(caught.value).startswith(message), caught.value


def test_check_config_says_the_old_key_once_and_summarises_pieces(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, with_value(raw("matrix-board.yaml"), ("culls", "chips"), "virtual"))
    code = main(["check-config", str(path)])
    out, err = capsys.readouterr()
    assert code == 0 and f"{path}: valid" in out
    assert err == (
        f"cullsboard: {path}: culls.chips is deprecated: write pieces: virtual at the top level "
        "instead\n"
    )
    assert "  pieces   virtual (the lights are the pieces)\n" in out


def test_check_config_summarises_the_new_key_without_a_word_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, with_value(raw("matrix-board.yaml"), ("pieces",), "physical"))
    assert main(["check-config", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == "" and "  pieces   physical (by hand where a game has real ones" in out


def test_a_game_on_the_simulated_board_with_the_old_key_says_it_once_and_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "board.yaml"
    path.write_text("culls:\n  chips: physical\n", encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("tap h8\n"))
    state = ["--state-dir", str(tmp_path / "state")]
    code = main(["--mock-hal", "--config", str(path), "--game", "culls", "--script", "-", *state])
    err = capsys.readouterr().err
    assert code == 0
    assert err.count("deprecated") == 1 and "write pieces: physical" in err, err
