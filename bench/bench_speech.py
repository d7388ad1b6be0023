"""Touch-to-frame latency with the voice on and off, side by side, on the simulated board.

"On" is the real voice: espeak-ng synthesising every sentence and aplay playing it, on a worker
thread beside the loop, into an ALSA device that records nothing (alsa-lib's ``null`` device as
``default``, from a temporary HOME's .asoundrc), so the CPU the voice takes is the real one.

Run: ``.venv/bin/python -m bench.bench_speech``. Prints figures; asserts nothing.
"""

from __future__ import annotations

import dataclasses
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from firmware.config import default_config
from firmware.controller.table import Phase
from firmware.rules.game_and_rules import GameAndRules
from firmware.rules.grid import parse_board_cell
from firmware.wiring.assemble import assemble, bare_simulation, simulated_board
from hal.clock import MonotonicClock
from hal.interfaces import Board
from hal.mock import SentFrame
from hal.speaker import EspeakVoice, ThreadedSpeaker

# (seconds between taps, taps per run): far faster than any player, then a brisk player's pace
PACES = ((0.002, 1000), (0.05, 200))
PAIRS = 3  # off, on, off, on ...: drift in the machine's load hits both alike


def latency(voice: bool, pause_s: float, taps: int) -> tuple[list[float], str]:
    """Tap legal cells of random Culls games; the milliseconds from each touch to its frame."""
    config = bare_simulation(default_config())
    config = dataclasses.replace(config, speech=dataclasses.replace(config.speech, backend="none"))
    clock = MonotonicClock()
    board = simulated_board(config, clock)
    speaker = ThreadedSpeaker(EspeakVoice(), clock) if voice else None
    voiced = Board(board.touch, board.leds, clock, board.buttons, board.buzzer, speaker)
    parts = assemble(voiced, state_dir=None, rng=random.Random(1), warn=print)
    controller = parts.controller
    sent_at: list[float] = []

    def on_sent(_: SentFrame) -> None:
        sent_at.append(time.perf_counter())

    board.leds.on_sent = on_sent
    controller.start(GameAndRules("culls", {"mode": "duel"}))
    rng = random.Random(2)
    samples: list[float] = []
    while len(samples) < taps:
        table = controller.table
        state = None if table.match is None else table.match.current
        if state is None or table.phase is not Phase.PLAYING:
            table.button("new", clock.now())
            controller.step()
            continue
        token = rng.choice(state.legal_actions())
        cell = parse_board_cell(token.split("-")[-1].lstrip("x"), 15, 15)
        before = len(sent_at)
        start = time.perf_counter()
        board.touch.tap(cell)
        controller.step()
        if len(sent_at) > before:
            samples.append((sent_at[before] - start) * 1000)
        time.sleep(pause_s)
    said = ""
    if speaker is not None:
        said = f", {speaker.dropped} stale sentences dropped"
    voiced.close()
    return samples, said


def _figures(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[int(len(ordered) * 0.99) - 1]


def side_by_side(pause_s: float, taps: int) -> None:
    """Runs with the voice off and on, in turn; their figures and the change of the median."""
    off: list[float] = []
    on: list[float] = []
    print(f"a tap every {pause_s * 1000:g} ms:")
    for _ in range(PAIRS):
        quiet, _ = latency(False, pause_s, taps)
        spoken, said = latency(True, pause_s, taps)
        off += quiet
        on += spoken
        print(
            f"  pair: off median {_figures(quiet)[0]:.2f} ms, "
            f"on median {_figures(spoken)[0]:.2f} ms{said}"
        )
    off_median, off_p99 = _figures(off)
    on_median, on_p99 = _figures(on)
    print(f"  touch-to-frame, voice off: median {off_median:.2f} ms, p99 {off_p99:.2f} ms")
    print(f"  touch-to-frame, voice on:  median {on_median:.2f} ms, p99 {on_p99:.2f} ms")
    change = (on_median / off_median - 1) * 100
    print(f"  voice on vs off: median {change:+.1f} % ({len(off)} taps each)")


def main() -> None:
    print("one LED frame on the wire: 6.75 ms")
    with tempfile.TemporaryDirectory() as home:
        (Path(home) / ".asoundrc").write_text("pcm.!default { type null }\n", encoding="utf-8")
        os.environ["HOME"] = home
        for pause_s, taps in PACES:
            side_by_side(pause_s, taps)


if __name__ == "__main__":
    main()
