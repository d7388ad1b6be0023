"""Degrade, don't die: a failing LED strip or touch chip, a state dir that cannot be written."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

import pytest

from firmware.controller.view.faults import FAULT_COLOUR
from tests.controller.conftest import BLUE, LAST_BLUE, LAST_RED, Rig
from tests.controller.kiosk_rig import KioskRig


def test_a_failing_strip_keeps_the_game_and_is_retried_with_backoff(
    rig: Rig, caplog: pytest.LogCaptureFixture
) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.tap("h8")
    sent_before = len(rig.board.leds.sent)
    rig.board.leds.fail_next(3)
    failed_at = rig.clock.now()
    with caplog.at_level(logging.INFO):
        rig.tap("h9")
        assert rig.moves == ["h8", "h9"], "the game goes on without LEDs"
        rig.tap("i9")
        assert rig.moves == ["h8", "h9", "i9"]
        rig.advance(2.0)
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and "the LEDs could not be updated" in errors[0].getMessage()
    back = [r.getMessage() for r in caplog.records if "work again" in r.getMessage()]
    assert back == ["the LEDs work again after 3 failed sends"]
    first_good = rig.board.leds.sent[sent_before]
    assert first_good.t == pytest.approx(failed_at + 0.1 + 0.2 + 0.4), "waits double each time"
    rig.assert_cell_colour("h9", BLUE)  # the duel's setup: two chips each
    rig.assert_cell_colour("i9", LAST_RED)


def test_a_strip_that_keeps_failing_is_retried_at_most_every_few_seconds(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.board.leds.fail_next(1000)
    rig.tap("h8")
    rig.advance(60.0)
    rig.board.leds.fail_next(0)
    rig.advance(5.0)
    assert rig.controller.health.led_failures == 0
    rig.assert_cell_colour("h8", LAST_BLUE)


def test_a_failed_touch_chip_blinks_the_status_leds_and_clears_when_back(
    rig: Rig, caplog: pytest.LogCaptureFixture
) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    assert rig.clock.now() % 2 == 0, "the pattern is on in even seconds"
    with caplog.at_level(logging.WARNING):
        rig.board.touch.fault("mpr121@0x5B", "no answer on I2C")
        rig.controller.step()
    assert set(rig.status()) == {FAULT_COLOUR}
    assert [r.getMessage() for r in caplog.records] == [
        "mpr121@0x5B failed: no answer on I2C; the rest of the board plays on and it is retried"
    ]
    rig.tap("h8")  # the other chips still play
    assert rig.moves == ["h8"]
    rig.assert_cell_colour("h8", LAST_BLUE)
    rig.advance(1.0)
    assert FAULT_COLOUR not in rig.status(), "it blinks"
    rig.advance(1.0)
    assert set(rig.status()) == {FAULT_COLOUR}

    caplog.clear()
    with caplog.at_level(logging.WARNING):
        rig.board.touch.fault("mpr121@0x5B", "re-initialised", recovered=True)
        rig.controller.step()
    assert FAULT_COLOUR not in rig.status()
    assert [r.getMessage() for r in caplog.records] == ["mpr121@0x5B works again: re-initialised"]
    rig.advance(1.0)
    assert FAULT_COLOUR not in rig.status() and rig.controller.next_deadline() is None


def test_without_status_leds_the_corners_show_the_fault(make_rig: Callable[..., Rig]) -> None:
    rig = make_rig(status_count=0).start("culls", {"mode": "duel"}, first="blue")
    rig.board.touch.fault("mpr121@0x5A", "stuck")
    rig.controller.step()
    assert [rig.colour(c) for c in ("a1", "o1", "a15", "o15")] == [FAULT_COLOUR] * 4
    assert rig.colour("h8") != FAULT_COLOUR
    rig.tap("h8")
    rig.assert_cell_colour("h8", LAST_BLUE)


def test_a_state_dir_that_cannot_be_written_is_reported_and_play_goes_on_in_memory(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    blocked = tmp_path / "not-a-directory"
    blocked.write_text("a file where the state directory should be\n")
    rig = KioskRig(blocked / "state", idle_s=600.0, abandon_s=1200.0)
    with caplog.at_level(logging.WARNING):
        rig.start("culls", {"mode": "duel"}, first="blue")
        rig.play_match("blue")
    assert rig.score["match_winner"] == "blue"
    journal_warning, history_warning = rig.warnings
    assert "cannot write the journal" in journal_warning
    assert "cannot write the match history" in history_warning
    assert rig.table.journal.in_memory_only
