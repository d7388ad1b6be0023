"""The coach: every finished round analysed in the background, never at the board's expense.

A round that ends is queued and analysed by ``cullsboard analyse - --from PLY`` (the one
analysis, ``firmware.players.analysis``) in a child process at the lowest priority the system
has (nice 19 and, on Linux, SCHED_IDLE: it runs only on a core nothing else wants), one JSON
line per move read as each is found. A search for the board's computer player or a hint cancels
it at once (SIGKILL to its process group, through ``CoachYields``): the moves found so far are
kept, and once the search has answered the analysis starts again at the next move. Each round
is bounded: ``max_nodes`` search nodes in all, spread over its positions, and ``max_s`` seconds
of running; past those it is dropped. A finished analysis goes to ``keep`` (the history) and is
remembered for reviews (``found``). The analyser's process is ``coach_process``'s, the searcher
that comes before the coach ``coach_yields``'s.
"""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from firmware.controller.coach.coach_process import ANALYSER, start_analyser
from firmware.controller.computer.engine_process import kill_group
from firmware.controller.core.events import Event, MatchStarted, RoundEnded
from firmware.players.analysis import ANALYSIS_NODES, MoveReview
from firmware.rules.api import InvalidRecordError, JsonValue
from firmware.rules.records import Record, record_from_json

log = logging.getLogger("cullsboard.coach")

MAX_NODES = 400_000  # search nodes for a whole round (about 40 s of one Pi 4 core)
MIN_NODES = 300  # per position, however long the round
MAX_S = 600.0  # running seconds for a whole round, held time not counted
Keep = Callable[[str, int, Sequence[str], list[JsonValue]], None]
RoundId = tuple[str, str, tuple[str, ...]]  # game, first, moves


def round_id(record: Record) -> RoundId:
    """What tells one round's analysis from another's: its game, who began and its moves."""
    return (record.game, record.first, tuple(record.moves))


@dataclass
class _Round:
    """A round waiting for, or under, analysis: where it is kept and the moves found so far."""

    record: Record
    key: str | None
    number: int
    nodes: int
    found: list[MoveReview] = field(default_factory=list)
    ran_s: float = 0.0


@dataclass
class _Run:
    """One run of the analyser on a round."""

    process: subprocess.Popen[bytes]
    job: _Round
    started: float
    cancelled: bool = False


