"""Touch settings: defaults match the reference board, bad values give one clear line."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from hal.touch import Debounce, PadThresholds, RetryPolicy
from hal.touch.settings import ChipSpec, DirectLayout, MatrixLayout, Pad, TouchSettings


def test_reference_matrix_uses_30_electrodes_on_three_chips() -> None:
    layout = MatrixLayout()
    assert [chip.address for chip in layout.chips] == [0x5A, 0x5B, 0x5C]
    pads = [*layout.rows, *layout.columns]
    assert len(layout.rows) == len(layout.columns) == 15
    assert len(set(pads)) == 30
    assert {pad.chip for pad in pads} == {0, 1, 2}


def test_reference_direct_uses_19_chips_on_channels_0_to_4() -> None:
    layout = DirectLayout()
    assert len(layout.chips) == 19
    assert {chip.channel for chip in layout.chips} == {0, 1, 2, 3, 4}
    for channel in range(5):
        addresses = [c.address for c in layout.chips if c.channel == channel]
        assert addresses == [0x5A, 0x5B, 0x5C, 0x5D][: len(addresses)]
    cells = {cell for cell, _ in layout.cells}
    assert cells == {(c, r) for c in range(15) for r in range(15)}
    assert len({pad for _, pad in layout.cells}) == 225


def test_debounce_register_packs_release_high() -> None:
    assert Debounce(touch=2, release=5).register == 0x52


def test_retry_delays_double_up_to_the_cap() -> None:
    policy = RetryPolicy(attempts=6, first_delay_s=0.001, max_delay_s=0.005)
    assert policy.delays() == [0.001, 0.002, 0.004, 0.005, 0.005]
    assert RetryPolicy(attempts=1).delays() == []


def test_pad_overrides_win() -> None:
    special = PadThresholds(touch=30, release=20)
    settings = TouchSettings(pad_thresholds=((Pad(1, 4), special),))
    assert settings.thresholds_for(Pad(1, 4)) == special
    assert settings.thresholds_for(Pad(1, 5)) == PadThresholds()


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: PadThresholds(touch=0), "touch threshold 0"),
        (lambda: PadThresholds(touch=10, release=10), "release threshold 10"),
        (lambda: Debounce(touch=8), "debounce touch 8"),
        (lambda: RetryPolicy(attempts=0), "attempts 0"),
        (lambda: ChipSpec(0x5E), "0x5E"),
        (lambda: ChipSpec(0x5A, channel=9), "channel 9"),
        (lambda: TouchSettings(safety_poll_s=0), "safety_poll_s 0"),
        (lambda: TouchSettings(irq_pin=40), "irq_pin 40"),
        (lambda: MatrixLayout(rows=(Pad(3, 0),)), "row 0 uses chip 3"),
        (lambda: MatrixLayout(rows=(Pad(0, 12),)), "row 0 uses electrode 12"),
        (lambda: MatrixLayout(rows=(Pad(0, 1),), columns=(Pad(0, 1),)), "both row 0 and column 0"),
        (
            lambda: MatrixLayout(chips=(ChipSpec(0x5A), ChipSpec(0x5B), ChipSpec(0x5A))),
            "two chips at mpr121@0x5A",
        ),
        (lambda: MatrixLayout(chips=(ChipSpec(0x5A, channel=0),)), "no channel"),
        (lambda: DirectLayout(chips=(ChipSpec(0x5A),), cells=()), "mux channel"),
        (lambda: DirectLayout(mux_address=0x60), "0x60"),
        (
            lambda: DirectLayout(cells=(((0, 0), Pad(0, 0)), ((0, 0), Pad(0, 1)))),
            r"cell \(0, 0\) is assigned twice",
        ),
    ],
)
def test_bad_values_name_the_key(build: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        build()
