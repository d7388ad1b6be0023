"""A day of the whole board: ``cullsboard --mock-hal --kiosk`` over a simulated day, checked.

The simulated board (kiosk on, its pages, a real Mosquitto on 127.0.0.1 that the bench starts)
is driven through its script on standard input (touches, presses, waits: the simulated clock
moves only with ``wait``) and its pages (names, the computer's seats, lessons, puzzles, staff
settings): matches between two seats and against the computer, UNDO and NEW at random, idle
spells long enough for the attract show and for an unfinished game to be put away, staff
settings changed (and a bad one refused), the broker killed and started again, and a SIGKILL
and a restart at the end of every simulated hour. At the end it checks that the journal's
replay, the history, the day totals and the broker's stream agree, that RSS and open file
descriptors stayed flat, and that no traceback was logged, and prints the figures.

The bench knows the board has read its script up to a point by a line the board cannot read
(``sync N``): the board names that line on standard error when it gets there.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import queue
import random
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from firmware.controller.match.journal import ARCHIVE_DIR, JOURNAL_NAME
from firmware.controller.match.resume import resumed_match
from firmware.history.store import History
from firmware.rules.bounded_json import read_json

ROOT = Path(__file__).resolve().parents[1]
MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
STAFF_PIN = "48260"
BOARD_ID = "soak"
HOUR_MS = 3_600_000
SYNC_TIMEOUT_S = 300  # how long the board may take to read up to a line (a long wait renders)
WINNING_LINE = ["h8", "h9", "h10", "h11", "h12"]
SPARE_CELLS = ["a1", "c1", "e1", "a3", "c3", "e3", "a5", "c5", "a7", "c7"]
CONFIG = f"""kiosk:
  enabled: false        # the unit's --kiosk turns it on
  attract_minutes: 2
  abandon_minutes: 3
  staff_pin: "{STAFF_PIN}"
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Broker:
    """A Mosquitto of the bench's own, on 127.0.0.1; ``kill`` drops it, ``start`` brings it back."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.config = folder / "mosquitto.conf"
        self.config.write_text(
            f"listener {self.port} 127.0.0.1\nallow_anonymous true\npersistence false\nuser root\n",
            encoding="utf-8",
        )
        self.process: subprocess.Popen[bytes] | None = None
        self.drops = 0

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [MOSQUITTO, "-c", str(self.config)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.02)
        raise RuntimeError("mosquitto did not start")

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None
            self.drops += 1


@dataclass
class Stream:
    """What the broker carried of the board: its events, and its latest retained state."""

    events: list[dict[str, Any]] = field(default_factory=list)
    state: dict[str, Any] | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)


def listen(broker: Broker, stream: Stream) -> mqtt.Client:
    """A subscriber to the board's topics (started again after every broker restart)."""
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"soak-{time.monotonic_ns()}")
    base = f"cullsboard/v1/boards/{BOARD_ID}"

    def on_connect(
        client: mqtt.Client, userdata: object, flags: object, rc: object, p: object
    ) -> None:
        client.subscribe(f"{base}/#", qos=1)

    def on_message(client: mqtt.Client, userdata: object, message: mqtt.MQTTMessage) -> None:
        try:
            body = json.loads(message.payload)
        except ValueError:
            return
        with stream.lock:
            if message.topic == f"{base}/events" and isinstance(body, dict):
                stream.events.append(body)
            elif message.topic == f"{base}/state" and isinstance(body, dict):
                stream.state = body

    client.on_connect = on_connect
    client.on_message = on_message
    client.reconnect_delay_set(1, 2)
    client.connect_async("127.0.0.1", broker.port, keepalive=15)
    client.loop_start()
    return client


