"""Messages that matter stay on the terminal: the redraw of the board never wipes them."""

from __future__ import annotations

import os
import pty
import select
import socket
import subprocess
import sys
import time
from pathlib import Path

from firmware.commands.terminal import HOME

ROOT = Path(__file__).resolve().parents[2]
PORT_TAKEN = "the web pages could not start"


def _screen(text: str) -> str:
    """What is on the terminal now: everything drawn since the last jump to the top."""
    return text.rsplit(HOME, 1)[-1]


def _read_until(fd: int, seen: bytearray, needle: bytes, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while needle not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break


def test_the_port_in_use_warning_survives_the_redraw_in_a_real_terminal(tmp_path: Path) -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    controller, terminal = pty.openpty()
    command = [sys.executable, "-m", "firmware", "--mock-hal", "--game", "culls", "--seed", "1"]
    command += ["--state-dir", str(tmp_path / "state"), "--web", f"127.0.0.1:{port}"]
    process = subprocess.Popen(
        command, cwd=ROOT, stdin=terminal, stdout=terminal, stderr=terminal, close_fds=True
    )
    os.close(terminal)
    seen = bytearray()
    try:
        _read_until(controller, seen, b"type a cell")
        time.sleep(0.5)  # let every early redraw arrive
        _read_until(controller, seen, b"\0", timeout=0.5)
        screen = _screen(seen.decode("utf-8", "replace"))
        assert "type a cell" in screen
        assert PORT_TAKEN in screen
        os.write(controller, b"h8\n")  # the next redraw keeps it too
        _read_until(controller, seen, b"\0", timeout=2.0)
        assert PORT_TAKEN in _screen(seen.decode("utf-8", "replace"))
        os.write(controller, b"quit\n")
        assert process.wait(30) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(30)
        os.close(controller)
        taken.close()
