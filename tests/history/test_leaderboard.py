"""Names on seats reach the scoreboard and the history; the day's leaderboard follows UNDO."""

from __future__ import annotations

import datetime
from pathlib import Path

from firmware.controller.core.live import NameSeat
from firmware.controller.core.timing import TABLE_TIMING
from firmware.history.leaderboard import day_leaderboard
from firmware.history.store import History
from tests.controller.conftest import Rig
from tests.controller.games import culls_round_taps

DAY = datetime.date(2026, 11, 30)  # the Rig's wall clock starts there


def name(rig: Rig, colour: str, player: str | None) -> None:
    seats = rig.score["seats"]
    assert isinstance(seats, list)
    (seat,) = [i for i, s in enumerate(seats) if isinstance(s, dict) and s["colour"] == colour]
    rig.controller.submit(NameSeat(seat, player))
    rig.controller.step()


def play_rounds(rig: Rig, winners: list[str]) -> None:
    for number, winner in enumerate(winners, start=1):
        for cell in culls_round_taps(str(rig.score["to_move"]), winner):
            rig.tap(cell)
        if number < len(winners):
            rig.advance(TABLE_TIMING.line_show)
            rig.tap("h8")


def board(state: Path) -> list[tuple[str, int, int, int]]:
    history = History(state)
    try:
        return [(s.name, s.wins, s.rounds, s.matches) for s in day_leaderboard(history, DAY)]
    finally:
        history.close()


def test_two_named_matches_make_the_leaderboard_and_undo_changes_it(tmp_path: Path) -> None:
    state = tmp_path / "state"
    rig = Rig(state).start("culls", {"mode": "duel", "rounds_to_win": 3}, first="blue")
    name(rig, "blue", "Ana")
    name(rig, "red", "<b>Ben</b>")
    seats = rig.score["seats"]
    assert isinstance(seats, list)
    assert [s["player_name"] for s in seats if isinstance(s, dict)] == ["Ana", "<b>Ben</b>"]
    play_rounds(rig, ["blue", "blue", "blue"])
    assert rig.score["phase"] == "match_over"
    assert board(state) == [("Ana", 3, 3, 1), ("<b>Ben</b>", 0, 3, 1)]
    rig.board.close()

    rig = Rig(state).start("culls", {"mode": "duel", "rounds_to_win": 3}, first="red")
    name(rig, "red", "ana")  # the same player, whatever the letter case
    name(rig, "blue", "Cleo")
    play_rounds(rig, ["blue", "red", "red", "red"])
    assert rig.score["phase"] == "match_over"
    assert board(state) == [("Ana", 6, 7, 2), ("Cleo", 1, 4, 1), ("<b>Ben</b>", 0, 3, 1)]

    rig.press("undo")  # takes back the winning move: round 4 and the match are open again
    assert rig.score["phase"] == "playing"
    assert board(state) == [("Ana", 5, 6, 2), ("Cleo", 1, 3, 1), ("<b>Ben</b>", 0, 3, 1)]
    rig.board.close()


def test_a_name_taken_off_leaves_the_leaderboard(tmp_path: Path) -> None:
    state = tmp_path / "state"
    rig = Rig(state).start("culls", {"mode": "duel", "rounds_to_win": 3}, first="blue")
    name(rig, "blue", "Ana")
    play_rounds(rig, ["blue"])
    assert board(state) == [("Ana", 1, 1, 1)]
    name(rig, "blue", None)
    assert board(state) == []
    rig.board.close()


def test_a_match_resumed_after_a_restart_keeps_its_names(tmp_path: Path) -> None:
    state = tmp_path / "state"
    rig = Rig(state).start("culls", {"mode": "duel", "rounds_to_win": 3}, first="blue")
    name(rig, "blue", "Ana")
    play_rounds(rig, ["blue"])
    rig.board.close()  # the power goes after round 1

    rig = Rig(state).start()  # the journal brings the match back
    assert rig.score["round"] == 1
    rig.advance(TABLE_TIMING.line_show)
    rig.tap("h8")
    play_rounds(rig, ["blue"])
    assert board(state) == [("Ana", 2, 2, 1)]
    rig.board.close()


def test_names_given_before_a_restart_go_with_the_rounds_played_after_it(tmp_path: Path) -> None:
    state = tmp_path / "state"
    first = Rig(state)
    first.start("culls", {"mode": "duel", "rounds_to_win": 3}, first="blue")
    name(first, "blue", "Ana")
    name(first, "red", "Bo")
    first.tap("a1")  # a move after the names: they are no longer the journal's last entries
    first.board.close()  # the power goes before any round ended: the history has no row yet

    again = Rig(state)
    again.start()
    seats = again.score["seats"]
    assert isinstance(seats, list)
    assert [s["player_name"] for s in seats if isinstance(s, dict)] == ["Ana", "Bo"]
    again.controller.submit(NameSeat(0, None))  # UNDO is not needed to take a name off
    again.controller.step()
    again.board.close()

    last = Rig(state)
    last.start()
    seats = last.score["seats"]
    assert isinstance(seats, list)
    assert [s["player_name"] for s in seats if isinstance(s, dict)] == [None, "Bo"]
    for cell in culls_round_taps(str(last.score["to_move"]), "red")[1:]:
        last.tap(cell)
    last.board.close()
    assert board(state) == [("Bo", 1, 1, 1)]
