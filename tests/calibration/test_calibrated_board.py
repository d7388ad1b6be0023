"""Calibration on the realistic simulated board, end to end, on both layouts.

The realistic board (``touch.sim``) has weak pads, LED noise, drift and crosstalk: with the
default thresholds it misses taps or touches cells nobody touched. ``cullsboard calibrate
--mock-hal`` measures it with a simulated hand; the config it writes must then give no phantom
touch in ten minutes of board time with the LEDs animating and answer each of 1,000 random taps.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.config import Config, load_config
from firmware.wiring.soak import Soak

LAYOUTS = ("matrix", "direct")


def board_file(folder: Path, layout: str) -> Path:
    path = folder / f"{layout}-sim.yaml"
    path.write_text(f"touch:\n  backend: mock\n  layout: {layout}\n  sim: {{seed: 1}}\n")
    return path


@pytest.fixture(scope="module", params=LAYOUTS)
def calibrated(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[str, Path, Path, int, str]:
    """(layout, the board's file, the calibrated file, calibrate's exit status, its report)."""
    layout = request.param
    folder = tmp_path_factory.mktemp(layout)
    source = board_file(folder, layout)
    out = folder / "calibrated.yaml"
    report = io.StringIO()
    with contextlib.redirect_stdout(report):
        # the matrix exactly as the built-in defaults give it (touch.sim's defaults: seed 1)
        given = [] if layout == "matrix" else ["--config", str(source)]
        code = main(["calibrate", *given, "--mock-hal", "--out", str(out)])
    return layout, source, out, code, report.getvalue()


def test_calibrate_writes_a_config_that_check_config_accepts(
    calibrated: tuple[str, Path, Path, int, str],
) -> None:
    layout, _, out, code, report = calibrated
    assert code == 0, report[-2000:]
    assert "can be made reliable" in report
    assert main(["check-config", str(out)]) == 0
    config = load_config(out)
    pads = 30 if layout == "matrix" else 225
    assert len(config.touch.pads) == pads
    assert config.touch.sim is not None  # the board it was measured on
    thresholds = {pad.touch_threshold for pad in config.touch.pads.values()}
    assert len(thresholds) > 3  # pads differ, so their thresholds do


def test_the_default_thresholds_fail_on_the_realistic_board(
    calibrated: tuple[str, Path, Path, int, str],
) -> None:
    _, source, _, _, _ = calibrated
    result = Soak(load_config(source), seed=11).run(minutes=1, taps=100)
    assert result.missed > 0 or result.phantoms


def test_the_calibrated_board_answers_every_tap_and_nothing_else(
    calibrated: tuple[str, Path, Path, int, str],
) -> None:
    _, _, out, _, _ = calibrated
    result = Soak(load_config(out), seed=5).run(minutes=10, taps=1000)
    assert result.seconds >= 600
    assert result.phantoms == []
    assert (result.taps, result.caught) == (1000, 1000)


def palms(config: Config) -> list[tuple[tuple[int, int], ...]]:
    """Three-cell palms: in a row, in a column and bent, over the middle and the edges."""
    shapes = [((0, 0), (1, 0), (2, 0)), ((0, 0), (0, 1), (0, 2)), ((0, 0), (1, 0), (0, 1))]
    spots = [(2, 2), (6, 9), (11, 4), (0, 12)]
    columns, rows = config.board.columns, config.board.rows
    return [
        tuple(((x + dx) % columns, (y + dy) % rows) for dx, dy in shape)
        for shape in shapes
        for x, y in spots
    ]


def palm_outcomes(path: Path, strength: float) -> dict[str, int]:
    """Every palm of ``palms`` resting with ``strength``, a finger tapping nine cells beside
    each: how often the board answered the finger's cell, AMBIGUOUS, nothing or a wrong cell."""
    soak = Soak(load_config(path), seed=3)
    outcomes = dict.fromkeys(("cell", "ambiguous", "nothing", "wrong"), 0)
    for palm in palms(soak.config):
        for finger in [(c, r) for c in (1, 7, 13) for r in (3, 8, 14) if (c, r) not in palm]:
            outcomes[soak.tap_beside_palm(palm, finger, strength)] += 1
    return outcomes


def test_a_finger_beside_a_resting_palm_is_its_cell_or_ambiguous_never_another(
    calibrated: tuple[str, Path, Path, int, str],
) -> None:
    layout, _, out, _, _ = calibrated
    if layout != "matrix":
        pytest.skip("a palm only confuses the matrix layout")
    outcomes = palm_outcomes(out, strength=0.7)
    assert outcomes["wrong"] == 0, outcomes
    assert outcomes["ambiguous"] > 0, outcomes  # two hands on the matrix: it cannot tell


def test_a_finger_beside_a_hovering_palm_wins_by_its_margin(
    calibrated: tuple[str, Path, Path, int, str],
) -> None:
    layout, _, out, _, _ = calibrated
    if layout != "matrix":
        pytest.skip("a palm only confuses the matrix layout")
    outcomes = palm_outcomes(out, strength=0.12)  # a hand held a few centimetres above
    assert outcomes["wrong"] == 0, outcomes
    assert outcomes["cell"] > outcomes["ambiguous"] + outcomes["nothing"], outcomes
