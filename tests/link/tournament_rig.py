"""What the tournament tests share: tables that speak the tables' side of the protocol as plain
MQTT clients, ``cullsboard fleet`` run as a process with its PIN, and fixtures for both."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from firmware.link import topics
from tests.link.broker import Mosquitto, free_port, wait_for
from tests.web.client import Reply, request


class Table:
    """A table as the broker sees it: online and idle, playing each pairing it is sent until
    the test decides it (``finish``), then reporting the result, retained."""

    def __init__(self, port: int, board: str) -> None:
        self.board = board
        self.pairing: dict[str, object] | None = None
        self.lock = threading.Lock()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"table-{board}")
        self.client.will_set(topics.board_status(board), topics.OFFLINE, retain=True)
        self.client.on_connect = self._connected
        self.client.on_message = self._message
        self.client.connect("127.0.0.1", port, keepalive=10)
        self.client.loop_start()

    def _connected(self, client: mqtt.Client, *_: object) -> None:
        client.publish(topics.board_status(self.board), topics.ONLINE, retain=True)
        state = {"board": self.board, "at": 0, "score": {"phase": "menu"}}
        client.publish(topics.board_state(self.board), json.dumps(state), retain=True)
        client.subscribe(topics.board_pairing(self.board), qos=1)

    def _message(self, client: mqtt.Client, userdata: object, message: mqtt.MQTTMessage) -> None:
        with self.lock:
            self.pairing = json.loads(message.payload) if message.payload else None

    def playing(self) -> dict[str, object] | None:
        with self.lock:
            return self.pairing

    def finish(self, winner: str | None, reason: str) -> None:
        pairing = self.playing()
        assert pairing is not None
        result = {"tournament": pairing["tournament"], "key": pairing["key"], "winner": winner,
                  "reason": reason}  # fmt: skip
        info = self.client.publish(
            topics.board_pairing_result(self.board), json.dumps(result), qos=1, retain=True
        )
        info.wait_for_publish(5)

    def go_offline(self) -> None:
        self.client.publish(topics.board_status(self.board), topics.OFFLINE, qos=1, retain=True)
        self.client.disconnect()
        self.client.loop_stop()


PIN = "4321"


class FleetProcess:
    """``cullsboard fleet`` as a process on the broker, its tournaments in ``state``."""

    def __init__(self, broker: Mosquitto, state: Path, pin_file: Path | None) -> None:
        self.port = free_port()
        extra = [] if pin_file is None else ["--pin-file", str(pin_file)]
        self.process = subprocess.Popen(
            [sys.executable, "-m", "firmware.cli", "fleet", "--broker", broker.url,
             "--web", f"127.0.0.1:{self.port}", "--state-dir", str(state), *extra],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )  # fmt: skip
        self.url = f"http://127.0.0.1:{self.port}/"
        wait_for("the fleet page", self._answers)

    def _answers(self) -> bool:
        if self.process.poll() is not None:
            raise AssertionError(self.process.stderr.read() if self.process.stderr else b"")
        try:
            return request(self.url + "api/boards").status == 200
        except OSError:
            return False

    def post(self, path: str, payload: object, pin: str | None = PIN) -> Reply:
        headers = {} if pin is None else {"X-Cullsboard-Staff-Pin": pin}
        return request(self.url + path, method="POST", payload=payload, headers=headers)

    def events(self) -> list[dict[str, Any]]:
        return list(request(self.url + "api/tournaments").json()["tournaments"])

    def all_decided(self) -> bool:
        """Every game of the (one) event paired so far has its result."""
        games = self.events()[0]["games"]
        return isinstance(games, list) and all(game["decided"] for game in games)

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(timeout=10)


Start = Callable[[Path, "Path | None"], "FleetProcess"]


@pytest.fixture
def started(broker: Mosquitto) -> Iterator[Callable[[Path, Path | None], FleetProcess]]:
    """Start fleets on the broker; every one still running is killed when the test ends."""
    running: list[FleetProcess] = []

    def start(state: Path, pin_file: Path | None) -> FleetProcess:
        running.append(FleetProcess(broker, state, pin_file))
        return running[-1]

    yield start
    for fleet in running:
        if fleet.process.poll() is None:
            fleet.kill()


@pytest.fixture
def pin_file(tmp_path: Path) -> Path:
    path = tmp_path / "pin"
    path.write_text(PIN + "\n", encoding="utf-8")
    return path


@pytest.fixture
def two_tables(broker: Mosquitto) -> Iterator[list[Table]]:
    made = [Table(broker.port, f"table-{n}") for n in (1, 2)]
    yield made
    for table in made:
        table.client.loop_stop()
