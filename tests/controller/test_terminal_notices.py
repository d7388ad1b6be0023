"""Messages that matter stay on the terminal: the redraw of the board never wipes them."""

from __future__ import annotations

import os
import pty
import socket
import subprocess
import sys
import time
from pathlib import Path

from firmware.commands.terminal import HOME
from tests.pty_support import read_for, read_until

ROOT = Path(__file__).resolve().parents[2]
PORT_TAKEN = "the web pages could not start"


def _screen(text: str) -> str:
    """What is on the terminal now: everything drawn since the last jump to the top."""
    return text.rsplit(HOME, 1)[-1]


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
        read_until(controller, "type a cell", seen)
        time.sleep(0.5)  # let every early redraw arrive
        read_for(controller, seen, 0.5)
        screen = _screen(seen.decode("utf-8", "replace"))
        assert "type a cell" in screen
        assert PORT_TAKEN in screen
        os.write(controller, b"h8\n")  # the next redraw keeps it too
        read_for(controller, seen, 2.0)
        assert PORT_TAKEN in _screen(seen.decode("utf-8", "replace"))
        os.write(controller, b"quit\n")
        assert process.wait(30) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(30)
        os.close(controller)
        taken.close()