def board_env(folder: Path) -> dict[str, str]:
    """The boards' environment: their bytecode compiled once into ``folder``, as an installed
    board has it, not compiled again at each of the day's restarts."""
    env = dict(os.environ, PYTHONUNBUFFERED="1", XDG_STATE_HOME=str(folder / "xdg"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
    return env


class Board:
    """One run of ``cullsboard --mock-hal --kiosk`` (until its SIGKILL)."""

    def __init__(self, folder: Path, broker: Broker, hour: int, first: bool) -> None:
        self.errors: queue.Queue[str] = queue.Queue()
        self.stderr_lines: list[str] = []
        self.line = 0
        self.sim_ms = 0.0
        command = [sys.executable, "-m", "firmware", "--mock-hal", "--kiosk"]
        command += ["--config", str(folder / "board.yaml"), "--script", "-"]
        command += ["--state-dir", str(folder / "state"), "--web", "127.0.0.1:0"]
        command += ["--broker", broker.url, "--board-id", BOARD_ID, "--seed", str(hour)]
        command += ["--game", "culls"] if first else []
        env = board_env(folder)
        env["PYTHONFAULTHANDLER"] = "1"  # a board that stops reading shows where it is
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.url = ""
        found = threading.Event()

        def read_out() -> None:
            assert self.process.stdout is not None
            for text in self.process.stdout:
                if "web pages at " in text and not self.url:
                    self.url = text.split("web pages at ", 1)[1].strip()
                    found.set()
            found.set()

        def read_err() -> None:
            assert self.process.stderr is not None
            for text in self.process.stderr:
                self.stderr_lines.append(text)
                if "unknown command 'sync'" in text:
                    self.errors.put(text)

        threading.Thread(target=read_out, daemon=True).start()
        threading.Thread(target=read_err, daemon=True).start()
        if not found.wait(60) or not self.url:
            raise RuntimeError(f"the board did not start: {''.join(self.stderr_lines)[-2000:]}")

    def send(self, *lines: str) -> None:
        """Script lines, then wait until the board has read them all."""
        assert self.process.stdin is not None
        for text in lines:
            if text.startswith("wait "):
                self.sim_ms += float(text.split()[1])
        self.line += len(lines) + 1
        self.process.stdin.write("\n".join([*lines, f"sync {self.line}"]) + "\n")
        self.process.stdin.flush()
        wanted = f"script line {self.line}:"
        while True:
            try:
                got = self.errors.get(timeout=SYNC_TIMEOUT_S)
            except queue.Empty:
                alive = "running" if self.process.poll() is None else "exited"
                if alive == "running":  # faulthandler: every thread's stack, then it stops
                    self.process.send_signal(signal.SIGABRT)
                    time.sleep(2.0)
                tail = "".join(self.stderr_lines[-60:])
                raise RuntimeError(
                    f"the board ({alive}) never read line {self.line}: {tail}"
                ) from None
            if wanted in got:
                return

    def state(self) -> dict[str, Any]:
        body: dict[str, Any] = json.loads(_get(self.url + "api/state"))
        return body

    def score(self) -> dict[str, Any]:
        found: dict[str, Any] = self.state()["score"]
        return found

    def post(self, path: str, payload: dict[str, Any]) -> int:
        data = json.dumps(payload).encode()
        request = urllib.request.Request(
            self.url + path, data=data, method="POST", headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as reply:
                return int(reply.status)
        except urllib.error.HTTPError as error:
            return int(error.code)

    def usage(self) -> tuple[int, int]:
        """Resident memory (kB) and open file descriptors of the board process."""
        pid = self.process.pid
        status = Path(f"/proc/{pid}/status").read_text(encoding="utf-8")
        rss = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS"))
        return rss, len(list(Path(f"/proc/{pid}/fd").iterdir()))

    def kill(self) -> str:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        time.sleep(0.05)  # the readers take the last lines
        return "".join(self.stderr_lines)

    def stop(self) -> str:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(60)
        time.sleep(0.05)
        return "".join(self.stderr_lines)


def _get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as reply:
        body: bytes = reply.read()
        return body


def round_taps(first: str, winner: str) -> list[str]:
    """A Culls duel round that ``winner`` wins on h8..h12 (the other side plays far away)."""
    other = "red" if first == "blue" else "blue"
    owners = [first, first, other, other] + [first, other] * 10
    line, spare, taps = list(WINNING_LINE), list(SPARE_CELLS), []
    for owner in owners:
        taps.append(line.pop(0) if owner == winner else spare.pop(0))
        if not line:
            return taps
    raise AssertionError("the line is always completed")


@dataclass
class Day:
    """What the bench did and counted."""

    rng: random.Random
    actions: int = 0
    restarts: int = 0
    rounds_played: int = 0
    refused_settings: int = 0
    settings_changed: int = 0
    attract_shown: int = 0
    put_away: int = 0
    episodes: Counter[str] = field(default_factory=Counter)
    seconds: dict[str, float] = field(default_factory=dict)  # wall time per episode kind


def wait(board: Board, day: Day, ms: float) -> None:
    board.send(f"wait {ms:.0f}")


def tap(board: Board, day: Day, cell: str, pause_ms: float) -> None:
    board.send(f"touch {cell}", f"wait {pause_ms:.0f}")
    day.actions += 1


def press(board: Board, day: Day, button: str) -> None:
    board.send(f"press {button}", "wait 400")
    day.actions += 1


def to_fresh_duel(board: Board, day: Day) -> dict[str, Any]:
    """Bring the board to a Culls duel with a fresh round, between two seats here."""
    for _ in range(8):
        score = board.score()
        phase = score["phase"]
        people = all(seat["player"] == "here" for seat in score["seats"])
        duel = score["game"] == "culls" and score["mode"] == "duel" and people
        if phase == "playing" and duel and not score["moves"]:
            return score
        if phase == "menu":
            tap(board, day, "b12", 300)
            tap(board, day, score["menu"]["start"], 800)
            continue
        if not people:
            board.post("api/computer", {"seats": [], "level": 1})
        if phase in ("lesson", "puzzle", "review"):
            press(board, day, "menu")
            continue
        if not duel:
            press(board, day, "menu")
            continue
        press(board, day, "new")
    raise RuntimeError(f"cannot reach a fresh duel: {board.score()}")


def two_seats(board: Board, day: Day) -> None:
    """A round between two seats here (UNDO now and then), sometimes NEW in the middle."""
    score = to_fresh_duel(board, day)
    if day.rng.random() < 0.3:
        seat = day.rng.randrange(2)
        name = day.rng.choice(["Ana", "Bo", "Cy", "Dee", None])
        board.post("api/name", {"seat": seat, "name": name})
        day.actions += 1
    taps = round_taps(str(score["to_move"]), day.rng.choice(["blue", "red"]))
    lines: list[str] = []  # the whole round in one go: the board reads it as it comes
    index = 0
    while index < len(taps):
        if index and day.rng.random() < 0.05:
            lines += ["press undo", "wait 400"]
            index -= 1
        elif day.rng.random() < 0.01:
            lines += ["press new", "wait 400"]
            day.actions += len(lines) // 2
            board.send(*lines)
            return
        else:
            lines += [f"touch {taps[index]}", f"wait {day.rng.uniform(4000, 20000):.0f}"]
            index += 1
    day.actions += len(lines) // 2
    board.send(*lines)
    day.rounds_played += 1
    if day.rng.random() < 0.1:
        press(board, day, "undo")  # the winning move taken back, then played again
        tap(board, day, taps[-1], 2000)
    wait(board, day, 4000)
    after = board.score()
    if after["phase"] == "round_over":
        tap(board, day, "a15", 1500)  # the touch shows the scores
        tap(board, day, "h8", 1500)  # the green cell starts the next round
    elif after["phase"] == "match_over":
        wait(board, day, 3000)
        press(board, day, "new")


def computer_match(board: Board, day: Day) -> None:
    """Moves against the computer (level 1): random cells for the person, the computer answers."""
    score = to_fresh_duel(board, day)
    board.post("api/computer", {"seats": [day.rng.choice(["blue", "red"])], "level": 1})
    press(board, day, "new")
    for _ in range(day.rng.randrange(3, 8)):
        score = board.score()
        deadline = time.monotonic() + 10
        while score["thinking"] and time.monotonic() < deadline:
            time.sleep(0.05)
            board.send("wait 200")
            score = board.score()
        if score["phase"] != "playing":
            break
        cell = f"{'abcdefghijklmno'[day.rng.randrange(15)]}{day.rng.randrange(1, 16)}"
        tap(board, day, cell, day.rng.uniform(3000, 15000))
    board.post("api/computer", {"seats": [], "level": 1})


def learning(board: Board, day: Day, which: str) -> None:
    """A lesson or a puzzle: a few touches, then back to the menu."""
    board.post("api/press", {"button": which})
    day.actions += 1
    board.send("wait 1000")
    lines = []
    for _ in range(day.rng.randrange(2, 8)):
        cell = f"{'abcdefghijklmno'[day.rng.randrange(15)]}{day.rng.randrange(1, 16)}"
        lines += [f"touch {cell}", f"wait {day.rng.uniform(2000, 8000):.0f}"]
    day.actions += len(lines) // 2 + 1
    board.send(*lines, "press menu", "wait 400")


def idle(board: Board, day: Day) -> None:
    """Nobody at the table: the attract show after 2 minutes, a game put away after 3."""
    spell = day.rng.choice([150_000, 200_000])
    if spell > 180_000 and board.score()["phase"] == "playing":
        tap(board, day, "o1", 1000)  # a game begun, then left: it is put away after 3 minutes
    before = board.score()
    wait(board, day, spell)
    if board.score()["phase"] == "attract":
        day.attract_shown += 1
    tap(board, day, "a1", 1000)  # someone comes back: the touch only wakes the board
    after = board.score()
    if before["phase"] == "playing" and before["moves"] and not after["moves"]:
        day.put_away += 1


def staff(board: Board, day: Day) -> None:
    """Staff change a setting on the staff page; now and then one the kiosk refuses."""
    if day.rng.random() < 0.3:
        bad = {"kiosk.abandon_minutes": 1}  # below the attract time: refused
        if board.post("api/staff/settings", {"pin": STAFF_PIN, "settings": bad}) == 400:
            day.refused_settings += 1
        return
    values = {
        "kiosk.attract_minutes": day.rng.choice([1.5, 2, 2.5]),
        "play.hints": day.rng.random() < 0.5,
    }
    if board.post("api/staff/settings", {"pin": STAFF_PIN, "settings": values}) == 200:
        day.settings_changed += 1
    day.actions += 1


def play_hour(board: Board, broker: Broker, day: Day) -> None:
    """Episodes until the board's simulated clock has moved on an hour; the broker may drop."""
    while board.sim_ms < HOUR_MS:
        pick = day.rng.random()
        name = (
            "two seats" if pick < 0.45 else
            "computer" if pick < 0.6 else
            "lesson" if pick < 0.67 else
            "puzzle" if pick < 0.74 else
            "idle" if pick < 0.86 else
            "staff" if pick < 0.96 else
            "broker"
        )  # fmt: skip
        day.episodes[name] += 1
        began = time.monotonic()
        run_episode(name, board, broker, day)
        day.seconds[name] = day.seconds.get(name, 0.0) + time.monotonic() - began


def run_episode(name: str, board: Board, broker: Broker, day: Day) -> None:
    """One episode of the day (what ``play_hour`` picked)."""
    if name == "two seats":
        two_seats(board, day)
    elif name == "computer":
        computer_match(board, day)
    elif name in ("lesson", "puzzle"):
        learning(board, day, name)
    elif name == "idle":
        idle(board, day)
    elif name == "staff":
        staff(board, day)
    else:
        broker.kill()
        wait(board, day, 60_000)
        time.sleep(0.5)
        broker.start()  # the board and the bench's subscriber reconnect by themselves
        time.sleep(0.5)


def journal_matches(
    path: Path,
) -> tuple[str | None, list[tuple[int, str, str | None, list[str]]], float | None, bool]:
    """The match a journal file replays to: its id, finished rounds, start and whether decided."""
    entries = [read_json(line) for line in path.read_bytes().splitlines() if line.strip()]
    found = resumed_match([entry for entry in entries if isinstance(entry, dict)])
    if found.match is None:
        return found.match_id, [], found.started, False
    rounds = []
    for number, state in enumerate(found.match.rounds, start=1):
        outcome = state.outcome()
        if outcome.is_over:
            rounds.append((number, outcome.status.value, outcome.winner, list(state.moves)))
    return found.match_id, rounds, found.started, found.match.is_over


@dataclass
class Agreement:
    """The cross-checks between the journal, the history, the day totals and the broker."""

    journals: int = 0
    mismatches: list[str] = field(default_factory=list)
    checked: set[str] = field(default_factory=set)
    decided_by_day: Counter[str] = field(default_factory=Counter)

    def check_journal(self, path: Path, state: Path) -> None:
        key, rounds, started, decided = journal_matches(path)
        self.journals += 1
        if key is None:
            return
        history = History(state)
        try:
            stored = history.snapshot(key)
        finally:
            history.close()
        kept = [] if stored is None else [
            (r.number, r.status, r.winner, list(r.record.get("moves") or [])) for r in stored.rounds  # type: ignore[arg-type]
        ]  # fmt: skip
        if kept != rounds:
            self.mismatches.append(f"match {key}: journal {rounds} != history {kept}")
        if decided and started is not None:
            day = datetime.datetime.fromtimestamp(started).date().isoformat()
            self.decided_by_day[day] += 1

    def check_archive(self, state: Path) -> None:
        for path in sorted((state / ARCHIVE_DIR).glob("*.jsonl")):
            if path.name not in self.checked:
                self.checked.add(path.name)
                self.check_journal(path, state)


def check_stream(stream: Stream, state: Path, final_score: dict[str, Any]) -> list[str]:
    """The broker's results are rounds the history keeps; its last state is the board's."""
    problems: list[str] = []
    with stream.lock:
        events = list(stream.events)
        last = stream.state
    results: list[tuple[str, int, str, str | None]] = []
    for event in events:
        if event.get("type") == "result":
            results.append((event["game"], event["round"], event["status"], event.get("winner")))
        elif event.get("type") == "undo" and results and results[-1][1] == event.get("round"):
            results.pop()  # the round's end was taken back
    history = History(state)
    try:
        kept = Counter(
            (match.game, r.number, r.status, r.winner)
            for match in history.matches()
            for r in history.rounds(match.id)
        )
        today = history.day_totals(datetime.date.today()).games
    finally:
        history.close()
    heard = Counter(results)
    for result, count in heard.items():
        if count > kept[result]:
            problems.append(
                f"the broker carried {count} x {result}, the history has {kept[result]}"
            )
    if last is None:
        problems.append("the broker has no state of the board")
    else:
        if last.get("score") != final_score:
            problems.append("the broker's last state is not the board's scoreboard")
        if last.get("games_today") != today:
            problems.append(f"games_today {last.get('games_today')} != the history's {today}")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hours", type=int, default=24, help="simulated hours (a restart each)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", action="store_true", help="keep the state directory")
    args = parser.parse_args()
    began = time.monotonic()
    folder = Path(tempfile.mkdtemp(prefix="bench-soak-"))
    (folder / "board.yaml").write_text(CONFIG, encoding="utf-8")
    state = folder / "state"
    compiled = [sys.executable, "-m", "compileall", "-q", "firmware", "hal"]
    subprocess.run(compiled, cwd=ROOT, env=board_env(folder), check=True)  # the first board too
    broker = Broker(folder)
    broker.start()
    stream = Stream()
    client = listen(broker, stream)
    day = Day(random.Random(args.seed))
    agreement = Agreement()
    usage: list[tuple[int, int, int, int]] = []  # per hour: rss and fds at start and at end
    logs: list[str] = []
    sim_ms = 0.0
    board: Board | None = None
    try:
        for hour in range(args.hours):
            board = Board(folder, broker, hour, first=hour == 0)
            board.send("wait 1000")
            agreement.check_archive(state)  # what the last run archived, now the board resumed
            start_rss, start_fds = board.usage()
            play_hour(board, broker, day)
            end_rss, end_fds = board.usage()
            usage.append((start_rss, start_fds, end_rss, end_fds))
            sim_ms += board.sim_ms
            logs.append(board.kill())
            day.restarts += 1
            print(
                f"hour {hour + 1:2d}: rss {start_rss // 1024}->{end_rss // 1024} MB, fds"
                f" {start_fds}->{end_fds}, {day.actions} actions, {time.monotonic() - began:.0f} s",
                flush=True,
            )
        board = final = Board(folder, broker, args.hours, first=False)
        final.send("wait 2000")
        time.sleep(2.0)  # the state goes to the broker at most every 0.5 s
        final_score = final.score()
        time.sleep(1.0)
        logs.append(final.stop())
        agreement.check_archive(state)
        agreement.check_journal(state / JOURNAL_NAME, state)
        problems = agreement.mismatches + check_stream(stream, state, final_score)
        history = History(state)
        try:
            for day_text, decided in sorted(agreement.decided_by_day.items()):
                totals = history.day_totals(datetime.date.fromisoformat(day_text))
                if totals.games != decided:
                    problems.append(f"{day_text}: day totals {totals.games}, journals {decided}")
            matches = len(history.matches())
        finally:
            history.close()
    finally:
        if board is not None and board.process.poll() is None:
            board.process.kill()  # the bench failed: leave no board behind
        client.loop_stop()
        broker.kill()
    tracebacks = sum(log.count("Traceback") for log in logs)
    wall = time.monotonic() - began
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    own = resource.getrusage(resource.RUSAGE_SELF)
    first, last = usage[0], usage[-1]
    growth = max(end - start for start, _, end, _ in usage)
    print()
    print(f"simulated hours      {sim_ms / HOUR_MS:.1f}")
    print(f"actions              {day.actions} (rounds won {day.rounds_played})")
    for kind, count in day.episodes.most_common():
        print(f"  {kind:18s} {count:4d} episodes, {day.seconds[kind]:6.0f} s wall")
    print(f"restarts             {day.restarts} (SIGKILL), broker drops {broker.drops}")
    print(f"staff settings       {day.settings_changed} changed, {day.refused_settings} refused")
    shown, away = day.attract_shown, day.put_away
    print(f"kiosk                attract shown {shown} times, {away} games put away")
    print(f"history              {matches} matches; {agreement.journals} journals replayed")
    print(f"mismatches           {len(problems)}")
    for problem in problems[:20]:
        print(f"  {problem}")
    print(f"RSS                  start {first[0] // 1024} MB, end {last[2] // 1024} MB "
          f"(largest growth within an hour {growth // 1024} MB)")  # fmt: skip
    print(f"file descriptors     start {first[1]}, end {last[3]}")
    print(f"tracebacks           {tracebacks}")
    print(f"wall time            {wall / 60:.1f} min (CPU: the boards and the broker"
          f" {(children.ru_utime + children.ru_stime) / 60:.1f} min, the bench"
          f" {(own.ru_utime + own.ru_stime) / 60:.1f} min; load average now"
          f" {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")  # fmt: skip
    if args.keep:
        print(f"state kept in        {state}")
    else:
        shutil.rmtree(folder, ignore_errors=True)
    return 0 if not problems and not tracebacks else 1


if __name__ == "__main__":
    sys.exit(main())
