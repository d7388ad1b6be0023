"""NEW during a match asks once; a second NEW within a few seconds ends it (kept in the history
as abandoned, with the round in play as far as it went), a tap or the time running out goes on
with the game. A match with nothing played, or one that is over, starts anew at once."""

from __future__ import annotations

from pathlib import Path

from firmware.controller.modes.new_match_ask import ASK_S, QUESTION
from firmware.history.store import History
from firmware.rules.api import JsonValue
from tests.controller.conftest import Rig
from tests.speech.test_said_file import said_by

RULES: dict[str, JsonValue] = {"mode": "duel", "rounds_to_win": 3}
SETUP = ("h8", "h10", "a1", "a2")


def _started(state: Path) -> Rig:
    rig = Rig(state).start("culls", dict(RULES), first="blue")
    for name in (*SETUP, "b2"):
        rig.tap(name)
    return rig


def test_the_first_new_asks_and_the_second_ends_the_match_as_abandoned(tmp_path: Path) -> None:
    state = tmp_path / "state"
    rig = _started(state)
    played = list(rig.moves)
    rig.press("new")
    assert rig.moves == played, "the first NEW only asks"
    assert rig.score["message"] == QUESTION
    rig.press("new")
    assert rig.moves == []
    rig.board.close()
    history = History(state)
    try:
        (match,) = history.matches()
        assert (match.finished, match.abandoned) == (None, "new")
        (kept,) = history.rounds(match.id)
        assert kept.status == "in_progress" and kept.record is not None
        assert kept.record["moves"] == played
    finally:
        history.close()


def test_a_tap_or_the_time_running_out_goes_on_with_the_game(tmp_path: Path) -> None:
    rig = _started(tmp_path / "state")
    played = list(rig.moves)
    rig.press("new")
    rig.tap("c3")  # takes the question back, plays nothing
    assert rig.moves == played and rig.score["message"] != QUESTION
    rig.press("new")  # asks again
    assert rig.moves == played
    rig.advance(ASK_S + 0.5)
    assert rig.score["message"] != QUESTION
    rig.press("new")  # too late for the first: it asks again
    assert rig.moves == played
    rig.press("undo")  # another button goes on with the game too
    rig.press("new")
    assert rig.moves == played[:-1]


def test_new_with_nothing_played_starts_at_once(tmp_path: Path) -> None:
    rig = Rig(tmp_path / "state").start("culls", dict(RULES), first="blue")
    rig.press("new")
    assert rig.score["message"] != QUESTION and rig.moves == []


def test_the_question_is_said_once(tmp_path: Path) -> None:
    script = "".join(f"{cell}\nwait 2000\n" for cell in (*SETUP, "b2"))
    said = said_by(script + "new\nwait 3000\nnew\nwait 3000\n", tmp_path / "run")
    texts = [text for _, text in said]
    assert texts.count(f"{QUESTION}.") + texts.count(QUESTION) == 1, texts
