"""The computer's searches in an engine child process, spoken to over the engine protocol.

``EngineThinker`` has the ``Thinker``'s face (``start``, ``cancel``, ``thinking``, ``join``): a
search is a ``position`` and a ``go`` line written to the child, its answer the ``bestmove``
that comes back, handed to ``deliver`` from the thread that reads the child. ``cancel`` writes
``stop`` and drops the answer. A child that dies, or gives no answer by the search's deadline
(its movetime plus ``grace_s``), is killed and started again and the search is asked again; the
board is told (``say``). A search that fails ``MAX_ATTEMPTS`` times, or that the engine answers
with an error or an illegal move, is played by the built-in search in this process instead.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import logging
import os
import selectors
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from firmware.controller.computer.thinker import Answer, Thinker
from firmware.players import Choice, Level
from firmware.rules.api import GameState
from firmware.rules.records import record_of

log = logging.getLogger("cullsboard.engine")

BUILT_IN_ENGINE = (sys.executable, "-m", "firmware", "engine")
GRACE_S = 2.0  # past its movetime, a search without an answer means a hung engine
START_S = 30.0  # a fresh engine must say readyok within this (a Pi 4 needs about 3 s)
MAX_ATTEMPTS = 3  # tries of one search before the built-in search plays it
LONGEST_WAIT_S = 1.0  # the reader looks at a pending deadline at least this often
ENGINE_NICENESS = 10  # the engine (and every process it forks) runs this much nicer than the board
MIN_ANSWER_S = 0.6  # no level answers sooner than this after its turn came (a person's pace)


@dataclass
class _Search:
    """One search asked of the engine: what it is for and the lines that ask it."""

    tag: object
    state: GameState
    level: Level
    go: str
    movetime_s: float
    asked_at: float = 0.0
    attempts: int = 0
    sent_at: float = 0.0
    info: dict[str, int] = field(default_factory=dict)
    nodes: int | None = None


@dataclass
class _Child:
    """One run of the engine process and the searches written to it, oldest first."""

    process: subprocess.Popen[bytes]
    started_at: float
    ready_at: float | None = None  # when it said readyok
    sent: deque[_Search | None] = field(default_factory=deque)  # None: a cancelled search
    wake: tuple[int, int] = field(default_factory=os.pipe)  # a byte here: a new deadline


class EngineThinker:
    """Runs each search in the engine ``command`` (a child process); ``clock`` gives seconds."""

    def __init__(
        self,
        command: Sequence[str],
        *,
        deliver: Callable[[Answer], None],
        say: Callable[[str], None],
        seed: int | None = None,
        grace_s: float = GRACE_S,
        min_answer_s: float = MIN_ANSWER_S,
        nicer_by: int = ENGINE_NICENESS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``min_answer_s``: a move found sooner is held back until then (hints are not).
        ``nicer_by``: how much nicer than this process the engine runs."""
        self._nicer_by = nicer_by
        self.command = tuple(command)
        self._min_answer_s = min_answer_s
        self._deliver = deliver
        self._say = say
        self._grace_s = grace_s
        self._clock = clock
        self._lock = threading.Condition()
        self._child: _Child | None = None
        self._current: _Search | None = None
        self._fallback = Thinker(clock=clock, deliver=deliver, seed=seed)
        self.restarts = 0
        atexit.register(self.close)

    # -- the loop's side ---------------------------------------------------------------

    def thinking(self) -> bool:
        """Whether a search is running (in the engine or in the built-in fallback)."""
        return self._current is not None or self._fallback.thinking()

    def start(
        self,
        state: GameState,
        level: Level,
        *,
        movetime_ms: int | None,
        tag: object,
        nodes: int | None = None,
    ) -> None:
        """Ask the engine for a move in ``state`` at ``level``; a running search is cancelled.
        ``nodes``: ``go nodes N`` with no clock (the coach's judge; ``movetime_ms`` then only
        bounds how long the answer may take)."""
        self.cancel()
        ms = level.movetime_ms if movetime_ms is None else movetime_ms
        go = f"go movetime {ms} level {level.number}"
        if nodes is not None:
            go = f"go nodes {nodes} level {level.number}"
        search = _Search(tag, state.copy(), level, go, ms / 1000, nodes=nodes)
        search.asked_at = self._clock()
        with self._lock:
            self._current = search
            self._ask(search)

    def cancel(self) -> None:
        """Stop the running search at once; its answer is never delivered."""
        self._fallback.cancel()
        with self._lock:
            if self._current is None:
                return
            self._current = None
            child = self._child
            if child is not None:
                child.sent = deque(None for _ in child.sent)
                self._write(child, "stop")
            self._lock.notify_all()

    def join(self, timeout: float | None = None) -> None:
        """Wait until the running search has answered (tests and shutdown)."""
        end = None if timeout is None else time.monotonic() + timeout
        with self._lock:
            while self._current is not None:
                left = None if end is None else end - time.monotonic()
                if left is not None and left <= 0:
                    return
                self._lock.wait(left)
        self._fallback.join(None if end is None else max(0.0, end - time.monotonic()))

    def close(self) -> None:
        """Ask the engine to quit and make sure it has gone."""
        with self._lock:
            self._current = None
            child, self._child = self._child, None
        if child is not None:
            self._write(child, "quit")
            try:
                child.process.wait(1.0)
            except subprocess.TimeoutExpired:
                kill_group(child.process)
                child.process.wait()

    def ready(self) -> bool:
        """Whether an engine process runs and has said ``readyok``."""
        child = self._child
        return child is not None and child.ready_at is not None

    def pid(self) -> int | None:
        """The engine process's id, once one runs (tests kill it)."""
        child = self._child
        return None if child is None else child.process.pid

    # -- under the lock ----------------------------------------------------------------

    def _ask(self, search: _Search) -> None:
        child = self._child
        if child is None or child.process.poll() is not None:
            child = self._spawn()
        position = json.dumps(record_of(search.state).to_json(), separators=(",", ":"))
        search.attempts += 1
        search.sent_at = self._clock()
        search.info = {}
        child.sent.append(search)
        self._write(child, f"position {position}")
        self._write(child, search.go)
        with contextlib.suppress(OSError):
            os.write(child.wake[1], b"!")  # the reader takes up the new deadline

    def _spawn(self) -> _Child:
        process = subprocess.Popen(
            self.command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            start_new_session=True,  # a Ctrl-C at the terminal reaches the board, not the engine
        )
        _nicer(process.pid, self._nicer_by)
        child = _Child(process, self._clock())
        self._child = child
        self._write(child, "isready")
        threading.Thread(
            target=self._read, args=(child,), name="cullsboard-engine-reader", daemon=True
        ).start()
        return child

    def _write(self, child: _Child, line: str) -> None:
        stdin = child.process.stdin
        if stdin is None:
            return
        try:
            stdin.write(line.encode() + b"\n")
            stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            pass  # a dead engine: its reader sees the end of its output and restarts it

    def _restart(self, child: _Child, why: str) -> None:
        """Replace ``child`` (killed if still running) and ask the current search again."""
        if self._child is child:
            self._child = None
        kill_group(child.process)
        search = self._current
        if search is None:
            return
        self.restarts += 1
        if search.attempts >= MAX_ATTEMPTS:
            self._give_up(search, f"{why}, {search.attempts} times")
            return
        log.warning("the computer's engine %s; starting it again", why)
        self._say(f"the computer's engine {why}: restarted it")
        self._ask(search)

    def _give_up(self, search: _Search, why: str) -> None:
        """Play ``search`` with the built-in search in this process."""
        log.warning("the computer's engine %s: the built-in player moves instead", why)
        self._say(f"the computer's engine {why}: the built-in player moves instead")
        self._current = None
        self._lock.notify_all()
        movetime = int(search.movetime_s * 1000)
        self._fallback.start(
            search.state, search.level, movetime_ms=movetime, tag=search.tag, nodes=search.nodes
        )

    # -- the reader's thread -----------------------------------------------------------

    def _read(self, child: _Child) -> None:
        stdout = child.process.stdout
        assert stdout is not None
        fd = stdout.fileno()
        selector = selectors.DefaultSelector()
        selector.register(fd, selectors.EVENT_READ)
        selector.register(child.wake[0], selectors.EVENT_READ)
        pending = b""
        try:
            while True:  # asleep until a line, a new search or a deadline: no wake-ups between
                for key, _ in selector.select(self._wait_s(child)):
                    if key.fd == child.wake[0]:
                        os.read(child.wake[0], 4096)
                        continue
                    chunk = os.read(fd, 65536)
                    if not chunk:
                        return self._ended(child)
                    pending += chunk
                    *lines, pending = pending.split(b"\n")
                    for raw in lines:
                        self._line(child, raw.decode("utf-8", "replace").strip())
                if self._overdue(child):
                    return None
        finally:
            selector.close()
            for end in child.wake:
                with contextlib.suppress(OSError):
                    os.close(end)

    def _ended(self, child: _Child) -> None:
        """The child's output ended: restart it if it is still the board's engine."""
        child.process.wait()
        with self._lock:
            if self._child is child:
                self._restart(child, f"stopped (exit status {child.process.returncode})")

    def _wait_s(self, child: _Child) -> float | None:
        """How long the reader may sleep: until the start or search deadline (at most
        ``LONGEST_WAIT_S``), or for ever while no search waits for an answer."""
        with self._lock:
            now = self._clock()
            if self._child is not child:
                return 0.0
            if child.ready_at is None:
                left = child.started_at + START_S - now
            else:
                search = self._current
                if search is None or not child.sent or child.sent[-1] is not search:
                    return None
                since = max(search.sent_at, child.ready_at)
                left = since + search.movetime_s + self._grace_s - now
            return min(LONGEST_WAIT_S, max(0.0, left) + 0.01)

    def _overdue(self, child: _Child) -> bool:
        """Restart a child that is past a deadline; True if it was replaced."""
        with self._lock:
            if self._child is not child:
                return True
            now = self._clock()
            if child.ready_at is None:
                if now - child.started_at > START_S:
                    self._restart(child, f"did not start within {START_S:.0f} s")
                    return True
                return False
            search = self._current
            if search is None or not child.sent or child.sent[-1] is not search:
                return False
            allowed = search.movetime_s + self._grace_s
            if now - max(search.sent_at, child.ready_at) > allowed:
                self._restart(child, f"gave no move within {allowed:.1f} s")
                return True
            return False

    def _line(self, child: _Child, line: str) -> None:
        word, _, rest = line.partition(" ")
        with self._lock:
            if self._child is not child:
                return
            if word == "readyok":
                child.ready_at = self._clock()
                return
            if word == "info":
                if child.sent and child.sent[0] is not None:
                    child.sent[0].info.update(_numbers(rest))
                return
            if word not in ("bestmove", "error"):
                log.info("the computer's engine said %r", line[:80])
                return
            if not child.sent:
                log.info("the computer's engine answered nothing asked: %r", line[:80])
                return
            search = child.sent.popleft()
            if search is None or search is not self._current:
                return
            if word == "error":
                self._give_up(search, f"refused the position ({rest[:60]})")
                return
            token = rest.split(" ", 1)[0]
            illegal = search.state.why_illegal(token) if token else "no move"
            if illegal is not None:
                self._give_up(search, f"answered an illegal move {token[:20]!r}")
                return
            info = search.info
            choice = Choice(token, info.get("score", 0), info.get("depth", 0), info.get("nodes", 0))
            wait = search.asked_at + self._min_answer_s - self._clock()
            if wait > 0 and isinstance(search.tag, int):  # a seat's move, not a hint
                later = threading.Timer(wait, self._finish, args=(search, choice))
                later.daemon = True
                later.start()
                return
            self._finish_locked(search, choice)

    def _finish(self, search: _Search, choice: Choice) -> None:
        with self._lock:
            self._finish_locked(search, choice)

    def _finish_locked(self, search: _Search, choice: Choice) -> None:
        """Hand ``search``'s answer over unless it was cancelled meanwhile."""
        if self._current is not search:
            return
        self._current = None
        self._lock.notify_all()
        self._deliver(Answer(search.tag, search.state.ply, choice))


def kill_group(process: subprocess.Popen[bytes]) -> None:
    """SIGKILL a child process and every process it started (its own session's group)."""
    with contextlib.suppress(OSError):
        os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(OSError):
        process.kill()


def _nicer(group: int, by: int) -> None:
    """Make the process group ``group`` (the engine, and the helpers it forks later inherit it)
    ``by`` nicer than this process, at most 19."""
    with contextlib.suppress(OSError):
        niceness = min(19, os.getpriority(os.PRIO_PROCESS, 0) + by)
        os.setpriority(os.PRIO_PGRP, group, niceness)


def _numbers(text: str) -> dict[str, int]:
    """``depth 4 score -24 nodes 3392`` as a mapping of its whole numbers."""
    words = text.split()
    found: dict[str, int] = {}
    for key, value in zip(words[::2], words[1::2], strict=False):
        with contextlib.suppress(ValueError):
            found[key] = int(value)
    return found
