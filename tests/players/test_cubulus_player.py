"""The Cubulus player: its position plays the rules; it wins in one and never hands one over."""

from __future__ import annotations

import random

import pytest

from firmware.games.cubulus.geometry import CELL_NAMES, COLOURS
from firmware.games.cubulus.position import PUSH_CELLS, cubulus_position, token_of
from firmware.games.cubulus.search import CubulusSearch, CubulusStyle
from firmware.games.cubulus.state import CubulusState
from firmware.players import Budget, choose, level
from firmware.rules.api import GameState
from tests.players.helpers import random_positions


def _choose(state: GameState, number: int, nodes: int = 2000) -> str:
    return choose(state, level(number), Budget(max_nodes=nodes), random.Random(number)).token


def _players(state: GameState) -> int:
    players = state.rules["players"]
    assert isinstance(players, int)
    return players


def _winning_pushes(state: GameState) -> set[str]:
    wins = set()
    for token in state.legal_actions():
        trial = state.copy()
        trial.apply(token)
        if trial.outcome().winner == state.to_move():
            wins.add(token)
    return wins


def _hands_over_a_win(state: GameState, token: str) -> bool:
    cube = cubulus_position(_players(state), state.first, [*state.moves, token])
    me = ("red", "black", "white").index(str(state.to_move())) + 1
    if cube.over:
        return cube.winner not in (-1, me)
    for reply in cube.actions():
        cube.play(reply)
        lost = cube.winner > 0 and cube.winner != me
        cube.undo()
        if lost:
            return True
    return False


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2)])
def test_random_games_agree_with_the_rules(players: int, seed: int) -> None:
    for state in random_positions("cubulus", seed=seed, games=4, players=players):
        cube = cubulus_position(players, state.first, state.moves)
        assert sorted(token_of(cube, a) for a in cube.actions()) == sorted(state.legal_actions())
        assert cube.over == state.outcome().is_over
        if not cube.over:
            assert ["red", "black", "white"][cube.mover() - 1] == state.to_move()
        cube.rewind(0)
        assert cube.board == [0] * 27


@pytest.mark.parametrize("players", [2, 3])
def test_every_level_takes_a_win_in_one(players: int) -> None:
    found = 0
    for state in random_positions("cubulus", seed=11, games=12, players=players):
        if state.outcome().is_over or state.awaiting() != "push":
            continue
        wins = _winning_pushes(state)
        if wins:
            for number in (1, 6):
                assert _choose(state, number) in wins, state.moves
            found += 1
    assert found >= 3


@pytest.mark.parametrize("number", [1, 2, 6])
def test_no_level_hands_over_a_win_when_it_can_be_avoided(number: int) -> None:
    checked = 0
    for state in random_positions("cubulus", seed=5, games=6, players=2):
        if state.outcome().is_over or state.awaiting() != "push" or state.ply % 4:
            continue
        safe = [t for t in state.legal_actions() if not _hands_over_a_win(state, t)]
        if safe and not _winning_pushes(state):
            assert not _hands_over_a_win(state, _choose(state, number)), state.moves
            checked += 1
    assert checked >= 5


def test_the_whites_and_every_push_are_legal() -> None:
    checked = 0
    for state in random_positions("cubulus", seed=3, games=3, players=2):
        if state.outcome().is_over or state.ply % 4:
            continue
        for number in (1, 3, 6):
            assert state.why_illegal(_choose(state, number, nodes=200)) is None
            checked += 1
    assert checked > 10


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (3, 22)])
def test_a_push_worked_out_on_paper_matches_the_rules(players: int, seed: int) -> None:
    checked = refused = 0
    for state in random_positions("cubulus", seed=seed, games=10, players=players):
        cube = cubulus_position(players, state.first, state.moves)
        if cube.over or cube.placing_whites:
            continue
        for action, cells in enumerate(PUSH_CELLS):
            after = cube.after_push(action)
            token = token_of(cube, action)
            if after is None:  # no ball left to push in: the rules refuse it too
                assert state.why_illegal(token) is not None, token
                refused += 1
                continue
            if state.why_illegal(token) is not None:  # the reverse of the last rotation
                continue
            trial = state.copy()
            trial.apply(token)
            assert isinstance(trial, CubulusState)
            balls = trial.cells()
            codes = [COLOURS.index(balls[CELL_NAMES[cell]]) + 1 if CELL_NAMES[cell] in balls else 0
                     for cell in cells]  # fmt: skip
            assert after == tuple(codes), token
            checked += 1
    assert checked > 500 and refused > 0


@pytest.mark.parametrize(("players", "seed"), [(2, 31), (3, 32)])
def test_the_search_sees_every_win_in_one(players: int, seed: int) -> None:
    wins = 0
    for state in random_positions("cubulus", seed=seed, games=10, players=players):
        cube = cubulus_position(players, state.first, state.moves)
        if cube.over or cube.placing_whites:
            continue
        search = CubulusSearch(cube, Budget(), CubulusStyle(), random.Random(0))
        can_win = bool(_winning_pushes(state))
        assert search.wins_at_once() == can_win, state.moves
        wins += can_win
    assert wins >= 5
