"""Kiosk mode: idle boards show the attract animation, a touch wakes, abandoned games end."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware.config.schema import KioskConfig
from firmware.controller.board.loop import BoardController
from firmware.controller.core.extras import CafeControls
from firmware.kiosk.attract import attract_frame
from firmware.kiosk.idle import Attract
from firmware.kiosk.policy import KioskPolicy
from hal.clock import FakeClock
from tests.controller.conftest import LAST_BLUE, Rig

IDLE_S, ABANDON_S = 5.0, 8.0  # short, so that few attract frames are drawn


def _kiosk_rig(tmp_path: Path) -> Rig:
    rig = Rig(tmp_path / "state")
    policy = KioskPolicy(rig.clock, IDLE_S, ABANDON_S)
    rig.controller = BoardController(
        rig.board, rig.table, cafe=CafeControls(attract=Attract(policy, attract_frame))
    )
    return rig


def test_an_idle_board_shows_the_attract_animation_and_a_touch_only_wakes_it(
    tmp_path: Path,
) -> None:
    rig = _kiosk_rig(tmp_path).start("culls", {"mode": "duel"}, first="blue")
    rig.tap("h8")
    rig.advance(IDLE_S - 1)
    assert rig.score["phase"] == "playing"
    rig.advance(1.0)
    assert rig.score["phase"] == "attract"
    assert rig.board.leds.last == attract_frame(rig.clock.now(), 15, 15, 4)
    rig.advance(0.5)
    assert rig.board.leds.last == attract_frame(rig.clock.now(), 15, 15, 4), "it moves"
    rig.tap("i8")
    assert rig.score["phase"] == "playing" and rig.moves == ["h8"], "the wake-up tap is no move"
    rig.assert_cell_colour("h8", LAST_BLUE)
    rig.tap("i8")
    assert rig.moves == ["h8", "i8"]


def test_an_abandoned_game_is_archived_and_a_fresh_one_waits(tmp_path: Path) -> None:
    rig = _kiosk_rig(tmp_path).start("culls", {"mode": "teams"}, first="blue")
    rig.tap("h8")
    rig.advance(ABANDON_S)
    assert rig.score["phase"] == "attract"
    assert rig.moves == [] and rig.score["mode"] == "teams"
    assert list((tmp_path / "state" / "archive").glob("match-*.jsonl"))


TOUCHED_AT = 99.44240300940983  # 120 s on, ``now + (120 - quiet)`` rounds to a hair before
STEPS_ALLOWED = 5_000  # far more than 130 s of a quiet board needs


def test_the_board_turns_idle_whatever_the_time_of_the_last_touch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The idle timer is set at the very time the policy turns idle: set at a hair before it,
    where the board was still active, it was set there again at every step, and a simulated
    clock never moved on (a day-long soak stopped inside a ``wait``)."""
    section = KioskConfig(enabled=True, attract_minutes=2, abandon_minutes=3, staff_pin="2468")
    rig = Rig(tmp_path / "state", kiosk=section, clock=FakeClock(TOUCHED_AT))
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.tap("h8")
    steps = 0
    step = rig.controller.step

    def counted() -> None:
        nonlocal steps
        steps += 1
        assert steps < STEPS_ALLOWED, f"stuck at {rig.clock.now()!r}: {rig.controller.timers}"
        step()

    monkeypatch.setattr(rig.controller, "step", counted)
    rig.advance(130.0)
    assert rig.score["phase"] == "attract"
    assert rig.clock.now() == TOUCHED_AT + 130.0
