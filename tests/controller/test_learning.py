"""Lessons and puzzles on the simulated board: from the menu, by touch, on the scoreboard."""

from __future__ import annotations

from typing import Any

import pytest

from firmware.controller.core.adapter import board_adapter, cells_for_token
from firmware.controller.learning.lesson_run import LessonRun
from firmware.learn.library import load_lessons
from firmware.learn.puzzles import load_puzzles
from firmware.render import palette
from firmware.rules.grid import cell_name
from tests.controller.conftest import Rig
from tests.controller.test_strip import hold

LESSONS = load_lessons()
ALL_CELLS = [cell_name((x, y)) for y in range(15) for x in range(15)]


def _lesson(rig: Rig) -> dict[str, Any]:
    lesson = rig.score["lesson"]
    assert isinstance(lesson, dict), rig.score["phase"]
    return lesson


def test_a_lesson_is_one_tap_from_a_fresh_menu_and_another_games_is_two(rig: Rig) -> None:
    rig.start()
    assert rig.score["phase"] == "menu"
    assert "d3 lesson, l3 puzzles" in str(rig.score["message"])
    rig.tap("d3")  # the lesson cell: the chosen game's first lesson
    assert rig.score["phase"] == "lesson"
    assert _lesson(rig)["name"] == "culls/setup"
    rig.press("menu")
    assert rig.score["phase"] == "menu"
    cubulus_tile = next(
        i for i, choice in enumerate(rig.table.menu.choices) if choice.game == "cubulus"
    )
    rig.tap_cell(rig.table.menu.tiles()[cubulus_tile].cells[0])  # tap 1: the game
    rig.tap("d3")  # tap 2: its lesson
    assert _lesson(rig)["name"] == "cubulus/introduce"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.full_name)
def test_every_lesson_is_completed_by_touch_on_the_board(rig: Rig, lesson: Any) -> None:
    rig.start()
    rig.controller.lesson(lesson.full_name)
    rig.controller.step()
    for number, step in enumerate(lesson.steps, start=1):
        if number > 1:  # the last step's result stays until its go-on cell is tapped
            go_on = _lesson(rig)["go_on"]
            assert rig.score["message"] == f"{lesson.steps[number - 2].right} Tap {go_on} to go on."
            assert rig.colour(go_on) == palette.READY
            rig.tap(go_on)
        shown = _lesson(rig)
        assert (shown["step"], shown["steps"], shown["done"]) == (number, len(lesson.steps), False)
        said = str(shown["say"])
        assert said.startswith(step.say) and str(rig.score["message"]).endswith(said)
        lit = shown["cells"]
        assert lit, f"step {number} lights nothing"
        for name in lit:  # the cells to touch blink amber, lit as the step begins
            assert rig.colour(name) == palette.HINT, name
        wrong = next(name for name in ALL_CELLS if name not in lit and name not in ("a1",))
        moves = rig.score["moves"]
        rig.tap(wrong)
        assert str(rig.score["error"]).endswith(step.hint)
        assert (_lesson(rig)["step"], rig.score["moves"]) == (number, moves)
        rig.tap(lit[0])
        assert rig.score["error"] is None, rig.score["error"]
    assert _lesson(rig)["done"] is True
    right = lesson.steps[-1].right or "Right."
    go_on = _lesson(rig)["go_on"]
    assert rig.score["message"] == f"{right} {lesson.end} Tap {go_on} to go on."
    assert rig.colour(go_on) == palette.READY
    rig.tap(go_on)  # the green cell the words name: the next lesson, or the menu after the last
    following = [other for other in LESSONS if other.game == lesson.game]
    at = following.index(lesson)
    if at + 1 < len(following):
        assert _lesson(rig)["name"] == following[at + 1].full_name
    else:
        assert rig.score["phase"] == "menu"


