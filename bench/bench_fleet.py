"""Boards through a real Mosquitto: move-to-peer and state-to-fleet latency, the broker's CPU.

Starts ``mosquitto`` on a free port, N simulated boards (default 50: 25 online games of Culls,
each board with its own loop, journal and broker client) and a fleet listener. Each game plays
random legal moves; the other board's chip is placed as soon as it blinks.

- move-to-peer: from the tap on the mover's board to the other board blinking that move.
- state-to-fleet: from a board taking its state (``at``) to the fleet listener having it.
- broker CPU: the broker process's user+system time over the run's wall time.

The boards run in several processes (``--processes``), as they would on their own computers;
the fleet listener runs in the main one. Figures depend on the machine's load (printed).

Run: ``.venv/bin/python -m bench.bench_fleet [--boards 50] [--moves 20] [--pace 1.0]``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import shutil
import socket
import statistics
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Event
from pathlib import Path

from firmware.commands.fleet import start_roster
from firmware.config import default_config
from firmware.config.schema import LinkConfig
from firmware.controller.core.adapter import cells_for_token
from firmware.controller.core.live import BoardView, Touch
from firmware.controller.table.table import Phase
from firmware.fleet.roster import Roster
from firmware.link.client import Endpoint
from firmware.link.online_request import GUEST, HOST, OnlineRequest
from firmware.link.settings import link_settings
from firmware.rules.api import JsonValue
from firmware.wiring.assemble import assemble, bare_simulation, simulated_board
from firmware.wiring.assembly_parts import CafeSetup, Keeping
from firmware.wiring.link_start import RunningLink, start_link
from hal.clock import MonotonicClock

RULES: dict[str, JsonValue] = {"mode": "duel", "size": 15}
PATIENCE_S = 30.0


class Board:
    """One simulated board on the broker, its loop in a thread; times when a move blinks."""

    def __init__(self, url: str, name: str, folder: Path, online: OnlineRequest) -> None:
        board = simulated_board(bare_simulation(default_config()), MonotonicClock())
        settings = link_settings(LinkConfig(), broker=url, board_id=name)
        assert settings is not None
        parts = assemble(
            board,
            keeping=Keeping(state_dir=folder, warn=print),
            cafe=CafeSetup(link=settings),
            rng=random.Random(name),
        )
        self.table = parts.table
        self.controller = parts.controller
        self.controller.start(None)
        self.blinked = threading.Event()
        self.blinked_at = 0.0
        self.controller.subscribe(self._viewed)
        self.link: RunningLink = start_link(parts, online)
        self.thread = threading.Thread(target=self.controller.run, daemon=True)
        self.thread.start()

    def _viewed(self, view: BoardView) -> None:
        if view.score.get("phase") == Phase.WAITING_FOR_PIECE.value and not self.blinked.is_set():
            self.blinked_at = time.perf_counter()
            self.blinked.set()

    @property
    def score(self) -> dict[str, JsonValue]:
        return self.controller.view().score

    def tap(self, cell: tuple[int, int]) -> None:
        self.controller.submit(Touch(cell))

    def close(self) -> None:
        self.controller.stop()
        self.thread.join(10)
        self.link.close()


def wait(what: str, ready: Callable[[], bool]) -> None:
    end = time.monotonic() + PATIENCE_S
    while not ready():
        if time.monotonic() > end:
            raise SystemExit(f"bench_fleet: gave up waiting for {what}")
        time.sleep(0.02)  # the driver must not starve the boards it measures


def play(host: Board, guest: Board, moves: int, seed: int, pace: float, out: list[float]) -> None:
    """Random legal moves; the side to move taps, the other places the blinking chip.

    With ``pace`` > 0 a game moves about once per ``pace`` seconds (people think between moves);
    0 plays as fast as the boards answer, which measures the machine's saturation instead.
    """
    rng = random.Random(seed)
    sides = {"blue": host, "red": guest}
    next_move = time.monotonic() + rng.uniform(0, pace)
    for _ in range(moves):
        time.sleep(max(0.0, next_move - time.monotonic()))
        next_move = time.monotonic() + pace * rng.uniform(0.5, 1.5)
        table = host.table
        state = None if table.match is None else table.match.current
        if state is None or table.adapter is None or state.outcome().is_over:
            return
        colour = state.to_move()
        assert colour is not None
        mover = sides[colour]
        other = guest if mover is host else host
        legal = state.legal_actions()
        rng.shuffle(legal)
        for token in legal:  # the first with a cell to tap (the driver's cost, kept small)
            cells = cells_for_token(table.adapter, state, token, 15, 15)
            if cells:
                break
        expected = [*state.moves, token]
        other.blinked.clear()
        start = time.perf_counter()
        mover.tap(cells[0])
        if not other.blinked.wait(PATIENCE_S):
            raise SystemExit("bench_fleet: a move never reached the other board")
        out.append(other.blinked_at - start)
        other.tap(cells[0])
        wait("the chip placed", both_have(host, guest, expected))


def both_have(host: Board, guest: Board, moves: list[str]) -> Callable[[], bool]:
    return lambda: host.score.get("moves") == moves and guest.score.get("moves") == moves


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def show(label: str, seconds: list[float]) -> None:
    ms = [s * 1000 for s in seconds]
    print(f"{label:16s} n={len(ms):5d}  median {statistics.median(ms):7.1f} ms"
          f"  p99 {percentile(ms, 0.99):7.1f} ms  max {max(ms):7.1f} ms")  # fmt: skip


def worker(url: str, first: int, games: int, moves: int, pace: float, folder: str,
           ready: Queue[object], go: Event, results: Queue[object],
           done: Event) -> None:  # fmt: skip
    """One process's boards (in a café, each board is its own computer): host, join, play."""
    pairs: list[tuple[Board, Board]] = []
    for number in range(first, first + games):
        host = Board(url, f"host-{number}", Path(folder) / f"h{number}",
                     OnlineRequest(HOST, game="culls", rules=RULES, first="blue"))  # fmt: skip
        wait("a join code", has_online(host))
        online = host.score["online"]
        assert isinstance(online, dict)
        guest = Board(url, f"guest-{number}", Path(folder) / f"g{number}",
                      OnlineRequest(GUEST, str(online["code"])))  # fmt: skip
        pairs.append((host, guest))
    for _, guest in pairs:
        wait("the guests joined", plays_culls(guest))
    ready.put(len(pairs) * 2)
    go.wait()
    lag: list[float] = []
    threads = [
        threading.Thread(target=play, args=(h, g, moves, first + n, pace, lag))
        for n, (h, g) in enumerate(pairs)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    results.put(lag)
    done.wait()
    for host, guest in pairs:
        host.close()
        guest.close()


def has_online(board: Board) -> Callable[[], bool]:
    return lambda: isinstance(board.score.get("online"), dict)


def plays_culls(board: Board) -> Callable[[], bool]:
    return lambda: board.score.get("game") == "culls"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--boards", type=int, default=50)
    parser.add_argument("--moves", type=int, default=20, help="moves per game")
    parser.add_argument("--processes", type=int, default=5, help="processes the boards run in")
    parser.add_argument(
        "--pace", type=float, default=1.0,
        help="seconds between one game's moves (0: as fast as the boards answer)",
    )  # fmt: skip
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-fleet-"))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    (folder / "mosquitto.conf").write_text(
        f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\nuser root\n"
        "max_queued_messages 10000\nset_tcp_nodelay true\n"
    )
    broker = subprocess.Popen(
        [shutil.which("mosquitto") or "/usr/sbin/mosquitto", "-c", str(folder / "mosquitto.conf")],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    time.sleep(0.3)
    url = f"mqtt://127.0.0.1:{port}"

    spawn = multiprocessing.get_context("spawn")
    ready: Queue[object] = spawn.Queue()
    results: Queue[object] = spawn.Queue()
    go, done = spawn.Event(), spawn.Event()
    games = args.boards // 2
    shares = [games // args.processes + (i < games % args.processes) for i in range(args.processes)]
    workers = []
    first = 0
    for share in (s for s in shares if s):
        process = spawn.Process(
            target=worker,
            args=(url, first, share, args.moves, args.pace, str(folder), ready, go, results, done),
        )
        process.start()
        workers.append(process)
        first += share
    boards = sum(int(str(ready.get(timeout=300))) for _ in workers)

    fleet_lag: list[float] = []
    roster = Roster()
    roster.on_state.append(lambda board, state: fleet_lag.append(time.time() - _at(state)))
    fleet = start_roster(Endpoint("127.0.0.1", port), roster)
    wait("the fleet sees every board", lambda: len(roster.boards) >= boards)
    print(
        f"{boards} boards in {len(workers)} processes on {url}; the fleet sees {len(roster.boards)}"
    )

    fleet_lag.clear()
    cpu_before, wall_before = cpu_seconds(broker.pid), time.monotonic()
    go.set()
    peer_lag: list[float] = []
    for _ in workers:
        got = results.get(timeout=600)
        assert isinstance(got, list)
        peer_lag += got
    time.sleep(1.0)  # the last throttled states
    cpu = cpu_seconds(broker.pid) - cpu_before
    wall = time.monotonic() - wall_before

    show("move-to-peer", peer_lag)
    show("state-to-fleet", fleet_lag)
    print(f"broker CPU       {cpu:.2f} s over {wall:.1f} s = {100 * cpu / wall:.1f} % of one core;"
          f" {len(peer_lag) / wall:.0f} moves/s across {games} games"
          f" (pace {args.pace} s)")  # fmt: skip
    print(f"machine load     {os.getloadavg()[0]:.1f} (1 min) on {os.cpu_count()} cores")
    done.set()
    for process in workers:
        process.join(60)
    fleet.stop()
    broker.kill()
    shutil.rmtree(folder, ignore_errors=True)


def _at(state: dict[str, JsonValue]) -> float:
    at = state.get("at")
    return float(at) if isinstance(at, int | float) else time.time()


if __name__ == "__main__":
    main()
