"""The board self-test behind ``cullsboard diag``: chips, LEDs, pads at rest, touches, coverage.

Every problem found is one line in ``Diagnosis.problems``; the report goes to ``out``.
"""

from __future__ import annotations

import queue
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TextIO

from firmware.commands.padcheck import (
    PadState,
    pad_problems,
    pad_states,
    range_warnings,
    weak_touch_warning,
)
from firmware.commands.voicecheck import check_voice
from firmware.config import Config
from firmware.config.chips import pad_names, presence
from firmware.rules.grid import cell_name, parse_board_cell
from hal.interfaces import RGB, Board, ButtonEvent, Cell, Frame, HalEvent, TouchEvent, TouchKind
from hal.leds import LedChain
from hal.mock import MockButtons, MockLeds
from hal.sim.panel import SimTouchPanel
from hal.touch import PadTouchSensor
from hal.touch.probe import ScanResult

COLOURS: tuple[tuple[str, RGB], ...] = (
    ("red", (255, 0, 0)),
    ("green", (0, 255, 0)),
    ("blue", (0, 0, 255)),
    ("white", (255, 255, 255)),
)
SCRIPTED_CELLS = ("a1", "h8", "o15")  # corners and centre of the simulated board's touch test
Sleep = Callable[[float], None]
TAP_PERIODS = 12  # samples a scripted finger stays: the second-level filter, then debounce


@dataclass
class Diagnosis:
    """What the run found; every problem is one line for the report."""

    problems: list[str] = field(default_factory=list)
    touched: set[Cell] = field(default_factory=set)
    warnings: list[str] = field(default_factory=list)
    pads: list[PadState] = field(default_factory=list)

    def as_json(self) -> dict[str, object]:
        """The findings for scripts (``diag --json``)."""
        return {
            "ok": not self.problems,
            "problems": self.problems,
            "warnings": self.warnings,
            "pads": [pad.as_json() for pad in self.pads],
            "touched": sorted(cell_name(cell) for cell in self.touched),
        }


def no_sleep(_: float) -> None:
    """The simulator needs no waiting."""


def diagnose(
    config: Config,
    board: Board,
    out: TextIO,
    *,
    panel: SimTouchPanel | None = None,
    pause_s: float = 0.0,
    watch_s: float = 0.0,
    sleep: Sleep = no_sleep,
    after_start: Callable[[], None] = lambda: None,
) -> Diagnosis:
    """Run every test on ``board`` and print the report.

    With ``panel`` (the simulator) the touch test is scripted; otherwise it watches for real
    touches for ``watch_s`` seconds, and ``pause_s`` is how long each colour stays up.

    ``after_start`` runs once the pads are live, before anything is measured (tests use it to
    put a finger down that never lifts).
    """
    found = Diagnosis()
    events: queue.SimpleQueue[HalEvent] = queue.SimpleQueue()
    try:
        _check_chips(config, board, out, found)
        board.touch.start(events.put)
        if board.buttons is not None:
            board.buttons.start(events.put)
        if panel is not None and panel.physics is None:
            panel.step(3)  # the chips' first readings
        elif panel is not None:
            panel.run_for(2.0)  # a realistic board's baselines settle
        after_start()
        _test_leds(board, out, found, pause_s, sleep)
        _check_pads(config, board, out, found)
        _drain(events)
        if board.buzzer is not None:
            board.buzzer.beep(880.0, 0.2)
            print("buzzer: beeped once at 880 Hz (listen for it)", file=out)
        if board.speaker is not None:
            check_voice(config, board.speaker, out, found.problems)
        if panel is not None:
            _scripted_touches(config, panel, board, events, out, found)
        elif watch_s > 0:
            _watch(config, board, events, out, found, watch_s, sleep)
        _report_coverage(config, out, found)
    finally:
        board.close()
    verdict = "no problems" if not found.problems else f"{len(found.problems)} problem(s)"
    if found.warnings:
        verdict += f", {len(found.warnings)} warning(s)"
    print(f"result: {verdict}", file=out)
    for problem in found.problems:
        print(f"  - {problem}", file=out)
    for warning in found.warnings:
        print(f"  ! {warning}", file=out)
    return found


