"""A lesson as data: its steps, read from a decoded lesson file and checked against the rules.

A lesson file (YAML, one per lesson, in the game's ``lessons/`` folder) holds::

    title: The cull
    rules: {mode: duel}        # optional rule switches (records.md)
    first: blue                # who moved first in the lesson's game
    steps:
      - setup: [h8, i9, ...]   # the moves from the start; a step without it goes on from the last
        say: Trap two red chips between two of yours.
        expect: [k8]           # the actions that are right
        hint: Look along row 8.
        right: Two red chips are trapped.   # optional, said after a right action
        reply: [l8]            # optional: the scripted answer, or "computer" (level 1)
    end: You know the cull.

Every token is checked here by the game's rules, so a lesson that loads is one that can be
completed; a step that goes on from the last needs a single right action and a scripted reply.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from firmware.errors import InputError
from firmware.rules.api import Game, GameState, IllegalActionError, InvalidRecordError, JsonValue

COMPUTER = "computer"
NAME = re.compile(r"[a-z][a-z0-9-]{0,30}")
MAX_SENTENCE = 200
_LESSON_KEYS = ("title", "rules", "first", "steps", "end")
_STEP_KEYS = ("setup", "say", "expect", "hint", "right", "reply")


class LessonError(InputError):
    """A lesson file that cannot be used; the message names the file and the key."""


@dataclass(frozen=True, slots=True)
class Step:
    """One position, one sentence, the right actions and the answer to them."""

    say: str
    expect: tuple[str, ...]
    hint: str
    setup: tuple[str, ...] | None = None  # None: go on from the previous step
    right: str = ""
    reply: tuple[str, ...] | str = ()  # scripted tokens, or COMPUTER


@dataclass(frozen=True, slots=True)
class Lesson:
    """A lesson of one game: ``name`` as in ``culls/cull``."""

    game: str
    name: str
    title: str
    rules: Mapping[str, JsonValue]
    first: str
    steps: tuple[Step, ...]
    end: str

    @property
    def full_name(self) -> str:
        return f"{self.game}/{self.name}"


def _text(raw: Mapping[object, object], key: str, where: str, *, required: bool = True) -> str:
    value = raw.get(key, None if required else "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise LessonError(f"{where}.{key}: must be a sentence (text)")
    if len(value) > MAX_SENTENCE:
        raise LessonError(f"{where}.{key}: longer than {MAX_SENTENCE} characters")
    return " ".join(value.split())


def _tokens(raw: object, where: str) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(token, str) for token in raw):
        raise LessonError(f"{where}: must be a list of actions (tokens such as h8)")
    return tuple(raw)


def _keys(raw: object, allowed: tuple[str, ...], where: str) -> Mapping[object, object]:
    if not isinstance(raw, Mapping):
        raise LessonError(f"{where}: must be a mapping of {', '.join(allowed)}")
    for key in raw:
        if key not in allowed:
            raise LessonError(f"{where}.{key}: unknown key (allowed: {', '.join(allowed)})")
    return raw


def _step(raw: object, where: str) -> Step:
    entry = _keys(raw, _STEP_KEYS, where)
    setup = entry.get("setup")
    reply = entry.get("reply", [])
    expect = _tokens(entry.get("expect"), f"{where}.expect")
    if not expect or len(set(expect)) != len(expect):
        raise LessonError(f"{where}.expect: must list at least one action, each once")
    return Step(
        say=_text(entry, "say", where),
        expect=expect,
        hint=_text(entry, "hint", where),
        setup=None if setup is None else _tokens(setup, f"{where}.setup"),
        right=_text(entry, "right", where, required=False),
        reply=COMPUTER if reply == COMPUTER else _tokens(reply, f"{where}.reply"),
    )


def parse_lesson(raw: object, game: Game, name: str) -> Lesson:
    """A decoded lesson file as a checked ``Lesson`` of ``game`` (else LessonError says why)."""
    if not NAME.fullmatch(name):
        raise LessonError(f"{name!r}: a lesson name is lower-case letters, digits and dashes")
    entry = _keys(raw, _LESSON_KEYS, "lesson")
    rules_raw = entry.get("rules", {})
    if not isinstance(rules_raw, Mapping):
        raise LessonError("lesson.rules: must be a mapping of rule switches (records.md)")
    try:
        rules = game.parse_rules({str(key): value for key, value in rules_raw.items()})
    except InvalidRecordError as exc:
        raise LessonError(f"lesson.{exc}") from None
    first = entry.get("first")
    if first not in game.colours(rules):
        raise LessonError(f"lesson.first: must be one of {', '.join(game.colours(rules))}")
    steps_raw = entry.get("steps")
    if not isinstance(steps_raw, list) or not steps_raw:
        raise LessonError("lesson.steps: must be a list of at least one step")
    steps = tuple(_step(step, f"steps[{index}]") for index, step in enumerate(steps_raw))
    lesson = Lesson(
        game.name,
        name,
        _text(entry, "title", "lesson"),
        rules,
        str(first),
        steps,
        _text(entry, "end", "lesson"),
    )
    check_lesson(lesson, game)
    return lesson


def _play(state: GameState, tokens: tuple[str, ...], where: str) -> None:
    for index, token in enumerate(tokens):
        try:
            state.apply(token)
        except IllegalActionError as exc:
            raise LessonError(f"{where}[{index}]: {token}: {exc.reason}") from None


def step_position(lesson: Lesson, game: Game, index: int, before: GameState | None) -> GameState:
    """The position of step ``index``: its setup from the start, or ``before`` (the last one's)."""
    step = lesson.steps[index]
    if step.setup is None:
        if before is None:
            raise LessonError(f"steps[{index}].setup: the first step must set up its position")
        return before
    state = game.new_state(lesson.rules, lesson.first)
    _play(state, step.setup, f"steps[{index}].setup")
    return state


def check_lesson(lesson: Lesson, game: Game) -> None:
    """Play every step's right actions and replies through the rules; LessonError if one fails."""
    before: GameState | None = None
    for index, step in enumerate(lesson.steps):
        where = f"steps[{index}]"
        state = step_position(lesson, game, index, before)
        if state.outcome().is_over:
            raise LessonError(f"{where}: the game is already over in this position")
        for token in step.expect:
            after = state.copy()
            _play(after, (token,), f"{where}.expect")
            if isinstance(step.reply, tuple):
                _play(after, step.reply, f"{where}.reply")
        goes_on = index + 1 < len(lesson.steps) and lesson.steps[index + 1].setup is None
        if goes_on and (len(step.expect) != 1 or not isinstance(step.reply, tuple)):
            raise LessonError(
                f"steps[{index + 1}].setup: needed, as the position after step {index + 1} "
                "depends on the player's choice or the computer's reply"
            )
        state.apply(step.expect[0])
        if isinstance(step.reply, tuple):
            for token in step.reply:
                state.apply(token)
        before = state
