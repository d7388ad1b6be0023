"""Every shipped lesson completed by touch through the lesson runner, a wrong touch in each step."""

from __future__ import annotations

import random
import re

import pytest

from firmware.controller.core.adapter import board_adapter
from firmware.controller.learning.lesson_run import LessonRun
from firmware.games.culls.game import CullsState
from firmware.learn.lesson import Lesson
from firmware.learn.library import find_lesson, load_lessons
from firmware.render.stack import LightStack
from firmware.rules.grid import cell_name
from firmware.rules.registry import find_game, find_player

LESSONS = load_lessons()
ALL_CELLS = [cell_name((x, y)) for y in range(15) for x in range(15)]


def _run(lesson: Lesson, seed: int = 1) -> LessonRun:
    return LessonRun(
        lesson,
        find_game(lesson.game),
        board_adapter(lesson.game),
        player=find_player(lesson.game),
        rng=random.Random(seed),
    )


def test_every_lesson_the_issue_asks_for_is_shipped() -> None:
    names = [lesson.full_name for lesson in LESSONS]
    assert names == [
        "culls/setup",
        "culls/five",
        "culls/cull",
        "culls/flip",
        "culls/double",
        "culls/running-out",
        "culls/teams",
        "cubulus/introduce",
        "cubulus/push",
        "cubulus/rotate",
        "cubulus/square",
        "cubulus/neutral",
        "cubulus/three-players",
    ]


def go_on(run: LessonRun) -> None:
    """Tap the cell the result names to go on: it holds no light of the position (no piece)."""
    cell = run.go_on
    assert cell is not None and f"Tap {cell} to go on." in run.say
    stack = LightStack(15, 15)
    board_adapter(run.game).lights(stack, run.state, 0.0)
    assert _cell(cell) not in stack.lit_cells(), f"the go-on cell {cell} covers a light"
    assert not run.touch(next(n for n in ALL_CELLS if n != cell)).right
    assert run.touch(cell).right


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.full_name)
def test_each_lesson_is_completed_by_touch_and_a_wrong_touch_gets_the_hint(lesson: Lesson) -> None:
    run = _run(lesson)
    for number, step in enumerate(lesson.steps, start=1):
        if number > 1:
            go_on(run)
        assert (run.step, run.done) == (number, False) and run.say.startswith(step.say)
        lit = run.cells()
        assert lit, f"step {number} lights no cell"
        wrong = next(name for name in ALL_CELLS if name not in lit)
        before = run.state.moves
        answer = run.touch(wrong)
        assert not answer.right
        assert answer.said.endswith(step.hint)
        assert (run.step, run.state.moves) == (number, before), "a wrong touch changed the lesson"
        answer = run.touch(lit[0])
        assert answer.right, f"step {number}: {lit[0]} was refused: {answer.said}"
        assert answer.said == (step.right or "Right.")
        assert len(run.state.moves) > len(before), "the right action is shown played"
        assert run.say.startswith(answer.said) and run.cells() == []
    last = lesson.steps[-1].right or "Right."
    assert run.done and run.say == f"{last} {lesson.end} Tap {run.go_on} to go on."
    assert run.cells() == []
    assert run.view() == {
        "name": lesson.full_name,
        "title": lesson.title,
        "step": len(lesson.steps),
        "steps": len(lesson.steps),
        "say": run.say,
        "cells": [],
        "go_on": run.go_on,
        "done": True,
    }


def test_the_result_of_a_step_stays_until_the_player_goes_on() -> None:
    run = _run(find_lesson("culls/five"))
    run.touch("h7")
    assert run.state.outcome().line == ("h7", "h8", "h9", "h10", "h11"), "the five is shown"
    assert run.go_on == "g8" and run.say == "Five in a row: Blue wins the round. Tap g8 to go on."
    refused = run.touch("h8")
    assert (refused.right, refused.said) == (False, "tap g8 to go on")
    assert run.state.outcome().line is not None
    run.touch("g8")
    assert run.step == 2 and run.state.outcome().line is None