def _check_chips(config: Config, board: Board, out: TextIO, found: Diagnosis) -> None:
    if not isinstance(board.touch, PadTouchSensor):
        print("touch chips: none (simulated touch)", file=out)
        return
    scan: ScanResult = board.touch.scan()
    seen = presence(config, scan.main, scan.channels)
    print("touch chips:", file=out)
    print(f"  found      {', '.join(seen.found) or 'none'}", file=out)
    print(f"  missing    {', '.join(seen.missing) or 'none'}", file=out)
    if seen.unexpected:
        print(f"  unexpected {', '.join(seen.unexpected)}", file=out)
    if seen.mux_missing:
        found.problems.append("the TCA9548A mux does not answer")
    found.problems += [f"{name} does not answer" for name in seen.missing]


def _frame(board: Board, lit: dict[Cell, RGB], status: dict[int, RGB] | None = None) -> Frame:
    leds = board.leds
    cells = tuple(
        tuple(lit.get((column, row), (0, 0, 0)) for column in range(leds.columns))
        for row in range(leds.rows)
    )
    status = status or {}
    return Frame(cells, tuple(status.get(i, (0, 0, 0)) for i in range(leds.status_count)))


def _test_leds(board: Board, out: TextIO, found: Diagnosis, pause_s: float, sleep: Sleep) -> None:
    leds = board.leds
    white: RGB = (255, 255, 255)
    cells = [(column, row) for row in range(leds.rows) for column in range(leds.columns)]
    frames = [_frame(board, {cell: white}) for cell in cells]
    frames += [_frame(board, {}, {i: white}) for i in range(leds.status_count)]
    failures = 0
    for frame in frames:
        try:
            leds.show(frame)
        except OSError as exc:
            failures += 1
            if failures == 1:
                found.problems.append(f"LEDs: a frame could not be sent ({exc})")
        if pause_s:
            sleep(pause_s / 20)
    print(f"LEDs: lit {len(frames)} LEDs one at a time", file=out)
    for name, colour in COLOURS:
        frame = _frame(
            board, dict.fromkeys(cells, colour), dict.fromkeys(range(leds.status_count), colour)
        )
        try:
            leds.show(frame)
        except OSError as exc:
            found.problems.append(f"LEDs: the {name} frame could not be sent ({exc})")
        print(f"  all {name:<5} {_limit(board)}", file=out)
        if pause_s:
            sleep(pause_s)
    leds.show(_frame(board, {}))


def _limit(board: Board) -> str:
    leds = board.leds
    if isinstance(leds, MockLeds):
        scale, current = leds.scale, leds.current_ma
    elif isinstance(leds, LedChain):
        scale, current = leds.last_scale, leds.last_current_ma
    else:
        return ""
    return f"limited to {scale:.0%}, about {current:.0f} mA"


def _check_pads(config: Config, board: Board, out: TextIO, found: Diagnosis) -> None:
    if not isinstance(board.touch, PadTouchSensor):
        return
    names = pad_names(config)
    readings = board.touch.readings()
    found.pads = pad_states(config, readings, board.touch.charges(), names)
    used = [pad.filtered for pad in found.pads]
    span = f"readings {min(used)}..{max(used)}" if used else "no readings"
    print(f"pads at rest: {len(used)} pads, {span}", file=out)
    for reading in readings:
        if reading.touched:
            name = names.get((reading.chip, reading.electrode), "unused")
            found.problems.append(
                f"stuck pad: {reading.chip} E{reading.electrode} ({name}) reads touched at rest"
            )
    found.problems += pad_problems(found.pads)
    found.warnings += range_warnings(found.pads)


