"""Thinking on the opponent's time: on two workers the engine ponders the reply it expects."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from firmware.commands.engine_ponder import PONDER_NODES, PREDICT_NODES
from firmware.players import Budget, choose, level
from firmware.players.analysis import judge
from firmware.rules.api import GameState
from firmware.rules.records import parse_record, replay

OPENING = ["h10", "f9", "g6", "h9"]  # red first: a middle game with many replies


def _record(moves: list[str]) -> str:
    return json.dumps({"format": 1, "game": "culls", "rules": {}, "first": "red", "moves": moves})


def _state(moves: list[str]) -> GameState:
    state, error = replay(parse_record(_record(moves)))
    assert error is None, error
    return state


def _expected_reply(moves: list[str]) -> list[str]:
    """The reply the ponder expects after ``moves``: level 6 on the prediction's nodes (level 6
    has no noise, so this is its guess), every token up to the engine's next turn."""
    state = _state(moves[:-1])
    colour = state.to_move()
    state.apply(moves[-1])
    reply: list[str] = []
    while state.to_move() != colour:
        token = choose(state, level(6), Budget(max_nodes=PREDICT_NODES), random.Random(0)).token
        state.apply(token)
        reply.append(token)
    return reply


class Engine:
    """``cullsboard engine --workers 2`` over pipes."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "firmware", "engine", "--workers", "2", "--seed", "1"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def send(self, *lines: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write("".join(line + "\n" for line in lines))
        self.process.stdin.flush()

    def answer(self) -> tuple[list[str], str]:
        """The ``info`` words and the token of the next ``bestmove``."""
        assert self.process.stdout is not None
        info: list[str] = []
        while True:
            line = self.process.stdout.readline()
            assert line, "the engine ended"
            if line.startswith("info "):
                info = line.split()
            elif line.startswith("bestmove "):
                return info, line.split()[1]

    def play(self, moves: list[str], go: str = "go movetime 300") -> tuple[list[str], str]:
        self.send(f"position {_record(moves)}", go)
        return self.answer()


@contextmanager
def _engine() -> Iterator[Engine]:
    engine = Engine()
    try:
        yield engine
    finally:
        engine.send("quit")
        assert engine.process.wait(60) == 0


def _legal(moves: list[str], token: str) -> bool:
    return token in _state(moves).legal_actions()


def test_the_reply_it_expected_is_answered_by_the_search_that_pondered_it() -> None:
    with _engine() as engine:
        info, answer = engine.play(OPENING)
        assert "ponderhit" not in info
        moves = [*OPENING, answer, *_expected_reply([*OPENING, answer])]
        info, token = engine.play(moves)
        assert info[-2:] == ["ponderhit", "1"], info
        assert _legal(moves, token)


def test_another_reply_drops_the_ponder_and_is_searched_afresh() -> None:
    with _engine() as engine:
        _, answer = engine.play(OPENING)
        expected = _expected_reply([*OPENING, answer])
        other = next(t for t in _state([*OPENING, answer]).legal_actions() if t != expected[0])
        moves = [*OPENING, answer, other]
        info, token = engine.play(moves)
        assert "ponderhit" not in info, info
        assert _legal(moves, token)


def test_stop_ends_a_pondered_search_at_once() -> None:
    with _engine() as engine:
        _, answer = engine.play(OPENING)
        moves = [*OPENING, answer, *_expected_reply([*OPENING, answer])]
        engine.send(f"position {_record(moves)}", "go movetime 3600000", "stop", "isready")
        info, token = engine.answer()  # an hour's search, ended by the stop
        assert info[-2:] == ["ponderhit", "1"] and _legal(moves, token)
        assert int(info[info.index("nodes") + 1]) < PONDER_NODES  # not run to its end
        assert engine.process.stdout is not None
        assert engine.process.stdout.readline() == "readyok\n"


def test_the_coachs_judge_and_a_lower_level_are_never_answered_from_a_ponder() -> None:
    with _engine() as engine:
        _, answer = engine.play(OPENING)
        moves = [*OPENING, answer, *_expected_reply([*OPENING, answer])]
        info, token = engine.play(moves, "go nodes 1000 level 6")
        assert "ponderhit" not in info and token == judge(_state(moves), 1000).token
        _, answer = engine.play(moves)  # ponders again
        after = [*moves, answer, *_expected_reply([*moves, answer])]
        info, token = engine.play(after, "go movetime 100 level 3")
        assert "ponderhit" not in info and _legal(after, token)
