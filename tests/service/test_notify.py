"""The notify protocol against real AF_UNIX datagram sockets standing in for systemd."""

from __future__ import annotations

import logging
import os
import socket
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from firmware.service.notify import Heartbeat, Notifier
from hal.clock import FakeClock


class FakeSystemd:
    """A bound datagram socket that collects what the service sends, like systemd does."""

    def __init__(self, address: str) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(address)
        self.sock.setblocking(False)

    def received(self) -> list[str]:
        messages = []
        while True:
            try:
                messages.append(self.sock.recv(4096).decode("utf-8"))
            except BlockingIOError:
                return messages

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def path_socket(tmp_path: Path) -> Iterator[tuple[str, FakeSystemd]]:
    address = str(tmp_path / "notify")
    systemd = FakeSystemd(address)
    yield address, systemd
    systemd.close()


@pytest.fixture
def abstract_socket() -> Iterator[tuple[str, FakeSystemd]]:
    name = f"cullsboard-test-{uuid.uuid4().hex}"
    systemd = FakeSystemd("\0" + name)
    yield "@" + name, systemd
    systemd.close()


def test_sends_exact_datagrams_to_a_path_socket(path_socket: tuple[str, FakeSystemd]) -> None:
    address, systemd = path_socket
    with Notifier({"NOTIFY_SOCKET": address}) as notifier:
        assert notifier.enabled
        assert notifier.ready("playing culls")
        assert notifier.status("game 3: blue to move")
        assert notifier.watchdog()
        assert notifier.watchdog_trigger()
        assert notifier.stopping()
    assert systemd.received() == [
        "READY=1\nSTATUS=playing culls",
        "STATUS=game 3: blue to move",
        "WATCHDOG=1",
        "WATCHDOG=trigger",
        "STOPPING=1",
    ]


def test_sends_to_an_abstract_socket(abstract_socket: tuple[str, FakeSystemd]) -> None:
    address, systemd = abstract_socket
    with Notifier({"NOTIFY_SOCKET": address}) as notifier:
        notifier.ready()
        notifier.stopping("bye")
    assert systemd.received() == ["READY=1", "STOPPING=1\nSTATUS=bye"]


def test_a_status_with_newlines_stays_one_line(path_socket: tuple[str, FakeSystemd]) -> None:
    address, systemd = path_socket
    with Notifier({"NOTIFY_SOCKET": address}) as notifier:
        notifier.status("line one\nWATCHDOG=trigger")
    assert systemd.received() == ["STATUS=line one WATCHDOG=trigger"]


def test_without_a_socket_everything_is_a_no_op() -> None:
    notifier = Notifier({})
    assert not notifier.enabled
    assert notifier.watchdog_period is None
    assert not notifier.ready()
    assert not notifier.watchdog()
    notifier.close()
    notifier.close()


def test_a_send_failure_never_raises_and_logs_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    notifier = Notifier({"NOTIFY_SOCKET": str(tmp_path / "nobody-listens")})
    with caplog.at_level(logging.WARNING):
        results = [notifier.watchdog() for _ in range(5)]
    assert results == [False] * 5
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1
    assert "nobody-listens" in warnings[0].getMessage()


def test_recovers_when_the_socket_comes_back(tmp_path: Path) -> None:
    address = str(tmp_path / "notify")
    notifier = Notifier({"NOTIFY_SOCKET": address})
    assert not notifier.watchdog()
    systemd = FakeSystemd(address)
    try:
        assert notifier.watchdog()
        assert systemd.received() == ["WATCHDOG=1"]
    finally:
        systemd.close()
        notifier.close()


@pytest.mark.parametrize(
    ("environ", "period"),
    [
        ({"WATCHDOG_USEC": "20000000"}, 10.0),
        ({"WATCHDOG_USEC": "3000000", "WATCHDOG_PID": "4242"}, 1.5),
        ({"WATCHDOG_USEC": "3000000", "WATCHDOG_PID": "99"}, None),  # meant for another process
        ({"WATCHDOG_USEC": "0"}, None),
        ({"WATCHDOG_USEC": "soon"}, None),
        ({}, None),
    ],
)
def test_watchdog_period_is_half_the_timeout(
    path_socket: tuple[str, FakeSystemd], environ: dict[str, str], period: float | None
) -> None:
    notifier = Notifier({"NOTIFY_SOCKET": path_socket[0], **environ}, pid=4242)
    assert notifier.watchdog_period == period


def test_the_real_pid_is_used_by_default(path_socket: tuple[str, FakeSystemd]) -> None:
    environ = {"NOTIFY_SOCKET": path_socket[0], "WATCHDOG_USEC": "1000000"}
    assert Notifier({**environ, "WATCHDOG_PID": str(os.getpid())}).watchdog_period == 0.5
    assert Notifier({**environ, "WATCHDOG_PID": str(os.getpid() + 1)}).watchdog_period is None


def test_heartbeat_feeds_once_per_period(path_socket: tuple[str, FakeSystemd]) -> None:
    address, systemd = path_socket
    clock = FakeClock()
    notifier = Notifier({"NOTIFY_SOCKET": address, "WATCHDOG_USEC": "4000000"})
    heartbeat = Heartbeat(notifier, clock)
    assert heartbeat.period == 2.0
    fed_at = []
    for _ in range(40):  # a busy loop: 40 iterations, 0.25 s apart, over 10 s
        if heartbeat.beat():
            fed_at.append(clock.now())
        clock.advance(0.25)
    assert fed_at == [0.0, 2.0, 4.0, 6.0, 8.0]
    assert systemd.received() == ["WATCHDOG=1"] * 5
    notifier.close()


def test_heartbeat_starves_when_the_loop_stops_calling(
    path_socket: tuple[str, FakeSystemd],
) -> None:
    address, systemd = path_socket
    clock = FakeClock()
    notifier = Notifier({"NOTIFY_SOCKET": address, "WATCHDOG_USEC": "4000000"})
    heartbeat = Heartbeat(notifier, clock)
    heartbeat.beat()
    clock.advance(30.0)  # the loop is stuck: nobody calls beat()
    assert systemd.received() == ["WATCHDOG=1"]
    assert heartbeat.beat()  # it resumes feeding at once when the loop comes back
    assert systemd.received() == ["WATCHDOG=1"]
    notifier.close()


def test_heartbeat_without_a_watchdog_does_nothing() -> None:
    heartbeat = Heartbeat(Notifier({}), FakeClock())
    assert heartbeat.period is None
    assert not heartbeat.beat()


def test_heartbeat_rejects_a_silly_period() -> None:
    with pytest.raises(ValueError, match="positive"):
        Heartbeat(Notifier({}), FakeClock(), period=0)


def test_text_that_cannot_be_encoded_is_still_sent(path_socket: tuple[str, FakeSystemd]) -> None:
    address, systemd = path_socket
    with Notifier({"NOTIFY_SOCKET": address}) as notifier:
        assert notifier.status("broken \udc80 text")
    assert systemd.received() == ["STATUS=broken ? text"]
