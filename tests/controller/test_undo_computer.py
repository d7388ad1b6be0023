"""UNDO against the computer takes back to the person's own last turn, in both games: the
computer's reply and the person's move go, and the computer does not play again."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from firmware.controller.core.adapter import cells_for_token
from firmware.controller.core.events import EventLog, MoveApplied, MoveUndone
from firmware.controller.core.players import PlayerKind
from tests.controller.test_computer_seat import ComputerRig, _let_it_think


def _person_to_act(rig: ComputerRig) -> bool:
    seat = rig.table.seat_to_act()
    return seat is not None and rig.table.players[seat].kind == PlayerKind.HERE


def _person_plays(rig: ComputerRig) -> None:
    state = rig.table.match.current  # type: ignore[union-attr]
    assert state is not None and rig.table.adapter is not None and _person_to_act(rig)
    tokens = sorted(state.legal_actions())
    random.Random(len(rig.moves)).shuffle(tokens)  # scattered: no line of its own by chance
    for token in tokens:
        cells = cells_for_token(rig.table.adapter, state, token, 15, 15)
        if cells:
            rig.tap_cell(cells[0])
            return
    raise AssertionError("no legal action can be tapped")


def _until_the_person_acts(rig: ComputerRig) -> None:
    for _ in range(20):
        if _person_to_act(rig):
            return
        _let_it_think(rig)
    raise AssertionError(
        f"the computer never handed the turn back: {rig.moves} {rig.score['phase']}"
    )


@pytest.mark.parametrize(
    ("game", "rules", "first"),
    [("culls", {"mode": "duel"}, "blue"), ("cubulus", {"players": 2}, "black")],
)
def test_undo_goes_back_to_the_person_s_last_turn(
    tmp_path: Path, game: str, rules: dict[str, object], first: str
) -> None:
    rig = ComputerRig(tmp_path, "red", 1, physical=False)
    log = EventLog(rig.events)
    rig.start(game, dict(rules), first=first)  # type: ignore[arg-type]
    _until_the_person_acts(rig)
    _person_plays(rig)  # one turn each before, so the game is under way
    _until_the_person_acts(rig)
    last_ply_at = len(rig.moves)
    while _person_to_act(rig):  # the person's whole turn; its last action is the one undone
        last_ply_at = len(rig.moves)
        log.clear()
        _person_plays(rig)
        if any(e.seat != 0 for e in log.of(MoveApplied)):
            break  # the computer's reply came in the same step
    _until_the_person_acts(rig)  # the computer has replied
    replied = list(rig.moves)
    assert len(replied) > last_ply_at + 1
    log.clear()
    rig.press("undo")
    rig.seating.thinker.join(60)
    rig.controller.step()
    assert _person_to_act(rig), "the person is to act again"
    assert rig.moves == replied[:last_ply_at]
    assert [e.token for e in log.of(MoveUndone)] == list(reversed(replied[len(rig.moves) :]))
    said = [e.said for e in log.of(MoveUndone) if e.said is not None]
    assert str(rig.score["last_action"]).startswith("Took back the computer's move and yours")
    assert said == [rig.score["last_action"]], "one UNDO, one sentence"
    assert not rig.seating.thinker.thinking(), "the computer does not play again"
