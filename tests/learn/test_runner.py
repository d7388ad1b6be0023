"""Every shipped lesson completed by touch through the lesson runner, a wrong touch in each step."""

from __future__ import annotations

import random

import pytest

from firmware.controller.adapter import board_adapter
from firmware.learn.lesson import Lesson
from firmware.learn.library import find_lesson, load_lessons
from firmware.learn.runner import LessonRun
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


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.full_name)
def test_each_lesson_is_completed_by_touch_and_a_wrong_touch_gets_the_hint(lesson: Lesson) -> None:
    run = _run(lesson)
    for number, step in enumerate(lesson.steps, start=1):
        assert (run.step, run.done, run.say) == (number, False, step.say)
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
    assert run.done and run.say == lesson.end and run.cells() == []
    assert run.view() == {
        "name": lesson.full_name,
        "title": lesson.title,
        "step": len(lesson.steps),
        "steps": len(lesson.steps),
        "say": lesson.end,
        "cells": [],
        "done": True,
    }


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.full_name)
def test_every_lit_cell_is_a_right_touch(lesson: Lesson) -> None:
    """The cells named for a step are exactly where its right actions are touched."""
    for index, step in enumerate(lesson.steps):
        probe = _run(lesson)
        for _ in range(index):
            probe.touch(probe.cells()[0])
        lit = probe.cells()
        for name in lit:
            trial = _run(lesson)
            for _ in range(index):
                trial.touch(trial.cells()[0])
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
        "done": False,
    }
    run.touch("k8")
    assert (run.step, run.cells()) == (2, ["i8", "j8"])


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
    assert run.step == 2  # the next step has its own setup
    again = _run(lesson, seed=7).touch("f10")
    assert again.replies == answer.replies  # the same seed, the same replies

    culls = _run(find_lesson("culls/setup"), seed=3)
    culls.touch("h8")
    culls.touch("j9")
    final = culls.touch("i8")
    assert final.right and len(final.replies) >= 1
    assert culls.done


def test_touches_after_the_end_change_nothing() -> None:
    run = _run(find_lesson("culls/five"))
    run.touch("h7")
    run.touch("h8")
    assert run.done
    answer = run.touch("a1")
    assert (answer.right, answer.said) == (False, run.lesson.end)
    assert run.play("a1").right is False
