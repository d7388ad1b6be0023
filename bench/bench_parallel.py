"""The top level on 1 worker against 2 at equal movetime, and touch-to-frame while it thinks.

Run: ``.venv/bin/python -m bench.bench_parallel [--games 40] [--movetime 300] [--seed 1]
[--skip-games] [--skip-touch]``. Two ``cullsboard engine`` processes (``--workers 1`` and
``--workers 2``) play each other at level 6 over seeded colour-swapped openings in both games,
through the engine protocol; prints the 2-worker engine's score, both engines' nodes per second
(from their ``info`` lines) and how long the run took. Then the touch-to-frame latency of the
board's loop (``bench_controller``'s taps) alone, while the computer thinks in the board's own
process (as before) and while it thinks in the engine process (now). Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass

from bench.bench_players import opening, play_game
from bench.player_baselines import Player
from firmware.config import default_config
from firmware.controller.engine_process import BUILT_IN_ENGINE, EngineThinker
from firmware.controller.table import Phase
from firmware.controller.thinker import Answer, Searcher, Thinker
from firmware.players import level
from firmware.rules import find_game
from firmware.rules.api import GameState, Status
from firmware.rules.game_and_rules import GameAndRules
from firmware.rules.records import record_of
from firmware.wiring.assemble import assemble, bare_simulation, simulated_board
from hal.clock import MonotonicClock
from hal.mock import SentFrame

TAPS = 1500
GAMES = ("culls", "cubulus")


@dataclass
class EngineSide:
    """One engine process and what its searches cost."""

    workers: int
    movetime: int
    nodes: int = 0
    ms: int = 0

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


def workers_match(game: str, games: int, movetime: int, seed: int) -> None:
    """``games`` games of level 6 with 2 workers against level 6 with 1."""
    one, two = EngineSide(1, movetime), EngineSide(2, movetime)
    colours = find_game(game).colours(find_game(game).parse_rules({}))
    points = 0.0
    draws = 0
    started = time.monotonic()
    for pair in range(games // 2):
        start = opening(game, {}, random.Random(seed * 1000 + pair))
        for swap in (0, 1):
            mine = colours[swap]
            seats: dict[str, Player] = {
                colour: (two.play if colour == mine else one.play) for colour in colours
            }
            state = play_game(game, {}, start, seats, random.Random(pair))
            outcome = state.outcome()
            if outcome.status is Status.WON and outcome.winner == mine:
                points += 1
            elif outcome.status is not Status.WON:
                points += 0.5
                draws += 1
    one.close()
    two.close()
    print(
        f"{game}: level 6, 2 workers vs 1 worker, movetime {movetime} ms: score "
        f"{points / games:.3f} ({points:.1f}/{games}, draws {draws}); nodes/s 1 worker "
        f"{one.nps():.0f}, 2 workers {two.nps():.0f} ({time.monotonic() - started:.0f} s)",
        flush=True,
    )


def _thinking(kind: str) -> Searcher | None:
    """A searcher kept busy on a middle-game Culls position, or None (the loop alone)."""
    if kind == "alone":
        return None

    def deliver(answer: Answer) -> None:
        del answer

    searcher: Searcher
    if kind == "in the board's process (before)":
        searcher = Thinker(clock=time.monotonic, deliver=deliver)
    else:
        searcher = EngineThinker(BUILT_IN_ENGINE, deliver=deliver, say=print, grace_s=3600)
    game = find_game("culls")
    state = game.new_state(game.parse_rules({}), "blue")
    for token in ("h8", "j10", "i9", "g7", "i8"):
        state.apply(token)
    searcher.start(state, level(6), movetime_ms=3_600_000, tag=0)
    return searcher


def touch_to_frame(kind: str) -> None:
    """Tap legal cells of random Culls games while ``kind`` thinks; touch report to frame."""
    board = simulated_board(bare_simulation(default_config()), MonotonicClock())
    parts = assemble(board, state_dir=None, rng=random.Random(1), warn=print)
    controller = parts.controller
    sent_at: list[float] = []

    def on_sent(_: SentFrame) -> None:
        sent_at.append(time.perf_counter())

    board.leds.on_sent = on_sent
    searcher = _thinking(kind)
    if isinstance(searcher, EngineThinker):
        while not searcher.ready():
            time.sleep(0.05)
    time.sleep(0.5)
    controller.start(GameAndRules("culls", {"mode": "duel"}))
    rng = random.Random(2)
    samples: list[float] = []
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
        board.touch.tap(cell)
        controller.step()
        if len(sent_at) > before:
            samples.append((sent_at[before] - start) * 1000)
        time.sleep(0.002)  # touches come apart, as from a hand
    if searcher is not None:
        still = searcher.thinking()
        searcher.cancel()
        if isinstance(searcher, EngineThinker):
            searcher.close()
        if not still:
            print("  (the search ended before the taps did)")
    samples.sort()
    p99 = samples[int(len(samples) * 0.99) - 1]
    print(
        f"touch-to-frame, the computer thinking {kind}: median "
        f"{statistics.median(samples):.2f} ms, p99 {p99:.2f} ms ({TAPS} taps)",
        flush=True,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=40, help="games per game (even)")
    parser.add_argument("--movetime", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-games", action="store_true")
    parser.add_argument("--skip-touch", action="store_true")
    args = parser.parse_args()
    started = time.monotonic()
    if not args.skip_touch:
        for kind in ("alone", "in the board's process (before)", "in the engine process (now)"):
            touch_to_frame(kind)
    if not args.skip_games:
        for game in GAMES:
            workers_match(game, args.games, args.movetime, args.seed)
    print(f"the run took {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
