"""The fleet page polls every second: the fleet command logs no line per request."""

from __future__ import annotations

import signal
import subprocess
import sys
import urllib.request

from tests.link.broker import Mosquitto, free_port, wait_for


def start_fleet(broker: Mosquitto, port: int) -> subprocess.Popen[str]:
    """``cullsboard fleet`` on ``broker``, serving on ``port``, its output kept."""
    return subprocess.Popen(
        [sys.executable, "-m", "firmware", "fleet", "--broker", broker.url,
         "--web", f"127.0.0.1:{port}"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip


def test_the_fleet_page_does_not_log_every_poll(broker: Mosquitto) -> None:
    port = free_port()
    process = start_fleet(broker, port)

    def polled() -> bool:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/boards", timeout=2):
                return True
        except OSError:
            return False

    wait_for("the fleet page", polled)
    for _ in range(20):
        assert polled()
    process.send_signal(signal.SIGINT)
    output, _ = process.communicate(timeout=20)
    assert "GET /" not in output, output
    assert len(output.splitlines()) <= 3, output


def test_a_lost_broker_is_logged_as_the_page_sees_it_not_as_a_board_would(
    broker: Mosquitto,
) -> None:
    port = free_port()
    process = start_fleet(broker, port)

    def connected() -> bool:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/boards", timeout=2) as r:
                return b'"connected": true' in r.read()
        except OSError:
            return False

    wait_for("the fleet page on its broker", connected)
    broker.kill()
    wait_for("the fleet page off its broker", lambda: not connected())
    process.send_signal(signal.SIGINT)
    output, _ = process.communicate(timeout=20)
    assert "cannot be reached" in output and "as last heard" in output, output
    assert "playing on here" not in output, output
