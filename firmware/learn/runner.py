"""A lesson played step by step: the position, the sentence, the cells to touch, the answer.

Pure and game-agnostic: the rules judge every action, the board adapter says what a touch means
and where an action is touched; no clock, no I/O. A right action is answered (the step's scripted
reply, or the computer at level 1 on a node budget) and the next step is set up; a wrong one
changes nothing and gets the step's hint.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from firmware.controller.adapter import BoardAdapter, Refusal, cells_for_token
from firmware.learn.lesson import COMPUTER, Lesson, LessonError, step_position
from firmware.rules.api import Game, GameState, JsonValue
from firmware.rules.budget import Budget
from firmware.rules.grid import cell_name, parse_board_cell
from firmware.rules.players import GamePlayer

COMPUTER_LEVEL = 1
REPLY_NODES = 4_000  # the computer's budget for a lesson reply: a few milliseconds


@dataclass(frozen=True, slots=True)
class Answer:
    """What the lesson says to an action: right or not, the words, the tokens that answered it."""

    right: bool
    said: str
    replies: tuple[str, ...] = ()


class LessonRun:
    """One lesson in progress on a board of ``columns`` x ``rows`` cells."""

    def __init__(
        self,
        lesson: Lesson,
        game: Game,
        board: BoardAdapter,
        *,
        player: GamePlayer | None,
        rng: random.Random,
        columns: int = 15,
        rows: int = 15,
    ) -> None:
        if lesson.game != game.name or board.name != game.name:
            raise LessonError(f"{lesson.full_name}: not a lesson of {game.name}")
        self._lesson = lesson
        self._game = game
        self._board = board
        self._player = player
        self._rng = rng
        self._columns = columns
        self._rows = rows
        self._index = 0
        self._state = step_position(lesson, game, 0, None)

    @property
    def lesson(self) -> Lesson:
        return self._lesson

    @property
    def game(self) -> str:
        return self._lesson.game

    @property
    def hint(self) -> str:
        """The hint of the step shown (the lesson's last words once done)."""
        return self.say if self.done else self._lesson.steps[self._index].hint

    @property
    def state(self) -> GameState:
        """A copy of the position on the board now."""
        return self._state.copy()

    @property
    def done(self) -> bool:
        return self._index >= len(self._lesson.steps)

    @property
    def step(self) -> int:
        """The step shown, from 1 (the last one once the lesson is done)."""
        return min(self._index + 1, len(self._lesson.steps))

    @property
    def say(self) -> str:
        """The sentence for now: the step's, or the lesson's last words once done."""
        return self._lesson.end if self.done else self._lesson.steps[self._index].say

    def cells(self) -> list[str]:
        """The board cells to touch for a right action (none once done)."""
        if self.done:
            return []
        names = {
            cell_name(cell)
            for token in self._lesson.steps[self._index].expect
            for cell in cells_for_token(self._board, self._state, token, self._columns, self._rows)
        }
        return sorted(names, key=lambda name: (name[0], int(name[1:])))

    def touch(self, name: str) -> Answer:
        """A touch on the board cell called ``name`` (``h8``)."""
        if self.done:
            return Answer(False, self.say)
        try:
            cell = parse_board_cell(name, self._columns, self._rows)
        except ValueError as exc:
            return self._wrong(str(exc))
        token = self._board.token_for(self._state, cell, self._columns, self._rows)
        if isinstance(token, Refusal):
            return self._wrong(str(token))
        return self.play(token)

    def play(self, token: str) -> Answer:
        """An action as a token; right ones are answered and the next step is set up."""
        if self.done:
            return Answer(False, self.say)
        step = self._lesson.steps[self._index]
        reason = self._state.why_illegal(token)
        if reason is not None:
            return self._wrong(reason)
        if token not in step.expect:
            return self._wrong("")
        learner = self._state.to_move()
        self._state.apply(token)
        replies = self._answer(step.reply, learner)
        self._index += 1
        if not self.done:
            self._state = step_position(self._lesson, self._game, self._index, self._state)
        return Answer(True, step.right or "Right.", replies)

    def view(self) -> dict[str, JsonValue]:
        """The lesson as the scoreboard shows it (docs/scoreboard.md)."""
        return {
            "name": self._lesson.full_name,
            "title": self._lesson.title,
            "step": self.step,
            "steps": len(self._lesson.steps),
            "say": self.say,
            "cells": list(self.cells()),
            "done": self.done,
        }

    def _wrong(self, reason: str) -> Answer:
        hint = self._lesson.steps[self._index].hint
        said = f"{reason}. {hint}" if reason else hint
        return Answer(False, said)

    def _answer(self, reply: tuple[str, ...] | str, learner: str | None) -> tuple[str, ...]:
        """The scripted reply, or the computer's turn (all its tokens until the learner acts)."""
        if reply != COMPUTER:
            tokens = tuple(reply)
            for token in tokens:
                self._state.apply(token)
            return tokens
        played: list[str] = []
        while self._player is not None and self._state.to_move() not in (None, learner):
            budget = Budget(max_nodes=REPLY_NODES)
            choice = self._player.choose(self._state, COMPUTER_LEVEL, budget, self._rng)
            self._state.apply(choice.token)
            played.append(choice.token)
        return tuple(played)
