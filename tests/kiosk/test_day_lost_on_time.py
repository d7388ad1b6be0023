"""The day totals count the rounds lost on time, as the history page does."""

from __future__ import annotations

import datetime
from pathlib import Path

from firmware.history.store import History
from firmware.rules.time_control import parse_time_control
from tests.controller.conftest import Rig
from tests.controller.test_game_clock import CULLS_SETUP, at

DAY = datetime.date(2026, 11, 30)  # the rig's wall clock


def day_lost_on_time(state: Path) -> tuple[int, int]:
    history = History(state)
    try:
        totals = history.day_totals(DAY)
        return totals.lost_on_time, totals.rounds
    finally:
        history.close()


def test_a_round_lost_on_time_is_counted_in_the_day_totals(tmp_path: Path) -> None:
    state = tmp_path / "state"
    rig = Rig(state, time_control=parse_time_control("0.1"))
    rig.start("culls", {"mode": "duel"}, first="blue")
    for cell in CULLS_SETUP:
        rig.tap(cell)
    assert day_lost_on_time(state) == (0, 0)
    at(rig, rig.clock.now() + 6.001)  # blue's six seconds are up: red wins the round
    assert rig.score["phase"] == "round_over"
    assert day_lost_on_time(state) == (1, 0)  # the match goes on: no finished match yet
