"""A review and "show my mistakes" are said as well as shown: a player who cannot see the page
hears each position stepped to, and the mistake with the better move."""

from __future__ import annotations

from firmware.controller.commands.strip import HOLD_SECONDS
from tests.controller.conftest import Rig
from tests.controller.test_coach_review import WAIT_S, coached
from tests.controller.test_review import review_cell, won_round
from tests.controller.test_strip import hold
from tests.speech.test_what_is_said import heard


def test_each_step_of_a_review_is_said(rig: Rig) -> None:
    taps = won_round(rig)
    heard(rig)
    hold(rig, "o15", HOLD_SECONDS)
    rig.tap(review_cell(rig))
    total = len(taps)
    said = heard(rig)
    assert said and said[-1].startswith(f"Review of culls, move {total} of {total}: "), said
    rig.press("undo")
    said = heard(rig)
    assert said and said[-1].startswith(f"Review of culls, move {total - 1} of {total}: "), said


def test_show_my_mistakes_says_the_mistake_and_the_better_move(rig: Rig) -> None:
    coach = coached(rig)
    won_round(rig)
    record = rig.table.the_match.reviewable()
    assert record is not None and coach.wait(record, WAIT_S) is not None
    heard(rig)
    rig.table.button("mistakes", rig.clock.now())
    rig.controller.redraw()
    said = heard(rig)
    assert said and said[-1].startswith("Move ") and ", Red " in said[-1], said
    assert "Review of culls, move" in said[-1], said
