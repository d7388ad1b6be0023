"""The matrix layout on simulated chips, through the real Adafruit driver and gpiozero mock pins."""

from __future__ import annotations

import pytest

from hal.interfaces import TouchEvent, TouchKind
from hal.sim.rig import TouchRig
from hal.touch.matrix import MatrixDecoder
from hal.touch.settings import (
    ChipSpec,
    Debounce,
    MatrixLayout,
    Pad,
    PadThresholds,
    TouchSettings,
)

DOWN, UP, AMBIGUOUS = TouchKind.DOWN, TouchKind.UP, TouchKind.AMBIGUOUS
NONE: frozenset[Pad] = frozenset()


def _kinds(events: list[TouchEvent]) -> list[tuple[TouchKind, object]]:
    return [(e.kind, e.cell) for e in events]


@pytest.mark.parametrize("cell", [(0, 0), (3, 4), (14, 14), (14, 0), (7, 12)])
def test_a_tap_gives_one_down_then_one_up(cell: tuple[int, int]) -> None:
    rig = TouchRig.matrix()
    rig.tap(cell)
    assert _kinds(rig.touches()) == [(DOWN, cell), (UP, cell)]
    assert rig.faults() == []


def test_every_cell_is_found() -> None:
    rig = TouchRig.matrix()
    for row in range(15):
        for column in range(15):
            rig.tap((column, row))
    downs = [e.cell for e in rig.touches() if e.kind is DOWN]
    assert downs == [(c, r) for r in range(15) for c in range(15)]
    assert len(rig.touches()) == 2 * 225


def test_idle_board_causes_no_bus_traffic() -> None:
    rig = TouchRig.matrix()
    before = rig.panel.bus.transactions
    rig.panel.step(500)
    assert rig.panel.bus.transactions == before
    assert rig.events == []


def test_events_carry_the_clock_time() -> None:
    rig = TouchRig.matrix()
    rig.clock.advance(12.5)
    rig.panel.touch((2, 2))
    rig.panel.step(8)
    rig.clock.advance(0.25)
    rig.panel.release((2, 2))
    rig.panel.step(8)
    assert [e.t for e in rig.touches()] == [12.5, 12.75]


def test_two_fingers_make_a_ghost_that_names_the_electrodes() -> None:
    rig = TouchRig.matrix()
    rig.panel.touch((3, 4), (7, 9))
    rig.panel.step(5)
    touches = rig.touches()
    assert _kinds(touches) == [(AMBIGUOUS, None)]
    assert touches[0].detail == "rows 4,9 cols 3,7"
    rig.panel.release_all()
    rig.panel.step(5)
    assert len(rig.touches()) == 1  # nothing is guessed on the way out either


def test_same_row_second_finger_is_ambiguous_and_first_stays_held() -> None:
    rig = TouchRig.matrix()
    rig.panel.touch((3, 4))
    rig.panel.step(8)
    rig.panel.touch((8, 4))
    rig.panel.step(8)
    assert _kinds(rig.touches()) == [(DOWN, (3, 4)), (AMBIGUOUS, None)]
    assert rig.touches()[1].detail == "row 4 cols 3,8"
    rig.panel.release((8, 4))
    rig.panel.step(8)
    rig.panel.release((3, 4))
    rig.panel.step(8)
    assert _kinds(rig.touches()) == [(DOWN, (3, 4)), (AMBIGUOUS, None), (UP, (3, 4))]


def test_release_follows_the_row_or_the_column() -> None:
    decoder = MatrixDecoder(MatrixLayout())
    row4, col3, col5 = MatrixLayout().rows[4], MatrixLayout().columns[3], MatrixLayout().columns[5]
    assert _kinds(decoder.update(frozenset({row4, col3}), NONE, 1.0)) == [(DOWN, (3, 4))]
    assert _kinds(decoder.update(frozenset({row4}), NONE, 2.0)) == [(UP, (3, 4))]
    assert decoder.update(frozenset({row4}), NONE, 3.0) == []
    # the row held since 1.0 with a column new at 4.0: no one finger (a resting palm's row?)
    assert decoder.update(frozenset({row4, col5}), NONE, 4.0) == []
    assert decoder.update(frozenset(), NONE, 5.0) == []
    assert _kinds(decoder.update(frozenset({row4, col5}), NONE, 6.0)) == [(DOWN, (5, 4))]


