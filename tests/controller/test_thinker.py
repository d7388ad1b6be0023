"""The thinker searches off the loop, hands over legal moves and drops cancelled searches."""

from __future__ import annotations

import queue

from firmware.controller.computer.thinker import Answer, Thinker
from firmware.players import level
from tests.players.helpers import state_after

WAIT_S = 60  # generous: only reached if a search never ends


def _frozen_clock() -> float:
    return 0.0  # the deadline never comes: only a cancel or a depth limit ends a search


def test_a_search_delivers_a_legal_move_for_its_tag() -> None:
    answers: queue.Queue[Answer] = queue.Queue()
    thinker = Thinker(clock=_frozen_clock, deliver=answers.put, seed=1)
    state = state_after("culls", ["h8", "i8", "g9", "j10"], first="blue")
    thinker.start(state, level(3), movetime_ms=None, tag="seat 0")
    answer = answers.get(timeout=WAIT_S)
    assert answer.tag == "seat 0" and answer.ply == 4
    assert state.why_illegal(answer.choice.token) is None
    assert state.ply == 4  # the search worked on a copy


def test_cancel_stops_a_search_and_drops_its_answer() -> None:
    answers: queue.Queue[Answer] = queue.Queue()
    thinker = Thinker(clock=_frozen_clock, deliver=answers.put)
    state = state_after("culls", ["h8", "i8", "g9", "j10"], first="blue")
    thinker.start(state, level(6), movetime_ms=None, tag="endless")
    assert thinker.thinking()
    thinker.cancel()
    thinker.join(WAIT_S)
    assert not thinker.thinking()
    assert answers.empty()


def test_a_new_search_cancels_the_running_one() -> None:
    answers: queue.Queue[Answer] = queue.Queue()
    thinker = Thinker(clock=_frozen_clock, deliver=answers.put)
    state = state_after("cubulus", [], first="red", players=3)
    thinker.start(state, level(6), movetime_ms=None, tag="old")
    thinker.start(state, level(1), movetime_ms=None, tag="new")
    assert answers.get(timeout=WAIT_S).tag == "new"
    thinker.join(WAIT_S)
    assert answers.empty()
