"""The real board and the simulated one start the same way: from one run spec, through one
plan, their parts built alike; only the devices and the clock differ."""

from __future__ import annotations

import dataclasses
import datetime
from pathlib import Path

import pytest

from firmware.cli import build_parser
from firmware.commands.play import run_spec
from firmware.config import load_config
from firmware.controller.board.loop import BoardController
from firmware.rules.game_and_rules import GameAndRules
from firmware.wiring.assemble import Assembly
from firmware.wiring.errors import SessionError
from firmware.wiring.hardware import run_real_board
from firmware.wiring.session import build_session
from firmware.wiring.settings import simulated
from firmware.wiring.spec import RunSpec, assemble_board, plan_board
from hal.clock import FakeClock, MonotonicClock
from hal.mock import MockBoard

SHIPPED = str(Path(__file__).resolve().parents[1] / "config" / "default.yaml")  # mock backends
ARGS = ["--config", SHIPPED, "--game", "culls", "--mode", "teams", "--seed", "5",
        "--computer", "red", "--level", "3", "--web", "off"]  # fmt: skip


def _what_runs(controller: BoardController) -> tuple[object, ...]:
    """What a player finds on a started board, and how its parts were put together."""
    table = controller.table
    score = controller.view().score
    seated = table.the_match.seated
    return (
        score["game"],
        score["mode"],
        score["to_move"],
        score["seats"],
        score["rounds_to_win"],
        [(seat.colour, seat.player) for seat in table.seats],
        table.has_computer,
        table.has_learning,
        None if seated is None else seated.match.rules,
    )


def test_both_boards_start_from_one_spec_alike(tmp_path: Path) -> None:
    spec = run_spec(build_parser().parse_args(ARGS))
    assert isinstance(spec, RunSpec) and spec.game == GameAndRules("culls", {"mode": "teams"})
    real: list[tuple[object, ...]] = []

    def started(controller: BoardController) -> None:
        real.append(_what_runs(controller))
        assert isinstance(controller.board.clock, MonotonicClock), "the real board's clock"
        controller.stop()

    real_spec = dataclasses.replace(spec, state_dir=str(tmp_path / "real"))
    assert run_real_board(real_spec, print, started=started) == 0

    config = load_config(SHIPPED)
    sim_spec = dataclasses.replace(spec, simulated=True, script="-")  # a clock waits move
    session = build_session(
        plan_board(sim_spec, simulated(config)), state_dir=tmp_path / "sim", complain=print
    )
    try:
        assert isinstance(session.board, MockBoard) and isinstance(session.board.clock, FakeClock)
        assert real == [_what_runs(session.controller)]
    finally:
        session.finish(None)


def test_one_plan_assembles_the_same_parts_on_either_devices(tmp_path: Path) -> None:
    spec = dataclasses.replace(run_spec(build_parser().parse_args(ARGS)), state_dir=str(tmp_path))
    config = simulated(load_config(SHIPPED))
    plan = plan_board(spec, config)
    assert (sorted(plan.computer_seats), plan.level.number) == (["red"], 3)
    built: list[Assembly] = []
    for name, clock in (("monotonic", MonotonicClock()), ("fake", FakeClock())):
        from firmware.wiring.assemble import simulated_board

        board = simulated_board(config, clock)
        built.append(
            assemble_board(
                plan,
                board,
                state_dir=tmp_path / name,
                complain=print,
                wall=datetime.datetime.now,
                real_board=False,
            )
        )
    try:
        first, second = built
        assert type(first.controller) is type(second.controller)
        assert (first.kiosk, first.link) == (second.kiosk, second.link) == (None, None)
        assert first.table.has_computer and second.table.has_computer
    finally:
        for parts in built:
            parts.board.close()


def test_online_without_a_broker_is_refused_once_for_both(tmp_path: Path) -> None:
    spec = run_spec(
        build_parser().parse_args(["--config", SHIPPED, "--online", "join:K7M4R", "--web", "off"])
    )
    with pytest.raises(SessionError, match="--online needs a broker"):
        plan_board(spec, load_config(SHIPPED))
    with pytest.raises(SessionError, match="--online needs a broker"):
        run_real_board(dataclasses.replace(spec, state_dir=str(tmp_path)), print)
