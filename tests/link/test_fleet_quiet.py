"""The fleet page polls every second; its server writes no log line per request."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.link.boards import LinkedBoard
from tests.link.broker import Mosquitto, free_port, wait_for
from tests.link.test_fleet import boards_at, card_is, fetch

POLLS = 30


def test_polling_the_fleet_page_logs_nothing(broker: Mosquitto, tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "fleet.log"
    with log.open("w", encoding="utf-8") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "firmware.cli", "fleet", "--broker", broker.url,
             "--web", f"127.0.0.1:{port}"],
            stdout=out, stderr=subprocess.STDOUT,
        )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    board = LinkedBoard(broker.url, "table-1", tmp_path / "one")
    try:
        wait_for("table-1 on the page", card_is(base, "table-1", status="online"))
        before = len(log.read_text(encoding="utf-8").splitlines())
        for _ in range(POLLS):
            assert "table-1" in boards_at(base)
            fetch(base + "/")
        after = len(log.read_text(encoding="utf-8").splitlines())
        assert after == before, log.read_text(encoding="utf-8")
    finally:
        board.close()
        process.terminate()
        process.wait(timeout=10)
