"""Lesson files: read through the registry, checked by the rules, refused with one clear line."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware.cli import main
from firmware.learn.lesson import LessonError
from firmware.learn.library import find_lesson, lesson_files, load_lessons, read_lesson
from firmware.rules.registry import find_teaching

GOOD = """\
title: A cull
first: blue
steps:
  - setup: [h8, a1, i8, j8]
    say: Place k8.
    expect: [k8]
    hint: Look along row 8.
  - say: Flip one.
    expect: [xi8, xj8]
    hint: Tap a blinking chip.
end: Done.
"""


def _write(tmp_path: Path, text: str, name: str = "01-cull.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_file_reads_as_its_steps(tmp_path: Path) -> None:
    lesson = read_lesson(_write(tmp_path, GOOD), "culls")
    assert (lesson.full_name, lesson.title, lesson.first) == ("culls/cull", "A cull", "blue")
    assert [step.expect for step in lesson.steps] == [("k8",), ("xi8", "xj8")]
    assert lesson.steps[1].setup is None
    assert lesson.rules["mode"] == "duel"  # defaults filled in by the game's rules


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("expect: [k8]", "expect: [h8]"), "steps[0].expect[0]: h8: h8 is taken"),
        (("[h8, a1, i8, j8]", "[h8, h8]"), "steps[0].setup[1]: h8: h8 is taken"),
        (("expect: [xi8, xj8]", "expect: [xi8, xk8]"), "steps[1].expect[0]: xk8:"),
        (("hint: Tap a blinking chip.", "hints: x"), "steps[1].hints: unknown key"),
        (("first: blue", "first: green"), "lesson.first: must be one of blue, red"),
        (("first: blue", "first: blue\nrules: {size: 3}"), "lesson.rules.size: must be"),
        (("say: Place k8.", "say: ''"), "steps[0].say: must be a sentence"),
        (("expect: [k8]", "expect: []"), "steps[0].expect: must list at least one action"),
        (("end: Done.", ""), "lesson.end: must be a sentence"),
        (("- setup: [h8, a1, i8, j8]\n    say", "- say"), "the first step must set up"),
    ],
)
def test_a_broken_file_is_one_line_naming_the_key(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    path = _write(tmp_path, GOOD.replace(*change))
    with pytest.raises(LessonError) as caught:
        read_lesson(path, "culls")
    assert str(caught.value).startswith(f"{path}: ")
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_step_that_goes_on_after_a_choice_needs_its_own_setup(tmp_path: Path) -> None:
    text = GOOD.replace("end: Done.", "  - say: Move.\n    expect: [a2]\n    hint: H.\nend: Done.")
    with pytest.raises(LessonError, match=r"steps\[2\].setup: needed"):
        read_lesson(_write(tmp_path, text), "culls")
    computer = GOOD.replace("hint: Look along row 8.", "hint: Look.\n    reply: computer")
    with pytest.raises(LessonError, match=r"steps\[1\].setup: needed"):
        read_lesson(_write(tmp_path, computer), "culls")


def test_a_file_not_named_nn_name_or_not_yaml_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LessonError, match=r"named NN-name.yaml"):
        read_lesson(_write(tmp_path, GOOD, "cull.yaml"), "culls")
    with pytest.raises(LessonError, match=r"not valid YAML"):
        read_lesson(_write(tmp_path, "title: [unclosed\n"), "culls")
    with pytest.raises(LessonError, match=r"lesson: must be a mapping"):
        read_lesson(_write(tmp_path, "- a list\n"), "culls")


def test_lessons_are_found_through_the_registry_in_each_games_folder() -> None:
    for game in ("culls", "cubulus"):
        folder = Path(find_teaching(game).lessons)
        assert folder.parts[-3:] == ("games", game, "lessons")
        assert lesson_files(game) == sorted(folder.glob("*.yaml"))
    assert load_lessons()[0].game == "culls"
    assert find_lesson("cubulus/square").title == "Squares: three ways to win"
    with pytest.raises(LessonError, match=r"no lesson 'culls/nothing' \(there are: culls/setup"):
        find_lesson("culls/nothing")


def test_the_lessons_command_prints_one_line_each_in_teaching_order(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["lessons"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [f"{lesson.full_name}  {lesson.title}" for lesson in load_lessons()]
    assert lines[:3] == [
        "culls/setup  The setup chips",
        "culls/five  Five in a row wins",
        "culls/cull  The cull: exactly two trapped",
    ]
    assert len(lines) == 13


def test_an_unknown_lesson_on_the_command_line_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--mock-hal", "--lesson", "culls/nothing"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cullsboard: --lesson: no lesson 'culls/nothing' (there are: culls/setup")
    assert err.count("\n") == 1 and "Traceback" not in err


def test_a_broken_shipped_file_makes_the_commands_say_one_line_and_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import firmware.learn.library as library
    import firmware.learn.puzzles as puzzles

    def broken_lessons(game: str | None = None) -> list[object]:
        raise LessonError("01-setup.yaml: steps[0].expect[0]: h8: h8 is taken")

    def broken_puzzles(game: str | None = None) -> list[object]:
        raise puzzles.PuzzleError("culls-win-0001.json: answers: h8: h8 is taken")

    monkeypatch.setattr(library, "load_lessons", broken_lessons)
    monkeypatch.setattr(puzzles, "load_puzzles", broken_puzzles)
    assert main(["lessons"]) == 2
    assert capsys.readouterr().err == (
        "cullsboard lessons: a lesson cannot be used: 01-setup.yaml: steps[0].expect[0]: h8: "
        "h8 is taken\n"
    )
    assert main(["puzzles"]) == 2
    assert capsys.readouterr().err == (
        "cullsboard puzzles: a puzzle cannot be used: culls-win-0001.json: answers: h8: h8 is "
        "taken\n"
    )
