"""A whole Culls match between two boards over a real Mosquitto, the broker killed mid-game."""

from __future__ import annotations

import json
import time
from pathlib import Path

from firmware.controller.core.timing import TABLE_TIMING
from firmware.controller.view.faults import FAULT_COLOUR, LINK_DOWN_COLOUR
from firmware.history.store import History
from firmware.link import topics
from firmware.link.online_request import GUEST, HOST, OnlineRequest
from firmware.rules.api import JsonValue
from firmware.rules.records import Record, parse_record, record_from_json, replay
from tests.controller.games import culls_round_taps
from tests.link.boards import LinkedBoard
from tests.link.broker import Mosquitto, wait_for
from tests.link.online_play import (
    READY,
    connected_to,
    in_phase,
    in_round,
    next_round,
    play_round,
    players_of,
)

SAMPLES = Path(__file__).resolve().parents[2] / "firmware" / "games" / "culls" / "samples"
RULES: dict[str, JsonValue] = {"size": 15, "mode": "duel", "exact_five": False, "rounds_to_win": 3}


def start_pair(broker: Mosquitto, tmp_path: Path, first: str) -> tuple[LinkedBoard, LinkedBoard]:
    host = LinkedBoard(
        broker.url, "host-1", tmp_path / "host",
        online=OnlineRequest(HOST, game="culls", rules=RULES, first=first),
    )  # fmt: skip
    wait_for("a join code", lambda: isinstance(host.score.get("online"), dict))
    online = host.score["online"]
    assert isinstance(online, dict) and online["role"] == "host" and online["peer"] is None
    code = online["code"]
    assert isinstance(code, str) and topics.CODE.fullmatch(code)
    guest = LinkedBoard(broker.url, "guest-1", tmp_path / "guest",
                        online=OnlineRequest(GUEST, code))  # fmt: skip
    wait_for("the guest's match", lambda: guest.score.get("game") == "culls")
    wait_for("the host connected", connected_to(host, "guest-1"))
    wait_for("the guest connected", connected_to(guest, "host-1"))
    return host, guest


def test_a_whole_culls_match_across_two_boards_survives_a_broker_restart(
    broker: Mosquitto, tmp_path: Path
) -> None:
    sample = parse_record((SAMPLES / "culls-cull-and-win.json").read_text())
    host, guest = start_pair(broker, tmp_path, first=sample.first)
    try:
        assert players_of(host) == ["here", "remote"] and players_of(guest) == ["remote", "here"]
        sides = {"blue": host, "red": guest}
        round_one = Record("culls", RULES, sample.first, sample.moves)

        play_round(sides, round_one, upto=6)  # past the cull: h8 i8 g8 j8 xi8 i8-m12
        broker.kill()
        wait_for("the link down on both", lambda: host.link.link.down and guest.link.link.down)
        wait_for(
            "the violet edge", lambda: host.controller.view().frame.cells[0][0] == LINK_DOWN_COLOUR
        )
        status = host.controller.view().frame.status  # whose turn it is stays on the status LEDs
        assert LINK_DOWN_COLOUR not in status and FAULT_COLOUR not in status and any(status)
        guest.tap("f7")  # red plays on while the broker is gone
        wait_for("f7 made there", lambda: "f7" in guest.score["moves"])  # type: ignore[operator]
        broker.start()
        wait_for("f7 shown on the host", lambda: host.score["phase"] == "waiting_for_chip")
        host.tap("f7")
        play_round(sides, round_one, start=7)
        assert host.score["last_result"] == {
            "round": 1,
            "status": "won",
            "winner": "red",
            "reason": None,
            "ending": None,
            "words": "Red won",
        }

        for number in (2, 3):
            next_round([host, guest], number)
            first = str(host.score["to_move"])
            taps = culls_round_taps(first, "red")
            play_round(sides, Record("culls", RULES, first, tuple(taps)))
        for board in (host, guest):
            wait_for("the match over", in_phase(board, "match_over"))
            assert board.score["match_winner"] == "red"

        time.sleep(TABLE_TIMING.confirm_guard)
        host.tap_cell(READY)  # a rematch on both boards: who starts is drawn alike
        guest.tap_cell(READY)
        for board in (host, guest):
            wait_for("the rematch", in_round(board, 1))
        rematch_first = str(host.record["first"])
        assert guest.record["first"] == rematch_first
        play_round(sides, Record("culls", RULES, rematch_first, ("h8",)))
    finally:
        host.close()
        guest.close()

    kept = [History(tmp_path / side) for side in ("host", "guest")]
    (host_match,), (guest_match,) = (h.matches() for h in kept)  # the rematch has no round yet
    assert host_match.players == ["here", "remote"] and guest_match.players == ["remote", "here"]
    host_rounds = [r.record for r in kept[0].rounds(host_match.id)]
    guest_rounds = [r.record for r in kept[1].rounds(guest_match.id)]
    assert len(host_rounds) == 3 and host_rounds == guest_rounds
    for record in host_rounds:
        final, error = replay(record_from_json(json.loads(json.dumps(record))))
        assert error is None and final.outcome().winner == "red"
