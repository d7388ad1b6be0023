"""Staff routes over HTTP into the real controller: refused without or with a wrong staff PIN."""

from __future__ import annotations

import http.client
import json
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest

from firmware.web.server import WebServer, serve_in_thread
from firmware.web.staff import STAFF_PIN_HEADER
from tests.controller.kiosk_rig import STAFF_PIN, KioskRig
from tests.web.client import post, request

WEB_PIN = "1357"


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[KioskRig]:
    made = KioskRig(tmp_path / "state", idle_s=600.0, abandon_s=1200.0)
    made.start("culls", {"mode": "duel"}, first="blue")
    made.tap("h8")
    yield made
    made.board.close()


@pytest.fixture
def server(rig: KioskRig) -> Iterator[WebServer]:
    with serve_in_thread(
        rig.controller, port=0, pin=WEB_PIN, staff_pin=STAFF_PIN, clock=rig.clock
    ) as web:
        yield web


def _staff(server: WebServer, action: str, body: dict[str, object]) -> tuple[int, str]:
    reply = post(f"{server.url}api/staff/{action}", body)
    return reply.status, str(reply.json().get("error", ""))


@pytest.mark.parametrize(
    ("action", "body"),
    [
        ("reset", {}),
        ("game", {"game": "cubulus", "players": 3}),
        ("brightness", {"level": 0.1}),
    ],
)
def test_without_the_staff_pin_nothing_changes(
    rig: KioskRig, server: WebServer, action: str, body: dict[str, object]
) -> None:
    before = (rig.moves, rig.score["game"], rig.board.leds.chain.brightness)
    assert _staff(server, action, body) == (
        403,
        f"staff actions need the staff PIN (the {STAFF_PIN_HEADER} header or a pin field)",
    )
    assert _staff(server, action, {**body, "pin": "0000"}) == (403, "wrong staff PIN")
    assert _staff(server, action, {**body, "pin": WEB_PIN}) == (403, "wrong staff PIN")
    rig.controller.step()
    assert (rig.moves, rig.score["game"], rig.board.leds.chain.brightness) == before


def test_reset_with_the_staff_pin(rig: KioskRig, server: WebServer) -> None:
    assert _staff(server, "reset", {"pin": STAFF_PIN}) == (202, "")
    rig.controller.step()
    assert rig.moves == [] and rig.score["game"] == "culls"


def test_change_game_with_the_staff_pin_in_the_header(rig: KioskRig, server: WebServer) -> None:
    reply = post(
        f"{server.url}api/staff/game",
        {"game": "cubulus", "players": 3},
        headers={STAFF_PIN_HEADER: STAFF_PIN},
    )
    assert reply.status == 202
    rig.controller.step()
    assert (rig.score["game"], rig.score["players"]) == ("cubulus", 3)


def test_brightness_with_the_staff_pin(rig: KioskRig, server: WebServer) -> None:
    assert _staff(server, "brightness", {"pin": STAFF_PIN, "level": 0.3}) == (202, "")
    rig.controller.step()
    assert rig.board.leds.chain.brightness == 0.3


@pytest.mark.parametrize(
    ("action", "body", "error"),
    [
        ("game", {"game": "chess"}, "game: unknown game 'chess' (games: culls, cubulus)"),
        ("game", {"game": "culls", "players": 3}, "players: is for cubulus"),
        ("game", {"game": "cubulus", "players": 4}, "players: must be 2 or 3"),
        ("game", {"game": "culls", "rounds": 5}, "rounds: must be 3 or 4"),
        ("game", {"game": "culls", "rounds": 4.0}, "rounds: must be 3 or 4"),
        ("game", {"game": "cubulus", "players": 3.0}, "players: must be 2 or 3"),
        ("game", {"game": "cubulus", "players": True}, "players: must be 2 or 3"),
        ("brightness", {"level": "dim"}, "level: send a number from 0 to 1"),
        ("brightness", {"level": 2}, "level: must be from 0 to 1, not 2"),
        ("reset", {"now": True}, "now: unknown key (allowed: pin)"),
    ],
)
def test_bad_staff_requests_get_one_clear_line(
    rig: KioskRig, server: WebServer, action: str, body: dict[str, object], error: str
) -> None:
    status, message = _staff(server, action, {**body, "pin": STAFF_PIN})
    assert status == 400 and message.startswith(error)
    rig.controller.step()
    assert rig.moves == ["h8"] and rig.board.leds.chain.brightness == 1.0


def test_guessing_the_staff_pin_locks_staff_actions(rig: KioskRig, server: WebServer) -> None:
    for attempt in ("1111", "2222", "3333", "4444", "5555"):
        assert _staff(server, "reset", {"pin": attempt})[0] == 403
    status, message = _staff(server, "reset", {"pin": STAFF_PIN})
    assert status == 429 and message == "too many wrong staff PINs: try again in 60 s"
    rig.clock.advance(60.0)
    assert _staff(server, "reset", {"pin": STAFF_PIN})[0] == 202


def _staff_from(server: WebServer, source: str, pin: str) -> int:
    """POST a reset with ``pin`` from the loopback address ``source``; the reply's status."""
    where = urllib.parse.urlsplit(server.url)
    assert where.hostname is not None
    connection = http.client.HTTPConnection(
        where.hostname, where.port, timeout=10, source_address=(source, 0)
    )
    try:
        body = json.dumps({"pin": pin})
        connection.request("POST", "/api/staff/reset", body, {"Content-Type": "application/json"})
        return connection.getresponse().status
    finally:
        connection.close()


def test_a_guessing_client_never_locks_out_another(rig: KioskRig, server: WebServer) -> None:
    statuses = {_staff_from(server, "127.0.0.2", f"{n:04d}") for n in range(50)}
    assert statuses == {403, 429}
    assert _staff_from(server, "127.0.0.2", STAFF_PIN) == 429
    assert _staff_from(server, "127.0.0.1", STAFF_PIN) == 202


def test_staff_routes_are_off_without_kiosk_mode(rig: KioskRig) -> None:
    with serve_in_thread(rig.controller, port=0, clock=rig.clock) as web:
        reply = post(f"{web.url}api/staff/reset", {"pin": STAFF_PIN})
    assert reply.status == 403 and "kiosk mode" in reply.json()["error"]
    rig.controller.step()
    assert rig.moves == ["h8"]


@pytest.mark.parametrize("action", ["reset", "game", "brightness"])
def test_a_staff_pin_that_is_not_text_is_a_400_not_a_crash(
    action: str, rig: KioskRig, server: WebServer
) -> None:
    reply = request(
        f"{server.url}api/staff/{action}",
        method="POST",
        data=b'{"pin": "\\ud800"}',
        headers={"Content-Type": "application/json"},
    )
    assert reply.status == 400
    assert "lone surrogate" in reply.json()["error"]
