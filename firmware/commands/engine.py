"""``cullsboard engine``: the computer player on a line protocol over stdin and stdout.

    position <record JSON on one line>   set the position (no answer)
    go [movetime MS] [level N] [nodes N]  info lines, then ``bestmove TOKEN``
    go redtime MS blacktime MS [redinc MS blackinc MS] [movestogo N]   on a clock
    stop                                  every search asked for so far ends at once
    isready                               ``readyok``
    quit                                  leave

Every line the engine cannot act on gets exactly one ``error <reason>`` line and the engine reads
on. Numbers are ASCII digits. The games and their searches are prepared at start, before the
first ``readyok`` can be sent, and a ``go``'s time runs from the moment its line is read. Lines
are read beside the search, so ``stop`` and ``quit`` end a running search within a few
milliseconds (it still answers its ``bestmove``). The clock lives here: the search only gets a
budget whose stop question looks at the deadline and at the stops. On more than one worker the
engine ponders between its answers (``engine_ponder``); an answer from a ponder has
``ponderhit 1`` on its ``info`` line.
"""

from __future__ import annotations

import argparse
import queue
import random
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator

from firmware.commands.collector import collector_paused
from firmware.errors import InputError
from firmware.players import HIGHEST, SEARCH_SHARE, UNLIMITED, Budget, Choice, Part, choose, level
from firmware.players.analysis import judge
from firmware.players.clock_words import CLOCK_WORDS, ClockWordError, GoClock
from firmware.rules.api import GameState, InvalidRecordError
from firmware.rules.bounded_json import JsonInputError, read_json
from firmware.rules.frozen import Frozen
from firmware.rules.records import record_from_json, replay
from firmware.rules.registry import find_game, find_player, game_names

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import BinaryIO

    from firmware.commands.engine_workers import Workers

MAX_MOVETIME_MS = 3_600_000
MAX_LINE_BYTES = 1 << 20  # a position line longer than this is refused (records are far shorter)
WARM_UP_NODES = 200  # a small search per game at start fills the search's tables
MAX_NUMBER_DIGITS = 9


class ProtocolError(InputError):
    """A line the engine cannot act on; the message is the reason it answers."""


def whole_number(word: str, value: str | None) -> int:
    """``value`` as a whole number written in ASCII digits (at most nine of them)."""
    if (
        value is None
        or not value.isascii()
        or not value.isdigit()
        or len(value) > MAX_NUMBER_DIGITS
    ):
        raise ProtocolError(f"go: {word} needs a whole number (digits 0-9)")
    return int(value)


class Go(Frozen):
    """What a ``go`` line asks: its time in ms (None: the level's own or the clock's), level,
    node cap and clock words."""

    FIELDS = ("movetime", "level", "nodes", "clock")
    __slots__ = FIELDS
    movetime: int | None
    level: int
    nodes: int | None
    clock: GoClock

    def __init__(
        self,
        movetime: int | None = None,
        level: int = HIGHEST,
        nodes: int | None = None,
        clock: GoClock | None = None,
    ) -> None:
        self._init(movetime, level, nodes, GoClock() if clock is None else clock)


def parse_go(words: list[str]) -> Go:
    """The search the words after ``go`` ask for."""
    movetime: int | None = None
    nodes: int | None = None
    chosen = HIGHEST
    clock = GoClock()
    rest = iter(words)
    for word in rest:
        value = next(rest, None)
        if word not in ("movetime", "level", "nodes"):
            taken = clock.take(word, whole_number(word, value))  # ClockWordError: said back
            if not taken:
                raise ProtocolError(
                    f"go: unknown option {word[:20]!r} "
                    f"(use movetime MS, level N, nodes N, {CLOCK_WORDS})"
                )
            continue
        number = whole_number(word, value)
        if word == "movetime":
            movetime = number
            if not 1 <= movetime <= MAX_MOVETIME_MS:
                raise ProtocolError(f"go: movetime must be 1 to {MAX_MOVETIME_MS} ms")
        elif word == "nodes":
            nodes = number
            if nodes < 1:
                raise ProtocolError("go: nodes must be at least 1")
        else:
            chosen = number
            try:
                level(chosen)
            except ValueError as exc:
                raise ProtocolError(f"go: {exc}") from None
    if movetime is not None and clock.given:
        raise ProtocolError("go: movetime or the clock words, not both")
    return Go(movetime, chosen, nodes, clock)


