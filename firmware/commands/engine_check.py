"""``cullsboard engine-check COMMAND``: does an engine speak the protocol of docs/players.md?

It starts ``COMMAND`` (split as a shell would), then checks every protocol line: ``isready``,
``position`` and ``go`` in both games (the first move, the middle of a game, a flip and a move due
in Culls, the white balls and a three-player push in Cubulus), every level, ``nodes``, ``stop``
during a long search and when idle, bad input (each gets exactly one ``error`` line and the
engine reads on) and ``quit``; every answer within its time. One line per check, ``ok`` or
``FAIL`` with the reason; exit status 0 when all pass, 1 when one fails, 2 when the command
cannot be started. After a failed check the engine is started afresh for the next one.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import queue
import random
import shlex
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from firmware.errors import UnavailableError
from firmware.players import HIGHEST, LOWEST
from firmware.rules.api import GameState, InvalidRecordError
from firmware.rules.records import Record, parse_record, record_of, replay
from firmware.rules.registry import find_game, find_player, find_teaching, game_names

START_S = 30.0  # a fresh engine must say readyok within this
SLACK_S = 0.5  # a bestmove may come this long after its movetime is up
QUIET_S = 0.3  # how long to listen for a line that should not come
STOP_S = 1.0  # a stopped search must answer within this
MOVETIME_MS = 300
MIDDLE_PLY = 10
EXIT_FAILED = 1
EXIT_USAGE = 2


PLAYOUT_SEED = 1


@dataclass(frozen=True, slots=True)
class Position:
    """A position to ask the engine about: its name and its record on one line."""

    name: str
    record: str


def _line(state: GameState) -> str:
    return json.dumps(record_of(state).to_json(), separators=(",", ":"))


def positions(games: list[str] | None = None) -> tuple[list[Position], list[str]]:
    """For every game with a computer player: its first move, the middle of a seeded random
    game, and in each of its sample records the first position of each kind of action asked
    (a flip, a setup ball, a push); and the finished records (no ``go`` may answer them)."""
    found: list[Position] = []
    finished: list[str] = []
    for name in game_names() if games is None else games:
        try:
            find_player(name)
        except InvalidRecordError:
            continue
        game = find_game(name)
        rules = game.parse_rules({})
        state = game.new_state(rules, game.colours(rules)[0])
        found.append(Position(f"{name}, the first move", _line(state)))
        rng = random.Random(PLAYOUT_SEED)
        while not state.outcome().is_over and state.ply < MIDDLE_PLY:
            state.apply(rng.choice(state.legal_actions()))
        if not state.outcome().is_over:
            found.append(Position(f"{name}, the middle of a game", _line(state)))
        for file_name, sample in _samples(name):
            state = sample.new_state()
            seen: set[str | None] = {None}
            for token in sample.moves:
                state.apply(token)
                kind = state.awaiting()
                if kind not in seen:
                    seen.add(kind)
                    where = f"{name}, {file_name} at ply {state.ply} ({kind} due)"
                    found.append(Position(where, _line(state)))
            if state.outcome().is_over:
                finished.append(_line(state))
    return found, finished


def _samples(name: str) -> list[tuple[str, Record]]:
    """The game's sample records by file name (none if it has no teaching)."""
    try:
        folder = find_teaching(name).samples
    except InvalidRecordError:
        return []
    if not folder:
        return []
    files = sorted(Path(folder).glob("*.json"))
    return [(path.name, parse_record(path.read_bytes())) for path in files]


def _illegal_record(position: Position) -> str:
    """``position``'s record with its first action played twice over (not legal in a game)."""
    raw = json.loads(position.record)
    state, _ = replay(parse_record(position.record))
    first = state.legal_actions()[0]
    raw["moves"] = [*raw["moves"], first, first]
    return json.dumps(raw, separators=(",", ":"))


BAD_LINES: list[tuple[str, bytes]] = [
    ("an unknown command", b"frobnicate"),
    ("a movetime that is not a number", b"go movetime x"),
    ("a level out of range", b"go level 7"),
    ("an unknown go option", b"go depth 3"),
    ("a digit that is not ASCII", "go movetime \u00b2".encode()),
    ("a position that is not JSON", b"position {oops"),
    ("an unknown game", b'position {"format":1,"game":"chess","first":"white","moves":[]}'),
    ("a line that is not UTF-8", b"\xff\xfeisready"),
]


