"""The coach beside the board: touch-to-frame latency with the analyser running and without, how
soon a search frees the CPU, and how long a round's analysis takes on this machine.

Run: ``nice -n 5 .venv/bin/python -m bench.bench_coach``. Prints figures; asserts nothing.
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path

from bench.bench_controller import latency
from firmware.controller.coach.coach import Coach
from firmware.rules import find_game
from firmware.rules.records import Record, record_of

ROUND_MOVES = 40
STOPS = 20


def long_round(seed: int) -> Record:
    """A Culls round of random moves, not over."""
    game = find_game("culls")
    state = game.new_state(game.parse_rules({}), "blue")
    rng = random.Random(seed)
    while state.ply < ROUND_MOVES and not state.outcome().is_over:
        state.apply(rng.choice(sorted(state.legal_actions())))
    return record_of(state)


def gone(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] == "Z"
    except (OSError, IndexError):
        return True


def main() -> None:
    latency(None, "the loop alone")
    coach = Coach()
    rounds = [long_round(seed) for seed in range(1, 4)]
    for record in rounds:
        coach.ask(record)
    while coach.pid() is None:
        time.sleep(0.01)
    latency(None, "the coach's analyser running beside it")
    waits = []
    for _ in range(STOPS):
        while (pid := coach.pid()) is None:
            time.sleep(0.01)
        time.sleep(0.3)
        start = time.perf_counter()
        coach.hold()
        while not gone(pid):
            time.sleep(0.0005)
        waits.append((time.perf_counter() - start) * 1000)
        coach.release()
    waits.sort()
    print(
        f"a search frees the analyser's core: median {waits[len(waits) // 2]:.1f} ms, "
        f"max {waits[-1]:.1f} ms ({STOPS} searches)"
    )
    started = time.monotonic()
    coach.wait(rounds[-1], 1200)
    coach.close()
    fresh = Coach()
    record = long_round(9)
    began = time.monotonic()
    fresh.ask(record)
    found = fresh.wait(record, 1200)
    took = time.monotonic() - began
    fresh.close()
    print(
        f"a {ROUND_MOVES}-move Culls round analysed in {took:.1f} s at "
        f"{fresh.nodes(record)} nodes a position ({'done' if found else 'dropped'}); "
        f"the three before it finished {time.monotonic() - started:.1f} s after the stops; "
        f"cores here: {os.cpu_count()}"
    )


if __name__ == "__main__":
    main()
