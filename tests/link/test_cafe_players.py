"""One player in the whole café: Ana plays on two tables and has one rating, the fleet's, made
from every table's matches and shown on the computer levels' scale on the fleet's page and on
each board's ``/players``; a match played while the broker was away counts once it is back."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from firmware.controller.core.live import NameSeat
from firmware.history.players import display_rating, players_of, results_of
from firmware.history.store import History
from firmware.rules.game_and_rules import GameAndRules
from firmware.web import serve_in_thread
from tests.link.boards import LinkedBoard
from tests.link.broker import Mosquitto, wait_for
from tests.link.test_tournament_tables import play_rounds, seated
from tests.link.tournament_rig import Start
from tests.web.client import request

MATCH = GameAndRules("culls", {"mode": "duel", "rounds_to_win": 3})


def named_match(board: LinkedBoard, winner: str, loser: str) -> None:
    """``winner`` beats ``loser`` 3-0 at ``board``; then a new match waits there."""
    board.controller.submit(NameSeat(0, winner))
    board.controller.submit(NameSeat(1, loser))
    wait_for("the names on", seated(board, [winner, loser]))
    play_rounds(board, winner, 3)
    wait_for("the match over", lambda: board.score.get("phase") == "match_over")


def _holds(state: Path, rating: int) -> Callable[[], bool]:
    """Whether the board in ``state`` has been sent Ana's café ``rating``."""

    def check() -> bool:
        kept = state / "cafe_players.json"
        return kept.exists() and f'"rating":{rating},' in kept.read_text(encoding="utf-8")

    return check


def _rating_on(page: str, name: str) -> int:
    found = re.search(rf">{name}</a></td><td>\d+</td><td>\d+</td><td>([\d,]+)</td>", page, re.I)
    assert found is not None, page
    return int(found.group(1).replace(",", ""))


def test_a_player_on_two_tables_has_one_rating_everywhere(
    broker: Mosquitto, started: Start, tmp_path: Path, pin_file: Path
) -> None:
    states = [tmp_path / "table-1", tmp_path / "table-2"]
    boards = [LinkedBoard(broker.url, f"table-{n}", states[n - 1], game=MATCH) for n in (1, 2)]
    fleet = started(tmp_path / "fleet", pin_file)
    try:
        named_match(boards[0], "Ana", "Ben")
        broker.kill()  # table-2 plays on alone ...
        named_match(boards[1], "ana", "Cleo")  # the same player, whatever the letter case
        broker.start()  # ... and its match reaches the fleet once the broker is back

        def cafe() -> dict[str, dict[str, object]]:
            body = request(fleet.url + "api/players").json()
            return {p["name"].casefold(): p for p in body["players"]}

        wait_for("both tables' matches", lambda: cafe().get("ana", {}).get("matches") == 2)
        players = cafe()
        assert set(players) == {"ana", "ben", "cleo"}
        rows = []
        for state in states:
            history = History(state)
            rows += history.matches()
            history.close()
        rows.sort(key=lambda r: r.finished or r.started)
        expected = {
            p.name.casefold(): display_rating(p.rating) for p in players_of(results_of(rows))
        }
        assert {n: p["rating"] for n, p in players.items()} == expected
        ana = int(str(players["ana"]["rating"]))
        assert ana > 1000 > int(str(players["ben"]["rating"])) > 0  # on the levels' scale
        page = request(fleet.url + "players").body.decode()
        assert f"{ana:,}" in page and "Champions this week" in page
        event = {"name": "Swiss", "game": "culls", "format": "swiss", "players": ["ANA", "Dev"]}
        assert fleet.post("api/tournaments", event).status == 201
        (kept,) = request(fleet.url + "api/tournaments").json()["tournaments"]
        assert [e["rating"] for e in kept["entrants"]] == [ana, 0]  # paired by the café's

        for board, state in zip(boards, states, strict=True):
            wait_for("the café's ratings at the board", _holds(state, ana))
            with serve_in_thread(
                board.controller, host="127.0.0.1", port=0, history_dir=state
            ) as web:
                shown = request(web.url + "players?period=all").body.decode()
            assert _rating_on(shown, "Ana") == ana, "the café's rating, not the board's own"
            assert "Ratings are the café's" in shown
    finally:
        for board in boards:
            board.close()
