"""Driving the controller on the simulated board: scripted steps on a clock only ``wait`` moves."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterable, Iterator

from firmware.controller.board.loop import BoardController
from firmware.controller.core.live import Press
from firmware.wiring.script import ScriptError, Step, parse_line
from hal.clock import FakeClock
from hal.mock import MockBoard

LIVE_POLL_S = 0.05  # how soon a web touch is played while a live script waits for its next line


def perform(step: Step, board: MockBoard, submit: Callable[[Press], None]) -> None:
    """Make the simulated devices report ``step`` (waits are not events: see ``advance``); a
    press of a command the board has no button for is sent as the board page sends it
    (``submit``: ValueError if the board does not take it now)."""
    if step.verb == "touch" and step.cell is not None:
        board.touch.tap(step.cell)
    elif step.verb == "down" and step.cell is not None:
        board.touch.down(step.cell)
    elif step.verb == "up" and step.cell is not None:
        board.touch.up(step.cell)
    elif step.verb == "press" and step.button is not None:
        if board.buttons is not None and step.button in board.buttons.names:
            board.buttons.press(step.button)
            return
        try:
            submit(Press(step.button))
        except ValueError as exc:  # no such button here, or refused now
            raise ScriptError(f"press {step.button}: {exc}") from None
    elif step.verb == "ghost":
        board.touch.ambiguous("scripted")


def advance(controller: BoardController, clock: FakeClock, seconds: float) -> None:
    """Move the clock on, rendering at every animation step on the way, as the real loop would."""
    target = clock.now() + seconds
    while True:
        deadline = controller.next_deadline()
        if deadline is None or deadline > target:
            break
        clock.advance(max(deadline - clock.now(), 0.0))
        controller.step()
    clock.advance(max(target - clock.now(), 0.0))
    controller.step()


def run_script(
    lines: Iterable[str],
    board: MockBoard,
    clock: FakeClock,
    controller: BoardController,
    complain: Callable[[str], None],
    *,
    live: bool = False,
) -> int:
    """Play every line (as it arrives); a bad line is reported and skipped. Returns bad lines.

    ``live``: other inputs (the web pages) are handled while the next line is awaited, instead
    of waiting for it; the simulated clock still moves only with ``wait``.
    """
    bad = 0
    columns, rows = board.leds.columns, board.leds.rows
    source = _meanwhile(lines, controller.step) if live else lines
    for number, line in enumerate(source, start=1):
        try:
            step = parse_line(line, columns, rows)
        except ScriptError as exc:
            complain(f"script line {number}: {exc}")
            bad += 1
            continue
        if step is None:
            continue
        if step.verb == "wait":
            advance(controller, clock, step.ms / 1000)
        else:
            try:
                perform(step, board, controller.submit)
            except ScriptError as exc:
                complain(f"script line {number}: {exc}")
                bad += 1
                continue
            controller.step()
    return bad


def _meanwhile(lines: Iterable[str], idle: Callable[[], None]) -> Iterator[str]:
    """``lines`` read in a thread of their own; ``idle`` runs every ``LIVE_POLL_S`` until each."""
    arrived: queue.SimpleQueue[str | None] = queue.SimpleQueue()

    def read() -> None:
        try:
            for line in lines:
                arrived.put(line)
        finally:
            arrived.put(None)

    threading.Thread(target=read, name="cullsboard-script", daemon=True).start()
    while True:
        try:
            line = arrived.get(timeout=LIVE_POLL_S)
        except queue.Empty:
            idle()
            continue
        if line is None:
            return
        yield line
