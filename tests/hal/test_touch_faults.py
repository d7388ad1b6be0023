"""Bus errors, chip resets, dead chips and error storms: never a phantom touch, always recovery."""

from __future__ import annotations

import random

import pytest

from hal.interfaces import Cell, FaultEvent, HalEvent, TouchEvent, TouchKind
from hal.sim.i2c_bus import SimI2C
from hal.sim.irq_line import StuckLow
from hal.sim.rig import TouchRig
from hal.sim.tca9548a import SimTca9548a
from hal.touch.mux import MuxSelector
from hal.touch.settings import ChipSpec, DirectLayout, MatrixLayout, Pad, TouchSettings

DOWN, UP = TouchKind.DOWN, TouchKind.UP


def _kinds(rig: TouchRig) -> list[tuple[TouchKind, Cell | None]]:
    return [(e.kind, e.cell) for e in rig.touches()]


def test_a_single_error_is_retried_without_a_trace() -> None:
    rig = TouchRig.matrix()
    rig.panel.bus.fail_next(1)
    rig.tap((3, 4))
    assert _kinds(rig) == [(DOWN, (3, 4)), (UP, (3, 4))]
    assert rig.faults() == []
    assert rig.sleeps == [0.001]
    assert sum(h.errors for h in rig.sensor.health()) == 1


def test_a_burst_within_the_retries_backs_off_exponentially() -> None:
    rig = TouchRig.matrix()
    rig.panel.bus.fail_next(3)
    rig.tap((3, 4))
    assert _kinds(rig) == [(DOWN, (3, 4)), (UP, (3, 4))]
    assert rig.faults() == []
    assert rig.sleeps == [0.001, 0.002, 0.004]


def test_a_burst_beyond_the_retries_marks_the_chip_dead_then_revives_it() -> None:
    rig = TouchRig.matrix()
    rig.panel.bus.fail_next(4)
    rig.sensor.poll()
    (fault,) = rig.faults()
    assert fault.device == "mpr121@0x5A"
    assert not fault.recovered
    assert "no good answer after 4 tries" in fault.message
    rig.tap((12, 13))  # row and column on the other two chips
    assert _kinds(rig) == [(DOWN, (12, 13)), (UP, (12, 13))]
    rig.clock.advance(5.0)
    rig.sensor.poll()
    assert rig.faults()[-1].recovered
    rig.panel.step(3)  # the revived chip takes its baseline from its first readings
    rig.tap((3, 4))
    assert _kinds(rig)[-2:] == [(DOWN, (3, 4)), (UP, (3, 4))]


def test_a_dead_chip_is_reported_once_while_the_others_work() -> None:
    rig = TouchRig.matrix()
    rig.panel.chips[2].power_off()
    for _ in range(4):
        rig.sensor.poll()
        rig.clock.advance(3.0)  # past the 5 s retry time, so it is tried again
    assert [(f.device, f.recovered) for f in rig.faults()] == [("mpr121@0x5C", False)]
    health = {h.name: h for h in rig.sensor.health()}
    assert not health["mpr121@0x5C"].ok
    assert health["mpr121@0x5C"].errors >= 8
    assert health["mpr121@0x5A"].ok
    rig.tap((3, 4))
    assert _kinds(rig) == [(DOWN, (3, 4)), (UP, (3, 4))]
    rig.panel.chips[2].power_on()
    rig.clock.advance(5.0)
    rig.sensor.poll()
    assert rig.faults()[-1] == FaultEvent(
        rig.clock.now(), "mpr121@0x5C", "answering again; re-initialised", recovered=True
    )
    rig.panel.step(3)
    rig.tap((12, 13))
    assert _kinds(rig)[-2:] == [(DOWN, (12, 13)), (UP, (12, 13))]


def test_a_chip_reset_mid_game_is_detected_and_reinitialised() -> None:
    rig = TouchRig.matrix()
    rig.tap((3, 4))
    chip = rig.panel.chips[1]
    chip.reset()
    assert chip.register(0x41) == 0
    rig.sensor.poll()
    (fault,) = rig.faults()
    assert (fault.device, fault.recovered) == ("mpr121@0x5B", True)
    assert "lost its settings" in fault.message
    assert chip.register(0x41) == 10
    assert chip.register(0x5B) == 0x11
    rig.panel.step(3)
    rig.tap((5, 5))
    assert _kinds(rig)[-2:] == [(DOWN, (5, 5)), (UP, (5, 5))]
    assert {h.name: h.resets_seen for h in rig.sensor.health()}["mpr121@0x5B"] == 1


def test_a_reset_under_a_finger_releases_it_and_invents_nothing() -> None:
    rig = TouchRig.matrix()
    rig.panel.touch((3, 4))
    rig.panel.step(3)
    rig.panel.chips[0].reset()
    rig.sensor.poll()
    rig.panel.step(10)
    rig.panel.release((3, 4))
    rig.panel.step(10)
    kinds = [(type(e).__name__, getattr(e, "kind", None)) for e in rig.events]
    assert kinds == [("TouchEvent", DOWN), ("FaultEvent", None), ("TouchEvent", UP)]


