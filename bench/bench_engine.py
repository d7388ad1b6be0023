"""``cullsboard engine`` answer times: the first ``go`` of a fresh engine and the later ones.

Run: ``.venv/bin/python -m bench.bench_engine [--engines 20] [--movetime 300]``. Each engine is
started fresh, asked ``isready``, then sent a position and ``go movetime MS`` together, five
times; the time runs from writing the ``go`` line to reading ``bestmove``. Prints medians and
maxima of the first answers and of the later ones; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

GOES = 5
# Culls positions a few moves in (a different one for each go, so nothing is answered twice).
OPENINGS = [
    ["h8", "i8"],
    ["h8", "i9", "g7"],
    ["h8", "h9", "i8", "j9"],
    ["g8", "h8", "i8", "h9", "h7"],
    ["h8", "i8", "g8", "j8", "xi8", "i8-c3"],
]


def _record(moves: list[str]) -> str:
    raw = {"format": 1, "game": "culls", "rules": {}, "first": "blue", "moves": moves}
    return json.dumps(raw)


def one_engine(movetime: int) -> tuple[float, float, list[float]]:
    """(seconds to readyok, ms of the first answer, ms of the later ones) of a fresh engine."""
    started = time.perf_counter()
    engine = subprocess.Popen(
        [sys.executable, "-m", "firmware", "engine", "--seed", "1"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        bufsize=1,
    )
    assert engine.stdin is not None and engine.stdout is not None
    engine.stdin.write("isready\n")
    engine.stdin.flush()
    if engine.stdout.readline().strip() != "readyok":
        raise SystemExit("the engine did not answer readyok")
    ready = time.perf_counter() - started
    answers = []
    for moves in OPENINGS[:GOES]:
        engine.stdin.write(f"position {_record(moves)}\n")
        sent = time.perf_counter()
        engine.stdin.write(f"go movetime {movetime}\n")
        engine.stdin.flush()
        while not engine.stdout.readline().startswith("bestmove"):
            pass
        answers.append((time.perf_counter() - sent) * 1000)
    engine.stdin.write("quit\n")
    engine.stdin.flush()
    engine.wait(timeout=10)
    return ready, answers[0], answers[1:]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engines", type=int, default=20)
    parser.add_argument("--movetime", type=int, default=300)
    args = parser.parse_args()
    readies, firsts, laters = [], [], []
    for _ in range(args.engines):
        ready, first, later = one_engine(args.movetime)
        readies.append(ready * 1000)
        firsts.append(first)
        laters.extend(later)
    print(f"{args.engines} fresh engines, go movetime {args.movetime} (target: within "
          f"{args.movetime * 1.1:.0f} ms)")  # fmt: skip
    for label, values in (
        ("start to readyok", readies),
        ("first answer", firsts),
        (f"later answers ({GOES - 1} per engine)", laters),
    ):
        print(
            f"  {label:32s} median {statistics.median(values):7.1f} ms   max {max(values):7.1f} ms"
        )


if __name__ == "__main__":
    main()
