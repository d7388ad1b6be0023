"""The light stack: priorities, blinking on the clock, and when the next change is due."""

from __future__ import annotations

from pathlib import Path

from firmware.render.palette import Blink
from firmware.render.stack import Light, LightStack
from tests.controller.conftest import BLUE, LAST_BLUE, OFF, RED, Rig

WHITE = (255, 255, 255)


def test_the_highest_priority_wins_and_expired_lights_fall_away() -> None:
    stack = LightStack(3, 3, status_count=1)
    stack.add([(1, 1)], Light(0, BLUE))
    stack.add([(1, 1)], Light(30, RED, start=1.0, until=2.0))
    stack.add_status([0, 5], Light(0, WHITE))
    assert stack.compose(0.5).cells[1][1] == BLUE
    assert stack.compose(1.5).cells[1][1] == RED
    assert stack.compose(2.0).cells[1][1] == BLUE
    assert stack.compose(0.0).status == (WHITE,)
    assert stack.next_change(0.5) == 1.0 and stack.next_change(1.5) == 2.0
    assert stack.next_change(2.5) is None


def test_a_blink_alternates_each_half_period_from_its_start() -> None:
    stack = LightStack(1, 1)
    stack.add([(0, 0)], Light(0, Blink(RED, OFF, 1.0), start=10.0))
    assert [stack.compose(10.0 + k * 0.5).cells[0][0] for k in range(4)] == [RED, OFF, RED, OFF]
    assert stack.next_change(10.2) == 10.5
    assert stack.compose(9.0).cells[0][0] == OFF and stack.next_change(9.0) == 10.0


def test_cells_off_the_grid_are_ignored() -> None:
    stack = LightStack(2, 2)
    stack.add([(5, 5), (-1, 0)], Light(0, RED))
    assert all(c == OFF for row in stack.compose(0).cells for c in row)


def test_a_smaller_culls_board_is_centred_and_the_rest_stays_dark(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel", "size": 9}, first="blue")
    rig.tap("h8")  # the centre of the board is e5 of a 9x9 game
    assert rig.moves == ["e5"]
    rig.assert_cell_colour("h8", LAST_BLUE)
    rig.assert_cell_colour("a1", OFF)
    assert rig.colour("d4") != OFF, "the playing area is faintly lit"
    rig.tap("a1")
    assert rig.moves == ["e5"] and "outside" in str(rig.score["error"])


def test_a_smaller_board_plays_a_smaller_culls_game_and_refuses_cubulus(tmp_path: Path) -> None:
    rig = Rig(tmp_path / "state", columns=9, rows=9)
    rig.start("culls", {"mode": "duel"}, first="blue")
    assert isinstance(rig.score["record"], dict)
    assert rig.score["record"]["rules"] == {
        "size": 9, "mode": "duel", "exact_five": False, "rounds_to_win": 3,
    }  # fmt: skip
    rig.tap_cell((4, 4))
    assert rig.moves == ["e5"]
    rig.press("menu")
    rig.press("menu")
    rig.press("menu")
    rig.press("new")
    assert rig.score["game"] == "culls" and "Cubulus needs" in str(rig.score["error"])
