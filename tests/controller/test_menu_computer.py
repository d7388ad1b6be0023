"""The menu's "vs computer" rows: a person alone starts a game against the computer by touch."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware.controller.computer import Seating
from firmware.controller.live import RemoteCommand, RemoteKind
from firmware.controller.players import PlayerKind
from firmware.players import level
from tests.controller.conftest import Rig


def _rig(state_dir: Path) -> Rig:
    seating = Seating(clock=lambda: 0.0, level=level(6), seed=5)
    return Rig(state_dir, seating=seating)


def test_the_menu_seats_the_computer_at_the_level_touched(tmp_path: Path) -> None:
    rig = _rig(tmp_path)
    rig.start()
    computer = rig.table.menu.computer
    assert computer is not None
    message = str(rig.score["message"])
    assert "vs computer: f6 nobody, h6 Blue, j6 Red; level 6 (e5-j5)" in message
    assert message.endswith("; green cell h3")
    rig.tap_cell(computer.seat_cells()[2])  # Red
    rig.tap_cell(computer.level_cells()[1])  # level 2
    lit = [tile.chosen for tile in computer.tiles()]
    assert lit == [False, False, True, True, True, False, False, False, False]
    rig.tap_cell(rig.table.menu.start_cell)
    assert rig.score["seats"] == [
        {"colour": "blue", "name": "Blue", "player": "here", "level": None},
        {"colour": "red", "name": "Red", "player": "computer", "level": 2},
    ]
    rig.press("new")  # NEW keeps the choice made on the menu
    assert [seat.player for seat in rig.table.seats] == [PlayerKind.HERE, PlayerKind.COMPUTER]


def test_nobody_on_the_menu_seats_people_everywhere(tmp_path: Path) -> None:
    rig = _rig(tmp_path)
    rig.start()
    computer = rig.table.menu.computer
    assert computer is not None
    rig.tap_cell(computer.seat_cells()[1])
    rig.tap_cell(computer.seat_cells()[0])
    assert computer.chosen_seat() is None
    rig.tap_cell(rig.table.menu.start_cell)
    assert {seat.player for seat in rig.table.seats} == {PlayerKind.HERE}


def test_a_board_without_a_computer_shows_no_computer_rows(tmp_path: Path) -> None:
    rig = Rig(tmp_path)
    rig.start()
    assert rig.table.menu.computer is None
    assert "vs computer" not in str(rig.score["message"])


def test_the_web_s_choice_starts_a_new_match_with_the_computer_seated(tmp_path: Path) -> None:
    rig = _rig(tmp_path)
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.tap("h8")
    rig.controller.submit(RemoteCommand(RemoteKind.COMPUTER, seats=("blue",), computer_level=3))
    rig.controller.step()
    assert rig.moves == [] and rig.score["seats"] == [
        {"colour": "blue", "name": "Blue", "player": "computer", "level": 3},
        {"colour": "red", "name": "Red", "player": "here", "level": None},
    ]
    rig.press("undo")  # cancels the search if blue is to start
    rig.controller.submit(RemoteCommand(RemoteKind.COMPUTER, seats=(), computer_level=3))
    rig.controller.step()
    assert {seat.player for seat in rig.table.seats} == {PlayerKind.HERE}


def test_a_board_without_a_computer_refuses_the_web_s_choice(tmp_path: Path) -> None:
    rig = Rig(tmp_path)
    rig.start("culls", {"mode": "duel"}, first="blue")
    with pytest.raises(ValueError, match="runs no computer player"):
        rig.controller.submit(RemoteCommand(RemoteKind.COMPUTER, seats=("red",), computer_level=3))


def test_the_menu_shows_the_computer_seat_and_level_of_the_match(tmp_path: Path) -> None:
    seating = Seating(clock=lambda: 0.0, level=level(3), computer_seats=["red"], seed=5)
    rig = Rig(tmp_path, seating=seating)
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.press("menu")
    computer = rig.table.menu.computer
    assert computer is not None and computer.level == 3
    chosen = computer.chosen_seat()
    assert chosen is not None and chosen.name == "Red"
