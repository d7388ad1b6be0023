"""Drives a game across two boards: the side to move taps, the other places the chip it is shown."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Protocol

from firmware.controller.core.adapter import board_adapter, cells_for_token
from firmware.controller.core.timing import TABLE_TIMING
from firmware.link import topics
from firmware.rules.api import GameState, JsonValue
from firmware.rules.grid import cell_name
from firmware.rules.records import Record
from tests.link.broker import Observer, wait_for

SIZE = 15
READY = (SIZE // 2, SIZE // 2)


class Side(Protocol):
    """One board as the test sees it."""

    def tap_cell(self, cell: tuple[int, int]) -> None: ...

    @property
    def score(self) -> dict[str, JsonValue]: ...


class ProcessBoard:
    """``cullsboard --mock-hal --broker ...`` in its own process: typed taps in, state from the
    broker. ``kill`` is a power cut (SIGKILL)."""

    def __init__(self, url: str, board_id: str, state_dir: Path, observer: Observer,
                 *extra: str) -> None:  # fmt: skip
        self.board_id = board_id
        self.observer = observer
        command = [
            *(sys.executable, "-m", "firmware.cli", "--mock-hal", "--web", "off"),
            *("--broker", url, "--board-id", board_id, "--state-dir", str(state_dir), *extra),
        ]
        self.log = state_dir.with_name(f"{board_id}.log")
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=log
            )

    def tap_cell(self, cell: tuple[int, int]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(f"tap {cell_name(cell)}\n".encode())
        self.process.stdin.flush()

    @property
    def score(self) -> dict[str, JsonValue]:
        state = self.observer.latest_json(topics.board_state(self.board_id))
        if state is None:
            return {}
        score = state["score"]
        assert isinstance(score, dict)
        return score

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()

    def close(self) -> None:
        if self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            self.process.wait(timeout=20)


def play_round(
    sides: Mapping[str, Side], record: Record, upto: int | None = None, start: int = 0
) -> GameState:
    """Play ``record``'s moves [start:upto] across the boards; ``sides`` maps colour -> board."""
    state = record.new_state()
    for token in record.moves[:start]:
        state.apply(token)
    adapter = board_adapter(record.game)
    for ply in range(start, len(record.moves) if upto is None else upto):
        token = record.moves[ply]
        colour = state.to_move()
        assert colour is not None
        mover = sides[colour]
        others = [side for side in dict.fromkeys(sides.values()) if side is not mover]
        cells = cells_for_token(adapter, state, token, SIZE, SIZE)
        expected = list(record.moves[: ply + 1])
        mover.tap_cell(cells[0])
        wait_for(f"{token} (ply {ply + 1}) made", has_moves(mover, expected))
        for other in others:
            wait_for(f"{token} shown on the other board", shown(other, expected))
            if other.score.get("moves") != expected:
                other.tap_cell(cells[0])
            wait_for(f"{token} placed", has_moves(other, expected))
        state.apply(token)
    return state


def has_moves(side: Side, expected: list[str]) -> Callable[[], bool]:
    return lambda: side.score.get("moves") == expected


def shown(side: Side, expected: list[str]) -> Callable[[], bool]:
    """The move waits for its chip on ``side`` (or is there already)."""
    return lambda: side.score.get("phase") == "waiting_for_chip" or has_moves(side, expected)()


def in_round(side: Side, number: int) -> Callable[[], bool]:
    return lambda: side.score.get("round") == number and side.score.get("phase") == "playing"


def next_round(boards: Sequence[Side], number: int) -> None:
    """Both boards: wait out the winning line, tap the green centre cell."""
    time.sleep(TABLE_TIMING.line_show)
    for board in boards:
        board.tap_cell(READY)
    for board in boards:
        wait_for(f"round {number}", in_round(board, number))


def online_of(side: Side) -> dict[str, JsonValue]:
    """The scoreboard's ``online`` object ({} while there is none)."""
    online = side.score.get("online")
    return online if isinstance(online, dict) else {}


def connected_to(side: Side, peer: str) -> Callable[[], bool]:
    return lambda: online_of(side).get("peer") == peer and online_of(side).get("connected") is True


def in_phase(side: Side, phase: str) -> Callable[[], bool]:
    return lambda: side.score.get("phase") == phase


def players_of(side: Side) -> list[JsonValue]:
    seats = side.score.get("seats")
    assert isinstance(seats, list)
    return [seat.get("player") for seat in seats if isinstance(seat, dict)]
