"""One action, one sentence: scripted rounds on the simulated board (a computer seat, a clock,
UNDO, culls, a lesson, a review; Culls duel and teams, Cubulus for three) never say a sentence
twice for one action, and one UNDO is said once, however many actions it took back."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from tests.speech.said import said_over

W = "wait 4000\n"
SETUP = "".join(f"{cell}\n{W}" for cell in ("h8", "h10", "a1", "a2"))
UNDO_SAID = ("Taken back", "Took back")


def _actions(script: str) -> list[tuple[int, str]]:
    """Each line of ``script`` that is not a wait, with the script clock's time it comes at."""
    now, out = 0, []
    for line in script.splitlines():
        if line.startswith("wait "):
            now += int(line.split()[1])
        elif line.strip():
            out.append((now, line.strip()))
    return out


def _check(script: str, said: list[tuple[int, str]]) -> None:
    actions = _actions(script)
    bounds = [t for t, _ in actions] + [10**9]
    for (start, action), end in zip(actions, bounds[1:], strict=True):
        texts = [text for t, text in said if start <= t < end]
        twice = {text for text in texts if texts.count(text) > 1}
        assert not twice, f"after {action!r} at {start} ms, said twice: {twice}: {said}"
        undone = [text for text in texts if text.startswith(UNDO_SAID)]
        assert len(undone) <= (1 if action in ("undo", "press undo") else 0), (action, said)
    texts = [text for _, text in said]
    for before, after in itertools.pairwise(texts):
        assert before != after, f"said twice in a row: {before!r}: {said}"


DUEL = SETUP + f"b2\n{W}undo\n{W}press hint\n{W}c3\n{W}c4\n{W}undo\n{W}press resign\n{W}"
TEAMS = SETUP + f"b2\n{W}c3\n{W}undo\n{W}undo\n{W}press resign\n{W}"
CUBULUS = f"f10\n{W}g10\n{W}e10\n{W}undo\n{W}undo\n{W}f10\n{W}"
CULL = SETUP + "".join(f"{cell}\n{W}" for cell in ("e5", "f5", "o15", "g5", "h5", "g5", "m3"))
CULL += f"undo\n{W}undo\n{W}undo\n{W}"  # the move, the flip, the culling placement
LESSON = f"h8\n{W}g8\n{W}i8\n{W}undo\n{W}"
REVIEW = SETUP + f"b2\n{W}press resign\n{W}press mistakes\n{W}{W}press back\n{W}"


@pytest.mark.parametrize(
    ("script", "flags"),
    [
        (DUEL, ("--computer", "red", "--level", "1", "--clock", "5+3")),
        (DUEL, ("--clock", "turn:30")),
        (CULL, ("--clock", "5+3")),
        (TEAMS, ("--mode", "teams", "--computer", "redA", "--level", "1")),
        (CUBULUS, ("--game", "cubulus", "--players", "3")),
        (LESSON, ("--lesson", "culls/cull")),
        (REVIEW, ("--computer", "red", "--level", "1")),
    ],
    ids=["duel-computer-clock", "duel-turn", "cull", "teams", "cubulus-3", "lesson", "review"],
)
def test_each_action_is_said_once(tmp_path: Path, script: str, flags: tuple[str, ...]) -> None:
    said = said_over(script, tmp_path / "run", "--game", "culls", *flags)
    _check(script, said)


def test_one_undo_against_the_computer_on_the_clock_is_one_sentence(tmp_path: Path) -> None:
    script = SETUP + f"b2\n{W}{W}undo\n{W}"
    said = said_over(
        script,
        tmp_path / "run",
        "--game",
        "culls",
        "--computer",
        "red",
        "--level",
        "1",
        "--clock",
        "5+3",
    )
    undone = [text for _, text in said if text.startswith(UNDO_SAID)]
    assert undone == ["Took back the computer's move and yours (2 actions)."], said
