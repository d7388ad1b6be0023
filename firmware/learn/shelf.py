"""The lessons and puzzles shipped in the games' folders, read once, when first asked for."""

from __future__ import annotations

from collections.abc import Sequence

from firmware.learn.lesson import Lesson
from firmware.learn.library import load_lessons
from firmware.learn.puzzles import Puzzle, load_puzzles


class Shelf:
    """The table's ``Learning``: the files of every game, kept after the first read."""

    def __init__(self) -> None:
        self._lessons: list[Lesson] | None = None
        self._puzzles: dict[str, list[Puzzle]] = {}

    def lessons(self) -> Sequence[Lesson]:
        if self._lessons is None:
            self._lessons = load_lessons()
        return self._lessons

    def puzzles(self, game: str) -> Sequence[Puzzle]:
        if game not in self._puzzles:
            self._puzzles[game] = load_puzzles(game)
        return self._puzzles[game]
