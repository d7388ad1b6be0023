"""Puzzles played one after another: the position, the task, a right answer played out and
greeted, a wrong one refuted by the reply that beats it, each shown until the next touch.

Pure and game-agnostic like the lesson runner: the board adapter says what a touch means, the
rules judge, the kinds' words come from the game (``Teaching.tasks``) and the answers' from its
adapter (``explain_answer``, in board cell names), and the reply to a wrong answer is a win in one
where there is one, else the computer's move on a node budget. A right answer whose turn goes on
(a cull's flip) is declared solved only once the whole turn is on the board.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from firmware.controller.core.adapter import BoardAdapter, Refusal, cells_for_token
from firmware.controller.learning.lesson_run import Answer
from firmware.learn.puzzles import Puzzle
from firmware.rules.api import GameState, JsonValue
from firmware.rules.budget import Budget
from firmware.rules.grid import cell_name, parse_board_cell
from firmware.rules.players import HIGHEST_LEVEL, GamePlayer
from firmware.rules.tactics import winning_actions

REPLY_NODES = 4_000


class PuzzleRun:
    """A game's puzzles in turn on a board of ``columns`` x ``rows`` cells; counts solved."""

    def __init__(
        self,
        puzzles: Sequence[Puzzle],
        board: BoardAdapter,
        tasks: Mapping[str, str],
        *,
        start: int = 0,
        player: GamePlayer | None,
        rng: random.Random,
        columns: int = 15,
        rows: int = 15,
    ) -> None:
        if not puzzles:
            raise ValueError(f"{board.name} has no puzzles")
        self._puzzles = tuple(puzzles)
        self._board = board
        self._tasks = tasks
        self._player = player
        self._rng = rng
        self._columns = columns
        self._rows = rows
        self._index = start  # the first puzzle shown
        self.solved = 0
        self.tried = 0
        self._position = self.puzzle.position()
        self._shown: tuple[str, ...] = ()  # an answer (and a wrong one's reply) shown after it
        self._made: tuple[str, ...] = ()  # a right answer's first tokens while its turn goes on
        self._right = False  # the answer shown solved the puzzle
        self._said = ""
        self._drawn: tuple[GameState, tuple[str, ...], tuple[str, ...]] | None = None

    @property
    def puzzle(self) -> Puzzle:
        return self._puzzles[self._index]

    @property
    def game(self) -> str:
        return self.puzzle.game

    @property
    def state(self) -> GameState:
        """A copy of the position shown: the puzzle's, or after an answer (and its reply)."""
        shown = self._position.copy()
        for token in self._shown or self._made:
            shown.apply(token)
        return shown

    @property
    def refuted(self) -> tuple[str, ...] | None:
        """The wrong answer and the reply shown after it, while they are shown."""
        return None if self._right else self._shown or None

    @property
    def showing(self) -> bool:
        """An answer is shown played out: the next touch goes on (or sets the puzzle again)."""
        return bool(self._shown)

    @property
    def finishing(self) -> bool:
        """A right answer is on the board but its turn goes on (the flip after a cull)."""
        return bool(self._made)

    @property
    def task(self) -> str:
        """The puzzle's task in the game's words (``Blue to play: make five now``)."""
        state = self._position.copy()
        side = state.to_move() or ""
        actions = state.legal_actions()
        after = _next_colour(state, actions[0]) if actions else ""
        words = self._tasks.get(self.puzzle.kind, "{side} to play: {kind}")
        return words.format(side=side.capitalize(), next=after.capitalize(), kind=self.puzzle.kind)

    @property
    def say(self) -> str:
        """What the page says now: the last answer's words, then the task or what to do."""
        if self._right:
            return f"{self._said} Tap the board for the next puzzle."
        if self._shown:
            return f"{self._said} Tap the board to try again."
        if self._made:
            return self._said
        return f"{self._said} {self.task}".strip()

    def cells(self) -> list[str]:
        """The cells of the answer (and a wrong one's reply), while they are shown."""
        drawn = self._drawn  # worked out once per answer shown, not at every frame
        if drawn is None or drawn[0] is not self._position or drawn[1] != self._shown:
            shown = self._position.copy()
            names: list[str] = []
            for token in self._shown:
                cells = cells_for_token(self._board, shown, token, self._columns, self._rows)
                names += [cell_name(cell) for cell in cells]
                shown.apply(token)
            drawn = self._drawn = (self._position, self._shown, tuple(names))
        return list(drawn[2])

    def touch(self, name: str) -> Answer:
        """A touch on the board cell ``name``; after an answer shown it goes on: to the next
        puzzle after a right one, to the puzzle again after a wrong one."""
        if self._right:
            self.skip()
            return Answer(False, self.say)
        if self._shown:
            self._shown, self._said = (), ""
            return Answer(False, self.say)
        try:
            cell = parse_board_cell(name, self._columns, self._rows)
        except ValueError as exc:
            return Answer(False, str(exc))
        token = self._board.token_for(self.state, cell, self._columns, self._rows)
        if isinstance(token, Refusal):
            return Answer(False, str(token))
        return self.play(token)

    def play(self, token: str) -> Answer:
        """An answer as a token: a right one counts and stays shown until the next touch, once
        its whole turn is played (after a cull, the flip)."""
        if self._made:
            return self._finish(token)
        reason = self._position.why_illegal(token)
        if reason is not None:
            return Answer(False, reason)
        self.tried += 1
        if token in self.puzzle.answers:
            return self._finish(token)
        replies = self._refutation(token)
        self._shown = (token, *replies)
        if replies:
            self._said = self._board.explain_answer(self._position.copy(), token, replies)
        else:
            side = (self._position.to_move() or "").capitalize()
            self._said = f"Not that: {self._board.describe(self._position.copy(), token, side)}."
        return Answer(False, self._said, replies)

    def skip(self) -> None:
        """On to the next puzzle, unsolved."""
        self._index = (self._index + 1) % len(self._puzzles)
        self._position = self.puzzle.position()
        self._shown, self._made, self._right, self._said = (), (), False, ""

    def _finish(self, token: str) -> Answer:
        """A right answer's ``token`` (or a later one of its turn): solved once the turn is
        over, else the position after it waits for the rest (the flip)."""
        state = self.state
        reason = state.why_illegal(token)
        if reason is not None:
            return Answer(False, f"{reason}. {self._said}")
        mover = self._position.to_move()
        state.apply(token)
        made = (*self._made, token)
        if state.to_move() == mover and not state.outcome().is_over:
            self._made = made
            side = (mover or "").capitalize()
            named = self._board.describe(self._position.copy(), made[0], side)
            self._said = f"Right: {named.rstrip('.')}. Now {self._board.prompt(state)}."
            return Answer(False, self._said)
        self.solved += 1
        self._said = self._board.explain_answer(self._position.copy(), made[0], ())
        self._shown, self._made, self._right = made, (), True
        return Answer(True, self._said)

    def view(self) -> dict[str, JsonValue]:
        """The puzzle as the scoreboard shows it (docs/scoreboard.md)."""
        return {
            "id": self.puzzle.id,
            "game": self.puzzle.game,
            "kind": self.puzzle.kind,
            "task": self.task,
            "number": self._index + 1,
            "of": len(self._puzzles),
            "solved": self.solved,
            "tried": self.tried,
            "say": self.say,
            "refuted": list(self.refuted or ()) or None,
            "solved_shown": list(self._shown) if self._right else None,
            "cells": list(self.cells()),
        }

    def _refutation(self, token: str) -> tuple[str, ...]:
        """The tokens that answer a wrong ``token``: the mover's follow-up, then the reply."""
        shown = self._position.copy()
        mover = shown.to_move()
        shown.apply(token)
        played: list[str] = []
        while not shown.outcome().is_over and len(played) < 3:
            colour = shown.to_move()
            wins = winning_actions(shown) if colour != mover else []
            if wins:
                move = wins[0]
            elif self._player is not None:
                budget = Budget(max_nodes=REPLY_NODES)
                move = self._player.choose(shown, HIGHEST_LEVEL, budget, self._rng).token
            else:
                break
            shown.apply(move)
            played.append(move)
            if colour != mover:
                break
        return tuple(played)


def _next_colour(state: GameState, token: str) -> str:
    """The colour to act once the mover's turn is over (after ``token`` and any follow-up)."""
    mover = state.to_move()
    state.apply(token)
    try:
        colour = state.to_move()
        if colour == mover:
            follow = state.legal_actions()[:1]
            return _next_colour(state, follow[0]) if follow else ""
        return colour or ""
    finally:
        state.undo()
