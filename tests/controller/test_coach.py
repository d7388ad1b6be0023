"""The coach's analyser process: the lowest priority, cancelled at once by a search, going on
where it stopped with the figures ``analyse`` gives, and dropped past its time."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from firmware.controller.coach.coach import Coach
from firmware.controller.coach.coach_yields import CoachYields
from firmware.controller.computer.thinker import Answer
from firmware.players import Choice, Level, level
from firmware.players.analysis import analyse
from firmware.rules import find_game
from firmware.rules.api import GameState
from firmware.rules.records import Record, record_of

WAIT_S = 120.0  # only reached if something never happens


def long_round(moves: int = 40, seed: int = 1) -> Record:
    """A Culls round of random moves, not over."""
    game = find_game("culls")
    state = game.new_state(game.parse_rules({}), "blue")
    rng = random.Random(seed)
    while state.ply < moves and not state.outcome().is_over:
        state.apply(rng.choice(sorted(state.legal_actions())))
    assert not state.outcome().is_over
    return record_of(state)


def until(what: Callable[[], object], seconds: float = WAIT_S) -> None:
    end = time.monotonic() + seconds
    while not what():
        assert time.monotonic() < end, "it never happened"
        time.sleep(0.01)


def running(pid: int) -> bool:
    """Whether ``pid`` is a process that has not ended (a zombie has ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except (OSError, IndexError):
        return False


class FakeSearch:
    """A search that answers only when the test says so."""

    def __init__(self, deliver: Callable[[Answer], None]) -> None:
        self.deliver = deliver
        self.searching = False

    def thinking(self) -> bool:
        return self.searching

    def start(
        self,
        state: GameState,
        level: Level,
        *,
        movetime_ms: int | None,
        tag: object,
        nodes: int | None = None,
    ) -> None:
        self.searching = True

    def cancel(self) -> None:
        self.searching = False

    def join(self, timeout: float | None = None) -> None:
        pass

    def answer(self) -> None:
        self.searching = False
        self.deliver(Answer(0, 0, Choice("h8", 0, 1, 1)))


def test_the_analyser_runs_at_the_lowest_priority() -> None:
    coach = Coach()
    try:
        coach.ask(long_round())
        until(lambda: coach.pid() is not None)
        pid = coach.pid()
        assert pid is not None
        assert os.getpriority(os.PRIO_PROCESS, pid) == 19
        assert os.sched_getscheduler(pid) == os.SCHED_IDLE
    finally:
        coach.close()


def test_a_search_cancels_the_analysis_at_once_and_it_goes_on_where_it_stopped() -> None:
    record = long_round(30)
    coach = Coach(max_nodes=60_000)
    answers: list[Answer] = []
    searcher = CoachYields(FakeSearch, coach, answers.append)
    search = searcher.inner
    assert isinstance(search, FakeSearch)
    try:
        coach.ask(record)
        until(lambda: coach.progress(record) >= 3)
        first = coach.pid()
        assert first is not None
        searcher.start(record.new_state(), level(3), movetime_ms=None, tag=0)
        assert coach.pid() is None
        until(lambda: not running(first), 1.0)  # killed at once, not at its next move
        reached = coach.progress(record)
        time.sleep(0.5)
        assert coach.pid() is None and coach.runs == 1  # nothing runs while the search does
        search.answer()
        assert answers and coach.runs <= 2
        until(lambda: coach.pid() is not None)
        second = coach.pid()
        assert second is not None
        command = Path(f"/proc/{second}/cmdline").read_bytes().split(b"\0")
        assert command[command.index(b"--from") + 1] == str(reached + 1).encode()
        found = coach.wait(record, WAIT_S)
        assert coach.runs == 2
        nodes = coach.nodes(record)
    finally:
        coach.close()
    assert found == analyse(record.new_state(), list(record.moves), nodes)


def test_a_round_past_its_time_is_dropped(caplog: pytest.LogCaptureFixture) -> None:
    record = long_round()
    coach = Coach(max_s=0.3)
    try:
        coach.ask(record)
        assert coach.wait(record, WAIT_S) is None
        assert not coach.waiting(record) and coach.pid() is None
    finally:
        coach.close()
    assert "the coach gave up on round 0: over 0 s" in caplog.text