def test_the_flipped_chip_is_shown_before_the_next_step() -> None:
    run = _run(find_lesson("culls/cull"))
    run.touch("k8")
    go_on(run)
    run.touch("i8")
    shown = run.state
    assert isinstance(shown, CullsState)
    assert shown.board_cells()[(8, 7)] == "r", "the flipped chip stays on the board"
    assert run.go_on not in ("i8", "j8", "h8", "k8")


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.full_name)
def test_every_lit_cell_is_a_right_touch(lesson: Lesson) -> None:
    """The cells named for a step are exactly where its right actions are touched."""
    for index, step in enumerate(lesson.steps):
        probe = _run(lesson)
        for _ in range(index):
            probe.touch(probe.cells()[0])
            probe.touch(str(probe.go_on))
        lit = probe.cells()
        for name in lit:
            trial = _run(lesson)
            for _ in range(index):
                trial.touch(trial.cells()[0])
                trial.touch(str(trial.go_on))
            assert trial.touch(name).right, f"{lesson.full_name} step {index + 1}: {name}"
        board = board_adapter(lesson.game)
        tokens = {board.token_for(probe.state, _cell(name), 15, 15) for name in lit}
        assert tokens == set(step.expect)


def _cell(name: str) -> tuple[int, int]:
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


def test_the_view_follows_the_steps() -> None:
    run = _run(find_lesson("culls/cull"))
    assert run.view() == {
        "name": "culls/cull",
        "title": "The cull: exactly two trapped",
        "step": 1,
        "steps": 3,
        "say": run.lesson.steps[0].say,
        "cells": ["k8"],
        "go_on": None,
        "done": False,
    }
    run.touch("k8")
    assert (run.step, run.cells(), run.view()["go_on"]) == (1, [], run.go_on)
    run.touch(str(run.go_on))
    assert (run.step, run.cells(), run.go_on) == (2, ["i8", "j8"], None)


def test_an_illegal_touch_says_the_rules_reason_and_the_hint() -> None:
    run = _run(find_lesson("culls/cull"))
    answer = run.touch("h8")
    assert not answer.right
    assert answer.said == f"h8 is taken. {run.lesson.steps[0].hint}"


def test_a_cubulus_refusal_and_a_cell_off_the_board_get_the_hint() -> None:
    run = _run(find_lesson("cubulus/introduce"))
    hint = run.lesson.steps[0].hint
    off_net = run.touch("a1")  # a supply light, not a cell of the cube
    assert not off_net.right and off_net.said.endswith(hint)
    assert "is off the 15x15 board" in run.touch("z99").said
    assert run.step == 1


def test_the_no_reverse_rule_is_the_wrong_touch_of_the_rotate_lesson() -> None:
    run = _run(find_lesson("cubulus/rotate"))
    run.touch("f9")
    run.touch(str(run.go_on))
    answer = run.touch("n9")  # B120: straight back from the other end
    assert answer.said == f"that would undo the last move. {run.lesson.steps[1].hint}"


def test_a_right_move_is_answered_by_the_scripted_reply() -> None:
    run = _run(find_lesson("cubulus/introduce"))
    answer = run.touch("f9")
    assert (answer.right, answer.replies) == (True, ("U202",))
    assert run.state.moves[-2:] == ("F100", "U202")


def test_the_computer_answers_at_level_one_until_the_learner_acts_again() -> None:
    lesson = find_lesson("cubulus/three-players")
    run = _run(lesson, seed=7)
    answer = run.touch("f10")
    assert answer.right and len(answer.replies) == 2  # Black and White, one push each
    assert run.step == 1  # its result is shown
    run.touch(str(run.go_on))
    assert run.step == 2  # the next step has its own setup
    again = _run(lesson, seed=7).touch("f10")
    assert again.replies == answer.replies  # the same seed, the same replies

    culls = _run(find_lesson("culls/setup"), seed=3)
    for name in ("h8", "j9"):
        culls.touch(name)
        culls.touch(str(culls.go_on))
    final = culls.touch("i8")
    assert final.right and len(final.replies) >= 1
    assert culls.done


def test_touches_after_the_end_change_nothing() -> None:
    run = _run(find_lesson("culls/five"))
    run.touch("h7")
    run.touch(str(run.go_on))
    run.touch("h8")
    assert run.done
    answer = run.touch("a1")
    assert (answer.right, answer.said) == (False, run.say)
    assert run.lesson.end in run.say
    assert run.play("a1").right is False


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.full_name)
def test_every_step_names_its_lit_cells_in_words(lesson: Lesson) -> None:
    run = _run(lesson)
    while not run.done:
        cells = run.cells()
        assert cells, (lesson.full_name, run.step)
        words = set(re.findall(r"[a-z]\d+", run.say))
        assert set(cells) <= words, (lesson.full_name, run.step, run.say)
        run.play(lesson.steps[run.step - 1].expect[0])
        if not run.done:
            go_on(run)


def test_the_cubulus_introduction_names_the_cell_to_push() -> None:
    run = _run(find_lesson("cubulus/introduce"))
    assert run.say.endswith("Push into the front face at the lit cell. The lit cell is f9.")
