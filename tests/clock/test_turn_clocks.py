"""The clocks follow a game on a simulated clock: setup untimed, the side to act's clock runs,
a cull's flip stays on the culler's clock, increments and per-turn limits, and the flag instant."""

from __future__ import annotations

from firmware.clock.sides import SideClocks
from firmware.clock.turns import TurnClocks, timed_side
from firmware.rules.api import GameState
from firmware.rules.registry import find_game
from firmware.rules.time_control import parse_time_control

CULLS_SETUP = ["h8", "h9", "a1", "a2"]  # blue, blue, red, red


def _start(game: str, first: str, control: str, **rules: object) -> tuple[GameState, TurnClocks]:
    found = find_game(game)
    parsed = found.parse_rules(rules)
    state = found.new_state(parsed, first)
    clocks = TurnClocks(parse_time_control(control), found.colours(parsed))
    clocks.begin(state, 0.0)
    return state, clocks


def _play(state: GameState, clocks: TurnClocks, token: str, now: float) -> None:
    mover = state.to_move()
    state.apply(token)
    clocks.acted(mover, state, now)


def test_culls_setup_is_untimed_then_the_side_to_act_runs() -> None:
    state, clocks = _start("culls", "blue", "10")
    assert clocks.flag_at() is None
    for step, token in enumerate(CULLS_SETUP):
        _play(state, clocks, token, 100.0 + step)
    assert clocks.reading(103.0).left_ms == {"blue": 600_000, "red": 600_000}
    assert clocks.clocks.running == "blue" == timed_side(state)
    _play(state, clocks, "c3", 212.5)
    assert clocks.reading(212.5).left_ms == {"blue": 600_000 - 109_500, "red": 600_000}
    assert clocks.clocks.running == "red"


def _culls_cull() -> tuple[GameState, TurnClocks]:
    """A round where blue's placement culls, asking for a flip."""
    state, clocks = _start("culls", "blue", "1+2")
    for token in ["h8", "a1", "i8", "j8"]:  # setup: blue h8 a1, red i8 j8
        _play(state, clocks, token, 0.0)
    assert timed_side(state) == "blue"
    return state, clocks


def test_the_flip_is_timed_with_the_placement_and_the_increment_comes_after_it() -> None:
    state, clocks = _culls_cull()
    _play(state, clocks, "k8", 5.0)  # blue k8 traps i8 j8 between h8 and k8
    assert state.awaiting() == "flip" and state.to_move() == "blue"
    assert clocks.clocks.running == "blue"
    assert clocks.reading(5.0).left_ms["blue"] == 55_000  # no increment yet: the turn goes on
    _play(state, clocks, "xi8", 7.0)
    assert clocks.reading(7.0).left_ms == {"blue": 53_000 + 2_000, "red": 60_000}
    assert clocks.clocks.running == "red"


def test_the_flag_instant_is_when_the_running_side_reaches_zero() -> None:
    state, clocks = _culls_cull()
    _play(state, clocks, "k8", 10.0)
    _play(state, clocks, "xi8", 20.0)  # blue: 40 s + 2 s
    assert clocks.flag_at() == 20.0 + 60.0  # red has all of its minute
    _play(state, clocks, "i8-c3", 50.0)  # red moves the flipped chip: 30 s + 2 s left
    assert clocks.reading(50.0).left_ms == {"blue": 42_000, "red": 32_000}
    assert clocks.flag_at() == 50.0 + 42.0
    assert clocks.reading(50.0 + 42.0).left_ms["blue"] == 0
    assert clocks.reading(50.0 + 41.999).left_ms["blue"] == 1


def test_sudden_death_runs_down_without_increment() -> None:
    state, clocks = _start("culls", "red", "0.5")
    for token in CULLS_SETUP:
        _play(state, clocks, token, 0.0)
    _play(state, clocks, "c3", 10.0)  # red
    _play(state, clocks, "d4", 14.0)  # blue
    assert clocks.reading(14.0).left_ms == {"red": 20_000, "blue": 26_000}
    assert clocks.flag_at() == 34.0


def test_a_per_turn_limit_starts_afresh_each_turn() -> None:
    state, clocks = _start("culls", "blue", "turn:30")
    for token in CULLS_SETUP:
        _play(state, clocks, token, 0.0)
    assert clocks.flag_at() == 30.0
    _play(state, clocks, "c3", 29.0)  # blue used 29 s: unused second not kept
    assert clocks.reading(29.0).left_ms == {"blue": 30_000, "red": 30_000}
    assert clocks.flag_at() == 59.0
    _play(state, clocks, "d4", 40.0)
    assert clocks.flag_at() == 70.0


def test_culls_teams_share_their_colours_clock() -> None:
    state, clocks = _start("culls", "blue", "1", mode="teams")
    assert clocks.clocks.sides == ("blue", "red")
    for token in ["h8", "a1", "h9", "a2"]:  # blueA, redA, blueB, redB: setup
        _play(state, clocks, token, 0.0)
    _play(state, clocks, "c3", 5.0)  # blueA
    _play(state, clocks, "c4", 8.0)  # redA
    _play(state, clocks, "c5", 20.0)  # blueB: the same clock as blueA
    assert clocks.reading(20.0).left_ms == {"blue": 60_000 - 5_000 - 12_000, "red": 57_000}


def test_cubulus_white_balls_are_untimed_and_every_colour_has_a_clock() -> None:
    state, clocks = _start("cubulus", "red", "1+1")
    for cell in ("000", "002", "020", "022", "200", "202", "220", "222", "111"):
        assert clocks.flag_at() is None
        _play(state, clocks, f"N{cell}", 9.0)  # black places the white balls
    assert clocks.reading(9.0).left_ms == {"red": 60_000, "black": 60_000}
    assert clocks.clocks.running == "red"
    _play(state, clocks, "F001", 19.0)
    assert clocks.reading(19.0).left_ms == {"red": 60_000 - 10_000 + 1_000, "black": 60_000}
    three, clocks3 = _start("cubulus", "black", "2", players=3)
    assert clocks3.clocks.sides == ("red", "black", "white")
    assert clocks3.clocks.running == "black"
    _play(three, clocks3, "F001", 3.0)
    assert clocks3.clocks.running == "white"


def test_pausing_charges_until_then_and_restoring_runs_from_the_new_instant() -> None:
    state, clocks = _culls_cull()
    clocks.pause(12.0)
    assert clocks.clocks.running is None and clocks.reading(99.0).left_ms["blue"] == 48_000
    clocks.restore({"blue": 48_000, "red": 60_000}, state, 500.0)  # a restart: downtime free
    assert clocks.flag_at() == 548.0


def test_a_flagged_side_gets_no_increment_or_fresh_turn() -> None:
    clocks = SideClocks(parse_time_control("turn:5"), ("red", "black", "white"))
    clocks.run("red", 0.0)
    assert clocks.left_ms("red", 5.0) == 0
    clocks.end_turn("red", 5.0)
    assert clocks.left_ms("red", 6.0) == 0
    assert clocks.reading(6.0).left_ms == {"red": 0, "black": 5_000, "white": 5_000}


def test_no_clock_never_runs() -> None:
    state, clocks = _start("culls", "blue", "none")
    for token in [*CULLS_SETUP, "c3"]:
        _play(state, clocks, token, 1.0)
    assert clocks.clocks.running is None and clocks.flag_at() is None
