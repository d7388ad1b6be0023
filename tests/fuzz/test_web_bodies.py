"""Fuzzing the web bodies: every POST gets a documented status and one JSON line, never a 500."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware.web import WebServer, serve_in_thread
from tests.fuzz.strategies import json_bytes, json_values
from tests.web.client import request
from tests.web.fake_board import FakeLiveBoard

PIN = "2468"
ROUTES = ["api/touch", "api/press", "api/staff/reset", "api/staff/game", "api/staff/brightness"]
DOCUMENTED = {202, 400, 403, 413, 415, 429}


@pytest.fixture(scope="module")
def server() -> Iterator[WebServer]:
    board = FakeLiveBoard()
    with serve_in_thread(board, port=0, pin=PIN, staff_pin="9753") as web:
        yield web
    board.close()


bodies = st.one_of(
    json_bytes,
    st.dictionaries(
        st.sampled_from(["cell", "button", "pin", "game", "players", "rounds", "mode", "level"]),
        json_values,
        max_size=4,
    ).map(lambda body: json.dumps({"pin": PIN, **body}).encode()),
)


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(route=st.sampled_from(ROUTES), body=bodies, typed=st.booleans())
def test_any_body_gets_a_documented_answer(
    server: WebServer, route: str, body: bytes, typed: bool
) -> None:
    headers = {"Content-Type": "application/json" if typed else "text/plain"}
    reply = request(server.url + route, method="POST", data=body, headers=headers)
    assert reply.status in DOCUMENTED, reply.body
    assert reply.body.count(b"\n") <= 1
    answer = reply.json()
    assert set(answer) == ({"accepted"} if reply.status == 202 else {"error"})
