"""The puzzle runner: right answers counted, a wrong one refuted by the reply that beats it."""

from __future__ import annotations

import random

from firmware.controller.adapter import board_adapter
from firmware.learn.puzzle_run import PuzzleRun
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
        assert answer.said.endswith(f", and {winner.capitalize()} wins.")
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
    assert answer.right and (run.solved, run.tried) == (1, 1)
    assert run.puzzle != first and run.view()["number"] == 2
    assert run.say.startswith(f"Solved: {first.answers[-1]} is right. ")
