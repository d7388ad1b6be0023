"""A table is removed only once it has been silent for a minute, measured on a clock the fleet
can trust: the broker's (it says how long it has kept the table's offline status) or the fleet's
own, never the table's (a Pi's clock may be far off before it has the network's time, and its
last state may be as old as its last change)."""

from __future__ import annotations

import datetime
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.fleet.roster import Roster
from firmware.link import topics
from tests.link.boards import LinkedBoard
from tests.link.broker import Mosquitto, Observer, wait_for

BEHIND = datetime.datetime(2026, 3, 14, 18, 0)  # the skewed board's clock when it starts


def running_from(start: datetime.datetime) -> Callable[[], datetime.datetime]:
    """A wall clock that starts at ``start`` and runs on."""
    began = time.monotonic()
    return lambda: start + datetime.timedelta(seconds=time.monotonic() - began)


@pytest.fixture
def clocked_broker(tmp_path: Path) -> Iterator[Mosquitto]:
    server = Mosquitto(tmp_path, fake_clock=True)
    server.start()
    yield server
    server.kill()


def test_a_table_off_for_3_s_is_refused_and_one_off_for_a_minute_removed(
    clocked_broker: Mosquitto, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broker = clocked_broker
    seen = Observer(broker.port)
    try:
        _refused_then_removed(broker, seen, tmp_path, capsys)
    finally:
        seen.close()


def _refused_then_removed(
    broker: Mosquitto, seen: Observer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = LinkedBoard(broker.url, "table-4", tmp_path / "four", wall=running_from(BEHIND))
    try:
        state = topics.board_state("table-4")
        wait_for("table-4's state on the broker", lambda: seen.latest(state) is not None)
    finally:
        board.close()
    status = topics.board_status("table-4")
    wait_for("table-4 offline", lambda: seen.latest(status) == b"offline")
    broker.advance(3)  # the broker's clock: table-4 went off 3 s ago
    assert main(["fleet", "--broker", broker.url, "--remove", "table-4"]) == 2
    err = capsys.readouterr().err
    assert re.search(r"table-4 was heard [34] s ago", err), err
    assert "--force" in err and err.count("\n") == 1
    assert seen.latest(status) == b"offline", "refused: nothing cleared"

    broker.advance(58)  # a minute and a second since it went off
    assert main(["fleet", "--broker", broker.url, "--remove", "table-4"]) == 0
    assert "table-4 removed" in capsys.readouterr().out
    wait_for("table-4's status cleared", lambda: seen.latest(status) == b"")


def test_a_killed_table_s_last_will_says_since_when_too(
    clocked_broker: Mosquitto, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broker = clocked_broker
    seen = Observer(broker.port)
    status = topics.board_status("table-6")
    process = subprocess.Popen(
        [sys.executable, "-m", "firmware.cli", "--mock-hal", "--web", "off",
         "--broker", broker.url, "--board-id", "table-6", "--state-dir", str(tmp_path)],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        wait_for("table-6 online", lambda: seen.latest(status) == b"online")
        process.kill()  # a power cut: the broker sends its last will
        process.wait()
        wait_for("table-6's last will", lambda: seen.latest(status) == b"offline")
        assert main(["fleet", "--broker", broker.url, "--remove", "table-6"]) == 2
        assert "table-6 was heard" in capsys.readouterr().err
        broker.advance(61)
        assert main(["fleet", "--broker", broker.url, "--remove", "table-6"]) == 0
        assert "table-6 removed" in capsys.readouterr().out
    finally:
        process.kill()
        process.wait()
        seen.close()


def test_a_table_that_went_off_is_silent_from_then_on_the_fleet_s_clock() -> None:
    now = [1_000_000.0]
    roster = Roster(clock=lambda: now[0])
    status, state = topics.board_status("table-4"), topics.board_state("table-4")
    skewed = datetime.datetime(2020, 1, 1).timestamp()  # its clock far behind: an old "at"
    roster.state_seen(state, f'{{"at": {skewed}}}'.encode(), 0.0)
    now[0] += 600  # idle for ten minutes: no state sent
    roster.status_seen(status, b"offline", 0.0)  # its last will, heard now
    now[0] += 3
    assert roster.silent_for("table-4") == 3.0
    now[0] += 58
    assert roster.silent_for("table-4") == 61.0


def test_a_retained_offline_status_is_as_old_as_the_broker_says() -> None:
    now = [1_000_000.0]
    roster = Roster(clock=lambda: now[0])
    roster.status_seen(topics.board_status("table-4"), b"offline", 75.0)
    roster.state_seen(topics.board_state("table-4"), b'{"at": 5}', None)  # retained: no news
    assert roster.silent_for("table-4") == 75.0 and roster.dated("table-4")
    roster.status_seen(topics.board_status("table-5"), b"offline", None)  # age unknown
    roster.state_seen(topics.board_state("table-5"), b'{"at": 5}', None)
    assert roster.silent_for("table-5") == 0.0 and not roster.dated("table-5")
