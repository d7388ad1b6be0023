"""The MPR121 front end: charge, filters and auto-configuration, in the chip's registers."""

from __future__ import annotations

import re

import adafruit_mpr121
import pytest

from hal.sim.i2c_bus import SimI2C
from hal.sim.mpr121_chip import SimMpr121
from hal.sim.rig import TouchRig
from hal.touch import TouchSettings
from hal.touch.settings import MatrixLayout, Pad
from hal.touch.tuning import AutoConfig, BaselineFilter, Charge, FilterStage


@pytest.mark.parametrize(
    ("supply", "limits"),
    [(3.3, (201, 131, 181)), (3.0, (196, 127, 176)), (1.8, (156, 101, 140))],
)
def test_auto_config_limits_follow_the_datasheet_equations(
    supply: float, limits: tuple[int, int, int]
) -> None:
    # USL = (Vdd - 0.7) / Vdd x 256, LSL = 0.65 x USL, TL = 0.9 x USL (section 5.11)
    assert AutoConfig(supply_v=supply).limits() == limits


def test_auto_config_registers_enable_config_and_reconfig_with_the_baseline_load() -> None:
    control, scts, *limits = AutoConfig().registers(first_filter_code=0)
    assert control == 0b0000_1011  # BVA = 10 like ECR CL, ARE, ACE
    assert scts == 0
    assert limits == [201, 131, 181]
    assert AutoConfig(enabled=False).registers(0) == bytes(5)
    assert AutoConfig(reconfigure=False).registers(2)[0] == 0b1000_1001


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"current_ua": 0}, "charge current (uA) 0 is outside 1..63"),
        ({"current_ua": 64}, "charge current (uA) 64 is outside 1..63"),
        ({"time_us": 3.0}, "charge time 3 us is not one of 0.5, 1, 2, 4, 8, 16, 32"),
    ],
)
def test_a_charge_the_chip_cannot_make_is_refused(kwargs: dict[str, float], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        Charge(**kwargs)  # type: ignore[arg-type]


def test_filter_registers_in_datasheet_order() -> None:
    tuned = BaselineFilter(
        FilterStage(2, 3, 4, 5), FilterStage(6, 7, 8, 9), FilterStage(0, 10, 11, 12), 10, 6, 8
    )
    assert tuned.registers() == bytes([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    assert tuned.config1(Charge(20, 1.0)) == 0b01_010100
    assert tuned.config2(Charge(20, 1.0)) == 0b010_01_011
    with pytest.raises(ValueError, match="second filter samples 5 is not one of 4, 6, 10, 18"):
        BaselineFilter(second_samples=5)


def test_a_tuned_chip_holds_every_register_as_written() -> None:
    settings = TouchSettings(
        charge=Charge(24, 1.0),
        pad_charges=((Pad(0, 1), Charge(40, 2.0)),),
        baseline_filter=BaselineFilter(first_samples=6, second_samples=10, period_ms=16),
        auto_config=AutoConfig(enabled=False),
    )
    rig = TouchRig.matrix(settings=settings)
    chip = rig.panel.chips[0]
    assert chip.register(0x5C) == 24
    assert chip.register(0x5D) == 0b010_10_100  # 1 us, SFI 10, ESI 16 ms
    assert [chip.register(0x5F + e) for e in range(3)] == [0, 40, 0]
    assert chip.register(0x6C) == 0b0011_0000  # E1 at 2 us, E0 at the global time
    assert [chip.register(0x7B + i) for i in range(5)] == [0] * 5
    assert rig.sensor.charges()["mpr121@0x5A"][:2] == [(24, 1.0), (40, 2.0)]


def test_auto_config_brings_a_long_strip_into_range_and_the_touch_still_works() -> None:
    rig = TouchRig.matrix()
    chip = rig.panel.chips[0]
    for electrode in range(12):
        chip.set_capacitance(electrode, 40.0)  # 40 cm strips: 8 pC would read 62 counts
    chip.i2c_write(bytes([0x5E, 0x00]))  # restart: auto-configuration runs as the chip starts
    chip.i2c_write(bytes([0x5E, 0x8C]))
    chip.sample(3)
    lower, upper = chip.register(0x7E) * 4, chip.register(0x7D) * 4
    readings = rig.sensor.readings()[:12]
    assert all(lower <= r.filtered <= upper for r in readings), [r.filtered for r in readings]
    assert chip.register(0x02) == chip.register(0x03) == 0  # no electrode out of range
    current, time = rig.sensor.charges()["mpr121@0x5A"][0]
    assert current * time > 8 * 4  # far more charge than the driver's 16 uA x 0.5 us


def test_auto_config_flags_an_electrode_no_charge_can_bring_into_range() -> None:
    bus, chip = SimI2C(), SimMpr121()
    bus.attach(0x5A, chip)
    adafruit_mpr121.MPR121(bus, 0x5A)
    chip.set_capacitance(3, 100_000.0)  # shorted to a huge plane: no charge lifts it
    chip.i2c_write(bytes([0x5E, 0x00]))
    chip.i2c_write(bytes([0x7B, *AutoConfig().registers(0)]))
    chip.i2c_write(bytes([0x5E, 0x8C]))
    assert chip.register(0x02) == 1 << 3
    assert chip.register(0x03) & 0x80  # ACFF


def test_tuned_values_equal_to_power_on_ones_are_not_taken_for_a_reset() -> None:
    # 0x5D = 0x24 (0.5 us, SFI 4, ESI 16 ms) is also the power-on value: only the ECR tells
    power_on = BaselineFilter(first_samples=6, second_samples=4, period_ms=16)
    rig = TouchRig.matrix(layout=MatrixLayout(), settings=TouchSettings(baseline_filter=power_on))
    assert rig.panel.chips[0].register(0x5D) == 0x24
    rig.sensor.poll()
    assert rig.faults() == []
    rig.panel.chips[0].reset()
    rig.sensor.poll()
    assert [f.message for f in rig.faults()] == ["lost its settings (a reset?); re-initialised"]
    assert rig.panel.chips[0].register(0x7B) & 0x01  # auto-config is back on
