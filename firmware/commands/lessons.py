"""``cullsboard lessons``: every lesson, one line each (``GAME/NAME  title``), in teaching order."""

from __future__ import annotations

import argparse

from firmware.commands.errors import CommandError


def run(args: argparse.Namespace) -> int:
    from firmware.learn.lesson import LessonError
    from firmware.learn.library import load_lessons

    try:
        lessons = load_lessons()
    except LessonError as exc:
        raise CommandError(f"a lesson cannot be used: {exc}") from None
    for lesson in lessons:
        print(f"{lesson.full_name}  {lesson.title}")
    return 0
