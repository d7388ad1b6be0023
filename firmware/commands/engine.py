"""``cullsboard engine``: the computer player on a line protocol over stdin and stdout.

    position <record JSON on one line>   set the position (no answer)
    go [movetime MS] [level N]            info lines, then ``bestmove TOKEN``
    go redtime MS blacktime MS [redinc MS blackinc MS] [movestogo N]   on a clock
    isready                               ``readyok``
    quit                                  leave

Every line the engine cannot act on gets exactly one ``error <reason>`` line and the engine reads
on. Numbers are ASCII digits. The games and their searches are prepared at start, before the
first ``readyok`` can be sent, and a ``go``'s time runs from the moment its line is read. The
clock lives here: the search only gets a budget whose stop question looks at the deadline.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from typing import BinaryIO

from firmware.players import HIGHEST, SEARCH_SHARE, Budget, choose, level
from firmware.players.clock_words import CLOCK_WORDS, ClockWordError, GoClock
from firmware.rules.api import GameState, InvalidRecordError
from firmware.rules.bounded_json import JsonInputError, read_json
from firmware.rules.records import record_from_json, replay
from firmware.rules.registry import find_game, find_player, game_names

MAX_MOVETIME_MS = 3_600_000
MAX_LINE_BYTES = 1 << 20  # a position line longer than this is refused (records are far shorter)
WARM_UP_NODES = 200  # a small search per game at start fills the search's tables
MAX_NUMBER_DIGITS = 9


class ProtocolError(ValueError):
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


def parse_go(words: list[str]) -> tuple[int | None, int, GoClock]:
    """(movetime in ms or None, level, the clock words) from the words after ``go``."""
    movetime: int | None = None
    chosen = HIGHEST
    clock = GoClock()
    rest = iter(words)
    for word in rest:
        value = next(rest, None)
        if word not in ("movetime", "level"):
            try:
                taken = clock.take(word, whole_number(word, value))
            except ClockWordError as exc:
                raise ProtocolError(str(exc)) from None
            if not taken:
                raise ProtocolError(
                    f"go: unknown option {word[:20]!r} (use movetime MS, level N, {CLOCK_WORDS})"
                )
            continue
        number = whole_number(word, value)
        if word == "movetime":
            movetime = number
            if not 1 <= movetime <= MAX_MOVETIME_MS:
                raise ProtocolError(f"go: movetime must be 1 to {MAX_MOVETIME_MS} ms")
        else:
            chosen = number
            try:
                level(chosen)
            except ValueError as exc:
                raise ProtocolError(f"go: {exc}") from None
    if movetime is not None and clock.given:
        raise ProtocolError("go: movetime or the clock words, not both")
    return movetime, chosen, clock


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
    """Load every game and run a small search in each, so the first ``go`` pays for nothing."""
    for name in game_names():
        game = find_game(name)
        rules = game.parse_rules({})
        state = game.new_state(rules, game.colours(rules)[0])
        try:
            find_player(name)
        except InvalidRecordError:
            continue  # a game without a computer player
        choose(state, level(HIGHEST), Budget(max_nodes=WARM_UP_NODES), rng)


class Engine:
    """The protocol's state: the position set last; ``clock`` gives seconds (monotonic)."""

    def __init__(
        self, write: Callable[[str], None], clock: Callable[[], float], seed: int | None
    ) -> None:
        self.write = write
        self.clock = clock
        self.rng = random.Random(seed)
        self.state: GameState | None = None

    def handle(self, line: str, read_at: float | None = None) -> bool:
        """Act on one line (read at ``read_at`` on the clock, else now); False once the engine
        should quit."""
        started = self.clock() if read_at is None else read_at
        command, _, rest = line.strip(" \t\r\n").partition(" ")
        try:
            if command == "quit":
                return False
            if command == "isready":
                self.write("readyok")
            elif command == "position":
                self.state = parse_position(rest)
            elif command == "go":
                self.go(*parse_go(rest.replace("\t", " ").split()), started=started)
            elif command:
                raise ProtocolError(
                    f"unknown command {command[:20]!r} (position, go, isready, quit)"
                )
        except ProtocolError as exc:
            self.write(f"error {exc}")
        return True

    def handle_bytes(self, raw: bytes, read_at: float) -> bool:
        """Act on one line as read from the stream; a line that is not UTF-8 gets one error."""
        if len(raw) > MAX_LINE_BYTES:
            self.write(f"error line longer than {MAX_LINE_BYTES} bytes")
            return True
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            self.write("error line is not UTF-8 text")
            return True
        return self.handle(line, read_at)

    def go(self, movetime: int | None, number: int, clock: GoClock, *, started: float) -> None:
        state = self.state
        if state is None:
            raise ProtocolError("go: no position yet (send position <record JSON>)")
        side = state.to_move()
        if side is None:
            raise ProtocolError("go: the game is over")
        chosen = level(number)
        ms = chosen.movetime_ms if movetime is None else movetime
        if clock.given:
            sides = find_game(state.game).colours(state.rules)
            try:
                ms = clock.think_ms(side, sides, state.ply // len(sides))
            except ClockWordError as exc:
                raise ProtocolError(str(exc)) from None
        try:
            share = chosen.share(state.game)
        except InvalidRecordError as exc:
            raise ProtocolError(f"go: {exc}") from None
        deadline = started + ms * SEARCH_SHARE * share / 1000
        budget = Budget(should_stop=lambda: self.clock() >= deadline)
        choice = choose(state, chosen, budget, self.rng)
        spent = max(self.clock() - started, 1e-6)
        self.write(
            f"info depth {choice.depth} score {choice.score} nodes {choice.nodes} "
            f"nps {int(choice.nodes / spent)} time {int(spent * 1000)}"
        )
        self.write(f"bestmove {choice.token}")


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


def serve(
    lines: Iterable[bytes | str],
    write: Callable[[str], None],
    clock: Callable[[], float],
    seed: int | None,
) -> None:
    """Answer ``lines`` until ``quit`` or their end."""
    engine = Engine(write, clock, seed)
    prepare(random.Random(seed))
    for raw in lines:
        read_at = clock()
        going = (
            engine.handle(raw, read_at)
            if isinstance(raw, str)
            else engine.handle_bytes(raw, read_at)
        )
        if not going:
            break


def run(args: argparse.Namespace) -> int:
    def write(text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    serve(read_lines(sys.stdin.buffer), write, time.monotonic, args.seed)
    return 0
