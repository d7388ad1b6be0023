"""A whole Cubulus game between two boards, one of them a separate process killed mid-game."""

from __future__ import annotations

import json
from pathlib import Path

from firmware.history.store import History
from firmware.link.online_request import HOST, OnlineRequest
from firmware.rules.api import JsonValue
from firmware.rules.records import Record, parse_record, record_from_json, replay
from tests.link.boards import LinkedBoard
from tests.link.broker import Mosquitto, Observer, wait_for
from tests.link.online_play import (
    ProcessBoard,
    Side,
    connected_to,
    in_phase,
    online_of,
    play_round,
    players_of,
)

SAMPLE = (
    Path(__file__).resolve().parents[2] / "firmware/games/cubulus/samples/cubulus-2p-sample.json"
)


def test_a_whole_cubulus_game_survives_a_board_killed_and_restarted(
    broker: Mosquitto, observer: Observer, tmp_path: Path
) -> None:
    sample = parse_record(SAMPLE.read_text())
    rules: dict[str, JsonValue] = dict(sample.rules)
    host = LinkedBoard(
        broker.url, "cafe-a", tmp_path / "a",
        online=OnlineRequest(HOST, game="cubulus", rules=rules, first=sample.first),
    )  # fmt: skip
    guest: ProcessBoard | None = None
    try:
        wait_for("a join code", lambda: "code" in online_of(host))
        code = str(online_of(host)["code"])
        guest = ProcessBoard(
            broker.url, "home-b", tmp_path / "b", observer, "--online", f"join:{code}"
        )
        wait_for("the guest's game", in_phase(guest, "playing"))
        wait_for("connected", connected_to(host, "home-b"))
        assert players_of(host) == ["here", "remote"] and players_of(guest) == ["remote", "here"]
        record = Record("cubulus", rules, sample.first, sample.moves)
        sides: dict[str, Side] = {"red": host, "black": guest}

        play_round(sides, record, upto=9)
        guest.kill()  # a power cut at the guest's board
        wait_for("the host sees it gone", lambda: online_of(host).get("connected") is False)
        host_moves = list(sample.moves[:9])
        guest = ProcessBoard(broker.url, "home-b", tmp_path / "b", observer)  # no --online: resumed
        sides["black"] = guest
        wait_for("connected again", connected_to(host, "home-b"))
        wait_for(
            "the guest resumed",
            lambda: guest is not None and guest.score.get("moves") == host_moves,
        )
        play_round(sides, record, start=9)
        wait_for("won on the guest", in_phase(guest, "match_over"))
        assert host.score["winner"] == "red" and guest.score["winner"] == "red"
        assert host.score["record"] == guest.score["record"]
        final, error = replay(record_from_json(json.loads(json.dumps(host.score["record"]))))
        assert error is None and final.outcome().winner == "red"
    finally:
        host.close()
        if guest is not None:
            guest.close()
    history = History(tmp_path / "b")
    (match,) = history.matches()
    assert (match.game, match.winner, match.players) == ("cubulus", "red", ["remote", "here"])
