"""A board without buttons: hold a corner cell to open the command strip, tap a command."""

from __future__ import annotations

from firmware.controller.commands.command_registry import look
from firmware.controller.commands.strip import HOLD_SECONDS, CommandStrip
from firmware.render import palette
from tests.controller.conftest import LAST_BLUE, Rig

# The middle row, two cells apart: UNDO, NEW, MENU, then a lesson, the puzzles, resign and turn.
STRIP = {
    "undo": "b8", "new": "d8", "menu": "f8", "lesson": "h8", "puzzle": "j8", "resign": "l8",
    "turn": "n8",
}  # fmt: skip
MENU_STRIP = {"undo": "d8", "new": "f8", "menu": "h8", "lesson": "j8", "puzzle": "l8"}  # no resign


def hold(rig: Rig, name: str, seconds: float) -> None:
    """A finger down on ``name`` for ``seconds``, then lifted."""
    rig.board.touch.down(rig.cell(name))
    rig.controller.step()
    rig.advance(seconds)
    rig.board.touch.up(rig.cell(name))
    rig.controller.step()


def test_holding_a_corner_opens_the_strip_and_undo_there_takes_back_a_move(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.tap("c3")
    hold(rig, "o15", HOLD_SECONDS)
    assert rig.moves == ["c3"], "the hold is not a move on o15"
    for name, cell in STRIP.items():
        rig.assert_cell_colour(cell, look(name))
    rig.assert_cell_colour("a8", palette.OFF)  # the rest of the strip's row is dark
    assert rig.score["message"] == (
        "Commands: undo b8, new d8, menu f8, lesson h8, puzzle j8, resign l8, turn n8. Tap one,"
        " or any other cell to close"
    )
    rig.tap(STRIP["undo"])
    assert rig.moves == []
    rig.assert_cell_colour("c3", palette.OFF)
    assert "place a chip" in str(rig.score["message"])


def test_a_short_press_on_a_corner_is_a_move(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    hold(rig, "a1", HOLD_SECONDS - 0.2)
    assert rig.moves == ["a1"]
    rig.assert_cell_colour("a1", LAST_BLUE)


def test_a_tap_outside_closes_the_strip_and_plays_nothing(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    hold(rig, "a15", HOLD_SECONDS + 1)
    rig.tap("c3")
    assert rig.moves == []
    rig.assert_cell_colour(STRIP["new"], palette.OFF)
    rig.tap("c3")
    assert rig.moves == ["c3"]


def test_menu_and_new_from_the_strip(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    hold(rig, "o1", HOLD_SECONDS)
    rig.tap(STRIP["menu"])
    assert rig.score["phase"] == "menu"
    hold(rig, "o1", HOLD_SECONDS)  # the strip opens over the menu too
    rig.tap(MENU_STRIP["new"])
    assert rig.score["phase"] == "playing" and rig.moves == []


def test_more_commands_than_fit_two_apart_lie_side_by_side_on_the_row() -> None:
    strip = CommandStrip(15, 15)
    strip.open(("undo", "new", "menu"))
    assert [c.cell for c in strip.commands] == [(5, 7), (7, 7), (9, 7)]
    names = tuple(f"c{i}" for i in range(10))
    strip.open(names)
    cells = [c.cell for c in strip.commands]
    assert cells == [(x, 7) for x in range(2, 12)], cells
    strip.open(tuple(f"c{i}" for i in range(20)))  # more than a row holds: the row above too
    cells = [c.cell for c in strip.commands]
    assert cells == [(x, 7) for x in range(15)] + [(x, 8) for x in range(5, 10)]
