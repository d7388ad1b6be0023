"""From measured figures to thresholds, the flags with what to check, and the written file."""

from __future__ import annotations

import pytest

from firmware.commands.pad_measure import Measurements, RestStats, TapResult, cells_to_tap
from firmware.commands.pad_proposal import PadFigures, Proposal, propose
from firmware.commands.pad_report import new_config_text
from firmware.config import default_config, parse_config
from firmware.config.schema import Config

ROW1, COLUMN_A = ("mpr121@0x5A", 0), ("mpr121@0x5B", 3)


def measured(
    *, noise: float = 0.5, led_shift: float = 0.0, finger: float = 30.0, crosstalk: float = 2.0
) -> Measurements:
    """Row 1 and column a of the matrix, tapped once on a1 and once elsewhere."""
    found = Measurements({ROW1: "row 1", COLUMN_A: "column a"})
    found.dark = {key: RestStats(720.0, noise, 720.0) for key in found.names}
    found.lit = {key: RestStats(720.0 - led_shift, noise, 720.0) for key in found.names}
    found.taps = [
        TapResult((0, 0), True, {ROW1: finger, COLUMN_A: finger}, {}),
        TapResult((1, 1), True, {}, {ROW1: crosstalk, COLUMN_A: crosstalk}),
    ]
    found.charges = dict.fromkeys(found.names, (30, 0.5))
    return found


def pad(proposal: Proposal, name: str) -> tuple[int, int, str]:
    (found,) = [p for p in proposal.pads if p.name == name]
    return found.touch, found.release, found.problem


def test_a_clean_pad_gets_forty_percent_of_its_finger() -> None:
    assert pad(propose(default_config(), measured()), "row 1") == (12, 6, "")


def test_noise_and_the_led_shift_raise_the_threshold_and_the_release() -> None:
    touch, release, problem = pad(
        propose(default_config(), measured(noise=2, led_shift=6)), "row 1"
    )
    assert (touch, problem) == (16, "")  # 6 + 5 x 2
    assert release == 13  # 6 + 3 x 2 + 1: the pad lets go with the LEDs on


@pytest.mark.parametrize(
    ("figures", "cause"),
    [
        ({"crosstalk": 25.0}, "its trace runs under other cells"),
        ({"led_shift": 20.0}, "the LEDs shift it 20: move the LED wiring away"),
        (
            {"finger": 6.0, "noise": 1.0, "crosstalk": 0.5},
            "the touch is weak (pad too small, wood too thick",
        ),
    ],
)
def test_a_pad_no_threshold_can_save_is_flagged_with_what_to_check(
    figures: dict[str, float], cause: str
) -> None:
    proposal = propose(default_config(), measured(**figures))
    _, _, problem = pad(proposal, "column a")
    assert cause in problem
    assert {p.name for p in proposal.flagged} == {"row 1", "column a"}


def test_a_pad_never_seen_is_flagged_as_no_touch() -> None:
    found = measured()
    found.taps = [TapResult((0, 0), False)]
    _, _, problem = pad(propose(default_config(), found), "row 1")
    assert problem.startswith("no touch seen: check the pad's wire or solder joint")


def test_without_auto_config_a_low_reading_gets_a_charge_and_scaled_thresholds() -> None:
    config = parse_config("touch: {auto_config: false}")
    found = measured(crosstalk=0.1)
    found.dark[ROW1] = found.lit[ROW1] = RestStats(62.0, 0.2, 62.0)  # 8 pC on a 40 pF strip
    found.charges[ROW1] = (16, 0.5)
    found.taps[0] = TapResult((0, 0), True, {ROW1: 3.0, COLUMN_A: 30.0}, {})
    proposal = propose(config, found)
    (row,) = [p for p in proposal.pads if p.name == "row 1"]
    assert row.charge is not None
    current, time = row.charge
    assert 600 < 62 * current * time / 8 < 800  # the reading lands near the target, 724
    assert row.figures.finger == pytest.approx(3.0 * current * time / 8)
    assert row.problem == ""


def test_the_new_file_is_the_old_one_with_pads_and_it_checks() -> None:
    source = "# my board\nboard: {columns: 15, rows: 15}\ntouch:\n  layout: matrix\n"
    text = new_config_text(source, propose(default_config(), measured()), {"seed": 4})
    config: Config = parse_config(text)
    assert config.touch.pads["row 1"].touch_threshold == 12
    assert config.touch.sim is not None and config.touch.sim.seed == 4
    assert config.board.columns == 15


def test_the_matrix_taps_cover_every_row_and_column_on_both_diagonals() -> None:
    cells = cells_to_tap(default_config())
    assert len(cells) == 29  # the diagonals share h8
    assert sorted({c for c, _ in cells}) == sorted({r for _, r in cells}) == list(range(15))
    assert sum(1 for _, r in cells if r == 7) == 1
    assert all(sum(1 for _, r in cells if r == row) == 2 for row in range(15) if row != 7)
    assert len(cells_to_tap(parse_config("touch: {layout: direct}"))) == 225


def test_figures_are_what_was_measured() -> None:
    (row, _) = propose(default_config(), measured(noise=1.5, led_shift=3)).pads
    assert row.figures == PadFigures(720.0, 1.5, 3.0, 30.0, 2.0)
