"""With ``speech.explore`` the command strip holds more commands: every one is still on the
grid, holding a corner never stops the board, and a long press on the open strip says the
command under the finger."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware.cli import main
from firmware.controller.commands.strip import HOLD_SECONDS, strip_cells
from firmware.controller.modes.read import EXPLORE_HOLD_S
from firmware.rules.game_and_rules import GameAndRules
from firmware.rules.grid import cell_name
from tests.speech.test_reading_the_board import Board

CORNER_HOLD = "down a1\nwait 1700\nup a1\n"  # the hold that opened the strip, and crashed


@pytest.fixture
def board(tmp_path: Path) -> Board:
    return Board(tmp_path)


@pytest.mark.parametrize("game", ["culls", "cubulus"])
def test_the_corner_hold_with_explore_on_the_command_line_exits_0(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "explore.yaml"
    config.write_text("speech: {backend: mock, explore: true}\n", encoding="utf-8")
    script = tmp_path / "corner.txt"
    script.write_text(CORNER_HOLD, encoding="utf-8")
    argv = ["--mock-hal", "--config", str(config), "--script", str(script), "--game", game]
    assert main([*argv, "--state-dir", str(tmp_path / "state")]) == 0
    assert "Traceback" not in capsys.readouterr().err


def test_the_strip_with_explore_lies_on_the_grid_and_names_every_command(board: Board) -> None:
    board.controller.start(GameAndRules("culls", {"mode": "duel"}), "blue")
    board.press("a1", HOLD_SECONDS + 0.2)
    commands = board.table.strip.commands
    assert len(commands) >= 8, "explore adds read and voice"
    assert all(0 <= x < 15 and 0 <= y < 15 for x, y in (c.cell for c in commands))
    words = str(board.controller.view().score["message"])
    assert words.startswith("Commands: undo ") and "read " in words and "voice " in words


def test_a_long_press_on_the_open_strip_says_the_command_and_does_nothing(board: Board) -> None:
    board.controller.start(GameAndRules("culls", {"mode": "duel"}), "blue")
    board.press("a1", HOLD_SECONDS + 0.2)
    board.heard()
    undo = next(c for c in board.table.strip.commands if c.name == "undo")
    board.press(cell_name(undo.cell), EXPLORE_HOLD_S + 0.1)
    assert board.heard() == [f"{cell_name(undo.cell)}: the command undo. A tap there does it."]
    assert board.table.strip.is_open and board.moves == []


@pytest.mark.parametrize("size", range(7, 20))
def test_every_count_of_commands_fits_on_every_board_size(size: int) -> None:
    for count in range(1, 2 * size):
        cells = strip_cells(count, size, size)
        assert len(set(cells)) == count
        assert all(0 <= x < size and 0 < y < size - 1 for x, y in cells)
