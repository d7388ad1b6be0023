"""The conftest takes the Adafruit driver's 1 ms pause after a soft reset out of the touch tests."""

from __future__ import annotations

import time

import adafruit_mpr121
import pytest

from hal.sim.rig import TouchRig
from tests.hal.conftest import TimeWithoutSleep


def test_each_chip_is_still_soft_reset_but_nobody_waits(
    driver_without_sleep: TimeWithoutSleep | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_real_pause(seconds: float) -> None:
        raise AssertionError(f"a real {seconds} s pause in a touch test")

    monkeypatch.setattr(time, "sleep", no_real_pause)
    assert driver_without_sleep is not None
    rig = TouchRig.matrix()
    assert driver_without_sleep.sleeps == [0.001] * 3  # one per chip's soft reset
    assert all(chip.running for chip in rig.panel.chips)
    assert adafruit_mpr121.time.monotonic() <= time.monotonic()  # the rest of time is real
