"""Touch-to-frame latency of the controller on the simulated board, and its CPU use while idle.

Run: ``.venv/bin/python bench/bench_controller.py``. Prints figures; asserts nothing.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from firmware.config import default_config
from firmware.controller.board.loop import BoardController
from firmware.controller.table.table import Phase
from firmware.rules.game_and_rules import GameAndRules
from firmware.wiring.assemble import assemble, bare_simulation, simulated_board
from firmware.wiring.assembly_parts import CafeSetup, Keeping
from hal.clock import MonotonicClock
from hal.mock import MockBoard, SentFrame

WIRE_MS = 225 * 0.030  # 30 us per WS2812 LED at 800 kHz
TAPS = 2000
IDLE_S = 3.0


def _controller(
    state_dir: Path | None, heartbeat: Callable[[], object] | None = None
) -> tuple[BoardController, MockBoard]:
    board = simulated_board(bare_simulation(default_config()), MonotonicClock())
    parts = assemble(
        board,
        keeping=Keeping(state_dir=state_dir, warn=print),
        cafe=CafeSetup(heartbeat=heartbeat),
        rng=random.Random(1),
    )
    return parts.controller, board


def latency(state_dir: Path | None, label: str) -> None:
    """Tap legal cells of random Culls games; time from the touch report to the frame sent."""
    controller, board = _controller(state_dir)
    sent_at: list[float] = []

    def on_sent(_: SentFrame) -> None:
        sent_at.append(time.perf_counter())

    board.leds.on_sent = on_sent
    controller.start(GameAndRules("culls", {"mode": "duel"}))
    rng = random.Random(2)
    samples: list[float] = []
    touch = board.touch
    while len(samples) < TAPS:
        table = controller.table
        state = None if table.match is None else table.match.current
        if state is None or table.phase is not Phase.PLAYING:
            controller.table.button("new", board.clock.now())
            controller.step()
            continue
        token = rng.choice(state.legal_actions())
        name = token.split("-")[-1].lstrip("x")
        cell = ("abcdefghijklmno".index(name[0]), int(name[1:]) - 1)
        before = len(sent_at)
        start = time.perf_counter()
        touch.tap(cell)
        controller.step()
        if len(sent_at) > before:
            samples.append((sent_at[before] - start) * 1000)
    samples.sort()
    median = statistics.median(samples)
    p99 = samples[int(len(samples) * 0.99) - 1]
    print(f"touch-to-frame, {label}: median {median:.2f} ms, p99 {p99:.2f} ms ({TAPS} taps)")


def idle_cpu(*, watchdog: bool) -> None:
    """CPU time used by the real blocking loop while nothing animates."""
    controller, _ = _controller(None, (lambda: None) if watchdog else None)
    controller.start(GameAndRules("culls", {"mode": "duel"}))
    runner = threading.Thread(target=controller.run)
    cpu_before = time.process_time()
    runner.start()
    time.sleep(IDLE_S)
    controller.stop()
    runner.join()
    used = time.process_time() - cpu_before
    feeding = "with" if watchdog else "without"
    print(f"idle CPU over {IDLE_S:.0f} s, {feeding} the watchdog feed: {used * 1000:.1f} ms")


def main() -> None:
    print(f"wire time of one 225-LED frame: {WIRE_MS:.2f} ms")
    latency(None, "journal in memory")
    with tempfile.TemporaryDirectory() as folder:
        latency(Path(folder), "journal fsynced to disk")
    idle_cpu(watchdog=False)
    idle_cpu(watchdog=True)


if __name__ == "__main__":
    main()
