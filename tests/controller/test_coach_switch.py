"""``computer.coach``: false builds no coach, so no finished round is analysed in the background
and "show my mistakes" is not offered; true (the default) has both."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware.config.load import parse_config
from firmware.controller.coach.coach import Coach
from firmware.controller.core.live import Press, Touch
from firmware.rules.game_and_rules import GameAndRules
from firmware.rules.grid import parse_board_cell
from firmware.wiring.session import Session, build_session
from firmware.wiring.settings import simulated
from firmware.wiring.spec import RunSpec, plan_board

NO_COACH = "there is no finished round to look at with the coach"


def lost_to_the_computer(config: str, state_dir: Path) -> Session:
    """A board of ``config`` (not scripted: as the real board builds its coach) whose player at
    the board has resigned a round against the computer."""
    spec = RunSpec(
        simulated=True, seed=3, game=GameAndRules("culls", {"mode": "duel"}), computer="red"
    )
    session = build_session(
        plan_board(spec, simulated(parse_config(config))), state_dir=state_dir, complain=print
    )
    controller = session.controller
    score = controller.view().score
    assert score["to_move"] == "blue", score  # the player at the board acts first
    controller.submit(Press("resign"))
    controller.step()
    asked = str(controller.view().score["message"])
    cell = asked.split("blinking cell ")[1].split()[0]
    controller.submit(Touch(parse_board_cell(cell, 15, 15)))
    controller.step()
    assert controller.view().score["phase"] == "round_over"
    return session


OFF = "computer:\n  coach: false\n"


@pytest.mark.parametrize(("config", "coached"), [("", True), (OFF, False)])
def test_the_coach_and_show_my_mistakes_follow_computer_coach(
    config: str, coached: bool, tmp_path: Path
) -> None:
    session = lost_to_the_computer(config, tmp_path)
    try:
        coach = session.table.context.coach
        assert isinstance(coach, Coach) if coached else coach is None
        controller = session.controller
        score = controller.view().score
        assert score["show_mistakes"] is coached
        controller.submit(Press("mistakes"))
        controller.step()
        score = controller.view().score
        assert (score["phase"] == "review") is coached, score
        assert (score.get("error") == NO_COACH) is not coached, score
    finally:
        if isinstance(session.table.context.coach, Coach):
            session.table.context.coach.close()
        session.finish(None)
