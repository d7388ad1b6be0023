"""The scoreboard's ``menu``: every choice in words with the cell a tap on it means."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.controller.conftest import Rig
from tests.controller.test_menu_computer import MenuRig


@pytest.fixture
def computer_rig(tmp_path: Path) -> Iterator[MenuRig]:
    made = MenuRig(tmp_path / "state")
    yield made
    made.stop_thinking()
    made.board.close()


def menu(rig: Rig) -> Any:
    """The scoreboard's menu object, read as JSON is (any shape)."""
    found = rig.score["menu"]
    assert isinstance(found, dict)
    return found


def test_the_menu_names_each_choice_and_its_cell(computer_rig: MenuRig) -> None:
    rig = computer_rig
    rig.start()
    shown = menu(rig)
    assert [(g["label"], g["cell"], g["chosen"]) for g in shown["games"]] == [
        ("Culls duel", "b12", True),
        ("Culls teams", "e12", False),
        ("Cubulus, 2 players", "h12", False),
        ("Cubulus, 3 players", "k12", False),
    ]
    assert shown["game"] == "culls" and shown["label"] == "Culls duel" and shown["start"] == "h3"
    option = shown["option"]
    assert isinstance(option, dict) and option["key"] == "rounds_to_win"
    assert [(c["text"], c["cell"], c["chosen"]) for c in option["choices"]] == [
        ("First to 3", "c8", True),
        ("First to 4", "i8", False),
    ]
    computer = shown["computer"]
    assert isinstance(computer, dict) and computer["level"] == 6  # as the rig configures it
    assert [(s["name"], s["cell"], s["chosen"]) for s in computer["seats"]] == [
        ("nobody", "f6", True),
        ("Blue", "h6", False),
        ("Red", "j6", False),
    ]
    assert [lv["cell"] for lv in computer["levels"]] == ["e5", "f5", "g5", "h5", "i5", "j5"]


def test_the_cells_it_names_pick_what_it_says_and_start_the_game(computer_rig: MenuRig) -> None:
    rig = computer_rig
    rig.start()
    rig.tap("h12")  # Cubulus, 2 players
    shown = menu(rig)
    assert shown["game"] == "cubulus" and shown["option"] is None
    computer = shown["computer"]
    assert isinstance(computer, dict)
    red = next(s for s in computer["seats"] if s["name"] == "Red")
    rig.tap(str(red["cell"]))
    rig.tap(str(computer["levels"][2]["cell"]))
    shown = menu(rig)
    computer = shown["computer"]
    assert isinstance(computer, dict) and computer["level"] == 3
    assert [s["name"] for s in computer["seats"] if s["chosen"]] == ["Red"]
    rig.tap(str(shown["start"]))
    assert rig.score["menu"] is None and rig.score["game"] == "cubulus"
    seats: Any = rig.score["seats"]
    assert [s["player"] for s in seats] == ["computer", "here"]


def test_a_board_without_the_computer_offers_none_and_the_menu_closes_to_null(rig: Rig) -> None:
    rig.start()
    assert menu(rig)["computer"] is None
    rig.tap(str(menu(rig)["start"]))
    assert rig.score["phase"] == "playing" and rig.score["menu"] is None
