"""UNDO after a loss on time is refused and says why, once per press, and journals nothing: the
clock that ran out would only run out again. A board restarted after it refuses the same way."""

from __future__ import annotations

from pathlib import Path

from tests.speech.said import said_over

SETUP = "h8\nh10\na1\na2\n"
LOST = "the round was lost on time: UNDO cannot give time back."
OUT = "a player ran out of time: UNDO cannot give time back."


def run(script: str, folder: Path, state: Path, *flags: str) -> list[str]:
    """The sentences said over ``script`` on the simulated board whose state is in ``state``."""
    return [text for _, text in said_over(script, folder, *flags, state=state)]


def test_undo_after_a_loss_on_time_is_refused_with_why(tmp_path: Path) -> None:
    state = tmp_path / "state"
    flags = ("--game", "culls", "--clock", "turn:5")
    script = SETUP + "wait 8000\nundo\nwait 4000\nundo\nwait 4000\n"
    said = run(script, tmp_path / "a", state, *flags)
    assert said.count(LOST) == 2, said
    assert said.count("Red won on time: round 1. Blue 0, Red 1.") == 1, said
    journal = (state / "journal.jsonl").read_text(encoding="utf-8").splitlines()
    assert journal[-1] == '{"e":"end","reason":"time","winner":"red"}', journal[-3:]
    again = run("undo\nwait 4000\n", tmp_path / "b", state)  # resumed as it was left
    assert again.count(LOST) == 1, again
    assert (state / "journal.jsonl").read_text(encoding="utf-8").splitlines() == journal


def test_undo_after_a_cubulus_player_ran_out_of_time_is_refused(tmp_path: Path) -> None:
    flags = ("--game", "cubulus", "--players", "3", "--clock", "turn:5")
    said = run("wait 6000\nundo\nwait 4000\n", tmp_path / "a", tmp_path / "state", *flags)
    assert said.count(OUT) == 1, said
