"""Seats and their players: one door for every move, moves made away from the board, resume."""

from __future__ import annotations

import json
from pathlib import Path

from firmware.controller.core.players import PlayerKind, SeatMove, Turn
from firmware.controller.core.timing import TABLE_TIMING
from firmware.controller.table.table import Phase
from firmware.render import palette
from tests.controller.conftest import LAST_RED, Rig

HERE, REMOTE, COMPUTER = PlayerKind.HERE, PlayerKind.REMOTE, PlayerKind.COMPUTER


class Recorder:
    """A player that only notes when it is asked to move and when it is told to stop."""

    def __init__(self, kind: PlayerKind, seat: int, log: list[str]) -> None:
        self.kind = kind
        self._seat = seat
        self._log = log

    def your_turn(self, turn: Turn) -> None:
        assert turn.state.ply == turn.ply
        self._log.append(f"turn {self._seat} ply {turn.ply}")

    def cancel(self) -> None:
        self._log.append(f"cancel {self._seat}")


def _duel(rig: Rig, *kinds: PlayerKind) -> None:
    """A Culls duel blue starts: blue places two chips (h8 and i8 below), then red one."""
    rig.start()
    rig.table.new_match("culls", {"mode": "duel"}, rig.clock.now(), "blue", list(kinds))
    rig.controller.step()


def _players(rig: Rig) -> list[object]:
    seats = rig.score["seats"]
    assert isinstance(seats, list)
    return [seat["player"] for seat in seats if isinstance(seat, dict)]


def _journal_head(rig: Rig) -> dict[str, object]:
    assert rig.state_dir is not None
    head: dict[str, object] = json.loads((rig.state_dir / "journal.jsonl").read_text().split()[0])
    return head


def test_every_seat_is_played_here_by_default_and_the_journal_says_so(rig: Rig) -> None:
    rig.start("culls", {"mode": "teams"}, first="blue")
    assert _players(rig) == ["here"] * 4
    assert _journal_head(rig)["players"] == ["here"] * 4


def test_a_move_from_away_waits_for_its_chip_on_the_blinking_cell(rig: Rig) -> None:
    _duel(rig, HERE, REMOTE)
    rig.tap("h8")
    rig.tap("i8")
    rig.tap("j8")  # red's turn, and red plays elsewhere: a touch here is not red's move
    assert rig.score["error"] == "it is Red's turn, who plays elsewhere"
    assert rig.moves == ["h8", "i8"]
    rig.controller.post(SeatMove(seat=1, token="j8", ply=2))
    rig.controller.step()
    assert rig.score["phase"] == "waiting_for_chip" and rig.moves == ["h8", "i8"]
    assert rig.score["message"] == (
        "Red placed j8. Put the chip on the board and tap the blinking cell"
    )
    rig.advance(TABLE_TIMING.error_flash)  # the refused touch's flash is over
    shown = {rig.colour("j8")}
    rig.advance(0.25)
    shown.add(rig.colour("j8"))
    assert shown == {palette.PIECES["red"], palette.OFF}, "the cell blinks in red's colour"
    rig.tap("k8")
    assert rig.score["phase"] == "waiting_for_chip" and "blinking cell" in str(rig.score["error"])
    rig.tap("j8")
    assert rig.score["phase"] == "playing" and rig.moves == ["h8", "i8", "j8"]
    rig.assert_cell_colour("j8", LAST_RED)


def test_undo_drops_a_move_that_waits_for_its_chip(rig: Rig) -> None:
    _duel(rig, REMOTE, HERE)
    rig.controller.post(SeatMove(seat=0, token="h8", ply=0))
    rig.controller.step()
    assert rig.table.phase is Phase.WAITING_FOR_PIECE
    rig.press("undo")
    assert rig.score["phase"] == "playing" and rig.moves == [] and rig.score["pending"] is None


def test_a_move_for_a_position_gone_by_or_from_the_wrong_seat_is_refused(rig: Rig) -> None:
    _duel(rig, HERE, COMPUTER)
    rig.tap("h8")
    rig.tap("i8")
    rig.controller.post(SeatMove(seat=1, token="j8", ply=1))  # worked out before i8 was placed
    rig.controller.step()
    assert rig.moves == ["h8", "i8"] and rig.score["phase"] == "playing"
    now = rig.clock.now()
    assert not rig.table.play("j8", 0, now)  # blue is not to move
    assert rig.table.feedback.current_error(now) == "it is not that seat's turn"
    assert not rig.table.play("h8", 1, now)  # red, but an occupied cell
    assert rig.table.feedback.current_error(now) == "h8 is taken"
    assert rig.moves == ["h8", "i8"]


def test_players_hear_of_their_turn_once_and_are_stopped_by_undo_new_and_menu(
    tmp_path: Path,
) -> None:
    log: list[str] = []
    rig = Rig(tmp_path / "state", players=lambda kind, seat: Recorder(kind, seat, log))
    _duel(rig, HERE, COMPUTER)
    assert log[-1] == "turn 0 ply 0"
    rig.tap("h8")
    rig.tap("i8")
    assert log[-2:] == ["turn 0 ply 1", "turn 1 ply 2"]
    rig.controller.step()
    assert log.count("turn 1 ply 2") == 1, "told once per position"
    log.clear()
    rig.press("undo")
    assert log == ["cancel 0", "cancel 1", "turn 0 ply 1"]
    log.clear()
    rig.press("menu")
    assert log == ["cancel 0", "cancel 1"]
    rig.press("undo")  # back from the menu: the player to act is asked again
    assert log[-1] == "turn 0 ply 1"
    rig.board.close()


def test_a_resumed_match_keeps_who_plays_each_seat(tmp_path: Path) -> None:
    first = Rig(tmp_path / "state")
    _duel(first, HERE, REMOTE)
    first.tap("h8")
    first.board.close()
    again = Rig(tmp_path / "state").start()
    assert _players(again) == ["here", "remote"]
    assert again.moves == ["h8"] and again.table.players[1].kind == REMOTE
    again.board.close()
