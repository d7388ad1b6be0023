"""A real Mosquitto per test, and boards on it."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.link.broker import MOSQUITTO, Mosquitto, Observer


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Mosquitto]:
    if shutil.which(MOSQUITTO) is None:
        pytest.fail("mosquitto is not installed (apt-get install mosquitto)")
    server = Mosquitto(tmp_path)
    server.start()
    yield server
    server.kill()


@pytest.fixture
def observer(broker: Mosquitto) -> Iterator[Observer]:
    seen = Observer(broker.port)
    yield seen
    seen.close()