class CheckFailedError(UnavailableError):
    """A check's failure; the message is the reason."""


@dataclass
class Engine:
    """The engine under test: its process and the lines it wrote, read on a thread."""

    process: subprocess.Popen[bytes]
    lines: queue.SimpleQueue[str | None]

    @classmethod
    def start(cls, command: list[str]) -> Engine:
        process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        lines: queue.SimpleQueue[str | None] = queue.SimpleQueue()

        def read() -> None:
            assert process.stdout is not None
            for raw in process.stdout:
                lines.put(raw.decode("utf-8", "replace").rstrip("\r\n"))
            lines.put(None)

        threading.Thread(target=read, daemon=True).start()
        return cls(process, lines)

    def send(self, line: bytes | str) -> None:
        data = line.encode() if isinstance(line, str) else line
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(data + b"\n")
            stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            raise CheckFailedError(f"the engine stopped reading ({exc})") from None

    def line(self, within_s: float, what: str) -> str:
        """The next line within ``within_s`` seconds, else the check fails naming ``what``."""
        try:
            line = self.lines.get(timeout=max(within_s, 0.0))
        except queue.Empty:
            raise CheckFailedError(f"no {what} within {within_s:.1f} s") from None
        if line is None:
            self.lines.put(None)
            raise CheckFailedError(f"the engine exited (status {self.process.wait()})")
        return line

    def quiet(self, within_s: float = QUIET_S) -> None:
        """Fail if a line comes within ``within_s``."""
        try:
            line = self.lines.get(timeout=within_s)
        except queue.Empty:
            return
        if line is not None:
            raise CheckFailedError(f"an unexpected line {line[:60]!r}")
        self.lines.put(None)

    def ready(self, within_s: float = 1.0) -> None:
        self.send("isready")
        line = self.line(within_s, "readyok")
        if line != "readyok":
            raise CheckFailedError(f"answered {line[:60]!r} to isready, not readyok")

    def bestmove(self, within_s: float) -> tuple[str, float]:
        """The token of the next ``bestmove`` (info lines before it are checked) and its time."""
        started = time.monotonic()
        while True:
            line = self.line(within_s - (time.monotonic() - started), "bestmove")
            word, _, rest = line.partition(" ")
            if word == "bestmove" and rest.split():
                return rest.split()[0], time.monotonic() - started
            if word != "info":
                raise CheckFailedError(f"answered {line[:60]!r}, not info or bestmove")
            _check_info(rest)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()


def _check_info(rest: str) -> None:
    words = rest.split()
    if len(words) % 2:
        raise CheckFailedError(f"an info line that is not KEY NUMBER pairs: {rest[:60]!r}")
    for value in words[1::2]:
        if not value.lstrip("-").isdigit():
            raise CheckFailedError(f"an info value that is not a whole number: {value[:20]!r}")


def _state(record: str) -> GameState:
    state, error = replay(parse_record(record))
    assert error is None, error
    return state


def _legal(record: str, token: str) -> None:
    why = _state(record).why_illegal(token)
    if why is not None:
        raise CheckFailedError(f"bestmove {token[:20]!r} is not legal: {why}")


def _go(engine: Engine, record: str, go: str, movetime_ms: int) -> str:
    engine.send(f"position {record}")
    engine.send(go)
    token, spent = engine.bestmove(movetime_ms / 1000 + SLACK_S)
    _legal(record, token)
    return f"bestmove {token} ({spent * 1000:.0f} ms)"


def _error_line(engine: Engine, line: bytes) -> str:
    engine.send(line)
    answer = engine.line(1.0, "error line")
    if not answer.startswith("error "):
        raise CheckFailedError(f"answered {answer[:60]!r}, not one error line")
    engine.quiet()
    engine.ready()
    return answer[:70]


