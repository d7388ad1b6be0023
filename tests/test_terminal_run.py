"""The real product in a pseudo-terminal: the screen keeps the web address, Ctrl-D ends cleanly."""

from __future__ import annotations

import os
import pty
import re
import subprocess
import sys
from pathlib import Path

from tests.pty_support import WAIT_S, read_until

ROOT = Path(__file__).resolve().parents[1]


def test_the_screen_keeps_the_real_port_and_ctrl_d_leaves_a_fresh_line(tmp_path: Path) -> None:
    leader, follower = pty.openpty()
    env = dict(os.environ, TERM="xterm", NO_COLOR="1", COLUMNS="80", LINES="24")
    command = [sys.executable, "-m", "firmware", "--mock-hal", "--game", "culls"]
    command += ["--web", "127.0.0.1:0", "--state-dir", str(tmp_path / "state")]
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdin=follower, stdout=follower, stderr=follower
    )
    os.close(follower)
    seen = bytearray()
    try:
        text = read_until(leader, r"web http://127\.0\.0\.1:(\d+)/", seen)
        port = re.findall(r"web http://127\.0\.0\.1:(\d+)/", text)[-1]
        assert port != "0"
        os.write(leader, b"hello\n")
        read_until(leader, r"! 'hello' is not a cell: type a cell like h8", seen)
        os.write(leader, b"h8\n")
        text = read_until(leader, r"\d+ +(· +)+[BR] ", seen)  # the chip as a letter
        assert f"web http://127.0.0.1:{port}/" in text.rsplit("15 ", 1)[-1], "still shown"
        os.write(leader, b"\x04")  # Ctrl-D
        assert process.wait(WAIT_S) == 0
        read_until(leader, r"> \r?\n$", seen)  # the shell's prompt will start a fresh line
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(leader)
