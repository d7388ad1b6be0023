"""Every seat the computer's: the board plays itself, and UNDO, NEW and MENU still cancel it."""

from __future__ import annotations

from pathlib import Path

from firmware.controller.core.players import PlayerKind
from firmware.controller.table.table import Phase
from tests.controller.test_menu_computer import MenuRig, _pick, _tap_seat


def _every_seat(rig: MenuRig, label: str, level_cell: int) -> None:
    """Start ``label`` from the menu with the computer in every seat."""
    rows = _pick(rig, label)
    for spec in rows.seats():
        _tap_seat(rig, rows, spec.name)
    rig.tap_cell(rows.level_cells()[level_cell])
    rig.tap_cell(rig.table.menu.start_cell)
    assert {seat.player for seat in rig.table.seats} == {PlayerKind.COMPUTER}


def test_with_the_computer_in_every_seat_the_board_plays_a_round_by_itself(
    tmp_path: Path,
) -> None:
    rig = MenuRig(tmp_path)
    rig.start()
    _every_seat(rig, "Cubulus, 2 players", 0)  # level 1: one ply, done before the clock moves
    for _ in range(200):
        if rig.table.phase is not Phase.PLAYING:
            break
        rig.next_move()
    assert rig.table.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
    assert rig.score["status"] in ("won", "draw") and len(rig.moves) > 9  # past the setup
    assert not rig.seating.thinker.thinking()


def test_undo_new_and_menu_cancel_a_board_that_plays_itself(tmp_path: Path) -> None:
    rig = MenuRig(tmp_path, hand_placed=frozenset())  # virtual chips: moves happen by themselves
    rig.start()
    _every_seat(rig, "Culls duel", 5)  # level 6: thinks until the clock moves on
    counts = []
    for _ in range(3):
        rig.next_move()  # (the first chip, forced to the centre, may already be down)
        counts.append(len(rig.moves))
        assert rig.score["thinking"] is True
    assert counts[0] >= 1 and counts[1] == counts[0] + 1 and counts[2] == counts[1] + 1
    rig.stop_thinking()  # MENU
    rig.next_move()
    assert len(rig.moves) == counts[2], "no move is played while the menu is open"
    rig.press("undo")  # back to the match: the seat to act thinks again
    assert rig.score["thinking"] is True and rig.table.phase is Phase.PLAYING
    rig.press("undo")  # takes a move back, and the seat to act then thinks afresh
    assert len(rig.moves) == counts[2] - 1 and rig.score["thinking"] is True
    rig.next_move()
    assert len(rig.moves) == counts[2]
    rig.press("new")  # NEW during the match asks first: the seats go on meanwhile
    rig.press("new")
    assert rig.moves in ([], ["h8"]) and rig.score["thinking"] is True
    rig.stop_thinking()
    before = rig.moves
    rig.next_move()
    assert rig.moves == before


def test_with_physical_chips_a_person_places_each_of_the_computer_s_chips(tmp_path: Path) -> None:
    rig = MenuRig(tmp_path, hand_placed=frozenset({"culls"}))
    rig.start()
    _every_seat(rig, "Culls duel", 0)
    for ply in range(1, 7):
        rig.next_move()
        pending = rig.score["pending"]
        assert isinstance(pending, dict) and rig.table.phase is Phase.WAITING_FOR_PIECE
        assert pending["seat"] == rig.table.seat_to_act()
        rig.tap(str(pending["token"]))  # the setup: every move is one chip on one cell
        assert len(rig.moves) == ply
    rig.stop_thinking()
