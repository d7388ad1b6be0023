"""The simulated MPR121, checked through raw register access and through the Adafruit driver."""

from __future__ import annotations

import adafruit_mpr121
import pytest

from hal.sim.i2c_bus import SimI2C
from hal.sim.mpr121_chip import SimMpr121
from hal.sim.mpr121_electrode import adc_counts
from hal.sim.mpr121_registers import FINGER_PF

ADDRESS = 0x5A
SFI = 4  # the power-on second-level filter: a step reaches the data over this many samples


def _read(chip: SimMpr121, register: int, length: int) -> bytes:
    chip.i2c_write(bytes([register]))
    return chip.i2c_read(length)


def _run(chip: SimMpr121, *, touch: int, release: int, debounce: int = 0, ecr: int = 0x8C) -> None:
    """Configure thresholds for all electrodes in stop mode, then start with CL=10."""
    chip.i2c_write(bytes([0x5E, 0x00]))
    chip.i2c_write(bytes([0x41, *([touch, release] * 12)]))
    chip.i2c_write(bytes([0x5B, debounce]))
    chip.i2c_write(bytes([0x5E, ecr]))


def _driven() -> tuple[SimI2C, SimMpr121, adafruit_mpr121.MPR121]:
    bus, chip = SimI2C(), SimMpr121()
    bus.attach(ADDRESS, chip)
    return bus, chip, adafruit_mpr121.MPR121(bus, ADDRESS)


def test_power_on_defaults() -> None:
    chip = SimMpr121()
    assert chip.register(0x5C) == 0x10
    assert chip.register(0x5D) == 0x24
    assert chip.register(0x5E) == 0x00
    assert chip.register(0x41) == 0x00
    assert not chip.running


def test_driver_reset_finds_the_expected_state_and_starts_the_chip() -> None:
    _, chip, driver = _driven()
    assert chip.running
    assert chip.register(0x5E) == 0x8F
    assert chip.register(0x5D) == 0x20
    assert [chip.register(0x41 + 2 * i) for i in range(12)] == [12] * 12
    assert [chip.register(0x42 + 2 * i) for i in range(12)] == [6] * 12
    assert driver.touched() == 0


def test_soft_reset_needs_the_key() -> None:
    chip = SimMpr121()
    chip.i2c_write(bytes([0x5D, 0x40]))
    chip.i2c_write(bytes([0x80, 0x12]))
    assert chip.register(0x5D) == 0x40
    chip.i2c_write(bytes([0x80, 0x63]))
    assert chip.register(0x5D) == 0x24


def test_reads_auto_increment_and_data_registers_wrap_to_zero() -> None:
    chip = SimMpr121()
    _run(chip, touch=12, release=6)
    chip.sample()
    data = _read(chip, 0x04, 4)
    expected = adc_counts(8.0, 16, 0.5)
    assert data[0] | data[1] << 8 == expected
    assert data[2] | data[3] << 8 == expected
    wrapped = _read(chip, 0x29, 4)  # 0x29, 0x2A, then 0x00, 0x01
    assert wrapped[2:] == bytes([chip.register(0x00), chip.register(0x01)])
    thresholds = _read(chip, 0x41, 2)
    assert thresholds == bytes([12, 6])


def test_configuration_writes_are_ignored_in_run_mode() -> None:
    chip = SimMpr121()
    _run(chip, touch=12, release=6)
    chip.i2c_write(bytes([0x41, 99]))
    assert chip.register(0x41) == 12
    chip.i2c_write(bytes([0x5E, 0x00]))
    chip.i2c_write(bytes([0x41, 99]))
    assert chip.register(0x41) == 99


def test_touch_needs_more_than_the_threshold_below_baseline() -> None:
    chip = SimMpr121()
    _run(chip, touch=20, release=10, ecr=0xCC)  # CL=11: baseline is the first reading exactly
    chip.sample()
    base = adc_counts(8.0, 16, 0.5)
    # find capacitances giving exactly 20 and 21 counts below the baseline
    exactly = next(p / 100 for p in range(800, 1200) if base - adc_counts(p / 100, 16, 0.5) == 20)
    beyond = next(p / 100 for p in range(800, 1200) if base - adc_counts(p / 100, 16, 0.5) == 21)
    chip.set_capacitance(0, exactly)
    chip.sample(SFI)
    assert chip.register(0x00) == 0
    chip.set_capacitance(0, beyond)
    chip.sample(SFI)
    assert chip.register(0x00) == 1


def test_release_uses_the_release_threshold() -> None:
    chip = SimMpr121()
    _run(chip, touch=20, release=10, ecr=0xCC)
    chip.sample()
    base = adc_counts(8.0, 16, 0.5)

    def pf_for(delta: int) -> float:
        return next(
            p / 1000 for p in range(8000, 12000) if base - adc_counts(p / 1000, 16, 0.5) == delta
        )

    chip.set_capacitance(3, pf_for(30))
    chip.sample(SFI)
    assert chip.register(0x00) == 1 << 3
    chip.set_capacitance(3, pf_for(12))  # below touch, but not yet below release
    chip.sample(SFI)
    assert chip.register(0x00) == 1 << 3
    chip.set_capacitance(3, pf_for(9))
    chip.sample(SFI)
    assert chip.register(0x00) == 0


def _samples_to_flip(chip: SimMpr121, bit: int, want: int) -> int:
    for taken in range(1, 50):
        chip.sample()
        if chip.register(0x00) & bit == want:
            return taken
    raise AssertionError("the touch bit never changed")


