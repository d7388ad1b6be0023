"""Culls duel played by touch on the simulated board, checked on the LEDs and the scoreboard."""

from __future__ import annotations

from collections.abc import Callable

from firmware.controller.core.timing import TABLE_TIMING
from firmware.render import palette
from tests.controller.conftest import BLUE, LAST_BLUE, LAST_RED, OFF, RED, Rig
from tests.controller.games import culls_round_taps


def test_a_tap_on_an_empty_cell_places_in_the_players_colour(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.assert_cell_colour("h8", OFF)
    rig.tap("h8")
    rig.assert_cell_colour("h8", LAST_BLUE)
    assert rig.moves == ["h8"]


def test_whose_turn_shows_on_the_status_leds(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="red")
    assert set(rig.status()) == {RED}
    for name in ("h8", "h9"):
        rig.tap(name)
    assert set(rig.status()) == {BLUE}
    assert rig.score["to_move"] == "blue"


def test_without_status_leds_the_edge_shows_whose_turn(make_rig: Callable[..., Rig]) -> None:
    rig = make_rig(status_count=0)
    rig.start("culls", {"mode": "duel"}, first="blue")
    assert rig.colour("a1") == palette.dim(BLUE, 0.25)
    assert rig.colour("h8") == OFF


def test_cull_flip_and_move_by_touch(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    for name in ("h8", "i8", "g8", "j8"):  # red's j8 traps blue's h8 and i8
        rig.tap(name)
    assert rig.score["awaiting"] == "flip"
    assert str(rig.score["message"]).endswith("tap the blinking chip to flip it: h8 or i8")
    seen_h8 = set()
    for _ in range(4):
        seen_h8.add(rig.colour("h8"))
        rig.advance(palette.TIMING.candidate_blink / 2)
    assert seen_h8 == {BLUE, palette.CANDIDATE_ALT}, "the candidates blink"
    rig.tap("h8")
    assert rig.moves[-1] == "xh8"
    assert rig.score["awaiting"] == "move" and rig.score["to_move"] == "blue"
    assert "from h8" in str(rig.score["message"])
    flagged = set()
    for _ in range(6):
        flagged.add(rig.colour("h8"))
        rig.advance(palette.TIMING.flipped_blink / 2)
    assert flagged == set(palette.flipped_looks(BLUE)), "the flipped chip stays flagged"
    assert BLUE not in flagged, "no frame shows the flipped chip as a plain chip"
    rig.assert_cell_colour("i8", BLUE)
    rig.tap("k10")
    assert rig.moves[-1] == "h8-k10"
    rig.assert_cell_colour("h8", OFF)
    rig.assert_cell_colour("k10", LAST_BLUE)
    rig.advance(palette.TIMING.flipped_blink)
    rig.assert_cell_colour("k10", LAST_BLUE)  # the moved chip arrived last: steady, marked
    rig.tap("a1")
    rig.assert_cell_colour("k10", BLUE)
    rig.assert_cell_colour("a1", LAST_RED)


def test_a_tap_on_the_flipped_chip_itself_is_refused(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    for name in ("h8", "i8", "g8", "j8", "h8"):  # the last tap flips h8
        rig.tap(name)
    before = list(rig.moves)
    rig.tap("h8")
    assert rig.moves == before
    assert rig.score["error"] is not None


def test_a_completed_line_animates_and_the_round_result_is_shown(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    for name in culls_round_taps("blue", "blue"):
        rig.tap(name)
    score = rig.score
    assert score["phase"] == "round_over" and score["winner"] == "blue"
    assert score["over"] == "round"  # the mode's own key, which the pages read
    assert [hz for _, hz, _ in rig.buzzer.beeps] == [TABLE_TIMING.win_beep_hz]
    assert score["line"] == ["h8", "h9", "h10", "h11", "h12"]
    assert score["scores"] == {"blue": 1, "red": 0}
    seen = set()
    for _ in range(4):
        seen.add(rig.colour("h10"))
        rig.advance(palette.TIMING.line_blink / 2)
    assert seen == {BLUE, palette.ACCEPT}, "the winning line blinks"
    rig.assert_cell_colour("a1", RED)
    rig.advance(TABLE_TIMING.line_show * 10)
    rig.assert_cell_colour("a1", RED)  # the final position stays until someone touches the board
    assert "Touch the board for the score" in str(rig.score["message"])
    rig.tap("a2")
    rig.assert_cell_colour("a1", OFF)  # the score screen replaced the position
    assert rig.colour("f11") == BLUE, "blue's first pip"
    blue_empty, red_empty = rig.colour("h11"), rig.colour("f5")  # red has no round yet
    assert blue_empty == palette.score_empty("blue") and red_empty == palette.score_empty("red")
    assert blue_empty != red_empty, "whose row a pip is on shows even before a round is won"
    assert max(blue_empty) < max(BLUE) / 4 and max(red_empty) < max(RED) / 4, "and stays faint"


def test_the_next_round_waits_for_the_ready_cell_and_alternates_the_starter(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    for name in culls_round_taps("blue", "blue"):
        rig.tap(name)
    rig.advance(TABLE_TIMING.line_show - 0.1)
    rig.tap("h8")  # the line still shows, the green cell does not yet: ignored
    assert rig.score["phase"] == "round_over"
    rig.advance(0.1)
    rig.tap("a2")  # clearing the board: ignored
    assert rig.score["phase"] == "round_over" and rig.score["error"] is None
    rig.tap("h8")
    assert rig.score["phase"] == "playing"
    assert rig.score["round"] == 2 and rig.score["to_move"] == "red"
    rig.assert_cell_colour("h8", OFF)


def test_undoing_the_start_of_round_2_takes_the_green_cell_at_once(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    for name in culls_round_taps("blue", "blue"):
        rig.tap(name)
    rig.advance(TABLE_TIMING.line_show)
    rig.tap("h8")
    assert rig.score["phase"] == "playing" and rig.score["round"] == 2
    rig.advance(1.0)
    rig.press("undo")  # back to the end of round 1: its line was shown already
    assert rig.score["phase"] == "round_over"
    assert "tap the green centre cell" in str(rig.score["message"])
    assert rig.colour("h8") in (palette.READY, palette.dim(palette.READY, 0.2)), "lit green now"
    rig.tap("h8")
    assert rig.score["phase"] == "playing" and rig.score["round"] == 2


def test_a_whole_match_to_three_is_celebrated(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel", "rounds_to_win": 3}, first="blue")
    starters = []
    for _ in range(3):
        first = str(rig.score["to_move"])
        starters.append(first)
        for name in culls_round_taps(first, "red"):
            rig.tap(name)
        if rig.score["phase"] == "round_over":
            rig.advance(TABLE_TIMING.line_show)
            rig.tap("h8")
    assert starters == ["blue", "red", "blue"]
    score = rig.score
    assert score["phase"] == "match_over" and score["match_winner"] == "red"
    assert score["over"] == "match"
    assert score["scores"] == {"blue": 0, "red": 3}
    assert "Red wins the match" in str(score["message"])
    assert set(rig.status()) == {RED}
    rig.advance(2.0)
    colours = {rig.colour(name) for name in ("a15", "o15", "a2", "o2", "d4")}
    assert RED in colours or palette.dim(RED, 0.08) in colours, "the celebration is in red"
    rig.advance(TABLE_TIMING.confirm_guard)
    rig.tap("h8")
    assert rig.score["phase"] == "playing" and rig.score["round"] == 1
    assert rig.score["scores"] == {"blue": 0, "red": 0}
