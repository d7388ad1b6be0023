"""A game piece on a pad of the realistic simulated board, through the real touch code.

The piece (``hal.sim.stack``: 3 mm of dry wood, 20 mm across, on 3 mm of acrylic) adds a small
shift when it rests alone, which the chip's baseline filter must take up without a touch; a
finger on it is farther from the copper than one on the bare cover, yet must still be felt.
"""

from __future__ import annotations

from hal.interfaces import TouchEvent, TouchKind
from hal.sim.physics import direct_physics
from hal.sim.rig import TouchRig
from hal.touch.settings import ChipSpec, DirectLayout, TouchSettings

HOUR_S = 3600.0
CELL = (1, 1)  # in the middle of the one chip's block
ONE_CHIP = DirectLayout(
    chips=(ChipSpec(0x5A, channel=0),),
    cells=tuple(((c, r), pad) for (c, r), pad in DirectLayout().cells if pad.chip == 0),
)


def _rig(settings: TouchSettings | None = None) -> TouchRig:
    rig = TouchRig.direct(ONE_CHIP, settings=settings, start=False)
    rig.panel.make_realistic(direct_physics(ONE_CHIP, seed=1))
    rig.panel.set_leds(dict.fromkeys((cell for cell, _ in ONE_CHIP.cells), 1.0))
    rig.sensor.start(rig.events.append)
    rig.panel.run_for(2.0)
    return rig


def _touches(rig: TouchRig) -> list[tuple[TouchKind, object]]:
    return [(e.kind, e.cell) for e in rig.events if isinstance(e, TouchEvent)]


def _tap(rig: TouchRig, *, beside: bool = False) -> None:
    rig.panel.touch(CELL, beside=beside)
    rig.panel.run_for(0.15)
    rig.panel.release(CELL)
    rig.panel.run_for(0.3)


def test_a_piece_resting_for_an_hour_is_no_touch_and_its_pad_still_feels_a_tap() -> None:
    rig = _rig()
    rig.panel.place(CELL)
    rig.panel.run_for(HOUR_S)
    assert _touches(rig) == []
    _tap(rig)
    assert _touches(rig) == [(TouchKind.DOWN, CELL), (TouchKind.UP, CELL)]
    rig.panel.lift(CELL)
    rig.panel.run_for(60.0)
    assert _touches(rig)[2:] == []
    _tap(rig)
    assert _touches(rig)[2:] == [(TouchKind.DOWN, CELL), (TouchKind.UP, CELL)]


def test_a_tap_beside_the_piece_is_felt_too() -> None:
    rig = _rig()
    rig.panel.place(CELL)
    rig.panel.run_for(30.0)
    _tap(rig, beside=True)
    assert _touches(rig) == [(TouchKind.DOWN, CELL), (TouchKind.UP, CELL)]


def test_the_piece_moves_the_finger_away() -> None:
    """Through the piece the finger adds less than on the bare cover (the series layers)."""
    physics = direct_physics(ONE_CHIP, seed=1)
    assert 0.3 < physics.piece_share < 0.7
    assert 0.0 < physics.piece_pf < 0.1
