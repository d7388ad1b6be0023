"""The end-of-day export a café can use: ``history export --csv`` has the players' names, the
times and the results; ``history export --out DIR`` writes files that ``cullsboard replay``
reads; ``history list`` names the players."""

from __future__ import annotations

import csv
import datetime
import io
import json
import sqlite3
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.history.store import FILE_NAME
from firmware.rules.time_control import parse_time_control
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


def test_the_csv_has_a_column_per_seat_the_time_control_and_how_each_round_ended(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = tmp_path / "state"
    named_match(state)
    assert main(["history", "export", "--csv", "--state-dir", str(state)]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert len(rows) == 4
    for row in rows:  # a spreadsheet filters by one player's column
        assert (row["seat1_colour"], row["seat1_player"]) == ("blue", "Ana")
        assert (row["seat2_colour"], row["seat2_player"]) == ("red", "Ben, Jr.")
        assert row["seat3_colour"] == row["seat3_player"] == row["seat4_player"] == ""
        assert row["round_reason"] == "line"  # every round was won with five in a row
        assert row["time_control"] == "none"


def test_a_timed_round_lost_on_time_says_so_and_its_time_control(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = tmp_path / "state"
    rig = Rig(state, wall_start=WALL, time_control=parse_time_control("0.5"))
    rig.start("culls", {"mode": "duel", "rounds_to_win": 3}, first="blue")
    for cell in ("h8", "h9", "a1", "a2", "c3"):  # the untimed setup, then blue's first move
        rig.tap(cell)
    rig.advance(31.0)  # red's half minute runs out
    assert rig.score["winner"] == "blue"
    rig.board.close()
    assert main(["history", "export", "--csv", "--state-dir", str(state)]) == 0
    (row,) = csv.DictReader(io.StringIO(capsys.readouterr().out))
    assert (row["round_reason"], row["time_control"], row["round_winner"]) == (
        "time",
        "0.5",
        "blue",
    )


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

    again = tmp_path / "again"  # the same export twice into one folder: every file kept
    for _ in range(2):
        assert main(["history", "export", "--out", str(again), "--state-dir", str(state)]) == 0
    second = capsys.readouterr()
    assert len(list(again.iterdir())) == 8
    assert "4 file(s) already there kept" in second.err and second.err.count("\n") == 1

    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    assert main(["history", "export", "--out", str(blocked), "--state-dir", str(state)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cullsboard history: --out: cannot write") and err.count("\n") == 1


def test_two_boards_exported_into_one_folder_keep_every_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "export"
    boards = [tmp_path / "table-1", tmp_path / "table-2"]
    for number, state in enumerate(boards, start=1):
        named_match(state)
        with sqlite3.connect(state / FILE_NAME) as db:  # as that table's board names its rows
            db.execute("UPDATE matches SET board = ?", (f"table-{number}",))
        assert main(["history", "export", "--out", str(out), "--state-dir", str(state)]) == 0
    written = sorted(p.name for p in out.iterdir())
    assert len(written) == 8 and capsys.readouterr().err == ""
    assert written[0] == "cullsboard-table-1-1-round1.json"
    assert written[4] == "cullsboard-table-2-1-round1.json"
