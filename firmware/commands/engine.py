"""``cullsboard engine``: the computer player on a line protocol over stdin and stdout.

    position <record JSON on one line>   set the position (no answer)
    go [movetime MS] [level N]            info lines, then ``bestmove TOKEN``
    isready                               ``readyok``
    quit                                  leave

A bad line gets one ``error <reason>`` line and the engine reads on. The clock lives here: the
search only gets a budget whose stop question looks at the deadline.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterable

from firmware.players import HIGHEST, SEARCH_SHARE, Budget, choose, level
from firmware.rules.api import GameState, InvalidRecordError
from firmware.rules.bounded_json import JsonInputError, read_json
from firmware.rules.records import record_from_json, replay

MAX_MOVETIME_MS = 3_600_000


class ProtocolError(ValueError):
    """A line the engine cannot act on; the message is the reason it answers."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "engine",
        help="play the computer player over a line protocol on stdin/stdout",
        description="The computer player on a line protocol: position, go, isready, quit.",
    )
    parser.add_argument(
        "--seed", type=int, default=None, help="seed the choices of the noisy levels"
    )
    parser.set_defaults(run=run)


def parse_go(words: list[str]) -> tuple[int | None, int]:
    """(movetime in ms or None, level) from the words after ``go``."""
    movetime: int | None = None
    chosen = HIGHEST
    rest = iter(words)
    for word in rest:
        value = next(rest, None)
        if word not in ("movetime", "level"):
            raise ProtocolError(f"go: unknown option {word!r} (use movetime MS, level N)")
        if value is None or not value.isdigit():
            raise ProtocolError(f"go: {word} needs a whole number")
        if word == "movetime":
            movetime = int(value)
            if not 1 <= movetime <= MAX_MOVETIME_MS:
                raise ProtocolError(f"go: movetime must be 1 to {MAX_MOVETIME_MS} ms")
        else:
            chosen = int(value)
            try:
                level(chosen)
            except ValueError as exc:
                raise ProtocolError(f"go: {exc}") from None
    return movetime, chosen


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


class Engine:
    """The protocol's state: the position set last; ``clock`` gives seconds (monotonic)."""

    def __init__(
        self, write: Callable[[str], None], clock: Callable[[], float], seed: int | None
    ) -> None:
        self.write = write
        self.clock = clock
        self.rng = random.Random(seed)
        self.state: GameState | None = None

    def handle(self, line: str) -> bool:
        """Act on one line; False once the engine should quit."""
        command, _, rest = line.strip().partition(" ")
        try:
            if command == "quit":
                return False
            if command == "isready":
                self.write("readyok")
            elif command == "position":
                self.state = parse_position(rest)
            elif command == "go":
                self.go(*parse_go(rest.split()))
            elif command:
                raise ProtocolError(f"unknown command {command!r} (position, go, isready, quit)")
        except ProtocolError as exc:
            self.write(f"error {exc}")
        return True

    def go(self, movetime: int | None, number: int) -> None:
        started = self.clock()
        if self.state is None:
            raise ProtocolError("go: no position yet (send position <record JSON>)")
        if self.state.outcome().is_over:
            raise ProtocolError("go: the game is over")
        chosen = level(number)
        ms = chosen.movetime_ms if movetime is None else movetime
        deadline = started + ms * SEARCH_SHARE * chosen.share(self.state.game) / 1000
        budget = Budget(should_stop=lambda: self.clock() >= deadline)
        choice = choose(self.state, chosen, budget, self.rng)
        spent = max(self.clock() - started, 1e-6)
        self.write(
            f"info depth {choice.depth} score {choice.score} nodes {choice.nodes} "
            f"nps {int(choice.nodes / spent)} time {int(spent * 1000)}"
        )
        self.write(f"bestmove {choice.token}")


def serve(
    lines: Iterable[str], write: Callable[[str], None], clock: Callable[[], float], seed: int | None
) -> None:
    """Answer ``lines`` until ``quit`` or their end."""
    engine = Engine(write, clock, seed)
    for line in lines:
        if not engine.handle(line):
            break


def run(args: argparse.Namespace) -> int:
    def write(text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    serve(sys.stdin, write, time.monotonic, args.seed)
    return 0
