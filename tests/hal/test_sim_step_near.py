"""The realistic panel's ``step_near``: only the chips a finger reaches sample at once, the
others owe their samples and take them all before the next ``step``."""

from __future__ import annotations

from hal.sim.physics import direct_physics
from hal.sim.rig import TouchRig
from hal.touch.settings import DirectLayout

CELL = (7, 7)


def test_the_chips_a_finger_does_not_reach_catch_up_before_the_next_step() -> None:
    layout = DirectLayout()
    rig = TouchRig.direct(layout, start=False)
    rig.panel.make_realistic(direct_physics(layout, seed=1))
    rig.sensor.start(rig.events.append)
    rig.panel.run_for(0.1)
    before = [chip.samples for chip in rig.panel.chips]
    rig.panel.touch(CELL)
    for _ in range(20):
        rig.panel.step_near(CELL)
    taken = [chip.samples - start for chip, start in zip(rig.panel.chips, before, strict=True)]
    own = next(pad.chip for cell, pad in layout.cells if cell == CELL)
    assert taken[own] == 20
    assert 0 < taken.count(20) < len(taken)  # its neighbours' chips too, not all nineteen
    rig.panel.release(CELL)
    rig.panel.step(5)
    assert all(
        chip.samples - start == 25 for chip, start in zip(rig.panel.chips, before, strict=True)
    )
