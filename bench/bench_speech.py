"""Touch-to-frame latency with the voice on and off, side by side, on the simulated board.

"On" is the real voice: espeak-ng synthesising every sentence and aplay playing it, on a worker
thread beside the loop, into an ALSA device that records nothing (alsa-lib's ``null`` device as
``default``, from a temporary HOME's .asoundrc), so the CPU the voice takes is the real one.

The machine's load drifts (other programs, thermal limits), and a run's median moves with it by
more than the voice costs. So the runs alternate, off and on, for several rounds (each round's
order swapped from the one before: off-on, on-off, ...), every run is printed, and the figures
compared are the median of the runs' medians, off and on, and the median of the rounds' own
changes.

Run: ``.venv/bin/python -m bench.bench_speech [--rounds N]``. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from firmware.config import default_config
from firmware.controller.table.table import Phase
from firmware.rules.game_and_rules import GameAndRules
from firmware.rules.grid import parse_board_cell
from firmware.wiring.assemble import assemble, bare_simulation, simulated_board
from firmware.wiring.assembly_parts import Keeping
from hal.clock import MonotonicClock
from hal.interfaces import Board
from hal.mock import SentFrame
from hal.speaker import EspeakVoice, ThreadedSpeaker

# (seconds between taps, taps per run): far faster than any player, then a brisk player's pace
PACES = ((0.002, 400), (0.05, 100))
ROUNDS = 8  # each an off run and an on run, in alternating order


def latency(voice: bool, pause_s: float, taps: int) -> tuple[list[float], str]:
    """Tap legal cells of random Culls games; the milliseconds from each touch to its frame."""
    config = bare_simulation(default_config())
    config = dataclasses.replace(config, speech=dataclasses.replace(config.speech, backend="none"))
    clock = MonotonicClock()
    board = simulated_board(config, clock)
    speaker = ThreadedSpeaker(EspeakVoice(), clock) if voice else None
    voiced = Board(board.touch, board.leds, clock, board.buttons, board.buzzer, speaker)
    parts = assemble(voiced, keeping=Keeping(state_dir=None, warn=print), rng=random.Random(1))
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


def side_by_side(pause_s: float, taps: int, rounds: int) -> None:
    """Rounds of an off run and an on run, in alternating order; each run's figures, then the
    median of the medians and of the rounds' changes."""
    medians: dict[bool, list[float]] = {False: [], True: []}
    p99s: dict[bool, list[float]] = {False: [], True: []}
    changes: list[float] = []
    print(f"a tap every {pause_s * 1000:g} ms, {taps} taps a run, {rounds} rounds:")
    for number in range(rounds):
        order = (False, True) if number % 2 == 0 else (True, False)
        runs: dict[bool, tuple[float, float, str]] = {}
        for voice in order:
            samples, said = latency(voice, pause_s, taps)
            runs[voice] = (*_figures(samples), said)
        for voice in (False, True):
            medians[voice].append(runs[voice][0])
            p99s[voice].append(runs[voice][1])
        changes.append((runs[True][0] / runs[False][0] - 1) * 100)
        first = "off first" if order[0] is False else "on first"
        print(
            f"  round {number + 1} ({first}): off median {runs[False][0]:.2f} ms "
            f"p99 {runs[False][1]:.2f} ms | on median {runs[True][0]:.2f} ms "
            f"p99 {runs[True][1]:.2f} ms{runs[True][2]} | {changes[-1]:+.1f} %"
        )
    off, on = statistics.median(medians[False]), statistics.median(medians[True])
    print(
        f"  voice off: median of medians {off:.2f} ms, "
        f"median p99 {statistics.median(p99s[False]):.2f} ms"
    )
    print(
        f"  voice on:  median of medians {on:.2f} ms, "
        f"median p99 {statistics.median(p99s[True]):.2f} ms"
    )
    print(
        f"  voice on vs off: {(on / off - 1) * 100:+.1f} % (median of medians), "
        f"{statistics.median(changes):+.1f} % (median of the rounds' changes)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="off/on rounds per pace")
    args = parser.parse_args()
    if args.rounds < 1:
        parser.exit(2, f"bench_speech: --rounds must be 1 or more, not {args.rounds}\n")
    print("one LED frame on the wire: 6.75 ms")
    with tempfile.TemporaryDirectory() as home:
        (Path(home) / ".asoundrc").write_text("pcm.!default { type null }\n", encoding="utf-8")
        os.environ["HOME"] = home
        for pause_s, taps in PACES:
            side_by_side(pause_s, taps, args.rounds)


if __name__ == "__main__":
    main()
