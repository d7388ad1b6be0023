"""The rig of the controller's tests, with its simulated voice."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.controller.conftest import Rig


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    board = Rig(tmp_path)
    yield board
    board.board.close()
