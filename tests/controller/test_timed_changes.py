"""Each change that time alone makes on the board happens at its deadline on a fake clock, not
before: the loop sleeps to the board's timers' one next deadline and runs what is due."""

from __future__ import annotations

import datetime
from pathlib import Path

from firmware.controller.commands.strip import HOLD_SECONDS as STRIP_HOLD_S
from firmware.controller.computer.computer import HintFound
from firmware.controller.core.hold import HOLD_SECONDS as POWER_HOLD_S
from firmware.controller.core.timing import TABLE_TIMING as T
from hal.interfaces import ButtonEvent
from tests.controller.conftest import LAST_BLUE, Rig
from tests.controller.kiosk_rig import KioskRig

EPSILON = 0.01


def at(rig: Rig, t: float) -> None:
    """Move the fake clock straight to ``t`` and let the loop run what is due then."""
    rig.clock.advance(t - rig.clock.now())
    rig.controller.step()


def hint_shown(rig: Rig) -> bool:
    return isinstance(rig.score["hint"], dict)


def test_the_strip_opens_when_the_corner_has_been_held_long_enough(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.board.touch.down(rig.cell("o15"))
    rig.controller.step()
    opens = rig.clock.now() + STRIP_HOLD_S
    assert rig.controller.next_deadline() == opens
    at(rig, opens - EPSILON)
    assert not str(rig.score["message"]).startswith("Commands:")
    at(rig, opens)
    assert str(rig.score["message"]).startswith("Commands:")


def test_a_corner_let_go_early_cancels_the_strip(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.board.touch.down(rig.cell("o15"))
    rig.controller.step()
    opens = rig.clock.now() + STRIP_HOLD_S
    at(rig, opens - 0.5)
    rig.board.touch.up(rig.cell("o15"))
    rig.controller.step()
    assert rig.controller.next_deadline() is None
    at(rig, opens + 1.0)
    assert not str(rig.score["message"]).startswith("Commands:")


def test_the_staff_hold_powers_off_when_both_buttons_were_held_long_enough(
    tmp_path: Path,
) -> None:
    rig = KioskRig(tmp_path / "state", idle_s=600.0, abandon_s=1200.0)
    rig.start("culls", {"mode": "duel"}, first="blue")
    now = rig.clock.now()
    rig.controller.post(ButtonEvent(now, "menu", True))
    rig.controller.post(ButtonEvent(now, "undo", True))
    rig.controller.step()
    at(rig, now + POWER_HOLD_S - EPSILON)
    assert rig.power_commands == []
    at(rig, now + POWER_HOLD_S)
    assert len(rig.power_commands) == 1


def test_the_dimmer_steps_at_the_minute_of_the_schedule(tmp_path: Path) -> None:
    start = datetime.datetime(2026, 11, 30, 22, 59, 0)
    schedule = (("10:00", 1.0), ("23:00", 0.25))
    rig = KioskRig(
        tmp_path / "state", idle_s=7200.0, abandon_s=7200.0, schedule=schedule, start=start
    )
    rig.start("culls", {"mode": "duel"}, first="blue")
    step = rig.clock.now() + 60.0
    assert rig.controller.next_deadline() == step
    at(rig, step - EPSILON)
    assert rig.board.leds.chain.brightness == 1.0
    at(rig, step)
    assert rig.board.leds.chain.brightness == 0.25


def test_the_attract_show_starts_when_the_board_has_been_quiet_long_enough(
    tmp_path: Path,
) -> None:
    rig = KioskRig(tmp_path / "state", idle_s=5.0, abandon_s=8.0)
    rig.start()
    quiet = rig.clock.now() + 5.0  # the menu's start cell blinks on the way
    at(rig, quiet - EPSILON)
    assert rig.score["phase"] != "attract" and rig.score["attract"] is False
    at(rig, quiet)
    assert rig.score["phase"] == "attract" and rig.score["attract"] is True


def test_an_error_flash_goes_out_when_its_time_is_up(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.tap("h8")
    rig.tap("h8")  # taken: refused, the cell flashes
    flashed = rig.clock.now()
    assert rig.colour("h8") != LAST_BLUE
    at(rig, flashed + T.error_flash - EPSILON)
    assert rig.colour("h8") != LAST_BLUE
    at(rig, flashed + T.error_flash)
    rig.assert_cell_colour("h8", LAST_BLUE)
    assert rig.score["error"] is not None, "the words stay longer than the flash"
    at(rig, flashed + T.error_shown - EPSILON)
    assert rig.score["error"] is not None
    at(rig, flashed + T.error_shown)
    assert rig.score["error"] is None


def test_a_hint_goes_out_when_its_time_is_up(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.controller.post(HintFound("h8", 0))
    rig.controller.step()
    shown = rig.clock.now()
    assert hint_shown(rig)
    at(rig, shown + T.hint_show - EPSILON)
    assert hint_shown(rig)
    at(rig, shown + T.hint_show)
    assert not hint_shown(rig)
    assert rig.controller.next_deadline() is None, "nothing more is timed: the loop can sleep"
