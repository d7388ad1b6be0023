"""``cullsboard diag`` on the simulated board: chips, LEDs, pads and touches, broken on purpose."""

from __future__ import annotations

import dataclasses
import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.commands.selftest import Diagnosis, diagnose
from firmware.config import Config, default_config, load_config
from firmware.config.chips import pad_names
from firmware.wiring.devices import build_board
from firmware.wiring.simrig import SimulatedRig
from hal.clock import FakeClock
from hal.interfaces import OFF
from hal.mock import MockLeds, MockTouch

ROOT = Path(__file__).resolve().parent.parent
MATRIX = load_config(ROOT / "config" / "matrix-board.yaml")
DIRECT = load_config(ROOT / "config" / "direct-board.yaml")


def run_diag(
    config: Config,
    rig: SimulatedRig | None = None,
    after_start: Callable[[], None] = lambda: None,
) -> tuple[Diagnosis, str, MockLeds]:
    rig = rig or SimulatedRig.for_config(config)
    board = rig.board()
    assert isinstance(board.leds, MockLeds)
    out = io.StringIO()
    found = diagnose(rig.config, board, out, panel=rig.panel, after_start=after_start)
    return found, out.getvalue(), board.leds


@pytest.mark.parametrize(
    ("arguments", "chips"),
    [
        (["--mock-hal", "--quick"], 3),
        (["--mock-hal", "--quick", "--config", str(ROOT / "config" / "matrix-board.yaml")], 3),
        (["--mock-hal", "--quick", "--config", str(ROOT / "config" / "direct-board.yaml")], 19),
    ],
)
def test_the_simulated_board_passes(
    arguments: list[str], chips: int, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["diag", *arguments])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    found_line = next(line for line in out.splitlines() if line.strip().startswith("found"))
    assert found_line.count("mpr121@") == chips
    assert "missing    none" in out
    assert "lit 229 LEDs one at a time" in out
    for cell in ("a1", "h8", "o15"):
        assert f"touch  {cell} down" in out and f"touch  {cell} up" in out
    assert "button undo pressed" in out
    assert "touched 3 of 225 cells" in out
    assert out.rstrip().endswith("result: no problems")


def test_every_led_is_lit_alone_then_every_colour() -> None:
    found, _, leds = run_diag(MATRIX)
    assert found.problems == []
    singles = leds.sent[: 225 + 4]
    lit = []
    for sent in singles:
        on: list[tuple[object, int]] = [
            (column, row)
            for row, line in enumerate(sent.frame.cells)
            for column, colour in enumerate(line)
            if colour != OFF
        ]
        on += [("status", i) for i, colour in enumerate(sent.frame.status) if colour != OFF]
        assert len(on) == 1
        lit.append(on[0])
    assert len(set(lit)) == 229
    whole = leds.sent[229:233]
    for sent, channel in zip(whole, ((1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 1)), strict=True):
        colours = {colour for line in sent.frame.cells for colour in line}
        assert len(colours) == 1
        (colour,) = colours
        assert all((level > 0) == bool(on) for level, on in zip(colour, channel, strict=True))
    assert leds.sent[-1].frame.cells[7][7] == OFF  # closed: all dark


def test_a_chip_that_does_not_answer_is_reported() -> None:
    rig = SimulatedRig.for_config(MATRIX)
    rig.panel.chips[1].power_off()  # 0x5B
    found, out, _ = run_diag(MATRIX, rig)
    assert "missing    mpr121@0x5B" in out
    assert "mpr121@0x5B does not answer" in found.problems
    assert "touch  h8 down" not in out  # h8's column electrode sits on 0x5B


def test_a_missing_chip_behind_the_mux() -> None:
    rig = SimulatedRig.for_config(DIRECT)
    rig.panel.chips[6].power_off()  # channel 1, 0x5C
    found, out, _ = run_diag(DIRECT, rig)
    assert found.problems == ["mpr121@0x5C/ch1 does not answer"]
    assert "touch  h8 down" in out  # h8 is on channel 2


def test_a_stuck_pad_is_reported_with_what_it_is_for() -> None:
    rig = SimulatedRig.for_config(MATRIX)

    def finger_left_on_d5() -> None:
        rig.panel.touch((3, 4))
        rig.panel.step(5)

    found, _, _ = run_diag(MATRIX, rig, after_start=finger_left_on_d5)
    stuck = [problem for problem in found.problems if problem.startswith("stuck pad")]
    assert len(stuck) == 2
    assert any("(row 5)" in problem for problem in stuck)
    assert any("(column d)" in problem for problem in stuck)


def test_a_dead_pad_is_reported_with_what_it_is_for() -> None:
    rig = SimulatedRig.for_config(DIRECT)
    rig.panel.chips[0].set_capacitance(7, 0.2)  # channel 0, 0x5A, E7: a broken wire to c2
    found, _, _ = run_diag(DIRECT, rig)
    assert len(found.problems) == 1
    assert found.problems[0].startswith("dead pad: mpr121@0x5A/ch0 E7 (cell c2) measures 0.2 pF")


