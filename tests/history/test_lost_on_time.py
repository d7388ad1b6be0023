"""A round lost on time goes into the history with its reason: the history page says "Red won
round 1 on time" and counts the day's rounds lost on time; a round lost otherwise adds nothing."""

from __future__ import annotations

from pathlib import Path

from firmware.history.store import History
from firmware.rules.time_control import parse_time_control
from firmware.web import serve_in_thread
from tests.controller.conftest import Rig
from tests.history.test_history import fetch


def test_the_history_page_counts_rounds_lost_on_time(tmp_path: Path) -> None:
    state = tmp_path / "state"
    rig = Rig(state, time_control=parse_time_control("0.1"))
    rig.start("culls", {"mode": "duel"}, first="blue")
    for cell in ("h8", "h9", "a1", "a2"):
        rig.tap(cell)
    rig.advance(6.0)  # blue's six seconds run out
    assert (rig.score["status"], rig.score["winner"]) == ("won", "red")
    (match,) = History(state).matches()
    rounds = History(state).rounds(match.id)
    assert [(r.winner, r.reason) for r in rounds] == [("red", "time")]
    with serve_in_thread(rig.controller, host="127.0.0.1", port=0, history_dir=state) as server:
        page = fetch(f"{server.url}history?day={match.day}").decode()
    assert "Red won round 1 on time" in page
    assert "0 matches finished, 1 round played, 1 lost on time." in page
    rig.board.close()
