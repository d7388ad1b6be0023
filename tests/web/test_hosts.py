"""Only the board's own names are answered (no DNS rebinding), and only its own pages may change
anything; hostile or broken requests are refused in one JSON line and never flood the log."""

from __future__ import annotations

import asyncio
import json
import logging
import socket
import struct
import time
from urllib.parse import urlsplit

import aiohttp
import pytest

from firmware.web import WebServer, serve_in_thread
from firmware.web.hosts import HostAllowList, split_host
from tests.web.client import Reply, post, request
from tests.web.conftest import PIN
from tests.web.fake_board import FakeLiveBoard


def _port(server: WebServer) -> int:
    port = urlsplit(server.url).port
    assert port is not None
    return port


def _touch(server: WebServer, headers: dict[str, str]) -> Reply:
    return post(server.url + "api/touch", {"cell": "h8"}, headers)


def test_a_rebound_name_cannot_play(server: WebServer, board: FakeLiveBoard) -> None:
    foreign = f"attacker.example:{_port(server)}"
    reply = _touch(server, {"Host": foreign, "Origin": f"http://{foreign}"})
    assert reply.status == 421
    assert reply.body.count(b"\n") == 0
    assert reply.json() == {
        "error": "this board does not answer to that host name (see web.allowed_hosts)"
    }
    assert request(server.url + "api/state", headers={"Host": foreign}).status == 421
    assert board.submitted == []


@pytest.mark.parametrize(
    "name", ["localhost", "LOCALHOST.", "127.0.0.1", "[::1]", "192.168.1.20", "[fe80::1]"]
)
def test_the_board_answers_to_loopback_and_addresses(
    name: str, server: WebServer, board: FakeLiveBoard
) -> None:
    host = f"{name}:{_port(server)}"
    assert _touch(server, {"Host": host, "Origin": f"http://{host}"}).status == 202
    assert _touch(server, {"Host": name}).status == 202


@pytest.mark.parametrize(
    "origin",
    [
        "http://attacker.example:{port}",
        "http://127.0.0.1:1",
        "null",
        "http://127.0.0.1.nip.example:{port}",
    ],
)
def test_a_post_from_another_sites_page_is_refused(
    origin: str, server: WebServer, board: FakeLiveBoard
) -> None:
    host = f"127.0.0.1:{_port(server)}"
    reply = _touch(server, {"Host": host, "Origin": origin.format(port=_port(server))})
    assert reply.status == 403
    assert reply.json() == {"error": "requests from another site's page are refused (Origin)"}
    assert board.submitted == []


def test_configured_names_are_answered(board: FakeLiveBoard) -> None:
    with serve_in_thread(board, port=0, allowed_hosts=("cullsboard.local",)) as web:
        host = f"cullsboard.local:{_port(web)}"
        assert _touch(web, {"Host": host, "Origin": f"http://{host}"}).status == 202
        assert _touch(web, {"Host": f"other.local:{_port(web)}"}).status == 421


def _websocket_status(server: WebServer, origin: str) -> int:
    async def connect() -> int:
        async with aiohttp.ClientSession() as session:
            try:
                async with session.ws_connect(server.url + "ws", origin=origin) as ws:
                    await ws.close()
                    return 101
            except aiohttp.WSServerHandshakeError as exc:
                return exc.status

    return asyncio.run(connect())


def test_a_websocket_from_another_site_is_refused(server: WebServer) -> None:
    port = _port(server)
    assert _websocket_status(server, f"http://attacker.example:{port}") == 403
    assert _websocket_status(server, f"http://127.0.0.1:{port}") == 101


def test_host_headers_are_read_strictly() -> None:
    assert split_host("Board.Local:8080") == ("board.local", 8080)
    assert split_host("[::1]:80") == ("::1", 80)
    for bad in ("", "a b", "x:", "x:99999", "[::1", "[::1]x", "évil.example", "a..b"):
        assert split_host(bad) is None, bad
    hosts = HostAllowList("0.0.0.0", ("cafe.example",))
    assert hosts.names == ("127.0.0.1", "::1", "cafe.example", "localhost")
    assert not hosts.allows_origin("http://[::1", "[::1]")


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"[" * 3000, "nested more than 8 deep"),
        (b'{"cell": "h8", "pin": "\\ud800"}', "lone surrogate"),
        (b'{"cell": ' + b"9" * 3000 + b"}", "a number longer than 20 characters"),
    ],
)
def test_hostile_bodies_are_a_400_before_the_pin(
    data: bytes, words: str, pin_server: WebServer, board: FakeLiveBoard
) -> None:
    reply = request(
        pin_server.url + "api/touch",
        method="POST",
        data=data,
        headers={"Content-Type": "application/json"},
    )
    assert reply.status == 400 and words in reply.json()["error"]
    assert board.submitted == []


def test_a_pin_header_that_is_not_text_is_a_wrong_pin(
    pin_server: WebServer, board: FakeLiveBoard
) -> None:
    with socket.create_connection(("127.0.0.1", _port(pin_server))) as sock:
        body = b'{"cell": "h8"}'
        sock.sendall(
            b"POST /api/touch HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"X-Cullsboard-Pin: \xff\xfe\r\nConnection: close\r\n"
            + f"Content-Length: {len(body)}\r\n\r\n".encode()
            + body
        )
        answer = b""
        while chunk := sock.recv(4096):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 403")
    assert board.submitted == []
    assert _touch(pin_server, {"X-Cullsboard-Pin": PIN}).status == 202


@pytest.mark.parametrize("reset", [True, False], ids=["reset", "closed"])
def test_clients_that_leave_mid_body_do_not_flood_the_log(
    reset: bool, server: WebServer, caplog: pytest.LogCaptureFixture
) -> None:
    head = (
        b"POST /api/touch HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b'Content-Length: 1000\r\n\r\n{"cell"'
    )
    with caplog.at_level(logging.INFO):
        for _ in range(100):
            sock = socket.create_connection(("127.0.0.1", _port(server)))
            sock.sendall(head)
            if reset:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            sock.close()
        deadline = time.monotonic() + 5.0
        while request(server.url + "api/state").status != 200 and time.monotonic() < deadline:
            time.sleep(0.05)  # pragma: no cover - the server answers at once
        time.sleep(0.3)  # let the last dropped connections be noticed
    logged = [r for r in caplog.records if r.levelno >= logging.INFO]
    assert logged == [], [r.getMessage() for r in logged][:3]
    assert json.loads(request(server.url + "api/state").body)["score"] is not None
