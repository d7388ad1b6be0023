"""A simulated LED chain that outlives the program: every frame sent is one line in a file.

A real WS2812 chain keeps showing its last frame after the program that sent it has died; this
driver gives the simulated board the same memory, so a test of the service can see whether the
chain was left lit after a crash (the file's last line is what the chain shows now).
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path

from hal.interfaces import OFF, RGB


class ChainFileDriver:
    """A ``PixelDriver`` that appends each frame sent to ``path`` as one JSON line."""

    def __init__(self, path: Path, count: int) -> None:
        self.path = path
        self._pending: list[RGB] = [OFF] * count

    def set_pixels(self, pixels: Sequence[RGB]) -> None:
        self._pending = list(pixels)

    def show(self) -> None:
        lit = sum(1 for pixel in self._pending if pixel != OFF)
        line = json.dumps({"pid": os.getpid(), "lit": lit, "pixels": len(self._pending)})
        with self.path.open("a", encoding="utf-8") as chain:
            chain.write(line + "\n")

    def close(self) -> None:
        """Nothing to release: the file is opened for each frame."""


def chain_lines(path: Path) -> list[dict[str, int]]:
    """Every frame the chain file holds, oldest first."""
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    return [json.loads(line) for line in lines if line.strip()]
