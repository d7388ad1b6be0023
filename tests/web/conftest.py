"""Fixtures for the web tests: a fake board, servers over it, and reading screenshots.

Chromium, its windows and the real product come from tests/conftest.py.
"""

from __future__ import annotations

import struct
import zlib
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


RGB = tuple[int, int, int]


def png_pixels(data: bytes) -> list[list[RGB]]:
    """The rows of an 8-bit, non-interlaced RGB or RGBA PNG (what Chromium's screenshots are)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    position, compressed = 8, b""
    width = height = channels = 0
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position : position + 8])
        body = data[position + 8 : position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or interlace or colour_type not in (2, 6):
                raise ValueError("only 8-bit, non-interlaced RGB or RGBA PNGs are read")
            channels = 3 if colour_type == 2 else 4
        elif kind == b"IDAT":
            compressed += body
    raw, stride = zlib.decompress(compressed), width * channels
    previous, rows = bytearray(stride), []
    for y in range(height):
        start = y * (stride + 1)
        line = _unfilter(
            raw[start], bytearray(raw[start + 1 : start + 1 + stride]), previous, channels
        )
        rows.append([(line[x], line[x + 1], line[x + 2]) for x in range(0, stride, channels)])
        previous = line
    return rows


def _unfilter(kind: int, line: bytearray, above: bytearray, step: int) -> bytearray:
    for x in range(len(line)):
        left = line[x - step] if x >= step else 0
        up, corner = above[x], (above[x - step] if x >= step else 0)
        if kind == 1:
            line[x] = (line[x] + left) & 255
        elif kind == 2:
            line[x] = (line[x] + up) & 255
        elif kind == 3:
            line[x] = (line[x] + (left + up) // 2) & 255
        elif kind == 4:
            guess = left + up - corner
            near = min((abs(guess - left), 0, left), (abs(guess - up), 1, up))
            near = min(near, (abs(guess - corner), 2, corner))
            line[x] = (line[x] + near[2]) & 255
    return line
