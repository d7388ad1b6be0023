"""The Culls board's lights mark the chip that arrived last, as Cubulus marks its last push."""

from __future__ import annotations

from firmware.games.culls.game import CullsState
from firmware.games.culls.scene import culls_lights
from firmware.render import palette
from firmware.render.stack import LightStack
from firmware.rules.grid import parse_cell
from hal.interfaces import RGB
from tests.rules import culls, play

BLUE, RED = palette.piece("blue"), palette.piece("red")


def colour(state: CullsState, name: str, now: float = 0.0) -> RGB:
    stack = LightStack(15, 15)
    culls_lights(stack, state, 0.0)
    x, y = parse_cell(name, 15)
    return stack.compose(now).cells[y][x]


def test_the_last_chip_is_marked_and_the_others_are_plain() -> None:
    state = play(culls("blue"), "h8 a1 c3")
    assert colour(state, "c3") == palette.last_move(RED)
    assert colour(state, "h8") == BLUE and colour(state, "a1") == BLUE
    assert palette.last_move(RED) not in palette.flipped_looks(RED)


def test_the_mark_moves_with_each_arrival_and_back_with_undo() -> None:
    state = play(culls("blue"), "h8 a1 c3")
    state.apply("e5")
    assert colour(state, "e5") == palette.last_move(RED) and colour(state, "c3") == RED
    state.undo()
    assert colour(state, "c3") == palette.last_move(RED)


def test_a_moved_flipped_chip_is_marked_where_it_arrived() -> None:
    state = play(culls("blue"), "e10 a1 f10 g10 h10 xg10")
    assert colour(state, "h10") == palette.last_move(BLUE), "the culling chip stays marked"
    play(state, "g10-j9")
    assert colour(state, "j9") == palette.last_move(RED) and colour(state, "h10") == BLUE


def test_the_winning_line_blinks_over_the_mark() -> None:
    state = play(culls("blue"), "e5 f5 a15 c15 g5 e15 h5 g15 i5")
    seen = {colour(state, "i5", k * palette.TIMING.line_blink / 2) for k in range(2)}
    assert seen == {palette.ACCEPT, BLUE}
