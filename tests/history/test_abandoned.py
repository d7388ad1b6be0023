"""A match put away unfinished (NEW during the match, or the kiosk's idle time) is kept as
abandoned, counted apart from the matches played: not in a player's matches, "abandoned" in the
CSV and the list, and on the history page's day line."""

from __future__ import annotations

import csv
import datetime
import io
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.history.leaderboard import day_leaderboard
from firmware.history.store import History
from firmware.web.history_words import day_html
from tests.controller.conftest import Rig
from tests.history.test_leaderboard import name, play_rounds

WALL = datetime.datetime(2026, 11, 30, 19, 5)


def test_new_during_a_match_keeps_it_as_abandoned_not_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = tmp_path / "state"
    rig = Rig(state, wall_start=WALL).start(
        "culls", {"mode": "duel", "rounds_to_win": 3}, first="blue"
    )
    name(rig, "blue", "Ana")
    name(rig, "red", "Ben")
    play_rounds(rig, ["blue"])  # a round won, the match far from over
    rig.press("new")  # NEW during the match asks first
    rig.press("new")  # the second NEW puts it away
    rig.board.close()

    history = History(state)
    try:
        (match,) = history.matches()
        assert (match.finished, match.abandoned) == (None, "new")
        standings = {s.name: s for s in day_leaderboard(history, WALL.date())}
        assert (standings["Ana"].matches, standings["Ana"].abandoned) == (0, 1)
        line = day_html([(match, history.rounds(match.id))])
        assert "0 matches finished, 1 round played; 1 abandoned." in line
    finally:
        history.close()
    assert main(["history", "export", "--csv", "--state-dir", str(state)]) == 0
    (row,) = csv.DictReader(io.StringIO(capsys.readouterr().out))
    assert row["match_winner"] == "abandoned"
    assert main(["history", "list", "--state-dir", str(state)]) == 0
    assert "abandoned" in capsys.readouterr().out
