"""A tournament kept in SQLite survives a restart and a failed change; written out, its CSV opens
in a spreadsheet and its report file has the fixed columns of FIDE's TRF."""

from __future__ import annotations

import csv
import datetime
import io
import random
from pathlib import Path

import pytest

from firmware.fleet.tournament_files import pairings_csv, report_file, standings_csv
from firmware.fleet.tournament_store import TournamentStore
from firmware.tournament.event import Settings, Tournament
from firmware.tournament.model import Format, Result, TournamentError
from tests.tournament.test_pairing import event, play_round

DAY = datetime.date(2026, 12, 1)


def test_a_kept_tournament_is_found_whole_after_a_restart(tmp_path: Path) -> None:
    store = TournamentStore(tmp_path)
    number = store.create(event(6, Format.SWISS), created=1_000.0)
    store.change(number, lambda t: play_round(t, random.Random(5)))
    pairings = store.change(number, Tournament.pair_next_round)
    store.change(number, lambda t: t.send(pairings[0].key, "table-2"))
    before = store.get(number).tournament.to_json()
    store.close()

    again = TournamentStore(tmp_path)
    kept = again.get(number)
    assert kept.tournament.to_json() == before and kept.created == 1_000.0
    assert kept.tournament.tables == {pairings[0].key: "table-2"}
    assert [k.id for k in again.all()] == [number]
    again.close()


def test_a_change_that_fails_keeps_nothing(tmp_path: Path) -> None:
    store = TournamentStore(tmp_path)
    number = store.create(event(4, Format.SWISS), created=0.0)
    first = store.change(number, Tournament.pair_next_round)[0]

    def record_then_fail(tournament: Tournament) -> None:
        tournament.record(first.key, Result(first.players[0], "line"))
        raise TournamentError("the staff cancelled")

    with pytest.raises(TournamentError, match="cancelled"):
        store.change(number, record_then_fail)
    assert store.get(number).tournament.results == {}
    with pytest.raises(TournamentError, match="no tournament 99"):
        store.get(99)
    store.close()


def test_the_csv_files_have_a_row_per_game_and_per_player() -> None:
    tournament = event(5, Format.ROUND_ROBIN)
    play_round(tournament)
    tournament.pair_next_round()  # round 2 paired, not yet played
    games = list(csv.DictReader(io.StringIO(pairings_csv(tournament))))
    assert len(games) == 6  # 2 games and a bye a round
    byes = [g for g in games if g["reason"] == "bye"]
    assert len(byes) == 2 and all(g["seat2"] == "" and g["winner"] == g["seat1"] for g in byes)
    played = [g for g in games if g["round"] == "1" and g["reason"] != "bye"]
    assert all(g["winner"] in (g["seat1"], g["seat2"]) and g["reason"] == "line" for g in played)
    waiting = [g for g in games if g["round"] == "2" and g["reason"] != "bye"]
    assert all(g["winner"] == "" for g in waiting)
    lines = list(csv.DictReader(io.StringIO(standings_csv(tournament))))
    assert lines[0]["rank"] == "1" and len(lines) == 5
    # round 1: 2 games and a bye; round 2: its bye, scored when paired
    assert sum(float(line["points"]) for line in lines) == 4.0


def _fields(line: str, start: int, end: int) -> str:
    return line.ljust(200)[start - 1 : end]


def test_the_report_file_has_each_game_on_both_players_lines() -> None:
    tournament = event(5, Format.SWISS, rounds=3)
    rng = random.Random(11)
    for _ in range(3):
        play_round(tournament, rng)
    text = report_file(tournament, DAY, DAY)
    lines = text.splitlines()
    assert lines[0] == "012 Tuesday" and "042 2026/12/01" in lines and "142 3" in lines
    players = [line for line in lines if line.startswith("001")]
    assert len(players) == 5
    by_number = {int(_fields(line, 5, 8)): line for line in players}
    names = {n: _fields(line, 15, 47).strip() for n, line in by_number.items()}
    standing = {line.name: line for line in tournament.standings()}
    for number, line in by_number.items():
        assert float(_fields(line, 81, 84)) == standing[names[number]].points
        assert int(_fields(line, 86, 89)) == standing[names[number]].rank
        for round_ in range(3):
            base = 92 + 10 * round_
            opponent, colour, result = (
                int(_fields(line, base, base + 3)),
                _fields(line, base + 5, base + 5),
                _fields(line, base + 7, base + 7),
            )
            if opponent == 0:
                assert (colour, result) == ("-", "U")
                continue
            theirs = by_number[opponent]
            assert int(_fields(theirs, base, base + 3)) == number
            assert {colour, _fields(theirs, base + 5, base + 5)} == {"w", "b"}
            pair = {result, _fields(theirs, base + 7, base + 7)}
            assert pair in ({"1", "0"}, {"="})


def test_a_report_file_of_groups_of_three_is_refused_with_the_csv_offered() -> None:
    tournament = Tournament(
        Settings("Cube night", "cubulus", Format.SWISS, 3), event(6, Format.SWISS).entrants
    )
    with pytest.raises(TournamentError, match="export the CSV"):
        report_file(tournament, DAY, DAY)