def _touch_sizes(config: Config, board: Board, cell: Cell, found: Diagnosis) -> None:
    """Warn when a finger on ``cell`` moves one of its pads by little."""
    if not isinstance(board.touch, PadTouchSensor):
        return
    names = pad_names(config)
    wanted = (
        {f"row {cell[1] + 1}", f"column {cell_name(cell)[0]}"}
        if config.touch.layout == "matrix"
        else {f"cell {cell_name(cell)}"}
    )
    for reading in board.touch.readings():
        name = names.get((reading.chip, reading.electrode))
        if name in wanted:
            warning = weak_touch_warning(config, name, reading.baseline - reading.filtered)
            if warning is not None and warning not in found.warnings:
                found.warnings.append(warning)


def _scripted_touches(
    config: Config,
    panel: SimTouchPanel,
    board: Board,
    events: queue.SimpleQueue[HalEvent],
    out: TextIO,
    found: Diagnosis,
) -> None:
    print(f"touch test (scripted): tapping {', '.join(SCRIPTED_CELLS)}", file=out)
    for name in SCRIPTED_CELLS:
        cell = parse_board_cell(name, board.leds.columns, board.leds.rows)
        panel.touch(cell)
        panel.step(TAP_PERIODS)
        _touch_sizes(config, board, cell, found)
        panel.release(cell)
        panel.step(TAP_PERIODS)
        _show_events(board, events, out, found)
    if isinstance(board.buttons, MockButtons):
        for button in board.buttons.names:
            board.buttons.press(button)
        _show_events(board, events, out, found)


def _watch(
    config: Config,
    board: Board,
    events: queue.SimpleQueue[HalEvent],
    out: TextIO,
    found: Diagnosis,
    seconds: float,
    sleep: Sleep,
) -> None:
    print(
        f"touch test: touch every cell and press every button ({seconds:g} s, Ctrl-C ends)",
        file=out,
    )
    end = board.clock.now() + seconds
    try:
        while board.clock.now() < end:
            board.touch.poll()
            _show_events(
                board, events, out, found, lambda cell: _touch_sizes(config, board, cell, found)
            )
            sleep(0.05)
    except KeyboardInterrupt:
        print("  (stopped)", file=out)


def _show_events(
    board: Board,
    events: queue.SimpleQueue[HalEvent],
    out: TextIO,
    found: Diagnosis,
    on_down: Callable[[Cell], None] | None = None,
) -> None:
    while not events.empty():
        event = events.get()
        if isinstance(event, TouchEvent):
            if event.kind is TouchKind.AMBIGUOUS:
                print(f"  touch  ambiguous ({event.detail})", file=out)
                continue
            assert event.cell is not None
            if event.kind is TouchKind.DOWN:
                found.touched.add(event.cell)
                if on_down is not None:
                    on_down(event.cell)
            print(f"  touch  {cell_name(event.cell)} {event.kind.value}", file=out)
            lit = {event.cell: (0, 255, 0)} if event.kind is TouchKind.DOWN else {}
            board.leds.show(_frame(board, lit))
        elif isinstance(event, ButtonEvent):
            print(f"  button {event.name} {'pressed' if event.pressed else 'released'}", file=out)
        else:
            state = "recovered" if event.recovered else "failed"
            print(f"  fault  {event.device} {state}: {event.message}", file=out)
            if not event.recovered:
                found.problems.append(f"{event.device} failed: {event.message}")


def _drain(events: queue.SimpleQueue[HalEvent]) -> None:
    while not events.empty():
        events.get()


def _report_coverage(config: Config, out: TextIO, found: Diagnosis) -> None:
    board = config.board
    total = board.columns * board.rows
    print(f"touched {len(found.touched)} of {total} cells", file=out)
    if config.touch.layout == "matrix" and found.touched:
        rows = sorted({row for _, row in found.touched})
        columns = sorted({column for column, _ in found.touched})
        untouched_rows = [str(r + 1) for r in range(board.rows) if r not in rows]
        untouched_columns = [chr(ord("a") + c) for c in range(board.columns) if c not in columns]
        print(f"  rows never touched: {' '.join(untouched_rows) or 'none'}", file=out)
        print(f"  columns never touched: {' '.join(untouched_columns) or 'none'}", file=out)
