"""The game clock on the board, on a simulated clock: it runs for the side to act once the setup
is done, flags at the very instant the time is up, stops in the menu, and comes back from UNDO
and from a restart as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware.rules.time_control import parse_time_control
from hal.clock import FakeClock
from tests.controller.conftest import Rig

EPSILON = 0.001
CULLS_SETUP = ("h8", "h9", "a1", "a2")  # blue places 2, then red 2 (untimed)
WHITES = ("000", "002", "020", "022", "200", "202", "220", "222", "111")


def timed_rig(state_dir: Path, control: str, clock: FakeClock | None = None) -> Rig:
    return Rig(state_dir, time_control=parse_time_control(control), clock=clock)


def at(rig: Rig, t: float) -> None:
    """Move the simulated clock to ``t``, running every deadline on the way as the loop does."""
    rig.advance(t - rig.clock.now())


def left(rig: Rig) -> dict[str, int]:
    clock = rig.score["clock"]
    assert isinstance(clock, dict), clock
    found = clock["left_ms"]
    assert isinstance(found, dict)
    return {str(k): int(v) for k, v in found.items()}  # type: ignore[arg-type]


def running(rig: Rig) -> object:
    clock = rig.score["clock"]
    assert isinstance(clock, dict)
    return clock["running"]


def culls(tmp_path: Path, control: str, **rules: str) -> Rig:
    rig = timed_rig(tmp_path / "state", control)
    rig.start("culls", {"mode": "duel", **rules}, first="blue")
    for cell in CULLS_SETUP if rules.get("mode", "duel") == "duel" else ("h8", "a1", "h9", "a2"):
        rig.tap(cell)
    return rig


def test_an_untimed_board_has_no_clock(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    assert rig.score["clock"] is None


def test_the_setup_is_untimed_then_the_side_to_act_runs(tmp_path: Path) -> None:
    rig = timed_rig(tmp_path / "state", "0.5")
    rig.start("culls", {"mode": "duel"}, first="blue")
    for cell in CULLS_SETUP:
        at(rig, rig.clock.now() + 5.0)
        assert running(rig) is None
        rig.tap(cell)
    assert left(rig) == {"blue": 30_000, "red": 30_000} and running(rig) == "blue"
    at(rig, rig.clock.now() + 12.0)
    assert left(rig)["blue"] == 18_000
    rig.tap("c3")
    assert running(rig) == "red"


def test_the_menu_stops_the_clock_and_the_game_starts_it_again(tmp_path: Path) -> None:
    rig = culls(tmp_path, "1")
    at(rig, rig.clock.now() + 10.0)
    rig.press("menu")
    at(rig, rig.clock.now() + 100.0)
    assert running(rig) is None and rig.score["phase"] == "menu"
    assert left(rig)["blue"] == 50_000
    rig.press("undo")  # back to the game
    assert rig.score["phase"] == "playing"
    assert left(rig)["blue"] == 50_000


def test_undo_puts_the_clocks_back_as_they_were(tmp_path: Path) -> None:
    rig = culls(tmp_path, "1+2")
    at(rig, rig.clock.now() + 10.0)
    rig.tap("c3")  # blue: 50 s + 2 s
    at(rig, rig.clock.now() + 20.0)
    before = left(rig)
    rig.tap("d4")  # red: 40 s + 2 s
    assert left(rig) == {"blue": 52_000, "red": 42_000}
    rig.press("undo")
    assert left(rig) == {"blue": 52_000, "red": 60_000}
    assert before["red"] == 40_000
    assert running(rig) == "red"


def test_a_restart_resumes_each_sides_time_as_at_the_last_saved_action(tmp_path: Path) -> None:
    state = tmp_path / "state"
    rig = timed_rig(state, "1+2")
    rig.start("culls", {"mode": "duel"}, first="blue")
    for cell in CULLS_SETUP:
        rig.tap(cell)
    at(rig, rig.clock.now() + 10.0)
    rig.tap("c3")  # blue: 52 s left
    at(rig, rig.clock.now() + 7.3)
    rig.tap("d4")  # red: 54.7 s left
    at(rig, rig.clock.now() + 30.0)  # blue thinks... and the power goes
    saved = {"blue": 52_000, "red": 54_700}
    later = FakeClock(rig.clock.now() + 60.0)
    back = timed_rig(state, "1+2", later)
    back.start()
    assert back.moves == [*CULLS_SETUP, "c3", "d4"]
    assert left(back) == saved  # the time the board was off is charged to nobody
    assert running(back) == "blue"
    at(back, later.now() + 1.0)
    assert left(back)["blue"] == saved["blue"] - 1_000


def test_three_cubulus_players_play_on_after_a_flag_and_the_last_one_in_wins(
    tmp_path: Path,
) -> None:
    rig = timed_rig(tmp_path / "state", "turn:10")
    rig.start("cubulus", {"players": 3}, first="red")
    rig.push("F000")  # red
    start = rig.clock.now()
    at(rig, start + 10.0 - EPSILON)
    assert rig.moves == ["F000"]
    at(rig, start + 10.0)  # black's ten seconds are up: black is out
    assert rig.moves == ["F000", "time"]
    assert rig.score["to_move"] == "white" and rig.score["status"] == "in_progress"
    rig.push("U022")  # white
    assert rig.score["to_move"] == "red"
    start = rig.clock.now()
    at(rig, start + 10.0)  # red flags too: white, the last one in, wins on time
    assert rig.score["status"] == "won" and rig.score["winner"] == "white"


@pytest.mark.parametrize(
    ("control", "first_move_at", "flag_after"),
    [("0.5", 20.0, 10.0), ("0.5+5", 20.0, 15.0), ("turn:30", 20.0, 30.0)],
)
def test_culls_flags_at_the_instant_the_time_is_up(
    tmp_path: Path, control: str, first_move_at: float, flag_after: float
) -> None:
    rig = culls(tmp_path, control)
    start = rig.clock.now()
    at(rig, start + first_move_at)
    rig.tap("c3")  # blue
    rig.tap("d4")  # red, at once
    blue_again = rig.clock.now()
    at(rig, blue_again + flag_after - EPSILON)
    assert rig.score["status"] == "in_progress"
    at(rig, blue_again + flag_after)
    assert (rig.score["status"], rig.score["winner"]) == ("won", "red")


def test_a_culls_team_flags_together(tmp_path: Path) -> None:
    rig = culls(tmp_path, "0.5", mode="teams")
    rig.tap("c3")  # blueA
    rig.tap("d4")  # redA
    start = rig.clock.now()
    at(rig, start + 30.0)  # blueB, on blue's clock, never moves
    assert (rig.score["status"], rig.score["winner"]) == ("won", "red")


def test_two_cubulus_players_the_flag_ends_the_game(tmp_path: Path) -> None:
    rig = timed_rig(tmp_path / "state", "0.5")
    rig.start("cubulus", {"players": 2}, first="red")
    for cell in WHITES:
        rig.neutral(cell)
    start = rig.clock.now()
    assert running(rig) == "red"
    at(rig, start + 30.0)
    assert (rig.score["status"], rig.score["winner"]) == ("won", "black")


def open_resign(rig: Rig) -> None:
    rig.table.button("resign", rig.clock.now())  # as the page's RESIGN does
    rig.controller.redraw()


def test_a_resignation_needs_its_confirmation(tmp_path: Path) -> None:
    rig = culls(tmp_path, "none")
    rig.tap("c3")  # blue; red to act
    open_resign(rig)
    assert str(rig.score["message"]).startswith("Red resigns? Tap the blinking cell h8")
    rig.tap("d4")  # a stray tap: the question goes, nothing is played
    assert rig.moves == [*CULLS_SETUP, "c3"] and rig.score["status"] == "in_progress"
    assert not str(rig.score["message"]).startswith("Red resigns?")
    open_resign(rig)
    rig.tap("h8")  # h8 holds a chip: only the question takes the tap
    assert (rig.score["status"], rig.score["winner"]) == ("won", "blue")
    assert rig.moves == [*CULLS_SETUP, "c3"]


def test_resigning_by_the_strip(tmp_path: Path) -> None:
    rig = culls(tmp_path, "5")
    rig.board.touch.down(rig.cell("o15"))
    rig.advance(2.0)
    rig.board.touch.up(rig.cell("o15"))
    rig.controller.step()
    message = str(rig.score["message"])
    assert "resign" in message, message
    where = message.split("resign ")[1].split(",")[0].split(".")[0].strip()
    rig.tap(where)
    assert str(rig.score["message"]).startswith("Blue resigns?")
    rig.tap("h8")
    assert (rig.score["status"], rig.score["winner"]) == ("won", "red")


def test_with_three_cubulus_players_the_one_who_resigns_is_out(tmp_path: Path) -> None:
    rig = timed_rig(tmp_path / "state", "none")
    rig.start("cubulus", {"players": 3}, first="red")
    open_resign(rig)
    rig.tap("h8")
    assert rig.moves == ["resign"] and rig.score["to_move"] == "black"
    assert rig.score["status"] == "in_progress"


def test_low_time_shows_on_the_status_lights_slow_then_fast(tmp_path: Path) -> None:
    from firmware.controller.modes.clock_lights import LAST_BLINK_S, LOW_BLINK_S
    from firmware.render import palette

    rig = culls(tmp_path, "5")  # 300 s: the last tenth is the last 30 s
    flag = rig.clock.now() + 300.0
    blue = palette.piece("blue")
    at(rig, flag - 30.0 - 0.01)
    assert set(rig.status()) == {blue}  # blue's turn, time not low
    at(rig, flag - 30.0 + LOW_BLINK_S / 2 + 0.01)
    assert set(rig.status()) == {palette.OFF}  # slow blink: off half
    at(rig, flag - 30.0 + LOW_BLINK_S + 0.01)
    assert set(rig.status()) == {blue}  # on half again
    at(rig, flag - 10.0 + LAST_BLINK_S / 2 + 0.01)
    assert set(rig.status()) == {palette.ERROR}  # the last ten seconds: fast, with the warning
    at(rig, flag - 10.0 + LAST_BLINK_S + 0.01)
    assert set(rig.status()) == {blue}


def test_without_status_lights_the_edge_shows_low_time(tmp_path: Path) -> None:
    from firmware.controller.modes.clock_lights import LOW_BLINK_S
    from firmware.render import palette

    rig = Rig(tmp_path / "state", time_control=parse_time_control("5"), status_count=0)
    rig.start("culls", {"mode": "duel"}, first="blue")
    for cell in CULLS_SETUP:
        rig.tap(cell)
    flag = rig.clock.now() + 300.0
    at(rig, flag - 30.0 - 0.01)
    before = rig.colour("o8")  # an edge cell: the turn colour, dim
    assert before != palette.OFF
    at(rig, flag - 30.0 + LOW_BLINK_S / 2 + 0.01)
    assert rig.colour("o8") == palette.OFF


def test_the_buzzer_ticks_each_of_the_last_five_seconds(tmp_path: Path) -> None:
    from firmware.controller.clock.clock_ticks import TICK_HZ

    rig = culls(tmp_path, "1")
    flag = rig.clock.now() + 60.0
    at(rig, flag + 0.5)
    ticks = [round(t - flag, 3) for t, hz, _ in rig.buzzer.beeps if hz == TICK_HZ]
    assert ticks == [-5.0, -4.0, -3.0, -2.0, -1.0]
    assert rig.score["status"] == "won"


def test_the_rounds_record_has_its_clock_and_each_actions_time(tmp_path: Path) -> None:
    import json

    from firmware.rules.records import parse_record, replay

    rig = culls(tmp_path, "0.5+1")
    at(rig, rig.clock.now() + 2.0)
    rig.tap("c3")  # blue: 28 s + 1 s
    at(rig, rig.clock.now() + 3.0)
    rig.tap("d4")  # red: 27 s + 1 s
    at(rig, rig.clock.now() + 29.0)  # blue flags
    record = rig.score["record"]
    assert isinstance(record, dict)
    assert record["clock"] == "0.5+1" and record["reason"] == "time"
    assert record["clocks"] == [None, None, None, None, 29_000, 28_000]
    state, error = replay(parse_record(json.dumps(record)))
    assert error is None and state.summary()["winner"] == "red"


def test_a_review_shows_the_clocks_as_they_were(tmp_path: Path) -> None:
    rig = culls(tmp_path, "0.5+1")
    at(rig, rig.clock.now() + 2.0)
    rig.tap("c3")  # blue: 29 s
    at(rig, rig.clock.now() + 3.0)
    rig.tap("d4")  # red: 28 s
    at(rig, rig.clock.now() + 29.0)  # blue flags
    rig.table.button("review", rig.clock.now())
    rig.controller.redraw()
    review = rig.score["review"]
    assert isinstance(review, dict) and review["ply"] == 6
    assert review["clock"] == {
        "control": "0.5+1",
        "full_ms": 30_000,
        "left_ms": {"blue": 29_000, "red": 28_000},
        "running": None,
    }
    rig.tap("a1")  # back one move: red's d4 not made yet
    review = rig.score["review"]
    assert isinstance(review, dict)
    clock = review["clock"]
    assert isinstance(clock, dict) and clock["left_ms"] == {"blue": 29_000, "red": 30_000}