def test_stale_pads_keep_a_held_cell_but_never_make_a_new_one() -> None:
    layout = MatrixLayout()
    decoder = MatrixDecoder(layout)
    row4, row6, col3 = layout.rows[4], layout.rows[6], layout.columns[3]
    dead_chip = frozenset(Pad(col3.chip, e) for e in range(12))
    assert _kinds(decoder.update(frozenset({row4, col3}), NONE, 1.0)) == [(DOWN, (3, 4))]
    assert decoder.update(frozenset({row4, col3}), dead_chip, 2.0) == []
    assert _kinds(decoder.update(frozenset({row6, col3}), dead_chip, 3.0)) == [(UP, (3, 4))]
    assert decoder.held is None  # row 6 with a column known only from a dead chip: no touch


def test_thresholds_and_debounce_land_in_the_chip_registers() -> None:
    special = PadThresholds(touch=40, release=25)
    settings = TouchSettings(
        thresholds=PadThresholds(touch=18, release=9),
        debounce=Debounce(touch=3, release=2),
        pad_thresholds=((Pad(2, 1), special),),
    )
    rig = TouchRig.matrix(settings=settings)
    for index, chip in enumerate(rig.panel.chips):
        assert chip.register(0x5B) == 0x23
        for electrode in range(12):
            expected = (40, 25) if (index, electrode) == (2, 1) else (18, 9)
            found = (chip.register(0x41 + 2 * electrode), chip.register(0x42 + 2 * electrode))
            assert found == expected


def test_only_used_electrodes_are_enabled() -> None:
    rig = TouchRig.matrix()
    assert [chip.register(0x5E) for chip in rig.panel.chips] == [0x8C, 0x8C, 0x86]


def test_debounce_from_settings_delays_the_touch() -> None:
    rig = TouchRig.matrix(settings=TouchSettings(debounce=Debounce(touch=4, release=0)))
    rig.panel.touch((1, 1))
    rig.panel.step(4)
    assert rig.touches() == []
    rig.panel.step(1)
    assert _kinds(rig.touches()) == [(DOWN, (1, 1))]


def test_noise_below_the_thresholds_never_touches() -> None:
    rig = TouchRig.matrix(noise_counts=4, seed=11)
    rig.panel.step(2000)
    assert rig.events == []
    rig.tap((6, 6))
    assert _kinds(rig.touches()) == [(DOWN, (6, 6)), (UP, (6, 6))]


def test_a_custom_layout_with_fewer_cells() -> None:
    layout = MatrixLayout(
        chips=(ChipSpec(0x5D),),
        rows=(Pad(0, 0), Pad(0, 2), Pad(0, 4)),
        columns=(Pad(0, 1), Pad(0, 3)),
    )
    rig = TouchRig.matrix(layout=layout)
    rig.tap((1, 2))
    assert _kinds(rig.touches()) == [(DOWN, (1, 2)), (UP, (1, 2))]


def test_poll_reads_without_an_interrupt() -> None:
    rig = TouchRig.matrix(settings=TouchSettings(irq_pin=None))
    assert rig.sensor.poll_interval == 0.02
    rig.panel.touch((5, 5))
    rig.panel.step(3)
    assert rig.touches() == []
    rig.sensor.poll()
    assert _kinds(rig.touches()) == [(DOWN, (5, 5))]


def test_readings_show_filtered_and_baseline_per_pad() -> None:
    rig = TouchRig.matrix()
    rig.panel.touch((0, 2))
    rig.panel.step(3)
    readings = rig.sensor.readings()
    assert len(readings) == 36
    by_label = {r.label: r for r in readings}
    row = by_label["row 2"]
    assert row.touched
    assert row.baseline - row.filtered > 12
    assert not by_label["row 3"].touched
    assert by_label["row 3"].filtered > row.filtered