def _stop(engine: Engine, record: str) -> str:
    engine.send(f"position {record}")
    engine.send("go movetime 600000")
    time.sleep(0.2)
    engine.send("stop")
    token, spent = engine.bestmove(STOP_S)
    _legal(record, token)
    return f"bestmove {token} {spent * 1000:.0f} ms after stop"


def _idle_stop(engine: Engine) -> str:
    engine.send("stop")
    engine.quiet()
    engine.ready()
    return "no answer"


def _quit(engine: Engine) -> str:
    engine.send("quit")
    started = time.monotonic()
    try:
        engine.process.wait(2.0)
    except subprocess.TimeoutExpired:
        raise CheckFailedError("still running 2 s after quit") from None
    return f"exited in {(time.monotonic() - started) * 1000:.0f} ms"


Check = tuple[str, Callable[[Engine], str]]


def checks(games: list[str] | None = None) -> Iterator[Check]:
    """Every check, in order; each leaves the engine ready for the next."""
    partial = functools.partial
    found, finished = positions(games)
    middles = [position for position in found if position.name.endswith("middle of a game")]
    middle = (middles or found)[0].record
    yield "go before any position: one error line", partial(_error_line, line=b"go")
    go = f"go movetime {MOVETIME_MS}"
    for position in found:
        check = partial(_go, record=position.record, go=go, movetime_ms=MOVETIME_MS)
        yield f"{position.name}: {go}", check
    for number in range(LOWEST, HIGHEST + 1):
        go = f"go movetime 200 level {number}"
        yield f"level {number}: {go}", partial(_go, record=middle, go=go, movetime_ms=200)
    yield "go nodes 500", partial(_go, record=middle, go="go nodes 500", movetime_ms=10_000)
    own = partial(_go, record=middle, go="go level 1", movetime_ms=1000)
    yield "go with the level's own time", own
    yield "stop during a long search", partial(_stop, record=middle)
    yield "stop with no search: no answer", _idle_stop
    for name, line in BAD_LINES:
        yield f"{name}: one error line", partial(_error_line, line=line)
    illegal = b"position " + _illegal_record(found[0]).encode()
    yield "a record with an illegal move: one error line", partial(_error_line, line=illegal)
    for record in finished[:1]:
        yield "go on a finished game: one error line", partial(_finished, record=record)
    yield "quit", _quit


def _finished(engine: Engine, record: str) -> str:
    engine.send(f"position {record}")
    engine.quiet()
    return _error_line(engine, b"go")


def run_checks(command: list[str], write: Callable[[str], None]) -> int:
    """Run every check on ``command``; the exit status (OSError: it cannot be started)."""
    engine = Engine.start(command)
    failed = 0
    total = 0
    started = time.monotonic()
    try:
        total += 1
        try:
            engine.ready(START_S)
            write(f"ok    starts and says readyok ({(time.monotonic() - started):.1f} s)")
        except CheckFailedError as exc:
            failed += 1
            write(f"FAIL  starts and says readyok: {exc}")
        for name, check in checks():
            total += 1
            try:
                write(f"ok    {name}: {check(engine)}")
            except CheckFailedError as exc:
                failed += 1
                write(f"FAIL  {name}: {exc}")
                engine.close()
                engine = Engine.start(command)
                with contextlib.suppress(CheckFailedError):
                    engine.ready(START_S)
    finally:
        engine.close()
    verdict = "passed" if failed == 0 else "FAILED"
    write(
        f"{verdict}: {total - failed} of {total} checks passed "
        f"in {time.monotonic() - started:.1f} s ({shlex.join(command)})"
    )
    return 0 if failed == 0 else EXIT_FAILED


def run(args: argparse.Namespace) -> int:
    try:
        command = shlex.split(args.command)
    except ValueError as exc:
        print(f"engine-check: not a command line: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if not command:
        print("engine-check: the command is empty", file=sys.stderr)
        return EXIT_USAGE

    def write(text: str) -> None:
        print(text, flush=True)

    try:
        return run_checks(command, write)
    except OSError as exc:
        print(
            f"engine-check: cannot start {shlex.join(command)}: {exc.strerror or exc}",
            file=sys.stderr,
        )
        return EXIT_USAGE
