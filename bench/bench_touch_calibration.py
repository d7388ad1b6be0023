"""Touch calibration on the realistic simulated board: before and after, both layouts.

For each layout: calibrate with the simulated hand, then ten minutes of board time with the LEDs
animating and 1,000 random taps, with the default thresholds and with the calibrated ones
(phantom touches, missed taps, AMBIGUOUS answers); the resting readings per range; and on the
matrix, a finger tapping next to a palm resting over three cells.

Run: .venv/bin/python bench/bench_touch_calibration.py [minutes] [taps]
"""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from firmware.cli import main
from firmware.config import load_config
from firmware.wiring.soak import Soak
from hal.touch import PadTouchSensor

PALMS = [((2, 2), (3, 2), (4, 2)), ((6, 9), (6, 10), (6, 11)), ((11, 4), (12, 4), (11, 5))]
FINGERS = [(c, r) for c in (1, 7, 13) for r in (3, 8, 14)]


def soak_line(name: str, path: Path, minutes: float, taps: int) -> str:
    start = time.process_time()
    result = Soak(load_config(path), seed=5).run(minutes=minutes, taps=taps)
    cpu = time.process_time() - start
    return (
        f"  {name:<11} {len(result.phantoms):>8} {result.missed:>6}/{result.taps:<5} "
        f"{result.ambiguous:>9}   {result.seconds / 60:.1f} min board time, {cpu:.1f} s CPU"
    )


def ranges(path: Path) -> str:
    soak = Soak(load_config(path), seed=1)
    touch = soak.board.touch
    assert isinstance(touch, PadTouchSensor)
    readings = [r.filtered for r in touch.readings() if r.label]
    soak.board.close()
    bins = Counter("<200" if r < 200 else "200-800" if r <= 800 else ">800" for r in readings)
    return ", ".join(f"{name}: {bins.get(name, 0)}" for name in ("<200", "200-800", ">800"))


def palm_outcomes(path: Path) -> Counter[str]:
    soak = Soak(load_config(path), seed=3)
    return Counter(
        soak.tap_beside_palm(palm, finger)
        for palm in PALMS
        for finger in FINGERS
        if finger not in palm
    )


def run(minutes: float, taps: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="cullsboard-bench-"))
    for layout in ("matrix", "direct"):
        board = folder / f"{layout}.yaml"
        board.write_text(f"touch:\n  backend: mock\n  layout: {layout}\n  sim: {{seed: 1}}\n")
        calibrated = folder / f"{layout}-calibrated.yaml"
        report = io.StringIO()
        start = time.process_time()
        with contextlib.redirect_stdout(report):
            code = main(
                ["calibrate", "--config", str(board), "--mock-hal", "--out", str(calibrated)]
            )
        verdict = [line for line in report.getvalue().splitlines() if "reliable" in line][-1]
        cpu = time.process_time() - start
        print(f"{layout}: calibrate exit {code} in {cpu:.1f} s CPU; {verdict}")
        print(f"  resting readings: {ranges(board)}")
        print(f"  {'thresholds':<11} {'phantoms':>8} {'missed':>12} {'ambiguous':>9}")
        print(soak_line("default", board, minutes, taps))
        print(soak_line("calibrated", calibrated, minutes, taps))
        if layout == "matrix":
            outcomes = palm_outcomes(calibrated)
            print(
                "  palm over three cells, finger on a fourth: "
                + ", ".join(
                    f"{name} {outcomes.get(name, 0)}"
                    for name in ("cell", "ambiguous", "nothing", "wrong")
                )
            )


if __name__ == "__main__":
    arguments = sys.argv[1:]
    run(
        float(arguments[0]) if arguments else 10.0,
        int(arguments[1]) if len(arguments) > 1 else 1000,
    )
