"""Every game's lessons, read from the folder each game registers (``Teaching.lessons``).

A lesson file is ``NN-name.yaml``: ``NN`` orders the lessons of a game for teaching, ``name`` is
the lesson's name (``culls/cull``). Games come in the registry's order.
"""

from __future__ import annotations

import re
from pathlib import Path

from firmware.config.errors import ConfigError
from firmware.config.load import read_yaml
from firmware.learn.lesson import Lesson, LessonError, parse_lesson
from firmware.rules.registry import find_game, find_teaching, game_names

FILE = re.compile(r"(\d{2})-([a-z][a-z0-9-]*)\.yaml")
MAX_LESSON_BYTES = 100_000


def lesson_files(game: str) -> list[Path]:
    """The lesson files of ``game`` in teaching order (their ``NN-`` prefix)."""
    folder = Path(find_teaching(game).lessons)
    if not folder.is_dir():
        return []
    return sorted(path for path in folder.iterdir() if path.suffix == ".yaml")


def read_lesson(path: Path, game: str) -> Lesson:
    """One lesson file of ``game``; LessonError names the file and what is wrong."""
    match = FILE.fullmatch(path.name)
    if match is None:
        raise LessonError(f"{path}: a lesson file is named NN-name.yaml (01-setup.yaml)")
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_LESSON_BYTES + 1)
        if len(data) > MAX_LESSON_BYTES:
            raise LessonError(f"{path}: longer than {MAX_LESSON_BYTES} bytes")
        raw = read_yaml(data.decode("utf-8"))
        return parse_lesson(raw, find_game(game), match.group(2))
    except (OSError, UnicodeDecodeError) as exc:
        raise LessonError(f"{path}: cannot be read ({exc})") from None
    except (ConfigError, LessonError) as exc:
        raise LessonError(f"{path}: {exc}") from None


def load_lessons(game: str | None = None) -> list[Lesson]:
    """Every lesson (or those of ``game``), in teaching order."""
    games = game_names() if game is None else [game]
    return [read_lesson(path, name) for name in games for path in lesson_files(name)]


def find_lesson(full_name: str) -> Lesson:
    """The lesson called ``GAME/NAME``; LessonError lists the lessons there are."""
    game, _, name = full_name.partition("/")
    if game in game_names():
        for lesson in load_lessons(game):
            if lesson.name == name:
                return lesson
    known = ", ".join(lesson.full_name for lesson in load_lessons())
    raise LessonError(f"no lesson {full_name!r} (there are: {known})")
