"""The direct layout: 19 simulated chips behind a TCA9548A, several touches at once."""

from __future__ import annotations

from hal.interfaces import TouchEvent, TouchKind
from hal.sim.rig import TouchRig
from hal.touch.direct import DirectDecoder
from hal.touch.settings import ChipSpec, DirectLayout, Pad

DOWN, UP = TouchKind.DOWN, TouchKind.UP


def test_a_tap_gives_one_down_then_one_up() -> None:
    rig = TouchRig.direct()
    rig.tap((9, 13))
    assert [(e.kind, e.cell) for e in rig.touches()] == [(DOWN, (9, 13)), (UP, (9, 13))]


def test_every_chip_and_channel_is_reached() -> None:
    rig = TouchRig.direct()
    cells = [(c, r) for r in range(15) for c in range(15)][::12]  # one cell on every chip
    for cell in cells:
        rig.tap(cell)
    assert [e.cell for e in rig.touches() if e.kind is DOWN] == cells
    assert len(cells) == 19


def test_several_touches_at_once() -> None:
    rig = TouchRig.direct()
    rig.panel.touch((0, 0), (14, 14), (7, 7))
    rig.panel.step(8)
    downs = sorted(e.cell for e in rig.touches() if e.kind is DOWN)  # type: ignore[type-var]
    assert downs == [(0, 0), (7, 7), (14, 14)]
    rig.panel.release((7, 7))
    rig.panel.step(8)
    assert [(e.kind, e.cell) for e in rig.touches()[3:]] == [(UP, (7, 7))]
    assert all(e.kind is not TouchKind.AMBIGUOUS for e in rig.touches())


def test_any_cell_to_electrode_assignment() -> None:
    layout = DirectLayout(
        chips=(ChipSpec(0x5B, channel=6), ChipSpec(0x5A, channel=2)),
        cells=(((4, 4), Pad(1, 11)), ((0, 1), Pad(0, 0)), ((2, 3), Pad(1, 0))),
    )
    rig = TouchRig.direct(layout=layout)
    for cell in [(4, 4), (0, 1), (2, 3)]:
        rig.tap(cell)
    assert [e.cell for e in rig.touches() if e.kind is DOWN] == [(4, 4), (0, 1), (2, 3)]


def test_decoder_reports_ups_before_downs() -> None:
    decoder = DirectDecoder(DirectLayout())
    first, second = Pad(0, 0), Pad(0, 1)
    decoder.update(frozenset({first}), frozenset(), 0.0)
    events = decoder.update(frozenset({second}), frozenset(), 1.0)
    assert [(e.kind, e.cell) for e in events] == [(UP, (0, 0)), (DOWN, (0, 1))]  # a1, then a2
    assert decoder.label(Pad(18, 8)) == "cell (14, 14)"
    assert decoder.label(Pad(18, 9)) == ""


def test_an_edge_reads_chips_only_until_the_line_is_released() -> None:
    rig = TouchRig.direct()
    before = rig.panel.bus.transactions
    rig.tap((13, 5))  # n6, in chip 4's block (k4-n6): the first chip on channel 1
    # touch: chips 0..4 read, channels 0 and 1 selected; release: chip 4 read first, on
    # channel 1, which is still selected
    assert rig.panel.bus.transactions - before == (5 + 2) + 1
    assert rig.sensor.edges == 2


def test_scan_lists_chips_behind_each_channel() -> None:
    rig = TouchRig.direct()
    found = rig.sensor.scan()
    assert found.main == (0x70,)
    assert found.channels[0] == (0x5A, 0x5B, 0x5C, 0x5D)
    assert found.channels[4] == (0x5A, 0x5B, 0x5C)
    assert found.channels[5] == ()
    assert "mux channel 4: 0x5A 0x5B 0x5C" in str(found)
    rig.tap((1, 1))  # the sensor still works after the scan moved the mux
    assert [e.kind for e in rig.touches()] == [DOWN, UP]


def test_an_edge_during_delivery_is_not_lost() -> None:
    rig = TouchRig.direct(start=False)
    seen: list[tuple[TouchKind, object]] = []

    def sink(event: object) -> None:
        assert isinstance(event, TouchEvent)
        seen.append((event.kind, event.cell))
        if event.cell == (0, 0) and event.kind is DOWN:
            rig.panel.touch((14, 14))  # a second chip changes while the first is reported
            rig.panel.step(3)

    rig.sensor.start(sink)
    rig.panel.step(3)
    rig.panel.touch((0, 0))
    rig.panel.step(3)
    assert seen == [(DOWN, (0, 0)), (DOWN, (14, 14))]
