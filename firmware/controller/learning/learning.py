"""Lessons and puzzles at the table: where they come from and how a run of each is built.

The table takes a ``Learning`` (the composition root gives it the files' reader) and builds the
pure runners of ``firmware.learn`` for the game asked, through the registry: no game is named.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from firmware.controller.core.adapter import board_adapter
from firmware.controller.learning.lesson_run import LessonRun
from firmware.controller.learning.puzzle_run import PuzzleRun
from firmware.learn.lesson import Lesson, LessonError
from firmware.learn.puzzles import Puzzle
from firmware.rules.api import InvalidRecordError
from firmware.rules.players import GamePlayer
from firmware.rules.registry import find_game, find_player, find_teaching


class Learning(Protocol):
    """The lessons and puzzles a board can offer."""

    def lessons(self) -> Sequence[Lesson]:
        """Every lesson, in teaching order; LessonError if a lesson file cannot be used."""

    def puzzles(self, game: str) -> Sequence[Puzzle]:
        """The puzzles of ``game``; ValueError if a puzzle file cannot be used."""


def lesson_named(learning: Learning, name: str) -> Lesson:
    """The lesson ``GAME/NAME``, or a game's first lesson for ``GAME``; LessonError if none."""
    lessons = learning.lessons()
    for lesson in lessons:
        if name in (lesson.full_name, lesson.game):
            return lesson
    known = ", ".join(lesson.full_name for lesson in lessons) or "none"
    raise LessonError(f"no lesson {name!r} (there are: {known})")


def next_lesson(learning: Learning, lesson: Lesson) -> Lesson | None:
    """The lesson of the same game after ``lesson`` in teaching order, if there is one."""
    same = [other for other in learning.lessons() if other.game == lesson.game]
    names = [other.full_name for other in same]
    at = names.index(lesson.full_name) if lesson.full_name in names else len(same)
    return same[at + 1] if at + 1 < len(same) else None


def _player(game: str) -> GamePlayer | None:
    try:
        return find_player(game)
    except InvalidRecordError:
        return None


def lesson_run(lesson: Lesson, rng: random.Random, columns: int, rows: int) -> LessonRun:
    """``lesson`` set up at its first step on a board of ``columns`` x ``rows``."""
    game = lesson.game
    return LessonRun(
        lesson,
        find_game(game),
        board_adapter(game),
        player=_player(game),
        rng=rng,
        columns=columns,
        rows=rows,
    )


def puzzle_run(
    learning: Learning, game: str, rng: random.Random, columns: int, rows: int, first: str = ""
) -> PuzzleRun:
    """``game``'s puzzles from the first, or from the one whose id is ``first``; ValueError if it
    has none, or none with that id."""
    puzzles = learning.puzzles(game)
    ids = [puzzle.id for puzzle in puzzles]
    if first and first not in ids:
        raise ValueError(f"{game} has no puzzle {first!r}")
    return PuzzleRun(
        puzzles,
        board_adapter(game),
        find_teaching(game).tasks,
        start=ids.index(first) if first else 0,
        player=_player(game),
        rng=rng,
        columns=columns,
        rows=rows,
    )
