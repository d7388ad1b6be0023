"""The end-of-day export a café can use: ``history export --csv`` has the players' names, the
times and the results; ``history export --out DIR`` writes files that ``cullsboard replay``
reads; ``history list`` names the players."""

from __future__ import annotations

import csv
import datetime
import io
import json
from pathlib import Path

import pytest

from firmware.cli import main
from tests.controller.conftest import Rig
from tests.history.test_leaderboard import name, play_rounds

WALL = datetime.datetime(2026, 11, 30, 19, 5)


def named_match(state: Path) -> None:
    """Ana (blue) beats Ben (red) 3-1 in a duel to 3."""
    rig = Rig(state, wall_start=WALL).start(
        "culls", {"mode": "duel", "rounds_to_win": 3}, first="blue"
    )
    name(rig, "blue", "Ana")
    name(rig, "red", "Ben, Jr.")  # a comma: the CSV quotes it
    play_rounds(rig, ["red", "blue", "blue", "blue"])
    assert rig.score["phase"] == "match_over"
    rig.board.close()


def test_the_csv_export_has_names_times_games_and_results(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = tmp_path / "state"
    named_match(state)
    assert main(["history", "export", "--csv", "--state-dir", str(state)]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert len(rows) == 4
    assert [r["round_winner_players"] for r in rows] == ["Ben, Jr.", "Ana", "Ana", "Ana"]
    assert {r["match_winner"] for r in rows} == {"blue"}
    assert {r["match_winner_players"] for r in rows} == {"Ana"}
    assert {r["seats"] for r in rows} == {"blue: Ana; red: Ben, Jr."}
    first = rows[0]
    assert first["game"] == "culls" and json.loads(first["rules"])["mode"] == "duel"
    started = datetime.datetime.fromisoformat(first["started"])
    assert started.replace(tzinfo=None) == WALL and started.tzinfo is not None
    ended = [datetime.datetime.fromisoformat(r["round_ended"]) for r in rows]
    assert ended == sorted(ended) and ended[0] >= started
    assert datetime.datetime.fromisoformat(first["finished"]) >= ended[-1]


def test_export_out_writes_files_that_replay_and_list_names_the_players(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = tmp_path / "state"
    named_match(state)
    out = tmp_path / "export"
    assert main(["history", "export", "--out", str(out), "--state-dir", str(state)]) == 0
    written = capsys.readouterr().out.split()
    assert len(written) == 4 and sorted(written) == sorted(str(p) for p in out.iterdir())
    winners = []
    for path in written:
        assert main(["replay", path]) == 0
        winners.append(json.loads(capsys.readouterr().out)["winner"])
    assert sorted(winners) == ["blue", "blue", "blue", "red"]

    assert main(["history", "list", "--state-dir", str(state)]) == 0
    listed = capsys.readouterr().out
    assert "Ana/Ben, Jr." in listed and "here/here" not in listed

    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    assert main(["history", "export", "--out", str(blocked), "--state-dir", str(state)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cullsboard history: --out: cannot write") and err.count("\n") == 1