def test_an_error_makes_the_next_read_check_for_a_reset() -> None:
    rig = TouchRig.matrix()
    rig.panel.chips[0].reset()  # silent: a reset chip raises no interrupt
    rig.panel.bus.fail_next(1)
    rig.tap((12, 13))  # the edge comes from the other chips; chip 0 is read first
    assert [f.device for f in rig.faults()] == ["mpr121@0x5A"]
    assert rig.panel.chips[0].running


def test_over_current_is_reported_and_cleared() -> None:
    rig = TouchRig.matrix()
    rig.panel.chips[0].over_current()
    (fault,) = rig.faults()
    assert "over-current" in fault.message
    assert fault.recovered
    rig.panel.step(3)
    rig.tap((3, 4))
    assert _kinds(rig) == [(DOWN, (3, 4)), (UP, (3, 4))]


def _storm(rig: TouchRig, seed: int, fingers: int) -> list[tuple[HalEvent, frozenset[Cell]]]:
    """Random taps during random bus errors; record each event with the cells of its round.

    Each round touches, holds, releases and waits longer than the release debounce, so a chip
    read late still reports only this round's cells: any other cell is a phantom.
    """
    rng = random.Random(seed)
    record: list[tuple[HalEvent, frozenset[Cell]]] = []
    round_cells: frozenset[Cell] = frozenset()
    rig.sensor.start(lambda event: record.append((event, round_cells)))
    rig.panel.step(3)
    rig.panel.bus.fail_randomly(0.3, seed=seed)
    for _ in range(25):
        round_cells = frozenset((rng.randrange(15), rng.randrange(15)) for _ in range(fingers))
        rig.panel.touch(*round_cells)
        rig.panel.step(rng.randint(1, 6))
        if rng.random() < 0.3:
            rig.sensor.poll()
        rig.panel.release(*round_cells)
        rig.panel.step(rng.randint(8, 11))  # the second-level filter (SFI 6), then debounce
        rig.clock.advance(rng.uniform(0.1, 3.0))
        if rng.random() < 0.3:
            rig.sensor.poll()
    assert rig.panel.bus.errors_injected > 50
    rig.panel.bus.stop_failing()
    rig.clock.advance(10.0)
    rig.sensor.poll()
    return record


def _check_no_phantoms(record: list[tuple[HalEvent, frozenset[Cell]]]) -> None:
    held: set[Cell] = set()
    for event, touched_this_round in record:
        if not isinstance(event, TouchEvent):
            continue
        assert event.kind is not TouchKind.AMBIGUOUS, event
        assert event.cell is not None
        if event.kind is DOWN:
            assert event.cell in touched_this_round, f"phantom touch {event}"
            assert event.cell not in held, f"second DOWN {event}"
            held.add(event.cell)
        else:
            assert event.cell in held, f"UP without DOWN {event}"
            held.remove(event.cell)
    assert held == set(), "touches left down after the storm"


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_matrix_error_storms_make_no_phantom_touches(seed: int) -> None:
    rig = TouchRig.matrix(start=False)
    record = _storm(rig, seed, fingers=1)
    _check_no_phantoms(record)
    assert all(h.ok for h in rig.sensor.health())
    assert max(rig.sleeps) <= 0.02


@pytest.mark.parametrize("seed", [1, 2])
def test_direct_error_storms_make_no_phantom_touches(seed: int) -> None:
    rig = TouchRig.direct(start=False)
    record = _storm(rig, seed, fingers=3)
    _check_no_phantoms(record)
    assert all(h.ok for h in rig.sensor.health())


def test_direct_error_storms_with_an_irq_wire_per_channel_make_no_phantoms() -> None:
    pins = tuple((channel, 20 + channel) for channel in range(5))
    rig = TouchRig.direct(
        DirectLayout(irq_pins=pins), settings=TouchSettings(irq_pin=None), start=False
    )
    record = _storm(rig, 7, fingers=3)
    _check_no_phantoms(record)
    assert all(h.ok for h in rig.sensor.health())


def test_after_a_storm_taps_are_exact_again() -> None:
    rig = TouchRig.matrix(start=False)
    record = _storm(rig, 9, fingers=1)
    rig.panel.step(1500)  # baselines taken under a finger need time to settle again
    before = len(record)
    rig.tap((7, 7))
    tail = [(e.kind, e.cell) if isinstance(e, TouchEvent) else e for e, _ in record[before:]]
    assert tail == [(DOWN, (7, 7)), (UP, (7, 7))]


def test_the_mux_losing_its_selection_is_survived() -> None:
    rig = TouchRig.direct()
    assert rig.panel.mux is not None
    rig.panel.mux.reset()
    rig.tap((2, 2))
    assert _kinds(rig) == [(DOWN, (2, 2)), (UP, (2, 2))]
    assert rig.faults() == []


