"""A real Mosquitto per test, and boards on it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.link.broker import MOSQUITTO, Mosquitto, Observer, free_port
from tests.link.tournament_rig import pin_file, started, two_tables  # noqa: F401 (fixtures)


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


@pytest.fixture
def fleet_url(broker: Mosquitto) -> Iterator[str]:
    """``cullsboard fleet`` on the broker, serving on a free port; yields the page's base URL."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "firmware.cli", "fleet", "--broker", broker.url,
         "--web", f"127.0.0.1:{port}"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    yield f"http://127.0.0.1:{port}"
    process.terminate()
    process.wait(timeout=10)
