"""The puzzle runner: right answers counted, a wrong one refuted by the reply that beats it."""

from __future__ import annotations

import random
import re

import pytest

from firmware.controller.core.adapter import board_adapter
from firmware.controller.learning.puzzle_run import PuzzleRun
from firmware.learn.puzzles import load_puzzles
from firmware.rules.registry import find_player, find_teaching
from firmware.rules.tactics import winning_actions


def _run(game: str) -> PuzzleRun:
    return PuzzleRun(
        load_puzzles(game),
        board_adapter(game),
        find_teaching(game).tasks,
        player=find_player(game),
        rng=random.Random(3),
    )


def test_a_wrong_answer_to_a_stop_puzzle_is_refuted_by_the_win_it_allows() -> None:
    for game in ("culls", "cubulus"):
        run = _run(game)
        while run.puzzle.kind != "stop":
            run.skip()
        state = run.puzzle.position()
        mover = state.to_move()
        wrong = next(t for t in state.legal_actions() if t not in run.puzzle.answers)
        answer = run.play(wrong)
        assert not answer.right and run.refuted == (wrong, *answer.replies)
        shown = run.state
        winner = shown.outcome().winner
        assert winner is not None and winner != mover, (run.puzzle.id, wrong, answer.replies)
        assert answer.said.startswith("Not ") and answer.said.endswith(
            f"{winner.capitalize()} wins."
        )
        assert answer.said in run.say and run.say.endswith("Tap the board to try again.")
        assert (run.solved, run.tried) == (0, 1)
        restored = run.touch("a1")
        assert not restored.right and run.view()["refuted"] is None
        assert run.state.summary() == state.summary()


def test_a_right_answer_counts_and_sets_up_the_next_puzzle() -> None:
    run = _run("culls")
    first = run.puzzle
    assert run.task == find_teaching("culls").tasks[first.kind].format(
        side=str(first.position().to_move()).capitalize(),
        next="Red" if first.position().to_move() == "blue" else "Blue",
    )
    assert winning_actions(first.position()) == [] or first.kind == "win"
    illegal = run.play("zz99")
    assert not illegal.right and (run.tried, run.puzzle) == (0, first)
    answer = run.play(first.answers[-1])
    whole = [first.answers[-1]]
    while not answer.right:  # the rest of the turn (a cull's flip)
        state = run.state
        whole.append(state.legal_actions()[0])
        answer = run.play(whole[-1])
    assert answer.right and (run.solved, run.tried) == (1, 1)
    assert run.puzzle == first and run.view()["solved_shown"] == whole
    played = first.position()
    for token in whole:
        played.apply(token)
    assert run.state.summary() == played.summary(), "the answer is shown played out"
    assert run.say == f"{answer.said} Tap the board for the next puzzle."
    assert run.touch("a1").said == run.say
    assert run.puzzle != first and run.view()["number"] == 2
    assert run.view()["solved_shown"] is None and run.say == run.task


def test_a_wrong_answer_names_the_threat_that_wins_in_board_cells() -> None:
    run = _run("culls")
    while run.puzzle.id != "culls-stop-0001":
        run.skip()
    answer = run.play("a1")
    assert answer.said == "Not a1: Red already has four from g3 to j6, and f2 makes five: Red wins."
    run.touch("a1")
    assert run.play("f2").said == "Solved: f2 blocks Red's four."


def test_a_cubulus_answer_is_named_by_the_cell_tapped_not_its_push() -> None:
    run = _run("cubulus")
    answer = run.touch("c9")
    assert answer.said.startswith("Not the push in at c9 from the left: ")
    assert not re.search(r"\b[LRFBDUN][0-2]{3}\b", run.say), run.say


def test_a_cull_is_solved_only_once_its_flip_is_on_the_board() -> None:
    run = _run("culls")
    while run.puzzle.id != "culls-cull-0001":
        run.skip()
    answer = run.touch("e9")
    assert not answer.right and run.finishing and (run.solved, run.tried) == (0, 1)
    assert "Solved" not in run.say and "flip" in run.say, run.say
    assert run.view()["solved_shown"] is None
    flips = run.state.legal_actions()
    assert flips and all(token.startswith("x") for token in flips)
    assert not run.touch("a1").right and run.finishing, "a tap off the chips flips nothing"
    answer = run.touch(flips[0][1:])
    assert answer.right and answer.said.startswith("Solved") and (run.solved, run.tried) == (1, 1)
    assert run.view()["solved_shown"] == ["e9", flips[0]]
    assert run.state.to_move() != run.puzzle.position().to_move()


@pytest.mark.parametrize("game", ["culls", "cubulus"])
def test_every_shipped_puzzle_is_solved_only_with_its_whole_turn_on_the_board(game: str) -> None:
    run = _run(game)
    for _ in range(len(load_puzzles(game))):
        for answer_token in run.puzzle.answers:
            mover = run.puzzle.position().to_move()
            answer = run.play(answer_token)
            while not answer.right:
                state = run.state
                assert run.finishing and state.to_move() == mover, (run.puzzle.id, run.say)
                assert "Solved" not in run.say, (run.puzzle.id, run.say)
                answer = run.play(state.legal_actions()[0])
            shown = run.state
            assert shown.to_move() != mover or shown.outcome().is_over, run.puzzle.id
            run.touch("a1")  # on to the next puzzle; back to this one for its next answer
            for _ in range(len(load_puzzles(game)) - 1):
                run.skip()
        run.skip()
