"""Fuzzing what the broker hands the board and the fleet page: any payload on any topic they
subscribe to, retained states from boards never heard of. Nothing is ever a traceback; the
board plays on and the fleet page still draws every board it has a state for."""

from __future__ import annotations

import functools
import json
import logging
import time
from collections.abc import Iterator
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from paho.mqtt.enums import CallbackAPIVersion

from firmware.fleet.roster import Roster
from firmware.link import topics
from firmware.link.online_request import HOST, OnlineRequest
from firmware.rules.api import JsonValue
from tests.fuzz.strategies import json_bytes, json_values
from tests.link.boards import LinkedBoard
from tests.link.broker import Mosquitto, wait_for
from tests.link.conftest import broker
from tests.link.online_play import online_of

__all__ = ["broker"]  # the fixture: a real Mosquitto
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BOARD_IDS = st.one_of(
    st.sampled_from(["b1", "table-1", "x" * 40, "", "UPPER", "a/b", "+", "#", "\u00e9t\u00e9"]),
    st.text(min_size=1, max_size=12),
)
STATE_KEYS = ["score", "cafe", "at", "games_today", "lights", "game", "phase", "scores"]


@st.composite
def near_states(draw: st.DrawFn) -> bytes:
    """JSON objects shaped like a board's state, with any value under its keys."""
    keys = draw(st.lists(st.sampled_from(STATE_KEYS), max_size=6))
    state: dict[str, JsonValue] = {key: draw(json_values) for key in keys}
    if draw(st.booleans()):
        state["score"] = {key: draw(json_values) for key in STATE_KEYS[3:]}
    return json.dumps(state).encode()


payloads = st.one_of(json_bytes, near_states(), st.binary(max_size=64))


@FAST
@given(st.lists(st.tuples(BOARD_IDS, st.sampled_from(["status", "state"]), payloads), max_size=8))
def test_the_fleet_roster_reads_any_payload_from_any_board(
    messages: list[tuple[str, str, bytes]],
) -> None:
    roster = Roster()
    for board, kind, payload in messages:
        topic = f"{topics.ROOT}/boards/{board}/{kind}"
        handler = roster.status_seen if kind == "status" else roster.state_seen
        roster.post(functools.partial(handler, topic, payload))
    cards = roster.snapshot()
    json.dumps(cards)  # the page's /api/boards answer can always be written
    assert [card["board"] for card in cards] == sorted(roster.boards)
    for card in cards:
        entry = roster.boards[str(card["board"])]
        assert entry.state is None or isinstance(entry.state, dict)


def test_a_retained_state_from_an_unknown_board_is_shown_as_that_board() -> None:
    roster = Roster()
    roster.state_seen(topics.board_state("never-seen"), b'{"score": [1, 2], "lights": "no"}')
    (card,) = roster.snapshot()
    assert card["board"] == "never-seen" and card["status"] is None
    assert card["game"] is None and card["lights"] == "no"


class Publisher:
    """A plain MQTT client that publishes anything, as any client on the broker may."""

    def __init__(self, port: int) -> None:
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2)
        self.client.connect("127.0.0.1", port, keepalive=10)
        self.client.loop_start()

    def send(self, topic: str, payload: bytes, *, retain: bool) -> None:
        self.client.publish(topic, payload, qos=1, retain=retain).wait_for_publish(10)

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


@pytest.fixture
def hosting(broker: Mosquitto, tmp_path: Path) -> Iterator[tuple[LinkedBoard, str, Publisher]]:
    board = LinkedBoard(
        broker.url, "host-1", tmp_path / "host",
        online=OnlineRequest(HOST, game="culls", rules={"mode": "duel"}, first="blue"),
    )  # fmt: skip
    wait_for("a join code", lambda: "code" in online_of(board))
    publisher = Publisher(broker.port)
    yield board, str(online_of(board)["code"]), publisher
    publisher.close()
    board.close()


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(
        st.tuples(st.sampled_from(["offer", "guest", "stranger", "peer-status"]), payloads),
        min_size=1,
        max_size=6,
    )
)
def test_the_board_plays_on_whatever_arrives_on_its_topics(
    hosting: tuple[LinkedBoard, str, Publisher],
    caplog: pytest.LogCaptureFixture,
    messages: list[tuple[str, bytes]],
) -> None:
    board, code, publisher = hosting
    where = {
        "offer": topics.game_offer(code),
        "guest": topics.game_board(code, "guest-1"),
        "stranger": topics.game_board(code, "zz-unknown"),
        "peer-status": topics.board_status("guest-1"),
    }
    for kind, payload in messages:
        publisher.send(where[kind], payload, retain=kind != "peer-status")
    time.sleep(0.1)  # the board reads them on its own threads
    assert board._thread.is_alive(), "the board's loop stopped"
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert isinstance(board.controller.view().score, dict)
