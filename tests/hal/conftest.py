"""Fixtures for the touch tests: the Adafruit MPR121 driver without its real-time pause."""

from __future__ import annotations

import time
from collections.abc import Iterator
from types import ModuleType

import adafruit_mpr121
import pytest

# Test modules that run the Adafruit driver against the simulated chips.
DRIVER_MODULES = ("test_touch_", "test_sim_")


class TimeWithoutSleep(ModuleType):
    """The ``time`` module as the driver sees it, with ``sleep`` returning at once."""

    def __init__(self) -> None:
        super().__init__("time")
        self.sleeps: list[float] = []

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)

    def __getattr__(self, name: str) -> object:
        return getattr(time, name)


@pytest.fixture(autouse=True)
def driver_without_sleep(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[TimeWithoutSleep | None]:
    """The driver pauses 1 ms after every soft reset; the simulated chip needs no pause."""
    if not request.node.path.name.startswith(DRIVER_MODULES):
        yield None
        return
    stand_in = TimeWithoutSleep()
    monkeypatch.setattr(adafruit_mpr121, "time", stand_in)
    yield stand_in
