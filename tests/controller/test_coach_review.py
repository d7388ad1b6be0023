"""The coach on the board: a finished round is analysed by the real analyser process, and its
review lights the mistake and the better move in their own colours and says the mistake."""

from __future__ import annotations

from firmware.controller.coach.coach import Coach
from firmware.controller.coach.mistakes import round_mistakes
from firmware.controller.core.live import ReviewAt
from firmware.controller.modes.review import ReviewMode
from firmware.render import palette as p
from firmware.rules.grid import cell_name
from tests.controller.conftest import Rig
from tests.controller.test_review import review_of, won_round

WAIT_S = 120.0  # only reached if the analyser never finishes


def coached(rig: Rig) -> Coach:
    coach = Coach(max_nodes=12_000)  # a small budget: a few seconds for a short round
    rig.events.subscribe(coach.hear)
    rig.table.context.coached_by(coach)
    return coach


def test_show_my_mistakes_lights_the_worst_move_and_the_better_one_and_says_it(rig: Rig) -> None:
    coach = coached(rig)
    taps = won_round(rig)
    record = rig.table.the_match.reviewable()
    assert record is not None and list(record.moves) == taps
    reviews = coach.wait(record, WAIT_S)
    assert reviews is not None and [r.move for r in reviews] == taps
    rig.controller.redraw()
    assert rig.score["show_mistakes"] is False  # no computer played: not offered on the pages
    rig.table.button("mistakes", rig.clock.now())
    rig.controller.redraw()
    found = round_mistakes(record, reviews, 15, 15)
    worst = max(found, key=lambda m: (m.loss, -m.ply))
    review = review_of(rig)
    assert review["ply"] == worst.ply and worst.colour == "red"  # red played far away
    coach_key = review["coach"]
    assert isinstance(coach_key, dict) and coach_key["status"] == "done"
    assert coach_key["mistakes"] == [m.to_json() for m in found]
    assert str(rig.score["message"]).startswith(f"{worst.words}. Review of culls, move")
    assert worst.words.startswith(f"Move {worst.ply}, Red ")
    for cell in worst.cells:
        rig.assert_cell_colour(cell_name(cell), p.MISTAKE)
    for cell in worst.better_cells:
        rig.assert_cell_colour(cell_name(cell), p.BETTER)
    rig.press("undo")  # one move back: no mistake shown there
    assert review_of(rig)["ply"] == worst.ply - 1
    for cell in worst.better_cells:
        assert rig.colour(cell_name(cell)) != p.BETTER


def test_a_review_of_a_round_not_analysed_asks_the_coach_and_shows_it_when_done(rig: Rig) -> None:
    coach = coached(rig)
    won_round(rig)
    coach.close()  # the round's own analysis is stopped: the review must ask again
    record = rig.table.the_match.reviewable()
    assert record is not None
    fresh = Coach(max_nodes=12_000)
    rig.table.context.coached_by(fresh)
    rig.table.button("review", rig.clock.now())
    assert isinstance(rig.table.mode, ReviewMode)
    rig.controller.redraw()
    coach_key = review_of(rig)["coach"]
    assert isinstance(coach_key, dict) and coach_key["status"] == "analysing"
    assert fresh.wait(record, WAIT_S) is not None
    rig.controller.redraw()
    coach_key = review_of(rig)["coach"]
    assert isinstance(coach_key, dict) and coach_key["status"] == "done"
    evaluations = coach_key["evaluations"]
    assert isinstance(evaluations, list) and len(evaluations) == len(record.moves)
    fresh.close()


def test_a_round_opened_from_the_history_brings_its_kept_analysis_and_is_not_analysed_again(
    rig: Rig,
) -> None:
    coach = coached(rig)
    won_round(rig)
    record = rig.table.the_match.reviewable()
    assert record is not None
    reviews = coach.wait(record, WAIT_S)
    assert reviews is not None
    coach.close()
    fresh = Coach()  # a board restarted: the coach remembers nothing
    rig.table.context.coached_by(fresh)
    worst = max(round_mistakes(record, reviews, 15, 15), key=lambda m: (m.loss, -m.ply))
    rig.controller.post(ReviewAt(worst.ply, record, tuple(reviews)))
    rig.controller.step()
    assert review_of(rig)["ply"] == worst.ply and fresh.runs == 0
    coach_key = review_of(rig)["coach"]
    assert isinstance(coach_key, dict) and coach_key["status"] == "done"
    assert str(rig.score["message"]).startswith(worst.words)
    fresh.close()
