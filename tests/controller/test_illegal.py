"""Illegal taps flash the cell in the error colour, beep, and change nothing, nor the journal."""

from __future__ import annotations

import pytest

from firmware.controller.core.timing import TABLE_TIMING
from firmware.render import palette
from tests.controller.conftest import LAST_BLUE, OFF, Rig


def _snapshot(rig: Rig) -> tuple[list[str], int, object]:
    path = rig.state_dir / "journal.jsonl" if rig.state_dir else None
    size = path.stat().st_size if path and path.exists() else -1
    return list(rig.moves), size, rig.score["to_move"]


def test_a_tap_on_an_occupied_cell_flashes_and_changes_nothing(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.tap("h8")
    before = _snapshot(rig)
    rig.tap("h8")
    assert _snapshot(rig) == before
    rig.assert_cell_colour("h8", palette.ERROR)
    assert rig.score["error"] is not None and "h8" in str(rig.score["error"])
    assert len(rig.buzzer.beeps) == 1
    rig.advance(palette.TIMING.error_blink / 2)
    rig.assert_cell_colour("h8", OFF)
    rig.advance(TABLE_TIMING.error_flash)
    rig.assert_cell_colour("h8", LAST_BLUE)


def test_a_non_candidate_during_a_flip_is_refused(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    for name in ("h8", "i8", "g8", "j8"):
        rig.tap(name)
    for wrong in ("g8", "a1"):
        before = _snapshot(rig)
        rig.tap(wrong)
        assert _snapshot(rig) == before
        rig.assert_cell_colour(wrong, palette.ERROR)
        assert rig.score["awaiting"] == "flip"


def test_placing_while_the_flipped_chip_must_move_is_a_move_not_a_placement(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    for name in ("h8", "i8", "g8", "j8", "h8"):
        rig.tap(name)
    rig.tap("i8")  # occupied: the flipped chip cannot go there
    assert rig.score["awaiting"] == "move"
    rig.assert_cell_colour("i8", palette.ERROR)


def test_a_ghost_touch_flashes_the_edge_and_changes_nothing(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.tap("h8")
    before = _snapshot(rig)
    rig.board.touch.down(rig.cell("i9"))
    rig.ghost()
    rig.board.touch.up(rig.cell("i9"))  # the up after a ghost is not a tap
    rig.controller.step()
    assert _snapshot(rig) == before
    rig.assert_cell_colour("a1", palette.ERROR)
    assert set(rig.status()) == {palette.ERROR}
    rig.assert_cell_colour("i9", OFF)


def test_down_without_up_is_not_a_tap(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.board.touch.down(rig.cell("h8"))
    rig.controller.step()
    rig.assert_cell_colour("h8", OFF)
    rig.board.touch.up(rig.cell("h8"))
    rig.controller.step()
    rig.assert_cell_colour("h8", LAST_BLUE)


@pytest.mark.parametrize("button", ["undo"])
def test_undo_with_nothing_to_undo_is_refused(rig: Rig, button: str) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.press(button)
    assert rig.score["error"] == "nothing to undo"
    assert rig.moves == []


def test_undo_takes_back_one_action_at_a_time_even_a_win(rig: Rig) -> None:
    from tests.controller.games import culls_round_taps

    rig.start("culls", {"mode": "duel"}, first="blue")
    taps = culls_round_taps("blue", "blue")
    for name in taps:
        rig.tap(name)
    assert rig.score["phase"] == "round_over"
    rig.press("undo")
    assert rig.score["phase"] == "playing" and rig.moves == taps[:-1]
    assert rig.score["scores"] == {"blue": 0, "red": 0}
    rig.assert_cell_colour("h12", OFF)
    rig.press("undo")
    assert rig.moves == taps[:-2]
