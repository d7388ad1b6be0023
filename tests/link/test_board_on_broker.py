"""A board on a real Mosquitto: retained status and state, events, the last will, retries."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from pathlib import Path

import pytest

from firmware.link import topics
from firmware.rules.game_and_rules import GameAndRules
from tests.link.boards import LinkedBoard
from tests.link.broker import Mosquitto, Observer, free_port, wait_for

DUEL = GameAndRules("culls", {"mode": "duel", "size": 15})


def test_a_board_says_it_is_online_and_publishes_its_scoreboard(
    broker: Mosquitto, observer: Observer, tmp_path: Path
) -> None:
    board = LinkedBoard(broker.url, "table-1", tmp_path, game=DUEL)
    try:
        wait_for("online", lambda: observer.latest(topics.board_status("table-1")) == b"online")
        state_topic = topics.board_state("table-1")
        wait_for("a state", lambda: observer.latest_json(state_topic) is not None)
        first = observer.latest_json(state_topic)
        assert first is not None and first["board"] == "table-1"
        score = first["score"]
        assert isinstance(score, dict) and score["game"] == "culls" and score["moves"] == []
        lights = first["lights"]
        assert isinstance(lights, list) and len(lights) == 15 and len(lights[0]) == 15 * 6

        board.tap("h8")
        events = topics.board_events("table-1")
        wait_for("the move event", lambda: observer.on(events) != [])
        event = json.loads(observer.on(events)[0])
        assert (event["type"], event["ply"], event["token"]) == ("move", 1, "h8")

        def moved() -> bool:
            latest = observer.latest_json(state_topic)
            return latest is not None and latest["score"]["moves"] == ["h8"]  # type: ignore[index]

        wait_for("the state after the move", moved)
    finally:
        board.close()
    wait_for("offline", lambda: observer.latest(topics.board_status("table-1")) == b"offline")


def test_retained_status_and_state_reach_a_late_subscriber(
    broker: Mosquitto, tmp_path: Path
) -> None:
    board = LinkedBoard(broker.url, "table-2", tmp_path, game=DUEL)
    try:
        wait_for("connected", lambda: board.score["online"] is None and not board.link.link.down)
        board.tap("h8")
        wait_for("the move seen", lambda: board.score["moves"] == ["h8"])
        late = Observer(broker.port)
        try:
            state = topics.board_state("table-2")

            def has_move() -> bool:
                latest = late.latest_json(state)
                return latest is not None and latest["score"]["moves"] == ["h8"]  # type: ignore[index]

            wait_for("the retained state", has_move)
            assert late.latest(topics.board_status("table-2")) == b"online"
            first_retained = next(retained for t, _, retained in late.seen if t == state)
            assert first_retained  # the broker kept it for subscribers to come
        finally:
            late.close()
    finally:
        board.close()


def test_a_killed_board_is_marked_offline_by_its_last_will(
    broker: Mosquitto, observer: Observer, tmp_path: Path
) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "firmware.cli", "--mock-hal", "--web", "off",
         "--broker", broker.url, "--board-id", "killed-1", "--state-dir", str(tmp_path)],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    status = topics.board_status("killed-1")
    try:
        wait_for("online", lambda: observer.latest(status) == b"online")
    finally:
        process.kill()
        process.wait()
    wait_for("the last will", lambda: observer.latest(status) == b"offline")


def test_an_unreachable_broker_is_one_log_line_and_the_board_plays_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    port = free_port()
    caplog.set_level(logging.WARNING, logger="cullsboard.link")
    board = LinkedBoard(f"mqtt://127.0.0.1:{port}", "lonely", tmp_path, game=DUEL)
    try:
        board.tap("h8")
        board.tap("i8")
        wait_for("local play", lambda: board.score["moves"] == ["h8", "i8"])
        wait_for("a retry", lambda: len(caplog.records) >= 1)
        assert board.link.link.down
        server = Mosquitto(tmp_path, port=port)
        server.start()
        try:
            seen = Observer(port)
            try:
                state = topics.board_state("lonely")

                def published() -> bool:
                    latest = seen.latest_json(state)
                    return latest is not None and latest["score"]["moves"] == ["h8", "i8"]  # type: ignore[index]

                wait_for("the state once the broker is up", published, patience=45)
            finally:
                seen.close()
            complaints = [r for r in caplog.records if "cannot be reached" in r.getMessage()]
            assert len(complaints) == 1
            assert not board.link.link.down
        finally:
            server.kill()
    finally:
        board.close()


def test_without_a_broker_the_board_has_no_link(tmp_path: Path) -> None:
    from firmware.config import default_config
    from firmware.link.settings import link_settings

    assert link_settings(default_config().link) is None
