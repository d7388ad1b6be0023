"""The computer in its own process: a killed or hung engine is restarted and the move still
comes, cancel stops the search at once, a broken engine is replaced by the built-in player."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import pytest

from firmware.config.schema import ComputerConfig
from firmware.controller.computer.computer import Seating
from firmware.controller.computer.engine_process import ENGINE_NICENESS, EngineThinker
from firmware.controller.computer.thinker import Answer
from firmware.controller.core.live import Touch
from firmware.players import level
from firmware.rules import find_game
from firmware.wiring.computer import computer_seating
from tests.controller.conftest import Rig

WAIT_S = 60  # only reached if the move never comes
BROKEN = Path(__file__).resolve().parent.parent / "players" / "broken_engine.py"


def _engine_rig(tmp_path: Path, engine: str | None, number: int = 6) -> tuple[Rig, EngineThinker]:
    seating = computer_seating(
        ComputerConfig(engine=engine),
        clock=time.monotonic,
        level=level(number),
        computer_seats=["red"],
        seed=3,
    )
    rig = Rig(tmp_path, seating=seating, hand_placed=frozenset())  # the lights are the chips
    assert isinstance(seating.thinker, EngineThinker)
    return rig, seating.thinker


def _wait_ready(thinker: EngineThinker) -> None:
    end = time.monotonic() + WAIT_S
    while not thinker.ready():
        assert time.monotonic() < end, "the engine never said readyok"
        time.sleep(0.02)


def _touch(rig: Rig, cell: str) -> None:
    """A person's chip at ``cell``, sent as the board page sends a touch."""
    rig.controller.submit(Touch(rig.cell(cell)))
    rig.controller.step()


def _moves(rig: Rig) -> list[str]:
    assert rig.table.match is not None and rig.table.match.current is not None
    return list(rig.table.match.current.moves)


def test_the_board_plays_the_computer_through_the_engine_process(tmp_path: Path) -> None:
    rig, thinker = _engine_rig(tmp_path, None, number=2)
    rig.start("culls", {}, first="red")
    thinker.join(WAIT_S)
    rig.controller.step()
    pid = thinker.pid()
    assert pid is not None and pid != os.getpid()
    assert thinker.command[-3:] == ("engine", "--workers", str(max(1, (os.cpu_count() or 1) - 1)))
    assert len(_moves(rig)) == 1
    thinker.close()


def _computer_moves(rig: Rig, thinker: EngineThinker) -> None:
    """Let the computer play until it is blue's turn (the setup gives red two chips)."""
    while rig.score["to_move"] == "red":
        thinker.join(WAIT_S)
        rig.controller.step()


def test_a_killed_engine_is_restarted_and_the_computers_move_still_comes(tmp_path: Path) -> None:
    rig, thinker = _engine_rig(tmp_path, None)
    rig.start("culls", {}, first="blue")
    _touch(rig, "h8")
    _touch(rig, "j10")  # blue's two setup chips: red, the computer, thinks
    _wait_ready(thinker)
    time.sleep(0.2)  # the level-6 search runs for about a second
    killed = thinker.pid()
    assert killed is not None and thinker.thinking()
    os.kill(killed, signal.SIGKILL)
    thinker.join(WAIT_S)
    rig.controller.step()
    assert len(_moves(rig)) == 3  # the computer's move came
    assert thinker.restarts == 1 and thinker.pid() not in (None, killed)
    notice = rig.score["notice"]
    assert isinstance(notice, str) and "engine stopped" in notice and "restarted" in notice
    _computer_moves(rig, thinker)
    _touch(rig, "a1")  # the board plays on: blue's move is taken, the computer answers again
    _computer_moves(rig, thinker)
    assert len(_moves(rig)) >= 6 and thinker.restarts == 1
    thinker.close()


def test_a_hung_engine_is_restarted_after_its_deadline(tmp_path: Path) -> None:
    marker = tmp_path / "hung-once"
    rig, thinker = _engine_rig(tmp_path, f"{sys.executable} {BROKEN} hang-once {marker}", 2)
    rig.start("culls", {}, first="red")
    thinker.join(WAIT_S)
    rig.controller.step()
    assert marker.exists() and thinker.restarts == 1
    assert len(_moves(rig)) == 1  # the second engine answered
    notice = rig.score["notice"]
    assert isinstance(notice, str) and "gave no move within 2.3 s" in notice
    thinker.close()


def test_an_engine_that_answers_illegal_moves_is_replaced_by_the_built_in_player(
    tmp_path: Path,
) -> None:
    rig, thinker = _engine_rig(tmp_path, f"{sys.executable} {BROKEN} illegal", 2)
    rig.start("culls", {}, first="blue")
    _touch(rig, "h8")
    _touch(rig, "j10")
    thinker.join(WAIT_S)
    rig.controller.step()
    moves = _moves(rig)
    assert len(moves) == 3 and moves[2] not in ("h8", "j10")
    notice = rig.score["notice"]
    assert isinstance(notice, str) and "illegal move 'h8'" in notice
    thinker.close()