def test_health_and_repr_show_state() -> None:
    rig = TouchRig.matrix()
    rig.panel.touch((4, 4))
    rig.panel.step(3)
    health = rig.sensor.health()
    assert [(h.name, h.ok, h.errors) for h in health] == [
        ("mpr121@0x5A", True, 0),
        ("mpr121@0x5B", True, 0),
        ("mpr121@0x5C", True, 0),
    ]
    assert "held=(4, 4)" in repr(rig.sensor)
    assert "started" in repr(rig.sensor)


def test_close_twice_and_context_manager() -> None:
    rig = TouchRig.matrix()
    with rig.sensor as sensor:
        assert sensor is rig.sensor
    rig.sensor.close()
    assert "closed" in repr(rig.sensor)
    rig.panel.touch((1, 1))
    rig.panel.step(3)
    rig.sensor.poll()
    assert rig.events == []


def test_a_busy_irq_pin_is_one_clear_error() -> None:
    rig = TouchRig.matrix()
    other = TouchRig.matrix(start=False, pin_factory=rig.pin_factory)  # GPIO 4 is taken
    with pytest.raises(RuntimeError, match="cannot watch the touch IRQ on GPIO4"):
        other.sensor.start(other.events.append)


def test_start_twice_is_refused() -> None:
    rig = TouchRig.matrix()
    with pytest.raises(RuntimeError, match="already started"):
        rig.sensor.start(rig.events.append)


def test_scan_sees_the_three_chips() -> None:
    rig = TouchRig.matrix()
    assert rig.sensor.scan().main == (0x5A, 0x5B, 0x5C)


def _levels(**strengths: float) -> dict[Pad, float]:
    """Strengths by ``r3=2.0`` (row 3) or ``c5=1.0`` (column 5); every other pad reads 0."""
    layout = MatrixLayout()
    levels = dict.fromkeys([*layout.rows, *layout.columns], 0.0)
    for name, value in strengths.items():
        axis = layout.rows if name[0] == "r" else layout.columns
        levels[axis[int(name[1:])]] = value
    return levels


def test_the_strongest_row_and_column_win_when_the_runner_up_is_weak() -> None:
    layout = MatrixLayout()
    decoder = MatrixDecoder(layout)
    active = frozenset({layout.rows[3], layout.rows[4], layout.columns[7]})
    events = decoder.update(active, frozenset(), 0.0, _levels(r3=2.5, r4=1.1, c7=2.0))
    assert [(e.kind, e.cell) for e in events] == [(TouchKind.DOWN, (7, 3))]


def test_two_rows_that_really_compete_are_ambiguous() -> None:
    layout = MatrixLayout()
    decoder = MatrixDecoder(layout)
    active = frozenset({layout.rows[3], layout.rows[9], layout.columns[7]})
    events = decoder.update(active, frozenset(), 0.0, _levels(r3=2.0, r9=1.6, c7=2.0))
    assert [(e.kind, e.detail) for e in events] == [(TouchKind.AMBIGUOUS, "rows 3,9 col 7")]


def test_a_neighbour_past_its_threshold_competes_even_before_the_chip_flags_it() -> None:
    layout = MatrixLayout()
    decoder = MatrixDecoder(layout)
    active = frozenset({layout.rows[3], layout.columns[7]})
    calm = decoder.update(active, frozenset(), 0.0, _levels(r3=1.8, r4=0.95, c7=2.0))
    assert [(e.kind, e.cell) for e in calm] == [(TouchKind.DOWN, (7, 3))]  # 0.95: no rival
    decoder = MatrixDecoder(layout)
    events = decoder.update(active, frozenset(), 0.0, _levels(r3=1.8, r4=1.1, c7=2.0))
    assert [(e.kind, e.detail) for e in events] == [
        (TouchKind.AMBIGUOUS, "row 3 col 7 (a strong neighbour competes)")
    ]


def test_a_stale_pad_never_competes() -> None:
    layout = MatrixLayout()
    decoder = MatrixDecoder(layout)
    active = frozenset({layout.rows[3], layout.columns[7]})
    stale = frozenset(layout.rows[12:])  # the third chip's rows: their numbers are old
    levels = _levels(r3=2.0, c7=2.0, r13=5.0)
    events = decoder.update(active, stale, 0.0, levels)
    assert [(e.kind, e.cell) for e in events] == [(TouchKind.DOWN, (7, 3))]
