"""``cullsboard lessons``: every lesson, one line each (``GAME/NAME  title``), in teaching order."""

from __future__ import annotations

import argparse

from firmware.commands.errors import CommandError


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "lessons",
        help="list the lessons, one line each (GAME/NAME  title)",
        description="List every lesson as GAME/NAME and its title, in teaching order.",
    )
    parser.set_defaults(run=run)


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
