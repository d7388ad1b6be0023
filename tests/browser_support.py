"""What the browser tests share: Debian's Chromium, and the real product run as a subprocess."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
import yaml

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Playwright

ROOT = Path(__file__).resolve().parents[1]
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
PRODUCT_PIN = "1357"
ADDRESS = re.compile(r"cullsboard: web pages at (http://\S+/)")
START_TIMEOUT_S = 20.0
STOP_TIMEOUT_S = 15.0
PAGE_TIMEOUT_MS = 10_000

OpenWindow = Callable[..., "Page"]


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


@dataclass
class Product:
    """``cullsboard --mock-hal`` running as a subprocess, fed commands on its standard input."""

    process: subprocess.Popen[str]
    stderr_path: Path
    pin: str
    address: str = ""
    addresses: list[str] = field(default_factory=list)  # every start's (a restart prints anew)
    stdout: list[str] = field(default_factory=list)
    _found: threading.Event = field(default_factory=threading.Event)

    def read_stdout(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.stdout.append(line)
            match = ADDRESS.search(line)
            if match:
                self.addresses.append(match.group(1))
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

    def kill_if_running(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(STOP_TIMEOUT_S)


def product_config(
    folder: Path, web_pin: str | None, staff_pin: str | None, state: Path | None = None
) -> Path:
    """config/default.yaml with the given PINs (None: as shipped) and the state in ``folder``
    (or ``state``)."""
    config: dict[str, Any] = yaml.safe_load((ROOT / "config" / "default.yaml").read_text())
    if web_pin is not None:
        config["web"]["pin"] = web_pin
    if staff_pin is not None:
        config["kiosk"]["staff_pin"] = staff_pin
    config["state_dir"] = str(state or folder / "state")
    path = folder / "config.yaml"
    path.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    return path


def launch_product(
    folder: Path,
    arguments: tuple[str, ...],
    *,
    web_pin: str | None,
    staff_pin: str | None,
    frames: bool,
    state: Path | None = None,
) -> Product:
    """Start ``cullsboard --mock-hal *arguments`` on a free port, its files kept in ``folder``
    (its state in ``state``: a restart passes the first run's).

    With ``frames`` the LED frames go to ``folder/frames.jsonl``.
    """
    folder.mkdir()
    state = state or folder / "state"
    config = product_config(folder, web_pin, staff_pin, state)
    command = [sys.executable, "-m", "firmware", "--mock-hal", *arguments]
    command += ["--state-dir", str(state), "--web", "127.0.0.1:0"]
    command += ["--config", str(config)]
    command += ["--frames", str(folder / "frames.jsonl")] if frames else []
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
    product = Product(process, stderr_path, web_pin or "")
    threading.Thread(target=product.read_stdout, daemon=True).start()
    return product


StartProduct = Callable[..., Product]
