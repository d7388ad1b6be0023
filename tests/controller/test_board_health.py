"""The board's health as the staff page, the fleet card and the broker state carry it."""

from __future__ import annotations

from pathlib import Path

from firmware.controller.view.faults import DeviceHealth
from firmware.rules.api import JsonValue
from firmware.wiring.health import MIN_FREE_BYTES, BoardHealth, DiskUsage, HealthWatch
from hal.interfaces import FaultEvent

GIB = 1024**3


def test_a_healthy_board_says_ok(tmp_path: Path) -> None:
    health = BoardHealth(DeviceHealth(), state_dir=tmp_path, disk_usage=lambda _: DiskUsage(
        16 * GIB, 2 * GIB, 14 * GIB))  # fmt: skip
    assert health.to_json() == {"ok": True, "problems": []}


def test_each_kind_of_trouble_is_one_line_naming_its_part(tmp_path: Path) -> None:
    devices = DeviceHealth()
    devices.on_fault(FaultEvent(1.0, "mpr121@0x5B", "no answer on I2C"))
    devices.leds_failed(OSError("spi"), 1.0)
    full = DiskUsage(16 * GIB, 16 * GIB - MIN_FREE_BYTES // 2, MIN_FREE_BYTES // 2)
    health = BoardHealth(
        devices,
        state_dir=tmp_path,
        link_down=lambda: True,
        config_problems=("the staff settings were not used: settings.json: not valid JSON",),
        disk_usage=lambda _: full,
    )
    problems = health.to_json()["problems"]
    assert isinstance(problems, list)
    assert [p["part"] for p in problems if isinstance(p, dict)] == [
        "touch",
        "leds",
        "storage",
        "broker",
        "config",
    ]
    messages = [str(p["message"]) for p in problems if isinstance(p, dict)]
    assert messages[0] == "mpr121@0x5B failed: no answer on I2C"
    assert messages[2] == "the SD card is nearly full: 100 MB free (see docs/kiosk.md)"
    assert all("\n" not in m for m in messages)
    assert health.to_json()["ok"] is False


def test_a_recovered_chip_clears_and_a_card_with_room_is_fine(tmp_path: Path) -> None:
    devices = DeviceHealth()
    devices.on_fault(FaultEvent(1.0, "mpr121@0x5B", "no answer"))
    devices.on_fault(FaultEvent(2.0, "mpr121@0x5B", "re-initialised", recovered=True))
    roomy = DiskUsage(16 * GIB, 15 * GIB, 1 * GIB)
    health = BoardHealth(devices, state_dir=tmp_path, disk_usage=lambda _: roomy)
    assert health.problems() == []


def test_a_state_directory_that_cannot_be_read_is_a_storage_problem(tmp_path: Path) -> None:
    missing = BoardHealth(DeviceHealth(), state_dir=tmp_path / "gone")
    (problem,) = missing.problems()
    assert problem.part == "storage" and "cannot be read" in problem.message


def test_a_chip_that_fails_and_recovers_between_two_looks_is_sent_as_recovered() -> None:
    """The state carried the failure (sent with a blink of the fault lights); the chip then
    recovered before the watch looked again. The watch sees a health unlike the one sent."""
    devices = DeviceHealth()
    health = BoardHealth(devices)
    sent: list[JsonValue] = [health.state_json()]
    changes: list[str] = []
    watch = HealthWatch(health.state_json, lambda: sent[-1], lambda: changes.append("send"))
    watch.look()
    assert changes == []  # the state says what is so
    devices.on_fault(FaultEvent(1.0, "mpr121@0x5B", "no answer on I2C"))
    sent.append(health.state_json())  # sent by the loop, before the watch looked
    devices.on_fault(FaultEvent(1.2, "mpr121@0x5B", "re-initialised", recovered=True))
    watch.look()
    assert changes == ["send"]
    sent.append(health.state_json())
    watch.look()
    assert changes == ["send"]


def test_the_watch_asks_nothing_before_the_first_state_is_sent() -> None:
    devices = DeviceHealth()
    devices.on_fault(FaultEvent(1.0, "mpr121@0x5B", "no answer on I2C"))
    changes: list[str] = []
    watch = HealthWatch(BoardHealth(devices).state_json, lambda: None, lambda: changes.append("x"))
    watch.look()
    assert changes == []