def test_a_lesson_leaves_the_game_it_was_opened_over_untouched(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.tap("c3")
    rig.controller.lesson("culls/cull")
    rig.controller.step()
    rig.tap("k8")
    rig.tap(_lesson(rig)["go_on"])
    assert _lesson(rig)["step"] == 2
    rig.press("menu")
    rig.press("undo")  # back from the menu to the game
    assert (rig.score["phase"], rig.moves) == ("playing", ["c3"])
    assert rig.score["lesson"] is None


def test_new_starts_the_lesson_again_and_hint_says_the_hint(rig: Rig) -> None:
    rig.start()
    rig.controller.lesson("culls/cull")
    rig.controller.step()
    rig.tap("k8")
    rig.tap(_lesson(rig)["go_on"])
    rig.table.button("hint", rig.clock.now())  # as the page's or the strip's HINT does
    rig.controller.redraw()
    run = getattr(rig.table.mode, "run", None)
    step = run.lesson.steps[1] if isinstance(run, LessonRun) else None
    assert step is not None and step.hint.startswith("Tap one of the two blinking red chips")
    assert rig.score["message"] == f"{step.hint.rstrip('.')}. {step.say}"
    rig.press("new")
    assert _lesson(rig)["step"] == 1


def _puzzle(rig: Rig) -> dict[str, Any]:
    puzzle = rig.score["puzzle"]
    assert isinstance(puzzle, dict), rig.score["phase"]
    return puzzle


def test_puzzles_from_the_menu_a_right_answer_counts_and_a_wrong_one_is_refuted(
    rig: Rig,
) -> None:
    rig.start()
    rig.tap("l3")  # the puzzle cell of the menu: the chosen game's puzzles
    shown = _puzzle(rig)
    puzzles = load_puzzles("culls")
    first = puzzles[0]
    assert (shown["id"], shown["number"], shown["of"], shown["solved"]) == (
        first.id,
        1,
        len(puzzles),
        0,
    )
    assert rig.score["phase"] == "puzzle"
    assert rig.score["position"] == first.position().summary()
    adapter = board_adapter("culls")
    state = first.position()
    wrong = next(t for t in state.legal_actions() if t not in first.answers)
    rig.tap_cell(cells_for_token(adapter, state, wrong, 15, 15)[0])
    shown = _puzzle(rig)
    assert shown["refuted"] is not None and shown["refuted"][0] == wrong
    assert str(rig.score["message"]).startswith(f"Not {wrong}: ")
    assert rig.score["error"] is None, "the refutation is said once, in the message"
    assert (shown["solved"], shown["tried"]) == (0, 1)
    rig.tap("a1")  # any tap sets the puzzle again
    assert _puzzle(rig)["refuted"] is None
    assert rig.score["position"] == first.position().summary()
    right = cells_for_token(adapter, state, first.answers[0], 15, 15)[0]
    rig.tap_cell(right)
    whole = [first.answers[0]]
    after = first.position()
    after.apply(whole[0])
    if after.to_move() == state.to_move():  # a cull: solved once its flip is made
        assert (_puzzle(rig)["solved"], rig.score["error"]) == (0, None)
        assert "Solved" not in str(rig.score["message"]) and "flip" in str(rig.score["message"])
        whole.append(after.legal_actions()[0])
        rig.tap_cell(cells_for_token(adapter, after, whole[1], 15, 15)[0])
    shown = _puzzle(rig)
    assert (shown["number"], shown["solved"], shown["tried"]) == (1, 1, 2)
    assert shown["solved_shown"] == whole, "the answer stays played out"
    said = adapter.explain_answer(state, first.answers[0], ())
    assert rig.score["message"] == f"{said} Tap the board for the next puzzle."
    rig.tap("a1")
    shown = _puzzle(rig)
    assert (shown["number"], shown["solved"], shown["tried"]) == (2, 1, 2)
    assert rig.score["error"] is None
    second = puzzles[1]
    assert rig.score["message"] == shown["task"]
    assert str(shown["task"]).startswith(f"{str(second.position().to_move()).capitalize()} to play")
    rig.press("new")  # on to the next, unsolved
    assert _puzzle(rig)["number"] == 3
    rig.press("menu")
    assert rig.score["phase"] == "menu" and rig.score["puzzle"] is None


def test_the_strip_offers_a_lesson_and_the_puzzles_of_the_game_on_the_board(rig: Rig) -> None:
    rig.start("cubulus", {"players": 2}, first="red")
    hold(rig, "a1", 2.0)
    commands = {command.name: command.cell for command in rig.table.strip.commands}
    assert {"lesson", "puzzle"} <= set(commands)
    rig.tap_cell(commands["puzzle"])
    assert _puzzle(rig)["game"] == "cubulus"
    hold(rig, "a1", 2.0)
    commands = {command.name: command.cell for command in rig.table.strip.commands}
    rig.tap_cell(commands["lesson"])
    assert _lesson(rig)["name"] == "cubulus/introduce"


def test_the_kiosk_attract_show_invites_to_learn_and_a_lesson_is_a_tap_away(tmp_path: Any) -> None:
    from tests.controller.kiosk_rig import KioskRig

    rig = KioskRig(tmp_path / "state", idle_s=5.0, abandon_s=8.0)
    rig.start()
    rig.advance(5.0)
    assert rig.score["phase"] == "attract"
    message = str(rig.score["message"])
    assert "learn a game" in message and "puzzle" in message, message
    rig.tap("d3")  # only wakes the board, on the menu
    assert rig.score["phase"] == "menu"
    rig.tap("d3")
    assert _lesson(rig)["name"] == "culls/setup"


def test_a_target_blinks_with_the_ball_it_holds_so_the_ball_stays_seen(rig: Rig) -> None:
    rig.start()
    rig.controller.lesson("cubulus/push")  # step 1: push again at f9, where a red ball sits
    rig.controller.step()
    assert _lesson(rig)["cells"] == ["f9"]
    seen = set()
    for _ in range(4):
        seen.add(rig.colour("f9"))
        rig.advance(0.4)
    assert seen == {palette.HINT, palette.piece("red")}, seen


def _paused(rig: Rig) -> object:
    return rig.score["paused"]


def test_back_returns_to_the_game_from_a_lesson_the_menu_or_puzzles(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    assert _paused(rig) is None
    rig.table.button("back", rig.clock.now())  # as the page's "Back to the game" does
    rig.controller.redraw()
    assert str(rig.score["error"]).startswith("no game is waiting")
    rig.tap("c3")
    for opened in ("lesson", "menu", "puzzle"):
        rig.table.button(opened, rig.clock.now())
        rig.controller.redraw()
        assert _paused(rig) == {"game": "culls", "round": 1}, opened
        rig.table.button("back", rig.clock.now())
        rig.controller.redraw()
        assert (rig.score["phase"], rig.moves, _paused(rig)) == ("playing", ["c3"], None)
    rig.controller.lesson("culls/cull")
    rig.controller.step()
    rig.press("menu")  # the lesson left for the menu: the game still waits under it
    assert _paused(rig) == {"game": "culls", "round": 1}
    rig.table.button("back", rig.clock.now())
    rig.controller.redraw()
    assert (rig.score["phase"], rig.moves) == ("playing", ["c3"])
