"""Fixtures for the web tests: a fake board, servers over it, Chromium and the real product."""

from __future__ import annotations

import os
import re
import struct
import subprocess
import sys
import threading
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
import yaml

from firmware.web import WebServer, serve_in_thread
from hal.clock import FakeClock
from tests.web.fake_board import FakeLiveBoard

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, Playwright

PIN = "2468"
PRODUCT_PIN = "1357"
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "docs" / "screenshots"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ADDRESS = re.compile(r"cullsboard: web pages at (http://\S+/)")
START_TIMEOUT_S = 20.0
STOP_TIMEOUT_S = 15.0
PAGE_TIMEOUT_MS = 10_000


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


def require_chromium() -> None:
    """Skip (or, under CI, fail) when Debian's Chromium is not installed."""
    if CHROMIUM.exists():
        return
    if os.environ.get("CI"):
        pytest.fail(f"{CHROMIUM} is missing: CI must install Debian's chromium", pytrace=False)
    pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")


def launch_chromium(playwright: Playwright) -> Browser:
    """Debian's Chromium, headless, with nothing that reaches out to the network."""
    return playwright.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
    )


@pytest.fixture(scope="module")
def chromium() -> Iterator[Browser]:
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        yield browser
        browser.close()


OpenWindow = Callable[..., "Page"]


@pytest.fixture
def open_window(chromium: Browser) -> Iterator[OpenWindow]:
    """Open pages in windows of their own (1280x860 unless told), each closed after the test."""
    contexts: list[BrowserContext] = []

    def open_page(width: int = 1280, height: int = 860) -> Page:
        context = chromium.new_context(viewport={"width": width, "height": height})
        context.set_default_timeout(PAGE_TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def screenshot_folder(tmp_path: Path) -> Path:
    """docs/screenshots when CULLSBOARD_SCREENSHOTS=1, else a folder thrown away after the test."""
    folder = SCREENSHOTS if os.environ.get("CULLSBOARD_SCREENSHOTS") else tmp_path / "shots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@dataclass
class Product:
    """``cullsboard --mock-hal`` running as a subprocess, fed commands on its standard input."""

    process: subprocess.Popen[str]
    stderr_path: Path
    pin: str
    address: str = ""
    stdout: list[str] = field(default_factory=list)
    _found: threading.Event = field(default_factory=threading.Event)

    def read_stdout(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.stdout.append(line)
            match = ADDRESS.search(line)
            if match and not self.address:
                self.address = match.group(1)
                self._found.set()
        self._found.set()

    @property
    def url(self) -> str:
        """The address the product printed, waiting for it while the product starts."""
        if not self._found.wait(START_TIMEOUT_S) or not self.address:
            self.process.kill()
            self.process.wait(STOP_TIMEOUT_S)
            raise AssertionError(f"no web address printed; stderr: {self.stderr()}")
        return self.address

    def stderr(self) -> str:
        return self.stderr_path.read_text(encoding="utf-8", errors="replace")

    def stop(self) -> tuple[int, str]:
        """Close standard input (the product's way to quit); kill it only if it hangs."""
        if self.process.stdin is not None and not self.process.stdin.closed:
            self.process.stdin.close()
        try:
            code = self.process.wait(STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(STOP_TIMEOUT_S)
            raise AssertionError("the product did not stop when its input closed") from None
        return code, self.stderr()


def product_config(folder: Path, pin: str) -> Path:
    """config/default.yaml with a web PIN and the state kept in ``folder``."""
    config: dict[str, Any] = yaml.safe_load((ROOT / "config" / "default.yaml").read_text())
    config["web"]["pin"] = pin
    config["state_dir"] = str(folder / "state")
    path = folder / "config.yaml"
    path.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    return path


StartProduct = Callable[..., Product]


@pytest.fixture
def start_product(tmp_path: Path) -> Iterator[StartProduct]:
    """Start the real product on a free port with a PIN; ``start("--game", "culls", ...)``.

    It returns at once; the product's ``url`` waits until the product has printed it.
    """
    started: list[Product] = []

    def start(*game: str) -> Product:
        folder = tmp_path / f"run{len(started)}"
        folder.mkdir()
        config = product_config(folder, PRODUCT_PIN)
        command = [sys.executable, "-m", "firmware", "--mock-hal", *game]
        command += ["--state-dir", str(folder / "state"), "--web", "127.0.0.1:0"]
        command += ["--config", str(config)]
        stderr_path = folder / "stderr.txt"
        env = dict(os.environ, XDG_STATE_HOME=str(folder / "xdg"), PYTHONUNBUFFERED="1")
        with stderr_path.open("w", encoding="utf-8") as stderr:
            process = subprocess.Popen(
                command,
                cwd=ROOT,
                env=env,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=stderr,
                text=True,
            )
        product = Product(process, stderr_path, PRODUCT_PIN)
        started.append(product)
        threading.Thread(target=product.read_stdout, daemon=True).start()
        return product

    yield start
    for product in started:
        if product.process.poll() is None:
            product.process.kill()
            product.process.wait(STOP_TIMEOUT_S)


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
