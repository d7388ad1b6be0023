"""A lesson played step by step: the position, the sentence, the cells to touch, the answer.

Pure and game-agnostic: the rules judge every action, the board adapter says what a touch means
and where an action is touched; no clock, no I/O. A right action is answered (the step's scripted
reply, or the computer at level 1 on a node budget) and its result shown (the five lit, the
flipped chip) until the player taps the cell to go on, which the sentence names and which no
piece covers; then the next step is set up. A wrong one changes nothing and gets the hint.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from firmware.controller.core.adapter import BoardAdapter, Refusal, cells_for_token
from firmware.learn.lesson import COMPUTER, Lesson, LessonError, step_position
from firmware.render.stack import LightStack
from firmware.rules.api import Game, GameState, JsonValue
from firmware.rules.budget import Budget
from firmware.rules.grid import cell_name, parse_board_cell
from firmware.rules.players import GamePlayer

COMPUTER_LEVEL = 1
REPLY_NODES = 4_000  # the computer's budget for a lesson reply: a few milliseconds
MAX_CELLS_NAMED = 8  # more lit cells than this are a region the sentence describes


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
        self._result: str | None = None  # a right action's words, while its result is shown
        self._go_on: str | None = None

    @property
    def lesson(self) -> Lesson:
        return self._lesson

    @property
    def game(self) -> str:
        return self._lesson.game

    @property
    def hint(self) -> str:
        """The hint of the step shown (what to tap to go on while a result is shown)."""
        return self.say if self.showing or self.done else self._lesson.steps[self._index].hint

    @property
    def state(self) -> GameState:
        """A copy of the position on the board now."""
        return self._state.copy()

    @property
    def done(self) -> bool:
        return self._index >= len(self._lesson.steps)

    @property
    def showing(self) -> bool:
        """A right action's result is shown until the player taps ``go_on`` (not once done)."""
        return self._result is not None and not self.done

    @property
    def go_on(self) -> str | None:
        """The cell to tap to go on, while a result is shown or once done: the centre, or the
        unlit cell nearest to it, so that it never covers a piece."""
        if not (self.showing or self.done):
            return None
        if self._go_on is None:
            self._go_on = go_on_cell(self._board, self._state, self._columns, self._rows)
        return self._go_on

    @property
    def step(self) -> int:
        """The step shown, from 1: while its result is shown the step answered (the last one
        once the lesson is done)."""
        if self._result is not None:
            return self._index
        return self._index + 1

    @property
    def say(self) -> str:
        """The sentence for now: the step's; while a result is shown, the right action's words
        and the cell to tap to go on; once done, those and the lesson's last words."""
        result = f"{self._result} " if self._result else ""
        if self.done:
            return f"{result}{self._lesson.end} Tap {self.go_on} to go on."
        if self.showing:
            return f"{result}Tap {self.go_on} to go on."
        return named_cells(self._lesson.steps[self._index].say, self.cells())

    def cells(self) -> list[str]:
        """The board cells to touch for a right action (none while a result is shown)."""
        if self.done or self.showing:
            return []
        names = {
            cell_name(cell)
            for token in self._lesson.steps[self._index].expect
            for cell in cells_for_token(self._board, self._state, token, self._columns, self._rows)
        }
        return sorted(names, key=lambda name: (name[0], int(name[1:])))

    def touch(self, name: str) -> Answer:
        """A touch on the board cell called ``name`` (``h8``); while a result is shown, the
        ``go_on`` cell sets up the next step."""
        if self.done:
            return Answer(False, self.say)
        if self.showing:
            if name != self.go_on:
                return Answer(False, f"tap {self.go_on} to go on")
            self._result, self._go_on = None, None
            self._state = step_position(self._lesson, self._game, self._index, self._state)
            return Answer(True, self.say)
        try:
            cell = parse_board_cell(name, self._columns, self._rows)
        except ValueError as exc:
            return self._wrong(str(exc))
        token = self._board.token_for(self._state, cell, self._columns, self._rows)
        if isinstance(token, Refusal):
            return self._wrong(str(token))
        return self.play(token)

    def play(self, token: str) -> Answer:
        """An action as a token; a right one is answered, and its result shown until go on."""
        if self.done or self.showing:
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
        self._result, self._go_on = step.right or "Right.", None
        return Answer(True, self._result, replies)

    def view(self) -> dict[str, JsonValue]:
        """The lesson as the scoreboard shows it (docs/scoreboard.md)."""
        return {
            "name": self._lesson.full_name,
            "title": self._lesson.title,
            "step": self.step,
            "steps": len(self._lesson.steps),
            "say": self.say,
            "cells": list(self.cells()),
            "go_on": self.go_on,
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


def named_cells(sentence: str, cells: list[str]) -> str:
    """``sentence`` with the lit ``cells`` named after it, those it does not name already, so
    that a player who cannot see the lights hears where to touch ("... The lit cell is f9.")."""
    words = set(re.findall(r"[a-z]\d+", sentence))
    unnamed = [name for name in cells if name not in words]
    if not unnamed or len(unnamed) > MAX_CELLS_NAMED:
        return sentence
    if len(cells) == 1:
        return f"{sentence} The lit cell is {cells[0]}."
    listed = ", ".join(cells[:-1]) + f" and {cells[-1]}"
    return f"{sentence} The lit cells are {listed}."


def go_on_cell(board: BoardAdapter, state: GameState, columns: int, rows: int) -> str:
    """The cell to tap to go on from ``state``: the board's centre if the position lights
    nothing there, else the unlit cell nearest to it."""
    stack = LightStack(columns, rows)
    board.lights(stack, state, 0.0)
    lit = stack.lit_cells()
    cx, cy = columns // 2, rows // 2
    dark = [(x, y) for x in range(columns) for y in range(rows) if (x, y) not in lit]
    if not dark:
        return cell_name((cx, cy))
    best = min(
        dark,
        key=lambda c: (max(abs(c[0] - cx), abs(c[1] - cy)), abs(c[0] - cx) + abs(c[1] - cy), c),
    )
    return cell_name(best)
