"""The top level on all cores against one at equal movetime, and touch-to-frame while it thinks.

Run: ``.venv/bin/python -m bench.bench_parallel [--games 40] [--movetime 300] [--seed 1]
[--workers N] [--game G] [--skip-games] [--skip-touch]``. Two ``cullsboard engine`` processes
(``--workers N``, default the machine's cores, and ``--workers 1``) play each other at level 6
over seeded colour-swapped openings in each game, through the engine protocol; prints the
many-worker engine's score, its Elo difference with a 95 % interval, both engines' nodes per
second (from their ``info`` lines), how many answers came from a ponder and how long the run
took. First the touch-to-frame latency of the board's loop (``bench_controller``'s taps) alone,
while the computer thinks in the board's own process (as before) and while it thinks in the
engine process (now). Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench.bench_players import opening, play_game
from bench.player_baselines import Player
from firmware.config import default_config
from firmware.controller.computer.engine_process import (
    BUILT_IN_ENGINE,
    ENGINE_NICENESS,
    EngineThinker,
)
from firmware.controller.computer.thinker import Answer, Searcher, Thinker
from firmware.controller.table.table import Phase
from firmware.players import level
from firmware.rules import find_game
from firmware.rules.api import GameState, Status
from firmware.rules.game_and_rules import GameAndRules
from firmware.rules.records import record_of
from firmware.wiring.assemble import assemble, bare_simulation, simulated_board
from firmware.wiring.assembly_parts import Keeping
from hal.clock import MonotonicClock
from hal.mock import SentFrame

TAPS = 1500
SCHEDSTAT = "/proc/self/task/{}/schedstat"  # Linux: a thread's CPU and run-queue time
GAMES = ("culls", "cubulus")


@dataclass
class EngineSide:
    """One engine process and what its searches cost."""

    workers: int
    movetime: int
    nodes: int = 0
    ms: int = 0
    answers: int = 0
    ponder_hits: int = 0

    def __post_init__(self) -> None:
        self.process = subprocess.Popen(
            [*BUILT_IN_ENGINE, "--workers", str(self.workers), "--seed", "1"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def play(self, state: GameState, rng: random.Random) -> str:
        del rng
        assert self.process.stdin is not None and self.process.stdout is not None
        record = json.dumps(record_of(state).to_json(), separators=(",", ":"))
        self.process.stdin.write(f"position {record}\ngo movetime {self.movetime}\n")
        self.process.stdin.flush()
        while True:
            words = self.process.stdout.readline().split()
            if words[0] == "info":
                info = dict(zip(words[1::2], words[2::2], strict=False))
                self.nodes += int(info["nodes"])
                self.ms += int(info["time"])
                self.answers += 1
                self.ponder_hits += "ponderhit" in info
            elif words[0] == "bestmove":
                return words[1]
            else:
                raise SystemExit(f"the engine said {' '.join(words)}")

    def nps(self) -> float:
        return self.nodes / max(self.ms / 1000, 1e-9)

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write("quit\n")
        self.process.stdin.flush()
        self.process.wait()


def elo(score: float) -> float:
    """The rating difference that expects ``score`` (clamped off 0 and 1)."""
    score = min(max(score, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / score - 1)


def elo_range(points: list[float]) -> tuple[float, float, float]:
    """The Elo difference of a mean score of ``points`` (1, 0.5 or 0 a game) and its 95 %
    interval (1.96 standard errors of the mean score, from the games' own spread)."""
    mean = statistics.fmean(points)
    error = 1.96 * statistics.pstdev(points) / math.sqrt(len(points))
    return elo(mean), elo(mean - error), elo(mean + error)


def workers_match(game: str, games: int, movetime: int, seed: int, workers: int) -> None:
    """``games`` games of level 6 on ``workers`` processes against level 6 on one."""
    one, many = EngineSide(1, movetime), EngineSide(workers, movetime)
    colours = find_game(game).colours(find_game(game).parse_rules({}))
    points: list[float] = []
    started = time.monotonic()
    for pair in range(games // 2):
        start = opening(game, {}, random.Random(seed * 1000 + pair))
        for swap in (0, 1):
            mine = colours[swap]
            seats: dict[str, Player] = {
                colour: (many.play if colour == mine else one.play) for colour in colours
            }
            state = play_game(game, {}, start, seats, random.Random(pair))
            outcome = state.outcome()
            won = outcome.status is Status.WON
            points.append(1.0 if won and outcome.winner == mine else 0.0 if won else 0.5)
    one.close()
    many.close()
    gain, low, high = elo_range(points)
    print(
        f"{game}: level 6, {workers} workers vs 1 worker, movetime {movetime} ms, "
        f"{len(points)} games: score {statistics.fmean(points):.3f} ({sum(points):.1f}, "
        f"draws {points.count(0.5)}); Elo {gain:+.0f} [{low:+.0f}, {high:+.0f}]; nodes/s "
        f"1 worker {one.nps():.0f}, {workers} workers {many.nps():.0f}; answers pondered "
        f"{many.ponder_hits}/{many.answers} ({time.monotonic() - started:.0f} s)",
        flush=True,
    )


ALONE = "alone"
BEFORE = "in the board's process (before)"
NICE_5 = "in the engine process at nice 5 (last stop)"
NOW = "in the engine process (now)"
KINDS = (ALONE, BEFORE, NICE_5, NOW)


def _thinking(kind: str) -> Searcher | None:
    """A searcher kept busy on a middle-game Culls position, or None (the loop alone)."""
    if kind == ALONE:
        return None

    def deliver(answer: Answer) -> None:
        del answer

    searcher: Searcher
    if kind == BEFORE:
        searcher = Thinker(clock=time.monotonic, deliver=deliver)
    else:
        # the last stop's engine ran at nice 5 whatever the board's own niceness
        last = max(0, 5 - os.getpriority(os.PRIO_PROCESS, 0))
        nicer = last if kind == NICE_5 else ENGINE_NICENESS
        searcher = EngineThinker(
            BUILT_IN_ENGINE, deliver=deliver, say=print, grace_s=3600, nicer_by=nicer
        )
    game = find_game("culls")
    state = game.new_state(game.parse_rules({}), "blue")
    for token in ("h8", "j10", "i9", "g7", "i8"):
        state.apply(token)
    searcher.start(state, level(6), movetime_ms=3_600_000, tag=0)
    return searcher


def _scheduled(thread: int) -> tuple[int, int]:
    """The thread's time on a CPU and time waiting in a run queue so far, in nanoseconds."""
    try:
        ran, waited, _ = Path(SCHEDSTAT.format(thread)).read_text(encoding="ascii").split()
    except OSError:
        return 0, 0
    return int(ran), int(waited)


@dataclass
class Taps:
    """One kind's touch-to-frame samples, with where each tap's time went."""

    ms: list[float] = field(default_factory=list)
    ran_ms: list[float] = field(default_factory=list)  # on a CPU
    queued_ms: list[float] = field(default_factory=list)  # runnable, waiting for a CPU

    def line(self, kind: str) -> str:
        order = sorted(range(len(self.ms)), key=self.ms.__getitem__)
        p99 = order[int(len(order) * 0.99) - 1]
        slow = order[int(len(order) * 0.99) - 1 :]

        def mean(values: list[float]) -> float:
            return sum(values[i] for i in slow) / len(slow)

        other = mean(self.ms) - mean(self.ran_ms) - mean(self.queued_ms)
        return (
            f"  {kind:<46} median {statistics.median(self.ms):5.2f} ms  p99 "
            f"{self.ms[p99]:6.2f} ms   slowest 1 %: on a CPU {mean(self.ran_ms):5.2f}, "
            f"waiting for a CPU {mean(self.queued_ms):5.2f}, neither (the GIL, another thread) "
            f"{max(0.0, other):5.2f} ms"
        )


def touch_to_frame(kind: str, taps: int, into: Taps) -> None:
    """Tap legal cells of random Culls games while ``kind`` thinks; touch report to frame."""
    board = simulated_board(bare_simulation(default_config()), MonotonicClock())
    parts = assemble(board, keeping=Keeping(state_dir=None, warn=print), rng=random.Random(1))
    controller = parts.controller
    sent_at: list[tuple[float, int, int]] = []
    loop = threading.get_native_id()  # the thread that taps and runs the board's loop

    def on_sent(_: SentFrame) -> None:
        sent_at.append((time.perf_counter(), *_scheduled(loop)))

    board.leds.on_sent = on_sent
    searcher = _thinking(kind)
    if isinstance(searcher, EngineThinker):
        while not searcher.ready():
            time.sleep(0.05)
    time.sleep(0.5)
    controller.start(GameAndRules("culls", {"mode": "duel"}))
    rng = random.Random(2 + len(into.ms))
    done = 0
    while done < taps:
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
        ran, waited = _scheduled(loop)
        start = time.perf_counter()
        board.touch.tap(cell)
        controller.step()
        if len(sent_at) > before:
            sent, ran_after, waited_after = sent_at[before]
            into.ms.append((sent - start) * 1000)
            into.ran_ms.append((ran_after - ran) / 1e6)
            into.queued_ms.append((waited_after - waited) / 1e6)
            done += 1
        time.sleep(0.002)  # touches come apart, as from a hand
    if searcher is not None:
        still = searcher.thinking()
        searcher.cancel()
        if isinstance(searcher, EngineThinker):
            searcher.close()
        if not still:
            print("  (the search ended before the taps did)")


def touch_bench(rounds: int) -> None:
    """Every kind in turn, ``rounds`` times, so a change in the machine's load hits all alike."""
    found = {kind: Taps() for kind in KINDS}
    for _ in range(rounds):
        for kind in KINDS:
            touch_to_frame(kind, TAPS // rounds, found[kind])
    alone = sorted(found[ALONE].ms)[int(TAPS * 0.99) - 1]
    print(
        f"touch-to-frame while the computer (level 6) thinks, {TAPS} taps each in {rounds} "
        f"rounds (goal: p99 no worse than alone + 10 % = {alone * 1.1:.2f} ms; load average "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores):",
        flush=True,
    )
    for kind in KINDS:
        print(found[kind].line(kind), flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=40, help="games per game (even)")
    parser.add_argument("--movetime", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=5, help="turns of the touch kinds")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="all cores")
    parser.add_argument("--game", choices=GAMES, action="append", help="default: both")
    parser.add_argument("--skip-games", action="store_true")
    parser.add_argument("--skip-touch", action="store_true")
    args = parser.parse_args()
    started = time.monotonic()
    if not args.skip_touch:
        touch_bench(args.rounds)
    if not args.skip_games:
        for game in args.game or GAMES:
            workers_match(game, args.games, args.movetime, args.seed, args.workers)
    print(f"the run took {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
