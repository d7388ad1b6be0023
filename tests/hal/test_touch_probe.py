"""Finding chips: scans of the main bus and of every mux channel."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from hal.interfaces import TouchSensor
from hal.sim.i2c_bus import SimI2C
from hal.sim.mpr121_chip import SimMpr121
from hal.sim.panel import SimTouchPanel
from hal.sim.rig import TouchRig
from hal.touch.probe import open_board_bus, scan


def test_scan_of_a_matrix_board() -> None:
    panel = SimTouchPanel.matrix()
    result = scan(panel.bus)
    assert result.main == (0x5A, 0x5B, 0x5C)
    assert result.channels == {}
    assert str(result) == "main bus: 0x5A 0x5B 0x5C"


def test_scan_through_the_mux_finds_a_missing_chip() -> None:
    panel = SimTouchPanel.direct()
    panel.chips[6].power_off()  # channel 1, 0x5C
    result = scan(panel.bus)
    assert result.main == (0x70,)
    assert result.channels[1] == (0x5A, 0x5B, 0x5D)
    assert result.channels[3] == (0x5A, 0x5B, 0x5C, 0x5D)
    assert panel.mux is not None
    assert panel.mux.control == 0  # left with every channel off
    assert not panel.bus.locked


def test_scan_refuses_a_busy_bus() -> None:
    bus = SimI2C()
    bus.attach(0x5A, SimMpr121())
    assert bus.try_lock()
    with pytest.raises(RuntimeError, match="busy"):
        scan(bus)


def test_empty_bus_reads_nothing() -> None:
    assert str(scan(SimI2C())) == "main bus: nothing"


def test_a_closed_sensor_reports_nothing_and_can_be_closed_again() -> None:
    for rig in (TouchRig.matrix(), TouchRig.direct()):
        rig.tap((1, 1))
        assert rig.touches(), "the sensor reports while open"
        seen = len(rig.touches())
        sensor: TouchSensor = rig.sensor
        sensor.close()
        sensor.close()
        rig.tap((2, 2))
        sensor.poll()
        assert len(rig.touches()) == seen


def test_blinkas_repeated_warning_is_printed_once_before_the_clean_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    warning = "WARNING: GENERIC_X86 is not fully supported. Some features may not work."
    (tmp_path / "board.py").write_text(f"print({warning!r})\nSCL = SDA = None\n")
    (tmp_path / "busio.py").write_text(
        f"def I2C(scl, sda):\n    print({warning!r})\n    raise ValueError('no I2C pins here')\n"
    )
    for name in ("board", "busio"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(RuntimeError, match=r"^cannot open I2C-1 \(no I2C pins here\)"):
        open_board_bus()
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == warning + "\n"