class Coach:
    """Analyses finished rounds one at a time in ``command`` (a child process); ``clock`` gives
    seconds. ``keep`` stores a finished analysis (called from the coach's reader thread)."""

    def __init__(
        self,
        command: Sequence[str] = ANALYSER,
        *,
        keep: Keep | None = None,
        known: Callable[[str, int, Sequence[str]], list[JsonValue] | None] | None = None,
        max_nodes: int = MAX_NODES,
        max_s: float = MAX_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``known``: an analysis the history already keeps (a round told again at a restart)."""
        self.command = tuple(command)
        self._keep = keep
        self._known = known
        self._max_nodes = max_nodes
        self._max_s = max_s
        self._clock = clock
        self._lock = threading.Condition()
        self._queue: list[_Round] = []
        self._run: _Run | None = None
        self._held = False
        self._done: dict[RoundId, list[MoveReview]] = {}
        self._match_key: str | None = None
        self._closed = False
        self._thread: threading.Thread | None = None
        self._on_done: Callable[[], object] = lambda: None
        self.runs = 0  # analyser processes started (tests count the restarts)

    # -- what asks for an analysis ---------------------------------------------------------

    def hear(self, event: Event) -> None:
        """An event subscriber: each finished round is analysed (one told again at a restart
        only if the history does not keep its analysis)."""
        if isinstance(event, MatchStarted):
            self._match_key = event.match_id
        elif isinstance(event, RoundEnded):
            try:
                record = record_from_json(event.record)
            except InvalidRecordError:
                return
            self.ask(record, self._match_key, event.round, kept_first=event.resumed)

    def ask(
        self, record: Record, key: str | None = None, number: int = 0, *, kept_first: bool = True
    ) -> None:
        """Analyse ``record`` (kept as round ``number`` of the match ``key``, if given) unless it
        is analysed or waiting already; ``kept_first``: unless the history keeps its analysis."""
        if not record.moves:
            return
        rid = round_id(record)
        look = kept_first and key is not None and self._known is not None
        kept = self._known_of(key, number, record) if look and key is not None else None
        with self._lock:
            if rid in self._done or any(round_id(job.record) == rid for job in self._queue):
                return
            if kept is not None:
                self._done[rid] = kept
                self._lock.notify_all()
                return
            self._queue.append(_Round(record, key, number, self.nodes(record)))
            self._wake()

    def _known_of(self, key: str, number: int, record: Record) -> list[MoveReview] | None:
        assert self._known is not None
        try:
            kept = self._known(key, number, record.moves)
            return None if kept is None else [MoveReview.from_json(item) for item in kept]
        except (OSError, ValueError, sqlite3.Error) as exc:  # unreadable: analysed again
            log.info("the history's analysis of round %d cannot be read (%s)", number, exc)
            return None

    def progress(self, record: Record) -> int:
        """How many of ``record``'s moves are analysed so far."""
        rid = round_id(record)
        with self._lock:
            if rid in self._done:
                return len(self._done[rid])
            return next((len(job.found) for job in self._queue if round_id(job.record) == rid), 0)

    def nodes(self, record: Record) -> int:
        """The search nodes per position ``record`` is analysed with (its share of the
        round's budget)."""
        share = self._max_nodes // (2 * len(record.moves) + 1)
        return max(MIN_NODES, min(ANALYSIS_NODES, share))

    def remember(self, record: Record, reviews: list[MoveReview]) -> None:
        """Take ``reviews`` as the analysis of ``record`` (the history keeps it) if they are
        one review per move of it."""
        if [review.move for review in reviews] == list(record.moves):
            with self._lock:
                self._done[round_id(record)] = list(reviews)
                self._lock.notify_all()

    def listen(self, done: Callable[[], object]) -> None:
        """Call ``done`` (from the coach's thread) whenever an analysis is finished."""
        self._on_done = done

    def found(self, record: Record) -> list[MoveReview] | None:
        """The finished analysis of ``record``, if there is one."""
        with self._lock:
            return self._done.get(round_id(record))

    def waiting(self, record: Record) -> bool:
        """Whether ``record`` is queued or under analysis."""
        rid = round_id(record)
        with self._lock:
            return any(round_id(job.record) == rid for job in self._queue)

    def wait(self, record: Record, timeout: float) -> list[MoveReview] | None:
        """The analysis of ``record`` once it is done, waiting at most ``timeout`` s (tests)."""
        end = time.monotonic() + timeout
        with self._lock:
            while round_id(record) not in self._done:
                left = end - time.monotonic()
                if left <= 0 or not any(
                    round_id(j.record) == round_id(record) for j in self._queue
                ):
                    break
                self._lock.wait(left)
            return self._done.get(round_id(record))

    # -- the board's searches come first ---------------------------------------------------

    def hold(self) -> None:
        """A search starts: the analysis running now is cancelled at once."""
        with self._lock:
            self._held = True
            run = self._run
            if run is not None:
                self._cancel(run)

    def release(self) -> None:
        """The search has ended: the analysis goes on where it stopped."""
        with self._lock:
            self._held = False
            self._lock.notify_all()

    def pid(self) -> int | None:
        """The running analyser's process id (tests)."""
        run = self._run
        return None if run is None else run.process.pid

    def close(self) -> None:
        """Stop analysing: the running analyser is killed and the queue forgotten."""
        with self._lock:
            self._closed = True
            self._queue.clear()
            self._lock.notify_all()
            run = self._run
            if run is not None:
                self._cancel(run)

    # -- the coach's thread -----------------------------------------------------------------

    def _cancel(self, run: _Run) -> None:
        """Kill ``run`` (under the lock); the moves it found stay with its round."""
        run.cancelled = True
        run.job.ran_s += self._clock() - run.started
        self._run = None
        kill_group(run.process)

    def _wake(self) -> None:
        """Tell the coach's thread there may be work (under the lock); start it the first time."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="cullsboard-coach", daemon=True)
            self._thread.start()
        self._lock.notify_all()

    def _work(self) -> None:
        """Analyse the waiting rounds, one run at a time, while no search holds the coach."""
        while True:
            with self._lock:
                while not self._closed and (self._held or not self._queue):
                    self._lock.wait()
                if self._closed:
                    return
                job = self._queue[0]
            process = self._spawn(job)  # outside the lock: a search may cancel at once
            with self._lock:
                if process is None:
                    self._drop(job)
                    continue
                run = _Run(process, job, self._clock())
                self._run = run
                self.runs += 1
                if self._held or self._closed:
                    self._cancel(run)
            limit = threading.Timer(max(0.0, self._max_s - job.ran_s), self._too_long, (run,))
            limit.daemon = True
            limit.start()
            self._read(run)
            limit.cancel()

    def _spawn(self, job: _Round) -> subprocess.Popen[bytes] | None:
        try:
            return start_analyser(self.command, len(job.found) + 1, job.nodes)
        except OSError as exc:
            log.warning("the coach cannot start (%s): round %d is not analysed", exc, job.number)
            return None

    def _too_long(self, run: _Run) -> None:
        with self._lock:
            if self._run is not run:
                return
            log.warning("the coach gave up on round %d: over %.0f s", run.job.number, self._max_s)
            self._cancel(run)
            self._drop(run.job)

    def _drop(self, job: _Round) -> None:
        """``job`` leaves the queue (under the lock), analysed or not."""
        if job in self._queue:
            self._queue.remove(job)
        self._lock.notify_all()

    def _read(self, run: _Run) -> None:
        """Take the analyser's lines as they come; a finished analysis is kept."""
        process = run.process
        assert process.stdin is not None and process.stdout is not None
        record = json.dumps(run.job.record.to_json(), separators=(",", ":")).encode()
        with contextlib.suppress(OSError):
            process.stdin.write(record + b"\n")
            process.stdin.close()
        summary = False
        for raw in process.stdout:
            try:
                data = json.loads(raw)
                review = MoveReview.from_json(data) if "ply" in data else None
            except (ValueError, TypeError):
                continue
            with self._lock:
                if run.cancelled:
                    break
                if review is None:
                    summary = True
                else:
                    run.job.found.append(review)
        process.wait()
        error = b"" if process.stderr is None else process.stderr.read(400)
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()
        with self._lock:
            if run.cancelled or self._run is not run:
                return
            self._run = None
            job = run.job
            if summary and len(job.found) == len(job.record.moves):
                self._done[round_id(job.record)] = list(job.found)
                self._store(job)
                self._on_done()
            else:
                why = error.decode("utf-8", "replace").strip() or f"exit {process.returncode}"
                log.warning("the coach could not analyse round %d: %s", job.number, why)
            self._drop(job)

    def _store(self, job: _Round) -> None:
        if self._keep is None or job.key is None:
            return
        analysis: list[JsonValue] = [dict(review.to_json()) for review in job.found]
        try:
            self._keep(job.key, job.number, job.record.moves, analysis)
        except (OSError, sqlite3.Error) as exc:  # not kept: the review still has it
            log.warning("the coach's analysis of round %d is not kept (%s)", job.number, exc)
