"""The café's clock (play.clock) changed on the staff page, then the board restarted: the match
in progress plays its current round as it began, says so, and takes the new clock from its next
round; an unchanged café clock changes nothing."""

from __future__ import annotations

from pathlib import Path

from firmware.controller.core.timing import TABLE_TIMING
from firmware.rules.api import JsonValue
from firmware.rules.time_control import parse_time_control
from tests.controller.conftest import Rig
from tests.controller.games import culls_round_taps

MATCH: dict[str, JsonValue] = {"mode": "duel", "rounds_to_win": 3}


def control(rig: Rig) -> JsonValue:
    """The clock's control of the round on the board (None: untimed)."""
    clock = rig.score["clock"]
    return clock["control"] if isinstance(clock, dict) else None


def board(state: Path, cafe_clock: str) -> Rig:
    return Rig(state, time_control=parse_time_control(cafe_clock))


def test_a_match_takes_the_cafes_new_clock_from_its_next_round(tmp_path: Path) -> None:
    state = tmp_path / "state"
    taps = culls_round_taps("blue", "blue")
    rig = board(state, "none").start("culls", MATCH, first="blue")
    for cell in taps[:3]:
        rig.tap(cell)
    rig.board.close()  # the staff set the clock to 5+3 and pressed Restart

    back = board(state, "5+3").start()
    assert back.moves == taps[:3]
    assert control(back) is None  # this round goes on as it began
    assert back.score["clock_next"] == "5+3"
    assert "5+3 clock: from next round" in str(back.score["message"])
    for cell in taps[3:]:
        back.tap(cell)
    assert back.score["phase"] == "round_over"
    back.advance(TABLE_TIMING.line_show)
    back.tap("h8")  # the next round
    assert control(back) == "5+3"
    assert "clock_next" not in back.score
    back.board.close()

    again = board(state, "5+3").start()  # a later restart: the match keeps its new clock
    assert control(again) == "5+3"
    assert "clock_next" not in again.score


def test_an_unchanged_cafe_clock_leaves_the_match_as_it_began(tmp_path: Path) -> None:
    state = tmp_path / "state"
    rig = board(state, "5+3").start("culls", MATCH, first="blue")
    rig.board.close()
    back = board(state, "5+3").start()
    assert "clock_next" not in back.score
    assert control(back) in (None, "5+3")
