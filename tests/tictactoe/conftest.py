"""The simulated board with tic-tac-toe listed among the games for the test's duration."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from firmware.rules import registry
from tests.controller.conftest import Rig


@pytest.fixture
def rig(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Rig]:
    monkeypatch.setattr(registry, "GAME_PACKAGES", [*registry.GAME_PACKAGES, "tests.tictactoe"])
    made = Rig(tmp_path / "state")
    yield made
    made.board.close()
