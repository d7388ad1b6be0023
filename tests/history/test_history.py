"""Finished rounds and matches go to SQLite; the history command lists, shows and exports them."""

from __future__ import annotations

import dataclasses
import datetime
import json
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.controller.core.timing import TABLE_TIMING
from firmware.history.store import History
from firmware.history.totals import DayTotals, FinishedGame
from firmware.web import serve_in_thread
from tests.controller.conftest import Rig
from tests.controller.games import culls_round_taps


def play_match_blue_wins(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel", "rounds_to_win": 3}, first="blue")
    for number in range(1, 4):
        first = str(rig.score["to_move"])
        for name in culls_round_taps(first, "blue"):
            rig.tap(name)
        assert rig.score["last_result"] == {
            "round": number,
            "status": "won",
            "winner": "blue",
            "reason": None,
            "ending": None,
            "words": "Blue won",
        }
        if number < 3:
            rig.advance(TABLE_TIMING.line_show)
            rig.tap("h8")
    assert rig.score["phase"] == "match_over"


def test_a_finished_match_is_kept_with_every_round_and_survives_a_restart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rig = Rig(tmp_path / "state")
    play_match_blue_wins(rig)
    rig.board.close()

    history = History(tmp_path / "state")  # a new connection: what a restarted board sees
    (match,) = history.matches()
    assert (match.game, match.winner, match.rounds) == ("culls", "blue", 3)
    assert match.players == ["here", "here"] and match.finished is not None
    rounds = history.rounds(match.id)
    assert [r.winner for r in rounds] == ["blue", "blue", "blue"]
    assert [r.record["first"] for r in rounds if r.record] == ["blue", "red", "blue"]
    assert history.day_totals(datetime.date.fromisoformat(match.day)).games == 1
    mode = history._db.execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"
    history.close()

    assert main(["history", "list", "--state-dir", str(tmp_path / "state")]) == 0
    assert "culls" in capsys.readouterr().out
    assert main(["history", "export", str(match.id), "--state-dir", str(tmp_path / "state")]) == 0
    exported = capsys.readouterr().out
    record_file = tmp_path / "round3.json"
    record_file.write_text(exported, encoding="utf-8")
    assert main(["replay", str(record_file)]) == 0
    final = json.loads(capsys.readouterr().out)
    assert (final["status"], final["winner"]) == ("won", "blue")


def test_export_of_everything_is_one_replayable_record_per_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rig = Rig(tmp_path / "state")
    play_match_blue_wins(rig)
    rig.board.close()
    assert main(["history", "export", "--state-dir", str(tmp_path / "state")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3
    for number, line in enumerate(lines):
        path = tmp_path / f"r{number}.json"
        path.write_text(line + "\n", encoding="utf-8")
        assert main(["replay", str(path)]) == 0
        assert json.loads(capsys.readouterr().out)["winner"] == "blue"


def _old_day_file(state_dir: Path, day: datetime.date, *finished: FinishedGame) -> None:
    """A day file as boards before the match history wrote it: ``stats/YYYY-MM-DD.json``."""
    totals = DayTotals.of(day, list(finished))
    body = {
        "format": 1,
        "day": day.isoformat(),
        "games": totals.games,
        "rounds": totals.rounds,
        "seconds": round(totals.seconds, 1),
        "average_seconds": None
        if totals.average_seconds is None
        else round(totals.average_seconds, 1),
        "by_game": dict(totals.by_game),
        "wins": dict(totals.wins),
        "draws": totals.draws,
        "finished": [dataclasses.asdict(game) for game in finished],
    }
    path = state_dir / "stats" / f"{day.isoformat()}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(body, indent=1) + "\n", encoding="utf-8")


def test_the_json_day_files_are_migrated_once(tmp_path: Path) -> None:
    day = datetime.date(2026, 11, 29)
    _old_day_file(
        tmp_path,
        day,
        FinishedGame("culls", 4, "red", 600.0),
        FinishedGame("cubulus", 1, None, 300.0),
    )
    history = History(tmp_path)
    totals = history.day_totals(day)
    assert (totals.games, totals.rounds, dict(totals.wins), totals.draws) == (2, 5, {"red": 1}, 1)
    assert totals.seconds == pytest.approx(900.0)
    assert not (tmp_path / "stats" / "2026-11-29.json").exists()
    history.close()
    again = History(tmp_path)
    assert again.day_totals(day).games == 2  # not counted twice
    again.close()


@pytest.mark.parametrize(
    ("name", "body"),
    [
        ("2026-11-28", {"game": "culls", "rounds": 10**23, "winner": None, "seconds": 1}),
        ("2026-11-28", {"game": "culls", "rounds": 1, "winner": None, "seconds": 1e308}),
        ("0001-01-01", {"game": "culls", "rounds": 1, "winner": None, "seconds": 1}),
        ("2026-11-28", {"game": "culls", "rounds": "2", "winner": None, "seconds": 1}),
    ],
)
def test_a_day_file_with_numbers_the_history_cannot_keep_is_left_alone(
    tmp_path: Path, name: str, body: dict[str, object]
) -> None:
    day = datetime.date(2026, 11, 29)
    _old_day_file(tmp_path, day, FinishedGame("culls", 4, "red", 600.0))
    bad = tmp_path / "stats" / f"{name}.json"
    bad.write_text(json.dumps({"day": name, "finished": [body]}), encoding="utf-8")
    history = History(tmp_path)
    assert history.day_totals(day).games == 1  # the good file is read in
    assert [m.day for m in history.matches()] == ["2026-11-29"]
    history.close()
    assert bad.exists()  # left as it was


def test_history_command_errors_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["history", "list", "--state-dir", str(tmp_path)]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    empty = History(tmp_path)
    assert empty.matches() == []
    empty.close()
    assert main(["history", "show", "7", "--state-dir", str(tmp_path)]) == 2
    assert "no match 7" in capsys.readouterr().err


@pytest.mark.parametrize(
    "action", [["show", "9" * 20], ["export", "9" * 20], ["export", "-5"], ["show", "-" + "9" * 20]]
)
def test_a_match_id_no_row_can_have_is_no_such_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], action: list[str]
) -> None:
    History(tmp_path).close()
    empty = History(tmp_path)
    assert empty.matches() == []
    empty.close()
    assert main(["history", *action, "--state-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"no match {action[1]}" in err


def test_the_history_page_lists_the_days_games_and_serves_records_that_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rig = Rig(tmp_path / "state")
    play_match_blue_wins(rig)
    (match,) = History(tmp_path / "state").matches()
    with serve_in_thread(rig.controller, host="127.0.0.1", port=0,
                         history_dir=tmp_path / "state") as server:  # fmt: skip
        page = fetch(f"{server.url}history?day={match.day}").decode()
        assert "Culls duel" in page and "Blue won the match 3\N{EN DASH}0" in page
        assert "Blue won round 2" in page and "1 match finished, 3 rounds played" in page
        record = fetch(f"{server.url}api/history/{match.id}/2")
        empty = fetch(f"{server.url}history?day=2001-01-01").decode()
        assert "No games on this day" in empty
        with pytest.raises(urllib.error.HTTPError) as bad:  # a person's page: words, not JSON
            fetch(f"{server.url}history?day=bad")
        assert bad.value.code == 400
        answer = bad.value.read().decode()
        assert answer.startswith("<!doctype html>") and "That is not a day" in answer
        assert "YYYY-MM-DD" in answer and '{"error"' not in answer
    rig.board.close()
    path = tmp_path / "round2.json"
    path.write_bytes(record)
    assert main(["replay", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["winner"] == "blue"


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as response:
        body: bytes = response.read()
        return body


def test_a_match_resumed_after_a_restart_goes_on_in_its_own_row(tmp_path: Path) -> None:
    rig = Rig(tmp_path / "state")
    rig.start("culls", {"mode": "duel", "rounds_to_win": 3}, first="blue")
    for name in culls_round_taps("blue", "blue"):
        rig.tap(name)
    rig.board.close()  # the power goes after round 1

    again = Rig(tmp_path / "state")
    again.start()
    assert again.score["last_result"] == {
        "round": 1,
        "status": "won",
        "winner": "blue",
        "reason": None,
        "ending": None,
        "words": "Blue won",
    }
    for number in (2, 3):
        again.advance(TABLE_TIMING.line_show)
        again.tap("h8")
        for name in culls_round_taps(str(again.score["to_move"]), "blue"):
            again.tap(name)
        assert again.score["last_result"] == {
            "round": number,
            "status": "won",
            "winner": "blue",
            "reason": None,
            "ending": None,
            "words": "Blue won",
        }
    assert again.score["phase"] == "match_over"
    again.board.close()

    history = History(tmp_path / "state")
    (match,) = history.matches()
    assert (match.winner, match.rounds) == ("blue", 3) and match.finished is not None
    assert [r.number for r in history.rounds(match.id)] == [1, 2, 3]
    history.close()
