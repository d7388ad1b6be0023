"""Players' names at the table: the result says who won by name (the board page shows the
table's words), and a rematch keeps the names on their seats, in the history too."""

from __future__ import annotations

from pathlib import Path

from firmware.controller.core.live import NameSeat
from firmware.controller.core.timing import TABLE_TIMING
from firmware.history.store import History
from firmware.rules.api import JsonValue
from tests.controller.conftest import Rig
from tests.controller.games import culls_round_taps
from tests.history.test_leaderboard import name, play_rounds

DUEL: dict[str, JsonValue] = {"mode": "duel", "rounds_to_win": 3}


def seat_names(rig: Rig) -> list[object]:
    seats = rig.score["seats"]
    assert isinstance(seats, list)
    return [seat["player_name"] for seat in seats if isinstance(seat, dict)]


def test_the_winner_is_named_and_a_rematch_keeps_the_names(tmp_path: Path) -> None:
    state = tmp_path / "state"
    rig = Rig(state).start("culls", dict(DUEL), first="blue")
    name(rig, "blue", "Hanna")
    name(rig, "red", "Omar")
    play_rounds(rig, ["red"])
    assert str(rig.score["message"]).startswith("Omar wins round 1 (Blue 0, Red 1)")
    rig.advance(TABLE_TIMING.line_show)
    rig.tap("h8")
    play_rounds(rig, ["blue", "blue", "blue"])
    assert rig.score["phase"] == "match_over"
    assert str(rig.score["message"]).startswith("Hanna wins the match!")

    rig.advance(TABLE_TIMING.confirm_guard)
    rig.tap("h8")  # the green cell: a rematch, the same players in the same seats
    assert rig.score["phase"] == "playing" and rig.score["round"] == 1
    assert seat_names(rig) == ["Hanna", "Omar"]
    play_rounds(rig, ["blue"])
    history = History(state)
    try:
        last = history.matches()[-1]
        assert last.names == ("Hanna", "Omar")  # the rematch's own row has them
    finally:
        history.close()
    rig.board.close()


def test_a_team_is_named_by_both_players_or_else_by_its_colour(tmp_path: Path) -> None:
    rig = Rig(tmp_path / "state").start(
        "culls", {"mode": "teams", "rounds_to_win": 3}, first="blue"
    )
    seats = rig.score["seats"]
    assert isinstance(seats, list)
    blue = [i for i, s in enumerate(seats) if isinstance(s, dict) and s["colour"] == "blue"]
    rig.controller.submit(NameSeat(blue[0], "Ida"))
    rig.controller.step()
    for cell in culls_round_taps(str(rig.score["to_move"]), "blue", teams=True):
        rig.tap(cell)
    assert str(rig.score["message"]).startswith("Blue wins round 1")  # one of two named
    rig.controller.submit(NameSeat(blue[1], "Jon"))
    rig.controller.step()
    assert str(rig.score["message"]).startswith("Ida and Jon win round 1")
    rig.board.close()
