"""The direct layout with an IRQ wire per mux channel: an edge reads only that channel's chips."""

from __future__ import annotations

from typing import Unpack

import pytest
from gpiozero import DigitalInputDevice
from gpiozero.pins.mock import MockFactory

from hal.interfaces import TouchKind
from hal.sim.rig import RigOptions, TouchRig
from hal.touch.direct import DirectTouchSensor
from hal.touch.settings import ChipSpec, DirectLayout, Pad, TouchSettings

DOWN, UP = TouchKind.DOWN, TouchKind.UP
PINS = ((0, 4), (1, 5), (2, 6), (3, 23), (4, 24))
PER_CHANNEL = DirectLayout(irq_pins=PINS)
NO_SHARED = TouchSettings(irq_pin=None)


def channel_rig(**options: Unpack[RigOptions]) -> TouchRig:
    return TouchRig.direct(PER_CHANNEL, **({"settings": NO_SHARED} | options))


def test_a_tap_reads_only_the_chip_on_the_channel_that_changed() -> None:
    rig = channel_rig()
    before = rig.panel.bus.transactions
    rig.tap((13, 5))  # n6, in chip 4's block (k4-n6): the first chip on channel 1
    # touch: select channel 1, read chip 4; release: chip 4 again, channel still selected
    assert [(e.kind, e.cell) for e in rig.touches()] == [(DOWN, (13, 5)), (UP, (13, 5))]
    assert rig.panel.bus.transactions - before == 3
    assert rig.sensor.edges == 2


def test_the_last_chip_of_a_channel_costs_at_most_that_channel() -> None:
    rig = channel_rig()
    before = rig.panel.bus.transactions
    rig.tap((0, 3))  # a4, in chip 7's block (a4-b9): the fourth chip on channel 1
    assert [(e.kind, e.cell) for e in rig.touches()] == [(DOWN, (0, 3)), (UP, (0, 3))]
    # touch: one select and chips 4..7; release: chip 7 first, found at once
    assert rig.panel.bus.transactions - before == (1 + 4) + 1


def test_the_shared_wire_reads_every_chip_before_the_changed_one() -> None:
    rig = TouchRig.direct()
    before = rig.panel.bus.transactions
    rig.tap((0, 3))
    # chips 0..7 over channels 0 and 1: the cost the per-channel wires avoid
    assert rig.panel.bus.transactions - before == (8 + 2) + 1


def test_touches_on_several_channels_at_once_are_all_reported() -> None:
    rig = channel_rig()
    cells = [(0, 0), (7, 7), (14, 14)]  # channels 0, 2 and 4
    rig.panel.touch(*cells)
    rig.panel.step(8)
    assert sorted(e.cell for e in rig.touches() if e.kind is DOWN) == cells  # type: ignore[type-var]
    rig.panel.release_all()
    rig.panel.step(8)
    assert sorted(e.cell for e in rig.touches() if e.kind is UP) == cells  # type: ignore[type-var]


def test_every_channel_wire_reaches_its_chips() -> None:
    rig = channel_rig()
    cells = [(c, r) for r in range(15) for c in range(15)][::12]  # one cell on every chip
    for cell in cells:
        rig.tap(cell)
    assert [e.cell for e in rig.touches() if e.kind is DOWN] == cells


def test_the_safety_poll_is_asked_for_and_reads_every_channel() -> None:
    rig = channel_rig()
    assert rig.sensor.poll_interval == TouchSettings().safety_poll_s
    before = rig.panel.bus.transactions
    rig.sensor.poll()
    assert rig.panel.bus.transactions - before > 19


def test_a_chip_given_up_on_but_holding_its_channel_wire_is_retried_at_once() -> None:
    rig = channel_rig()
    rig.panel.bus.fail_next(4)
    rig.sensor.poll()  # chip 0 (channel 0) is given up on, though it is fine
    assert [f.recovered for f in rig.faults()] == [False]
    rig.panel.touch((0, 0))
    rig.panel.step(3)
    assert [(f.device, f.recovered) for f in rig.faults()][-1] == ("mpr121@0x5A/ch0", True)
    assert rig.clock.now() == 0.0


def test_a_busy_channel_pin_is_one_clear_error_and_frees_the_others() -> None:
    factory = MockFactory()
    taken = DigitalInputDevice(6, pin_factory=factory)
    rig = channel_rig(start=False, pin_factory=factory)
    with pytest.raises(RuntimeError, match="cannot watch the touch IRQ on GPIO6"):
        rig.sensor.start(rig.events.append)
    taken.close()
    for pin in (4, 5):  # opened before the failure, released again
        DigitalInputDevice(pin, pin_factory=factory).close()


def test_close_releases_every_channel_pin() -> None:
    rig = channel_rig()
    rig.sensor.close()
    rig.sensor.close()
    for _, pin in PINS:
        DigitalInputDevice(pin, pin_factory=rig.pin_factory).close()


def test_a_shared_pin_as_well_is_refused() -> None:
    with pytest.raises(ValueError, match="IRQ pin per mux channel: set irq_pin to None, not 4"):
        DirectTouchSensor(object(), clock=channel_rig().clock, layout=PER_CHANNEL)


@pytest.mark.parametrize(
    ("pins", "message"),
    [
        (PINS[:4], "channel 4 has chips but no IRQ pin"),
        ((*PINS, (5, 25)), "IRQ pin for channel 5, which has no chips"),
        ((*PINS[:4], (4, 4)), "GPIO4 is the IRQ pin of two channels"),
        ((*PINS, (4, 25)), "channel 4 has two IRQ pins"),
        ((*PINS[:4], (4, 28)), "IRQ pin 28 is not a GPIO number 0..27"),
    ],
)
def test_channel_pins_are_checked(pins: tuple[tuple[int, int], ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        DirectLayout(irq_pins=pins)


def test_channel_chips_follow_the_layout() -> None:
    layout = DirectLayout(
        chips=(ChipSpec(0x5B, channel=6), ChipSpec(0x5A, channel=2), ChipSpec(0x5C, channel=6)),
        cells=(((0, 0), Pad(0, 0)), ((1, 0), Pad(1, 0)), ((2, 0), Pad(2, 0))),
        irq_pins=((6, 20), (2, 21)),
    )
    assert (layout.channel_chips(6), layout.channel_chips(2)) == ((0, 2), (1,))
    rig = TouchRig.direct(layout, settings=NO_SHARED)
    for cell in [(2, 0), (1, 0), (0, 0)]:
        rig.tap(cell)
    assert [e.cell for e in rig.touches() if e.kind is DOWN] == [(2, 0), (1, 0), (0, 0)]
