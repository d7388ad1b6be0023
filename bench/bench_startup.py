"""Start-up times: commands side by side with a bare Python, and the board to its first frame
and READY.

Run: ``.venv/bin/python -m bench.bench_startup [--runs 15]`` (with bytecode cached: unset
PYTHONDONTWRITEBYTECODE). Prints medians and maxima of the wall time; asserts nothing.

- ``python3 -c pass`` and this interpreter's ``-c pass``: the floor; the ratios are to the
  latter (the same virtualenv, its path hooks included), the target being 2x at most;
- ``cullsboard --help``, ``cullsboard replay SAMPLE``, ``cullsboard check-config
  config/default.yaml`` to their exit,
  ``cullsboard engine`` to its ``readyok``;
- the simulated board (``--mock-hal``) to its first frame written, and the board run as the
  service runs it (``--config config/default.yaml``, simulated devices) to ``READY=1`` on a
  ``NOTIFY_SOCKET``.

Beside the wall time it prints the processor time of each run (user + system, from the child's
resource usage), which a busy machine disturbs less.
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


def _to_exit(command: list[str]) -> Callable[[], float]:
    def timed() -> float:
        started = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
        return time.perf_counter() - started

    return timed


def _engine_ready() -> float:
    started = time.perf_counter()
    engine = subprocess.Popen(
        [*_cullsboard(), "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert engine.stdin is not None and engine.stdout is not None
    engine.stdin.write("isready\n")
    engine.stdin.flush()
    engine.stdout.readline()
    spent = time.perf_counter() - started
    engine.stdin.write("quit\n")
    engine.stdin.close()
    engine.wait(10)
    return spent


def _first_frame() -> float:
    with tempfile.TemporaryDirectory() as folder:
        frames = Path(folder) / "frames.jsonl"
        command = [*_cullsboard(), "--mock-hal", "--web", "off", "--frames", str(frames)]
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
        board.terminate()
        board.wait(10)
        return spent


def _ready() -> float:
    with tempfile.TemporaryDirectory() as folder:
        address = str(Path(folder) / "notify")
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        listener.bind(address)
        listener.settimeout(30)
        env = {**os.environ, "NOTIFY_SOCKET": address}
        command = [*_cullsboard(), "--config", str(CONFIG), "--web", "off"]
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
            return time.perf_counter() - started
        finally:
            board.terminate()
            board.wait(10)
            listener.close()


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print("note: PYTHONDONTWRITEBYTECODE is set; unset it for figures with bytecode cached")
    # The interpreter itself, not a version manager's shim in front of it.
    python3 = getattr(sys, "_base_executable", None) or shutil.which("python3") or sys.executable
    runs: list[tuple[str, Callable[[], float]]] = [
        (FLOOR, _to_exit([sys.executable, "-c", "pass"])),  # first: the others' ratios' base
        ("python3 -c pass", _to_exit([python3, "-c", "pass"])),
        ("cullsboard --help", _to_exit([*_cullsboard(), "--help"])),
        ("cullsboard replay SAMPLE", _to_exit([*_cullsboard(), "replay", str(SAMPLE)])),
        ("cullsboard engine to readyok", _engine_ready),
        ("cullsboard check-config", _to_exit([*_cullsboard(), "check-config", str(CONFIG)])),
        ("--mock-hal to its first frame", _first_frame),
        ("--config (service) to READY=1", _ready),
    ]
    for _, timed in runs:
        timed()  # warm the caches once
    medians: dict[str, float] = {}
    cpu_medians: dict[str, float] = {}
    print(f"over {args.runs} runs (ms): wall median and max, then processor time median")
    for label, timed in runs:
        times, cpu = [], []
        for _ in range(args.runs):
            before = _children_cpu()
            times.append(timed() * 1000)
            cpu.append((_children_cpu() - before) * 1000)
        medians[label] = statistics.median(times)
        cpu_medians[label] = statistics.median(cpu)
        ratio = medians[label] / medians[FLOOR]
        cpu_ratio = cpu_medians[label] / cpu_medians[FLOOR]
        print(
            f"  {label:32s} wall {medians[label]:7.1f} max {max(times):7.1f}"
            f" ({ratio:4.2f}x)   cpu {cpu_medians[label]:6.1f} ({cpu_ratio:4.2f}x)"
        )
    print(f"ratios: to {FLOOR!r}, the same virtualenv's bare interpreter")


if __name__ == "__main__":
    main()
