"""Reading the real product's screen through a pseudo-terminal."""

from __future__ import annotations

import os
import re
import select
import time

ESCAPE = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
WAIT_S = 20.0


def read_for(fd: int, seen: bytearray, seconds: float) -> None:
    """Add to ``seen`` whatever the terminal writes for ``seconds`` (or until it closes)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], min(0.2, max(0.0, deadline - time.monotonic())))
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                return


def read_until(fd: int, pattern: str, seen: bytearray) -> str:
    """Read the terminal until ``pattern`` shows in the text without escapes."""
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        text = ESCAPE.sub("", seen.decode("utf-8", "replace"))
        if re.search(pattern, text):
            return text
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
    raise AssertionError(f"{pattern!r} never showed; the screen: {seen[-2000:]!r}")
