"""``cullsboard fleet`` runs the café's tournaments from its page's API: staff with the PIN
create an event and pair its rounds, the tables get their games over the broker and send their
results back, the standings and the event's files follow, and a killed fleet finds it all again.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from firmware.link import topics
from tests.link.broker import wait_for
from tests.link.tournament_rig import Start, Table
from tests.web.client import request

NEW_EVENT = {
    "name": "Tuesday round robin",
    "game": "culls",
    "format": "round_robin",
    "clock": "5+3",
    "rules": {"mode": "duel", "rounds_to_win": 3},
    "players": ["Ana", "Ben", "Cleo", "Dev"],
}


def test_staff_run_a_round_robin_of_four_from_the_page_over_two_tables(
    started: Start, two_tables: list[Table], tmp_path: Path, pin_file: Path
) -> None:
    fleet = started(tmp_path / "fleet", pin_file)
    wait_for("both tables free", lambda: all(
        b["free"] for b in request(fleet.url + "api/boards").json()["boards"]
    ) and len(request(fleet.url + "api/boards").json()["boards"]) == 2)  # fmt: skip
    assert fleet.post("api/tournaments", NEW_EVENT, pin="0000").status == 403
    created = fleet.post("api/tournaments", NEW_EVENT)
    assert created.status == 201, created.body
    number = created.json()["id"]
    for round_ in (1, 2, 3):
        paired = fleet.post(f"api/tournaments/{number}/round", {})
        assert paired.status == 200 and paired.json()["unsent"] == [], paired.body
        wait_for(f"round {round_} at both tables", lambda: all(t.playing() for t in two_tables))
        for table in two_tables:
            game = table.playing()
            assert game is not None and game["clock"] == "5+3" and game["round"] == round_
            assert isinstance(game["rules"], dict) and game["rules"]["rounds_to_win"] == 3
            players = game["players"]
            assert isinstance(players, list)
            table.finish(str(players[0]), "line")  # the first seat wins every game
        if round_ == 2:  # killed mid-event: a fresh fleet finds the event as it was
            fleet.kill()
            fleet = started(tmp_path / "fleet", pin_file)
        wait_for(f"round {round_} counted", fleet.all_decided)
        wait_for("the tables free again", lambda: not any(t.playing() for t in two_tables))
    (event,) = fleet.events()
    assert event["finished"] is True and event["round"] == 3
    points = {line["name"]: line["points"] for line in event["standings"]}
    assert sum(points.values()) == 6.0 and set(points) == {"Ana", "Ben", "Cleo", "Dev"}
    assert fleet.post(f"api/tournaments/{number}/round", {}).status == 409  # every round played

    standings = request(fleet.url + f"api/tournaments/{number}/standings.csv")
    rows = list(csv.DictReader(io.StringIO(standings.body.decode())))
    assert [float(r["points"]) for r in rows] == sorted(points.values(), reverse=True)
    games = request(fleet.url + f"api/tournaments/{number}/pairings.csv")
    played = list(csv.DictReader(io.StringIO(games.body.decode())))
    assert len(played) == 6 and {r["table"] for r in played} == {"table-1", "table-2"}
    report = request(fleet.url + f"api/tournaments/{number}/report.trf").body.decode()
    assert report.startswith("012 Tuesday round robin\n") and report.count("\n001 ") == 4


def test_without_a_pin_file_the_page_runs_no_tournament(started: Start, tmp_path: Path) -> None:
    fleet = started(tmp_path / "fleet", None)
    refused = fleet.post("api/tournaments", NEW_EVENT)
    assert refused.status == 403 and "--pin-file" in refused.json()["error"]
    assert fleet.events() == []


def test_bad_requests_get_one_line_and_change_nothing(
    started: Start, tmp_path: Path, pin_file: Path
) -> None:
    fleet = started(tmp_path / "fleet", pin_file)
    for body in (
        {**NEW_EVENT, "format": "knockout"},
        {**NEW_EVENT, "players": ["Ana"]},
        {**NEW_EVENT, "players": ["Ana", "ana"]},
        {**NEW_EVENT, "rounds": 0},
        {**NEW_EVENT, "ratings": {"Ana": "high"}},
        {**NEW_EVENT, "game": "chess"},
        {**NEW_EVENT, "rules": {"mode": "solo"}},
        {**NEW_EVENT, "clock": "forever"},
        [1, 2],
    ):
        reply = fleet.post("api/tournaments", body)
        assert reply.status == 409, (body, reply.body)
        assert "\n" not in reply.json()["error"]
    assert fleet.post("api/tournaments/7/round", {}).status == 409
    assert request(fleet.url + "api/tournaments/7/report.trf").status == 404
    assert fleet.events() == []
    assert topics.ROOT  # the broker was there throughout
