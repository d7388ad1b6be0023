"""Fixtures for the web tests: a fake board with its own controller thread, and servers over it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from firmware.web import WebServer, serve_in_thread
from hal.clock import FakeClock
from tests.web.fake_board import FakeLiveBoard

PIN = "2468"


@pytest.fixture
def board() -> Iterator[FakeLiveBoard]:
    fake = FakeLiveBoard()
    yield fake
    fake.close()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def server(board: FakeLiveBoard) -> Iterator[WebServer]:
    with serve_in_thread(board, host="127.0.0.1", port=0, pin=None) as web:
        yield web


@pytest.fixture
def pin_server(board: FakeLiveBoard, clock: FakeClock) -> Iterator[WebServer]:
    with serve_in_thread(board, host="127.0.0.1", port=0, pin=PIN, clock=clock) as web:
        yield web
