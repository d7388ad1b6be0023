"""Start-up times: commands side by side with a bare Python, and the board to its first frame
and READY.

Run: ``.venv/bin/python -m bench.bench_startup [--runs 15] [--commands]`` (with bytecode cached:
unset PYTHONDONTWRITEBYTECODE). Prints the fastest, median and slowest wall times; asserts
nothing. The runs are interleaved (each round times every command once, then the boards have
rounds of their own), so a machine that gets busier or quieter during the bench moves the floor
and the commands alike; ``--commands`` leaves out the two board start-ups.

- ``python3 -c pass`` and this interpreter's ``-c pass``: the floor; the ratios are to the
  latter (the same virtualenv, its path hooks included), the target being 2x at most;
- this interpreter's ``-c 'import yaml'``: PyYAML alone, which ``check-config`` must load;
- ``cullsboard --help``, ``cullsboard replay SAMPLE``, ``cullsboard check-config
  config/default.yaml`` to their exit,
  ``cullsboard engine`` to its ``readyok``;
- the simulated board (``--mock-hal``) to its first frame written, and the board run as the
  service runs it (``--config config/default.yaml``, simulated devices) to ``READY=1`` on a
  ``NOTIFY_SOCKET``.

Beside the wall time it prints the processor time of each run, which a busy machine disturbs
less: the child's user + system time to its exit, and for the engine (which stays up after
``readyok``) the time its threads had run when ``readyok`` arrived (``/proc/PID/task/*/schedstat``;
without ``/proc``, to its exit).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "firmware/games/culls/samples/culls-sample.json"
CONFIG = ROOT / "config/default.yaml"
FLOOR = "venv python -c pass"


def _cullsboard() -> list[str]:
    script = Path(sys.executable).with_name("cullsboard")
    return [str(script)] if script.exists() else [sys.executable, "-m", "firmware"]


Timed = Callable[[], tuple[float, float]]  # one run: wall seconds, processor seconds


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _to_exit(command: list[str]) -> Timed:
    def timed() -> tuple[float, float]:
        before = _children_cpu()
        started = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
        return time.perf_counter() - started, _children_cpu() - before

    return timed


def _cpu_so_far(pid: int) -> float | None:
    """The processor time a running process's threads have had, or None without ``/proc``."""
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
        spent_ns = sum(int((task / "schedstat").read_text().split()[0]) for task in tasks)
    except (OSError, ValueError, IndexError):
        return None
    return spent_ns / 1e9


def _engine_ready() -> tuple[float, float]:
    before = _children_cpu()
    started = time.perf_counter()
    engine = subprocess.Popen(
        [*_cullsboard(), "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert engine.stdin is not None and engine.stdout is not None
    engine.stdin.write("isready\n")
    engine.stdin.flush()
    engine.stdout.readline()
    spent = time.perf_counter() - started
    used = _cpu_so_far(engine.pid)
    engine.stdin.write("quit\n")
    engine.stdin.close()
    engine.wait(10)
    return spent, _children_cpu() - before if used is None else used


def _first_frame() -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as folder:
        frames = Path(folder) / "frames.jsonl"
        command = [*_cullsboard(), "--mock-hal", "--web", "off", "--frames", str(frames)]
        before = _children_cpu()
        started = time.perf_counter()
        board = subprocess.Popen(
            [*command, "--state-dir", folder],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        while not (frames.exists() and frames.stat().st_size):
            if board.poll() is not None:
                raise SystemExit("the simulated board stopped before its first frame")
            time.sleep(0.002)
        spent = time.perf_counter() - started
        used = _cpu_so_far(board.pid)
        board.terminate()
        board.wait(10)
        return spent, _children_cpu() - before if used is None else used


def _ready() -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as folder:
        address = str(Path(folder) / "notify")
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        listener.bind(address)
        listener.settimeout(30)
        env = {**os.environ, "NOTIFY_SOCKET": address}
        command = [*_cullsboard(), "--config", str(CONFIG), "--web", "off"]
        before = _children_cpu()
        started = time.perf_counter()
        board = subprocess.Popen(
            [*command, "--state-dir", str(Path(folder) / "state")],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            while b"READY=1" not in listener.recv(4096):
                pass
            spent, used = time.perf_counter() - started, _cpu_so_far(board.pid)
            return spent, _children_cpu() - before if used is None else used
        finally:
            board.terminate()
            board.wait(10)
            listener.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--commands", action="store_true", help="the commands only, not the board")
    args = parser.parse_args()
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print("note: PYTHONDONTWRITEBYTECODE is set; unset it for figures with bytecode cached")
    # The interpreter itself, not a version manager's shim in front of it.
    python3 = getattr(sys, "_base_executable", None) or shutil.which("python3") or sys.executable
    runs: list[tuple[str, Timed]] = [
        (FLOOR, _to_exit([sys.executable, "-c", "pass"])),  # first: the others' ratios' base
        ("python3 -c pass", _to_exit([python3, "-c", "pass"])),
        ("cullsboard --help", _to_exit([*_cullsboard(), "--help"])),
        ("cullsboard replay SAMPLE", _to_exit([*_cullsboard(), "replay", str(SAMPLE)])),
        ("cullsboard engine to readyok", _engine_ready),
        ("cullsboard check-config", _to_exit([*_cullsboard(), "check-config", str(CONFIG)])),
        # what check-config cannot do without: the config's library, imported and nothing else
        ("python -c 'import yaml'", _to_exit([sys.executable, "-c", "import yaml"])),
    ]
    # The boards in rounds of their own, after the commands': a board stopped is still winding
    # down (its threads, its engine) while the next entry would be timed.
    boards: list[tuple[str, Timed]] = []
    if not args.commands:
        boards.append(("--mock-hal to its first frame", _first_frame))
        boards.append(("--config (service) to READY=1", _ready))
    times: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    for group in (runs, boards):
        for _, timed in group:
            timed()  # warm the caches once
        for _ in range(args.runs):
            for label, timed in group:
                wall, used = timed()
                times.setdefault(label, []).append(wall * 1000)
                cpu.setdefault(label, []).append(used * 1000)
    print(f"over {args.runs} interleaved runs (ms): wall fastest, median (ratio) and slowest,")
    print("then the processor time's median (ratio): to the exit, or to readyok, the frame, READY")
    floor, cpu_floor = statistics.median(times[FLOOR]), statistics.median(cpu[FLOOR])
    for label, _ in runs + boards:
        wall, used = statistics.median(times[label]), statistics.median(cpu[label])
        print(
            f"  {label:30s} wall {min(times[label]):6.1f} {wall:7.1f} ({wall / floor:4.2f}x)"
            f" {max(times[label]):7.1f}   cpu {used:6.1f} ({used / cpu_floor:4.2f}x)"
        )
    print(f"ratios: to {FLOOR!r}, the same virtualenv's bare interpreter")


if __name__ == "__main__":
    main()
