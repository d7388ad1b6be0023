"""Game review: a finished round stepped through on the board, the match left as it was."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.controller.commands.command_registry import look
from firmware.controller.commands.strip import HOLD_SECONDS
from firmware.controller.core.timing import TABLE_TIMING
from firmware.controller.match.review import ARROW_LOOK
from firmware.render.frame_json import hex_colour
from firmware.rules.api import JsonValue
from tests.controller.conftest import LAST_BLUE, Rig
from tests.controller.games import culls_round_taps
from tests.controller.test_strip import hold


def review_of(rig: Rig) -> dict[str, JsonValue]:
    review = rig.score["review"]
    assert isinstance(review, dict)
    return review


def won_round(rig: Rig) -> list[str]:
    rig.start("culls", {"mode": "duel"}, first="blue")
    taps = culls_round_taps("blue", "blue")
    for name in taps:
        rig.tap(name)
    rig.advance(TABLE_TIMING.line_show)
    return taps


def review_cell(rig: Rig) -> str:
    """Where the strip put its review command."""
    message = str(rig.score["message"])
    assert message.startswith("Commands: ") and "review " in message, message
    return message.split("review ", 1)[1].split(".", 1)[0].split(",", 1)[0]


def test_the_finished_round_is_reviewed_from_the_strip_and_left_unchanged(rig: Rig) -> None:
    taps = won_round(rig)
    before = dict(rig.score)
    hold(rig, "o15", HOLD_SECONDS)
    cell = review_cell(rig)
    rig.assert_cell_colour(cell, look("review"))
    rig.tap(cell)
    total = len(taps)
    review = rig.score["review"]
    assert review == {"game": "culls", "ply": total, "of": total, "token": taps[-1], "clock": None}
    assert rig.score["phase"] == "review"
    assert re.match(
        rf"Review of culls, move {total} of {total}: (Blue|Red) placed {taps[-1]} and made "
        rf"five in a row, \w+ to \w+: (Blue|Red) wins the round\. Back: a1 or UNDO",
        str(rig.score["message"]),
    ), rig.score["message"]
    rig.assert_cell_colour("a1", ARROW_LOOK)  # back: there are moves behind
    rig.tap("a1")
    assert review_of(rig)["ply"] == total - 1
    rig.assert_cell_colour(taps[-1], (0, 0, 0))  # the last chip is not on the board yet
    rig.press("undo")
    rig.press("undo")
    assert review_of(rig)["ply"] == total - 3
    assert rig.score["moves"] == taps[: total - 3]
    rig.tap("o1")
    assert rig.score["review"] == {
        "game": "culls",
        "ply": total - 2,
        "of": total,
        "token": taps[total - 3],
        "clock": None,
    }
    for _ in range(total):
        rig.tap("a1")
    assert review_of(rig)["ply"] == 0
    assert rig.score["error"] == "that is the start of the round"
    rig.tap(taps[0])  # other cells do nothing while reviewing
    assert review_of(rig)["ply"] == 0
    rig.press("menu")  # leaves
    after = dict(rig.score)
    assert after["review"] is None
    for key in ("phase", "moves", "round", "scores", "status", "winner", "position"):
        assert after[key] == before[key], key


def test_in_review_the_strip_steps_and_leaves(rig: Rig) -> None:
    taps = won_round(rig)
    hold(rig, "o15", HOLD_SECONDS)
    rig.tap(review_cell(rig))
    hold(rig, "a15", HOLD_SECONDS)
    assert rig.score["message"] == (
        "Commands: back f8, forward h8, leave j8. Tap one, or any other cell to close"
    )
    rig.tap("f8")
    assert review_of(rig)["ply"] == len(taps) - 1
    hold(rig, "a15", HOLD_SECONDS)
    rig.tap("j8")
    assert rig.score["review"] is None and rig.score["phase"] == "round_over"


def test_the_strip_offers_review_only_with_a_finished_round(rig: Rig) -> None:
    rig.start("culls", {"mode": "duel"}, first="blue")
    rig.tap("c3")
    hold(rig, "o15", HOLD_SECONDS)
    assert "review" not in str(rig.score["message"])


def test_an_archived_match_can_be_reviewed_after_the_next_starts(rig: Rig) -> None:
    taps = won_round(rig)
    rig.press("new")  # NEW during the match asks first
    rig.press("new")  # the won match goes to the archive
    assert rig.moves == []
    hold(rig, "a1", HOLD_SECONDS)
    rig.tap(review_cell(rig))
    assert review_of(rig)["of"] == len(taps)
    rig.press("menu")
    assert rig.score["phase"] == "playing" and rig.moves == []


@pytest.mark.parametrize("options_first", [False, True], ids=["after", "before"])
def test_review_file_runs_the_simulated_board_on_the_record(
    options_first: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = {"format": 1, "game": "culls", "first": "blue", "moves": ["h8", "i8", "c3"]}
    (tmp_path / "round.json").write_text(json.dumps(record), encoding="utf-8")
    (tmp_path / "steps.txt").write_text("touch a1\npress undo\n", encoding="utf-8")
    frames = tmp_path / "frames.jsonl"
    options = ["--mock-hal", "--web", "off", "--script", str(tmp_path / "steps.txt")]
    options += ["--frames", str(frames), "--state-dir", str(tmp_path / "s")]
    command = ["review", str(tmp_path / "round.json")]
    # `cullsboard --mock-hal review FILE` keeps the options given before the command
    assert main([*options, *command] if options_first else [*command, *options]) == 0
    assert capsys.readouterr().err == ""
    last = json.loads(frames.read_text().splitlines()[-1])
    h8 = last["grid"][15 - 8][7]
    assert h8 == hex_colour(LAST_BLUE), "after two steps back only blue's h8 shows"
    assert last["grid"][15 - 8][8] == "#000000"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"format":1,"game":"culls","first":"blue","moves":["h8","h8"]}', "ply 2: h8"),
        ("", "invalid record: the record is empty"),
    ],
)
def test_review_of_a_bad_file_is_one_line(
    text: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "bad.json").write_text(text, encoding="utf-8")
    assert main(["review", str(tmp_path / "bad.json"), "--mock-hal"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and err.startswith("cullsboard review: ")