class Stops:
    """Which searches ``stop`` (or ``quit``) has ended: every ``go`` read before it.

    The reader counts each ``go`` as it reads it (from any thread); a search asks whether its
    number has been stopped.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._read = 0
        self._stopped = 0
        self.workers: Workers | None = None  # told of every stop

    def go_read(self) -> int:
        """Count a ``go`` line just read; its number."""
        with self._lock:
            self._read += 1
            return self._read

    def stop_all(self) -> None:
        """End every search asked for so far."""
        with self._lock:
            self._stopped = self._read
            if self.workers is not None:
                self.workers.stop_through(self._stopped)

    def stopped(self, number: int) -> bool:
        """Whether the ``go`` numbered ``number`` has been stopped."""
        return number <= self._stopped


def parse_position(text: str) -> GameState:
    """The state after the record on ``text``; every token must be legal."""
    try:
        raw = read_json(text)
    except JsonInputError as exc:
        raise ProtocolError(f"position: {exc}") from None
    try:
        state, error = replay(record_from_json(raw))
    except InvalidRecordError as exc:
        raise ProtocolError(f"position: {exc}") from None
    if error is not None:
        raise ProtocolError(f"position: {error}")
    return state


def prepare(rng: random.Random) -> None:
    """Load every game and run a small search in each, so the first ``go`` pays for nothing.

    What it makes (modules, the searches' tables) lasts as long as the engine."""
    with collector_paused():
        for name in game_names():
            _warm_up(name, rng)


def _warm_up(name: str, rng: random.Random) -> None:
    game = find_game(name)
    rules = game.parse_rules({})
    state = game.new_state(rules, game.colours(rules)[0])
    try:
        find_player(name)
    except InvalidRecordError:
        return  # a game without a computer player
    choose(state, level(HIGHEST), Budget(max_nodes=WARM_UP_NODES), rng)


class Engine:
    """The protocol's state: the position set last; ``clock`` gives seconds (monotonic)."""

    def __init__(
        self,
        write: Callable[[str], None],
        clock: Callable[[], float],
        seed: int | None,
        stops: Stops | None = None,
    ) -> None:
        self.write = write
        self.clock = clock
        self.rng = random.Random(seed)
        self.state: GameState | None = None
        self.stops = Stops() if stops is None else stops

    def handle(self, line: str, read_at: float | None = None, go_number: int | None = None) -> bool:
        """Act on one line (read at ``read_at`` on the clock, else now; a ``go`` the reader
        numbered ``go_number``); False once the engine should quit."""
        started = self.clock() if read_at is None else read_at
        command, _, rest = line.strip(" \t\r\n").partition(" ")
        try:
            if command == "quit":
                return False
            if command == "isready":
                self.write("readyok")
            elif command == "stop":  # the reader acted on it as it read it (read_beside)
                if rest.strip(" \t\r\n"):
                    raise ProtocolError("stop takes no options")
            elif command == "position":
                self.state = parse_position(rest)
            elif command == "go":
                number = self.stops.go_read() if go_number is None else go_number
                asked = parse_go(rest.replace("\t", " ").split())
                self.go(asked, started=started, number=number)
            elif command:
                raise ProtocolError(
                    f"unknown command {command[:20]!r} (position, go, stop, isready, quit)"
                )
        except (ProtocolError, ClockWordError) as exc:
            self.write(f"error {exc}")
        return True

    def handle_bytes(self, raw: bytes, read_at: float, go_number: int | None = None) -> bool:
        """Act on one line as read from the stream; a line that is not UTF-8 gets one error."""
        if len(raw) > MAX_LINE_BYTES:
            self.write(f"error line longer than {MAX_LINE_BYTES} bytes")
            return True
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            self.write("error line is not UTF-8 text")
            return True
        return self.handle(line, read_at, go_number)

    def go(self, asked: Go, *, started: float, number: int) -> None:
        state = self.state
        if state is None:
            raise ProtocolError("go: no position yet (send position <record JSON>)")
        side = state.to_move()
        if side is None:
            raise ProtocolError("go: the game is over")
        chosen = level(asked.level)
        ms = chosen.movetime_ms if asked.movetime is None else asked.movetime
        if asked.clock.given:
            sides = find_game(state.game).colours(state.rules)
            ms = asked.clock.think_ms(side, sides, state.ply // len(sides))  # or ClockWordError
        try:
            share = chosen.share(state.game)
        except InvalidRecordError as exc:
            raise ProtocolError(f"go: {exc}") from None
        deadline = started + ms * SEARCH_SHARE * share / 1000
        stops = self.stops

        def should_stop() -> bool:
            return stops.stopped(number) or self.clock() >= deadline

        cap = UNLIMITED if asked.nodes is None else asked.nodes
        if asked.nodes is not None and asked.movetime is None and not asked.clock.given:
            deadline = started + MAX_MOVETIME_MS / 1000  # only the nodes and a stop end it
        workers = self.stops.workers
        judged = asked.nodes is not None and asked.movetime is None and not asked.clock.given
        timed_top = chosen.number == HIGHEST and not judged
        pondered = None
        if workers is not None:  # a ponder ends at every go; this one may take its answer
            asked_of = state if timed_top and cap == UNLIMITED else None
            pondered = workers.pondered(asked_of, max(0.0, deadline - self.clock()), number)
        if pondered is not None:
            choice = pondered
        elif judged and chosen.number == HIGHEST:
            # the coach's judge: one process, seeded by the ply, so a HINT is the coach's move
            assert asked.nodes is not None
            choice = judge(state, asked.nodes, should_stop)
        elif workers is not None and workers.count > 1 and chosen.number == HIGHEST:

            def own(part: Part) -> Choice:
                budget = Budget(max_nodes=cap, should_stop=should_stop)
                return choose(state, chosen, budget, self.rng, part)

            seconds = max(0.0, deadline - self.clock())
            choice = workers.search(
                state, chosen.number, seconds=seconds, max_nodes=cap, number=number, own=own
            )
        else:
            budget = Budget(max_nodes=cap, should_stop=should_stop)
            choice = choose(state, chosen, budget, self.rng)
        spent = max(self.clock() - started, 1e-6)
        self.write(
            f"info depth {choice.depth} score {choice.score} nodes {choice.nodes} "
            f"nps {int(choice.nodes / spent)} time {int(spent * 1000)}"
            + (" ponderhit 1" if pondered is not None else "")
        )
        self.write(f"bestmove {choice.token}")
        if workers is not None and timed_top:
            workers.ponder(state, choice.token, chosen.number)


def read_lines(stream: BinaryIO) -> Iterator[bytes]:
    """The stream's lines without their newline; one longer than MAX_LINE_BYTES comes out cut
    to MAX_LINE_BYTES + 1 bytes (its rest is skipped), so it is refused without filling memory."""
    while True:
        raw = stream.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            while (more := stream.readline(MAX_LINE_BYTES)) and not more.endswith(b"\n"):
                pass
        yield raw.rstrip(b"\n")


def stripped(raw: bytes | str) -> bytes:
    """A line as bytes without the blanks around it."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    return data.strip(b" \t\r\n")


def command_of(raw: bytes | str) -> bytes:
    """A line's command word, as ``Engine.handle`` reads it (``b""`` for a blank line)."""
    return stripped(raw).partition(b" ")[0]


Read = tuple[bytes | str, float, int | None]  # a line, when it was read, its go number


def read_beside(
    lines: Iterable[bytes | str], clock: Callable[[], float], stops: Stops
) -> queue.SimpleQueue[Read | None]:
    """Read ``lines`` on a thread of their own: each ``go`` is numbered as it is read, and
    ``stop`` or ``quit`` ends the searches before it at once; None marks the end."""
    read: queue.SimpleQueue[Read | None] = queue.SimpleQueue()

    def reader() -> None:
        for raw in lines:
            at = clock()
            command = command_of(raw)
            number = stops.go_read() if command == b"go" else None
            if command == b"quit" or stripped(raw) == b"stop":
                stops.stop_all()
            read.put((raw, at, number))
            if command == b"quit":
                break
        read.put(None)

    threading.Thread(target=reader, name="engine-reader", daemon=True).start()
    return read


def serve(
    lines: Iterable[bytes | str],
    write: Callable[[str], None],
    clock: Callable[[], float],
    seed: int | None,
    workers: int = 1,
) -> None:
    """Answer ``lines`` until ``quit`` or their end; the top level searches in ``workers``
    processes."""
    stops = Stops()
    engine = Engine(write, clock, seed, stops)
    prepare(random.Random(seed))
    if workers > 1:  # forked before any thread of this process starts
        from firmware.commands.engine_workers import Workers  # imported only when used

        stops.workers = Workers(workers, seed)
    read = read_beside(lines, clock, stops)
    while (item := read.get()) is not None:
        raw, read_at, number = item
        going = (
            engine.handle(raw, read_at, number)
            if isinstance(raw, str)
            else engine.handle_bytes(raw, read_at, number)
        )
        if not going:
            break


def run(args: argparse.Namespace) -> int:
    def write(text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    serve(read_lines(sys.stdin.buffer), write, time.monotonic, args.seed, args.workers)
    return 0