def test_pad_names_cover_every_electrode_in_use() -> None:
    matrix_names = pad_names(MATRIX)
    assert matrix_names[("mpr121@0x5A", 0)] == "row 1"
    assert matrix_names[("mpr121@0x5C", 5)] == "column o"
    assert len(matrix_names) == 30
    direct_names = pad_names(DIRECT)
    assert direct_names[("mpr121@0x5C/ch4", 8)] == "cell o15"
    assert len(direct_names) == 225


def test_a_bad_config_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "board.yaml"
    shipped = (ROOT / "config" / "default.yaml").read_text(encoding="utf-8")
    path.write_text(shipped.replace("  count: null ", "  count: 228  "), encoding="utf-8")
    code = main(["diag", "--mock-hal", "--quick", "--config", str(path)])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "leds.count" in err


def test_the_watch_shows_touches_as_they_come_on_a_fake_clock() -> None:
    clock = FakeClock()
    config = default_config()
    board = build_board(config, clock)
    touch = board.touch
    assert isinstance(touch, MockTouch)
    fingers = iter([(7, 7), (0, 14)])

    def wait(seconds: float) -> None:  # a finger lands while the watch waits
        cell = next(fingers, None)
        if cell is not None:
            touch.tap(cell)
        clock.advance(seconds)

    out = io.StringIO()
    found = diagnose(config, board, out, watch_s=2.0, sleep=wait)
    report = out.getvalue()
    assert "touch chips: none (simulated touch)" in report
    assert "touch  h8 down" in report and "touch  a15 up" in report
    assert found.touched == {(7, 7), (0, 14)}
    assert "rows never touched: 1 2 3 4 5 6 7 9 10 11 12 13 14" in report
    assert clock.now() >= 2.0


def test_the_direct_board_with_an_irq_wire_per_channel_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (ROOT / "config" / "direct-board.yaml").read_text(encoding="utf-8")
    text = text.replace("  irq_gpio: 4\n", "  irq_gpio: null\n")
    text = text.replace(
        "    mux_address: 0x70\n", "    mux_address: 0x70\n    irq_gpios: [4, 5, 6, 23, 24]\n"
    )
    path = tmp_path / "channels.yaml"
    path.write_text(text, encoding="utf-8")
    rig = SimulatedRig.for_config(load_config(path))
    assert sorted(rig.panel.channel_lines) == [0, 1, 2, 3, 4]
    code = main(["diag", "--mock-hal", "--quick", "--config", str(path)])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert "an IRQ per channel on GPIO4, 5, 6, 23, 24" in out
    for cell in ("a1", "h8", "o15"):
        assert f"touch  {cell} down" in out and f"touch  {cell} up" in out
    assert out.rstrip().endswith("result: no problems")


def test_a_pad_outside_the_good_range_is_a_warning_not_a_problem() -> None:
    config = load_config(ROOT / "config" / "matrix-board.yaml")
    untuned = dataclasses.replace(config.touch, auto_config=False)  # 16 uA for 0.5 us: 8 pC
    rig = SimulatedRig.for_config(dataclasses.replace(config, touch=untuned))
    rig.panel.chips[1].set_capacitance(4, 40.0)  # column b: a 40 pF strip
    found, out, _ = run_diag(rig.config, rig)
    assert found.problems == []
    assert found.warnings[0].startswith("mpr121@0x5B E4 (column b) ")
    assert "rests at 62, outside 200..800: too little charge" in found.warnings[0]
    assert "warning(s)" in out


def test_a_weak_touch_is_a_warning_naming_the_pad() -> None:
    rig = SimulatedRig.for_config(MATRIX)
    for chip in rig.panel.chips:
        chip.set_capacitance(0, 8.0)
    found, _, _ = run_diag(MATRIX, rig, after_start=lambda: None)
    assert not any(w.startswith("weak touch") for w in found.warnings)
    weak = dataclasses.replace(MATRIX.touch, touch_threshold=100, release_threshold=50)
    config = dataclasses.replace(MATRIX, touch=weak)
    found, _, _ = run_diag(config, SimulatedRig.for_config(config))
    assert any(w.startswith("weak touch on row 1: ") for w in found.warnings)


def test_diag_json_is_one_document_for_scripts(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["diag", "--mock-hal", "--quick", "--json"])
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert (code, err, report["ok"], report["problems"]) == (0, "", True, [])
    assert len(report["pads"]) == 30
    assert {pad["pad"] for pad in report["pads"]} >= {"row 1", "column o"}
    assert all(200 <= pad["filtered"] <= 800 for pad in report["pads"])
    assert sorted(report["touched"]) == ["a1", "h8", "o15"]
