"""The board's health as the staff page, the fleet card and the broker state carry it."""

from __future__ import annotations

from pathlib import Path

from firmware.controller.faults import DeviceHealth
from firmware.wiring.health import MIN_FREE_BYTES, BoardHealth, DiskUsage
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
