"""Parallel workers split the root: the parts cover every root action once, the best part wins."""

from __future__ import annotations

import random

from firmware.commands.engine_workers import best_of
from firmware.players import NO_ACTION, Budget, Choice, choose, level
from firmware.rules import find_game
from firmware.rules.api import GameState


def _state(game: str, moves: list[str], first: str) -> GameState:
    rules = find_game(game).parse_rules({})
    state = find_game(game).new_state(rules, first)
    for token in moves:
        state.apply(token)
    return state


def _answers(state: GameState, parts: int) -> list[Choice]:
    return [
        choose(state, level(6), Budget(max_nodes=3000), random.Random(1), (index, parts))
        for index in range(parts)
    ]


def test_each_part_searches_its_own_root_actions() -> None:
    state = _state("culls", ["h8", "j10", "i9", "g7"], "blue")
    two = _answers(state, 2)
    assert two[0].token != two[1].token  # each part holds other cells
    whole = choose(state, level(6), Budget(max_nodes=6000), random.Random(1))
    assert whole.token in {answer.token for answer in two}


def test_a_part_with_no_root_action_scores_below_any_move() -> None:
    state = _state("culls", [], "blue")  # the first chip: one action is tried
    answers = _answers(state, 3)
    assert answers[0].score > NO_ACTION and [a.score for a in answers[1:]] == [NO_ACTION] * 2
    assert best_of(answers).token == answers[0].token


def test_cubulus_parts_split_the_pushes() -> None:
    state = _state("cubulus", [], "red")
    while state.awaiting() == "neutral":  # the white balls of the 2-player setup
        state.apply(state.legal_actions()[0])
    answers = _answers(state, 2)
    assert all(answer.score > NO_ACTION for answer in answers)
    assert answers[0].token != answers[1].token


def test_the_best_of_the_parts_is_the_highest_score_and_counts_every_node() -> None:
    answers = [Choice("a1", 10, 3, 100), Choice("b2", 40, 2, 50), Choice("c3", 40, 4, 70)]
    assert best_of(answers) == Choice("c3", 40, 4, 220)