def test_a_failed_channel_select_releases_the_bus() -> None:
    bus = SimI2C()
    bus.attach(0x70, SimTca9548a())
    selector = MuxSelector(bus, 0x70)
    channel = selector.channel(2)
    bus.fail_next(1)
    with pytest.raises(OSError):
        channel.try_lock()
    assert not bus.locked
    assert channel.try_lock()
    channel.unlock()
    assert (selector.selected, selector.selects) == (2, 1)


def test_a_chip_given_up_on_but_holding_the_irq_line_is_retried_at_once() -> None:
    rig = TouchRig.matrix()
    rig.panel.bus.fail_next(4)
    rig.sensor.poll()  # chip 0 is given up on, though it is fine
    rig.panel.touch((3, 4))  # chip 0 asserts its IRQ: nobody reads it, the line stays low
    rig.panel.step(3)
    assert [(f.device, f.recovered) for f in rig.faults()] == [
        ("mpr121@0x5A", False),
        ("mpr121@0x5A", True),
    ]
    assert rig.clock.now() == 0.0  # no waiting for the retry time
    rig.panel.release((3, 4))
    rig.panel.step(5)
    assert rig.touches() == []  # the finger was there when the chip took its baseline
    rig.tap((3, 5))
    assert _kinds(rig) == [(DOWN, (3, 5)), (UP, (3, 5))]


def test_an_irq_wire_stuck_low_is_reported_and_the_pads_are_polled_until_it_lets_go() -> None:
    rig = TouchRig.matrix()
    short = StuckLow()
    rig.panel.line.connect(short)
    (fault,) = rig.faults()
    assert (fault.device, fault.recovered) == ("touch IRQ GPIO4", False)
    assert "stays low after every chip on it was read" in fault.message
    assert rig.sensor.poll_interval == 0.02  # the caller should now poll quickly
    rig.tap((3, 4))
    assert rig.touches() == []  # no edge can come while the wire is held
    rig.panel.touch((3, 4))
    rig.panel.step(8)
    rig.sensor.poll()
    rig.panel.release((3, 4))
    rig.panel.step(8)
    rig.sensor.poll()
    assert _kinds(rig) == [(DOWN, (3, 4)), (UP, (3, 4))]
    short.clear()
    rig.sensor.poll()
    assert rig.faults()[-1].recovered and rig.faults()[-1].device == "touch IRQ GPIO4"
    assert rig.sensor.poll_interval == 1.0
    rig.tap((5, 6))
    assert _kinds(rig)[-2:] == [(DOWN, (5, 6)), (UP, (5, 6))]
    assert len(rig.faults()) == 2


def test_a_stuck_channel_wire_leaves_the_other_channels_on_interrupts() -> None:
    pins = tuple((channel, 20 + channel) for channel in range(5))
    rig = TouchRig.direct(DirectLayout(irq_pins=pins), settings=TouchSettings(irq_pin=None))
    rig.panel.channel_lines[2].connect(StuckLow())
    assert [(f.device, f.recovered) for f in rig.faults()] == [("touch IRQ GPIO22", False)]
    rig.tap((14, 14))  # channel 4
    assert _kinds(rig) == [(DOWN, (14, 14)), (UP, (14, 14))]


def test_a_garbled_status_read_is_retried_and_never_a_touch() -> None:
    rig = TouchRig.matrix()
    rig.panel.bus.garble_next(1)  # 0xFFFF: every electrode "touched", bits no chip has
    rig.tap((3, 4))
    assert _kinds(rig) == [(DOWN, (3, 4)), (UP, (3, 4))]
    assert rig.faults() == []
    health = {h.name: h for h in rig.sensor.health()}
    assert health["mpr121@0x5A"].errors == 1
    assert "touch status 0xFFFF is not possible" in health["mpr121@0x5A"].last_error


def test_a_status_naming_an_electrode_the_chip_does_not_scan_is_garbage() -> None:
    layout = MatrixLayout(
        chips=(ChipSpec(0x5A),),
        rows=(Pad(0, 0), Pad(0, 2), Pad(0, 4)),
        columns=(Pad(0, 1), Pad(0, 3)),
    )
    rig = TouchRig.matrix(layout)  # the chip scans E0..E4
    rig.panel.bus.garble_next(1, pattern=b"\x40\x00")  # 0x0040: E6, which it does not scan
    rig.tap((1, 2))
    assert _kinds(rig) == [(DOWN, (1, 2)), (UP, (1, 2))]
    assert rig.sensor.health()[0].errors == 1


def test_a_chip_answering_only_garbage_is_given_up_on_without_a_phantom() -> None:
    rig = TouchRig.matrix()
    rig.panel.bus.garble_next(4)
    rig.tap((3, 4))
    assert [(f.device, f.recovered) for f in rig.faults()][:1] == [("mpr121@0x5A", False)]
    assert all(e.cell == (3, 4) for e in rig.touches())
