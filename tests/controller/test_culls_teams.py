"""Culls 2-vs-2: seats take turns clockwise, each team shares its colour, the starter alternates."""

from __future__ import annotations

from firmware.controller.core.timing import TABLE_TIMING
from tests.controller.conftest import BLUE, RED, Rig
from tests.controller.games import culls_round_taps


def test_seats_take_turns_clockwise_and_the_status_leds_show_the_seat(rig: Rig) -> None:
    rig.start("culls", {"mode": "teams"}, first="red")
    seats = rig.score["seats"]
    assert isinstance(seats, list)
    names = [seat["name"] for seat in seats if isinstance(seat, dict)]
    assert names == ["Blue A", "Red A", "Blue B", "Red B"]
    seen = []
    for name in ("h8", "a1", "h9", "c1", "h10"):
        seen.append(rig.score["seat"])
        status = rig.status()
        seat = rig.score["seat"]
        assert isinstance(seat, int)
        assert status[seat] in (BLUE, RED), "the seat to act is lit bright"
        assert all(c != status[seat] for i, c in enumerate(status) if i != seat)
        rig.tap(name)
    assert seen == [1, 2, 3, 0, 1]
    assert str(rig.score["message"]).startswith("Blue B:")


def test_a_whole_teams_match_by_touch(rig: Rig) -> None:
    rig.start("culls", {"mode": "teams", "rounds_to_win": 3}, first="blue")
    for number in range(3):
        first = str(rig.score["to_move"])
        assert first == ("blue" if number % 2 == 0 else "red")
        for name in culls_round_taps(first, "blue", teams=True):
            rig.tap(name)
        if rig.score["phase"] == "round_over":
            assert rig.score["last_result"] == {
                "round": number + 1,
                "status": "won",
                "winner": "blue",
                "reason": None,
                "ending": None,
                "words": "Blue won",
            }
            rig.advance(TABLE_TIMING.line_show)
            rig.tap("h8")
    assert rig.score["match_winner"] == "blue"
    assert rig.score["mode"] == "teams"