def _flip_times(touch_debounce: int, release_debounce: int) -> tuple[int, int]:
    """Samples from a finger's step to the touch bit, and from its lift to the bit clearing."""
    chip = SimMpr121()
    _run(chip, touch=12, release=6, debounce=release_debounce << 4 | touch_debounce)
    chip.sample(3)
    chip.touch(5)
    down = _samples_to_flip(chip, 1 << 5, 1 << 5)
    chip.sample(SFI)
    chip.release(5)
    return down, _samples_to_flip(chip, 1 << 5, 0)


@pytest.mark.parametrize(("touch_debounce", "release_debounce"), [(2, 1), (7, 3)])
def test_debounce_adds_its_samples_after_the_filter(
    touch_debounce: int, release_debounce: int
) -> None:
    down, up = _flip_times(0, 0)
    assert _flip_times(touch_debounce, release_debounce) == (
        down + touch_debounce,
        up + release_debounce,
    )


@pytest.mark.parametrize(("code", "released_after"), [(0b00, 4), (0b10, 10), (0b11, 17)])
def test_a_lifted_finger_leaves_the_second_level_filter_over_sfi_samples(
    code: int, released_after: int
) -> None:
    """The data is the mean of the last SFI readings: a finger of 62 counts (8 pF + 2 pF at
    16 uA x 0.5 us, baseline loaded exactly with CL = 11) clears the release threshold of 6 once
    62 x (1 - k / SFI) < 6, on sample k = 4 of SFI 4, 10 of SFI 10 and 17 of SFI 18."""
    chip = SimMpr121()
    chip.i2c_write(bytes([0x5D, 0x24 | code << 3]))
    _run(chip, touch=12, release=6, ecr=0xCC)
    chip.sample(20)
    chip.touch(5)
    chip.sample(20)
    assert chip.register(0x00) == 1 << 5
    chip.release(5)
    assert _samples_to_flip(chip, 1 << 5, 0) == released_after


def test_irq_asserts_on_change_and_clears_on_status_read() -> None:
    chip = SimMpr121()
    changes: list[bool] = []
    chip.on_irq_change(lambda: changes.append(chip.irq_asserted))
    _run(chip, touch=12, release=6)
    chip.sample(3)
    assert changes == []
    chip.touch(1)
    chip.sample(SFI)
    assert chip.irq_asserted
    chip.sample(5)  # no change: stays asserted, no new edge
    assert changes == [True]
    _read(chip, 0x04, 2)  # other registers do not clear it
    assert chip.irq_asserted
    _read(chip, 0x00, 2)
    assert changes == [True, False]


def test_stop_mode_measures_nothing() -> None:
    chip = SimMpr121()
    chip.touch(0)
    chip.sample(10)
    assert chip.samples == 0
    assert chip.register(0x00) == 0
    assert not chip.irq_asserted


def test_only_enabled_electrodes_are_measured() -> None:
    chip = SimMpr121()
    _run(chip, touch=12, release=6, ecr=0x82)  # electrodes 0 and 1
    chip.sample(2)
    chip.touch(1)
    chip.touch(2)
    chip.sample(SFI + 1)
    assert chip.register(0x00) == 0b010


def test_reset_brings_back_defaults_and_stop_mode() -> None:
    _, chip, driver = _driven()
    chip.sample(3)
    chip.touch(4)
    chip.sample(SFI + 1)
    assert driver.touched() == 1 << 4
    chip.reset()
    assert not chip.running
    assert chip.register(0x41) == 0
    assert chip.register(0x5D) == 0x24
    chip.sample(5)
    assert driver.touched() == 0


def test_baseline_holds_while_touched_and_is_readable() -> None:
    _, chip, driver = _driven()
    chip.sample(50)
    before = driver.baseline_data(2)
    chip.touch(2, FINGER_PF)
    chip.sample(200)
    assert driver.touched() == 1 << 2
    assert driver.baseline_data(2) == before
    assert driver.filtered_data(2) < before


def test_baseline_follows_a_slow_drift() -> None:
    _, chip, driver = _driven()
    chip.sample(50)
    for step in range(40):
        chip.set_capacitance(0, 8.0 + 0.01 * step)
        chip.sample(20)
    assert driver.touched() == 0
    assert abs(driver.baseline_data(0) - driver.filtered_data(0)) <= 4


def test_over_current_stops_the_chip_until_cleared() -> None:
    _, chip, driver = _driven()
    chip.sample(3)
    chip.over_current()
    assert chip.irq_asserted
    assert driver.touched() & 0x8000
    assert chip.register(0x5E) == 0x80  # electrode bits cleared: stop mode
    chip.i2c_write(bytes([0x5E, 0x8F]))
    assert chip.register(0x5E) == 0x80  # ECR is locked while the flag is set
    chip.i2c_write(bytes([0x01, 0x80]))
    chip.i2c_write(bytes([0x5E, 0x8F]))
    assert chip.register(0x5E) == 0x8F
    assert driver.touched() & 0x8000 == 0


def test_powered_off_chip_does_not_answer() -> None:
    bus, chip, driver = _driven()
    chip.power_off()
    with pytest.raises(OSError):
        driver.touched()
    chip.power_on()
    assert not chip.running
    assert bus.scan() == [ADDRESS]


def test_noise_is_seeded() -> None:
    def readings(seed: int) -> list[int]:
        chip = SimMpr121(noise_counts=3, seed=seed)
        _run(chip, touch=12, release=6)
        values = []
        for _ in range(20):
            chip.sample()
            data = _read(chip, 0x04, 2)
            values.append(data[0] | data[1] << 8)
        return values

    assert readings(1) == readings(1)
    assert readings(1) != readings(2)
    assert max(readings(1)) - min(readings(1)) <= 6