def test_cancel_stops_the_engines_search_and_drops_its_answer() -> None:
    answers: list[Answer] = []
    thinker = EngineThinker(
        (sys.executable, "-m", "firmware", "engine"), deliver=answers.append, say=print
    )
    game = find_game("culls")
    state = game.new_state(game.parse_rules({}), "blue")
    state.apply("h8")
    thinker.start(state, level(6), movetime_ms=3_600_000, tag=1)  # an hour, unless stopped
    _wait_ready(thinker)
    thinker.cancel()
    assert not thinker.thinking()
    thinker.start(state, level(1), movetime_ms=100, tag=2)  # answered after the stopped one
    thinker.join(WAIT_S)
    assert [answer.tag for answer in answers] == [2]
    assert thinker.restarts == 0  # stopped, not killed for being late
    thinker.close()


def test_the_in_process_seating_keeps_its_thinker() -> None:
    seating = computer_seating(
        ComputerConfig(engine="never-run"), clock=time.monotonic, level=level(1), in_process=True
    )
    assert isinstance(seating, Seating) and not isinstance(seating.thinker, EngineThinker)


def test_a_quick_answer_waits_for_the_minimum_and_a_cancel_meanwhile_drops_it() -> None:
    delivered: list[tuple[object, float]] = []
    thinker = EngineThinker(
        (sys.executable, "-m", "firmware", "engine"),
        deliver=lambda answer: delivered.append((answer.tag, time.monotonic())),
        say=print,
        min_answer_s=0.6,
    )
    game = find_game("culls")
    state = game.new_state(game.parse_rules({}), "blue")
    state.apply("h8")
    thinker.start(state, level(1), movetime_ms=300, tag=1)  # starts the engine
    thinker.join(WAIT_S)
    asked = time.monotonic()
    thinker.start(state, level(1), movetime_ms=300, tag=2)  # level 1 answers in milliseconds
    thinker.join(WAIT_S)
    assert delivered[-1][0] == 2 and delivered[-1][1] - asked >= 0.6
    thinker.start(state, level(1), movetime_ms=300, tag=3)
    time.sleep(0.3)  # answered by now, held back
    assert thinker.thinking()
    thinker.cancel()
    time.sleep(0.6)
    assert [tag for tag, _ in delivered] == [1, 2]
    thinker.close()


def _helpers_of(pid: int) -> list[int]:
    """The processes ``pid`` forked (Linux /proc)."""
    found = Path(f"/proc/{pid}/task/{pid}/children").read_text(encoding="ascii").split()
    return [int(child) for child in found]


def test_the_engine_and_its_helpers_run_nicer_than_the_board() -> None:
    thinker = EngineThinker(
        (sys.executable, "-m", "firmware", "engine", "--workers", "2"),
        deliver=lambda answer: None,
        say=print,
    )
    game = find_game("culls")
    state = game.new_state(game.parse_rules({}), "blue")
    state.apply("h8")
    thinker.start(state, level(1), movetime_ms=100, tag=1)
    _wait_ready(thinker)
    pid = thinker.pid()
    assert pid is not None
    helpers = _helpers_of(pid)
    assert len(helpers) == 1  # 2 workers: the engine and one forked helper
    expected = min(19, os.getpriority(os.PRIO_PROCESS, 0) + ENGINE_NICENESS)
    assert ENGINE_NICENESS >= 10
    for process in (pid, *helpers):
        assert os.getpriority(os.PRIO_PROCESS, process) == expected
    thinker.close()


def test_the_reader_sleeps_while_the_engine_thinks(monkeypatch: pytest.MonkeyPatch) -> None:
    """No periodic wake-ups of the board's process: the reader wakes for a line, a new search
    or a deadline (at least once a second while one is pending), so it takes no GIL meanwhile."""
    turns: list[float] = []
    looked = EngineThinker._wait_s

    def counted(self: EngineThinker, child: object) -> float | None:
        turns.append(time.monotonic())
        return looked(self, child)  # type: ignore[arg-type]

    monkeypatch.setattr(EngineThinker, "_wait_s", counted)
    thinker = EngineThinker((sys.executable, "-m", "firmware", "engine"), deliver=print, say=print)
    game = find_game("culls")
    state = game.new_state(game.parse_rules({}), "blue")
    state.apply("h8")
    thinker.start(state, level(6), movetime_ms=3_600_000, tag=1)  # an hour, unless stopped
    _wait_ready(thinker)
    time.sleep(0.3)
    before = len(turns)
    time.sleep(2.0)
    assert len(turns) - before <= 4, len(turns) - before  # polling every 50 ms: about 40
    thinker.cancel()
    thinker.close()
