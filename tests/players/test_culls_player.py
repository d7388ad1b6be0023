"""The Culls player on named positions and on random ones: wins, blocks, flips and moves."""

from __future__ import annotations

import random

import pytest

from bench.bench_tactics import load_suite, suite_state
from firmware.games.culls.player import LEVEL_STYLES, culls_position
from firmware.games.culls.search import CullsSearch
from firmware.players import LEVELS, Budget, choose, level
from firmware.rules.api import GameState, Status
from tests.players.helpers import random_positions, state_after

# Blue has h8 i8 j8 k8 with g8 and l8 free.
BLUE_OPEN_FOUR = ["h8", "i8", "a1", "a3", "j8", "c1", "k8", "e1"]
# Blue has h8 i8 j8 k8 with g8 taken by red: red must take l8.
BLUE_CLOSED_FOUR = ["h8", "i8", "g8", "a1", "j8", "c1", "k8"]
# Red has c3 d3 e3 f3 open; blue culls i8 j8 with k8 and flips i8: red moves that chip to win.
RED_WINS_BY_MOVING = [
    "h8", "a15", "i8", "c3", "o1", "j8", "o3", "d3", "o5", "e3", "o7", "f3", "k8", "xi8",
]  # fmt: skip


def _choose(state: GameState, number: int, nodes: int = 3000) -> str:
    return choose(state, level(number), Budget(max_nodes=nodes), random.Random(number)).token


@pytest.mark.parametrize("number", sorted(LEVELS))
def test_every_level_takes_a_win_in_one(number: int) -> None:
    state = state_after("culls", BLUE_OPEN_FOUR, first="blue")
    token = _choose(state, number)
    assert token in ("g8", "l8")
    state.apply(token)
    assert state.outcome().winner == "blue"


@pytest.mark.parametrize("number", sorted(LEVELS))
def test_every_level_blocks_a_five(number: int) -> None:
    state = state_after("culls", BLUE_CLOSED_FOUR, first="blue")
    assert state.to_move() == "red"
    assert _choose(state, number) == "l8"


def test_a_cull_asks_for_a_flip_of_a_trapped_chip() -> None:
    state = state_after("culls", RED_WINS_BY_MOVING[:-1], first="blue")
    assert state.awaiting() == "flip"
    assert _choose(state, 6) in ("xi8", "xj8")


def test_the_flipped_chip_moves_to_win() -> None:
    state = state_after("culls", RED_WINS_BY_MOVING, first="blue")
    assert state.awaiting() == "move"
    token = _choose(state, 1)
    assert token in ("i8-b3", "i8-g3")
    state.apply(token)
    assert state.outcome().winner == "red"


def test_the_top_level_sees_a_two_move_win() -> None:
    # Blue to move with h8 i8 j8 open at both ends on an empty board around: g8 or k8 makes an
    # open four that red cannot stop; the search proves it and scores it as a win.
    state = state_after("culls", ["h8", "i8", "a1", "a3", "j8", "c1"], first="blue")
    chosen = choose(state, level(6), Budget(max_nodes=20_000), random.Random(0))
    assert chosen.token in ("g8", "k8", "f8", "l8")


def test_every_answer_is_legal_on_random_positions() -> None:
    checked = 0
    for state in random_positions("culls", seed=7, games=2, size=9):
        if state.outcome().is_over:
            with pytest.raises(ValueError, match="over"):
                _choose(state, 6)
            continue
        if state.ply % 5:
            continue
        for number in (1, 6):
            token = _choose(state, number, nodes=300)
            assert state.why_illegal(token) is None, (state.moves, token)
            checked += 1
    assert checked > 20


def test_teams_mode_is_played() -> None:
    state = state_after("culls", ["h8", "i8", "g8", "j8"], first="red", mode="teams")
    token = _choose(state, 4)
    assert state.why_illegal(token) is None
    state.apply(token)
    assert state.outcome().status is Status.IN_PROGRESS


def test_a_budget_of_one_node_still_answers_legally() -> None:
    state = state_after("culls", ["h8", "i8", "g8", "j8"], first="blue")
    chosen = choose(state, level(6), Budget(max_nodes=1), random.Random(0))
    assert state.why_illegal(chosen.token) is None


def test_a_stop_request_ends_the_search_and_keeps_the_position() -> None:
    asked = []

    def stop() -> bool:
        asked.append(True)
        return len(asked) > 3

    state = state_after("culls", ["h8", "i8", "g9", "j10", "k8"], first="blue")
    chosen = choose(state, level(6), Budget(should_stop=stop), random.Random(0))
    assert len(asked) >= 4
    assert state.why_illegal(chosen.token) is None
    assert list(state.moves) == ["h8", "i8", "g9", "j10", "k8"]


def test_a_proof_cut_short_by_the_budget_leaves_the_position_as_it_was() -> None:
    made = max(load_suite()["win4"], key=lambda entry: len(str(entry["line"])))
    state = suite_state(made)
    position = culls_position(state.rules, state.first, state.moves)
    before = (position.key(), position.plies(), list(position.board))
    budget = Budget(max_nodes=60)  # the prover gets a quarter: far short of a proof in four
    found = CullsSearch(position, budget, LEVEL_STYLES[6], random.Random(0)).run()
    assert (position.key(), position.plies(), list(position.board)) == before
    assert 0 <= found.action < len(position.board) and budget.nodes >= 60
