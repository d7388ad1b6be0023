"""A round's analysis made ready for a review: its mistakes on the board and in words.

Each side's moves that lost the most (``firmware.players.analysis.mistakes``) become a
``Mistake``: the cells of the move played and of the better one (as a tap would mean them in the
position before), and a sentence of the game's own words ("Move 14, Blue i9: this let Red make
an open four; h9 would have stopped it"). A game whose adapter does not explain mistakes gets a
plain sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from firmware.controller.core.adapter import board_adapter, cells_for_token
from firmware.players.analysis import WON, MoveReview, best_moment, mistakes
from firmware.rules.api import GameState, JsonValue
from firmware.rules.grid import cell_name
from firmware.rules.records import Record
from firmware.rules.registry import find_game
from hal.interfaces import Cell


class CoachView(Protocol):
    """What a review asks of the coach (``firmware.controller.coach.coach.Coach``)."""

    def found(self, record: Record) -> list[MoveReview] | None:
        """The finished analysis of ``record``, if there is one."""

    def waiting(self, record: Record) -> bool:
        """Whether ``record`` is queued or under analysis."""

    def ask(self, record: Record) -> None:
        """Analyse ``record`` (a round missing its analysis)."""

    def remember(self, record: Record, reviews: list[MoveReview]) -> None:
        """Take ``reviews`` as the analysis of ``record`` (the history keeps it)."""


@runtime_checkable
class ExplainsMistakes(Protocol):
    """A board adapter that says a mistake in its game's words."""

    def explain_mistake(
        self,
        before: GameState,
        token: str,
        better: str,
        reply: str | None,
        *,
        forced: bool,
        line: Sequence[str] = (),
    ) -> str:
        """``Blue i9: this let Red make an open four; h9 would have stopped it``."""


@dataclass(frozen=True, slots=True)
class Mistake:
    """A move that lost much: where it was played, where the better one was, and why."""

    ply: int
    colour: str
    loss: int
    cells: tuple[Cell, ...]
    better_cells: tuple[Cell, ...]
    words: str

    def to_json(self) -> dict[str, JsonValue]:
        return {
            "ply": self.ply,
            "colour": self.colour,
            "loss": self.loss,
            "cells": [cell_name(cell) for cell in self.cells],
            "better": [cell_name(cell) for cell in self.better_cells],
            "words": self.words,
        }


def round_mistakes(
    record: Record, reviews: list[MoveReview], columns: int, rows: int
) -> list[Mistake]:
    """Every side's worst moves in ``record`` (analysed as ``reviews``), in the order played."""
    colours = find_game(record.game).colours(record.rules)
    chosen = sorted(
        (review for colour in colours for review in mistakes(reviews, colour)),
        key=lambda review: review.ply,
    )
    adapter = board_adapter(record.game)
    found = []
    for review in chosen:
        before = record.new_state()
        for token in record.moves[: review.ply - 1]:
            before.apply(token)
        reply = reviews[review.ply].best if review.ply < len(reviews) else None
        if isinstance(adapter, ExplainsMistakes):
            forced = review.evaluation <= -WON
            line = record.moves[review.ply :]
            said = adapter.explain_mistake(
                before, review.move, review.best, reply, forced=forced, line=line
            )
        else:
            said = f"{review.colour.capitalize()} {review.move}; {review.best} was better"
        if review.best == review.move:  # no better move known: only what it let happen
            said = said.partition("; ")[0]
        found.append(
            Mistake(
                review.ply,
                review.colour,
                review.loss,
                tuple(cells_for_token(adapter, before, review.move, columns, rows)),
                tuple(cells_for_token(adapter, before, review.best, columns, rows)),
                f"Move {review.ply}, {said}",
            )
        )
    return found


def evaluations(reviews: list[MoveReview], first: str) -> list[int]:
    """The round's evaluation after each move, from the side of ``first`` (who began)."""
    return [r.evaluation if r.colour == first else -r.evaluation for r in reviews]


def coach_json(
    record: Record, reviews: list[MoveReview] | None, found: list[Mistake], waiting: bool
) -> dict[str, JsonValue]:
    """The ``coach`` key of a review: ``status`` ("done", "analysing", "none"), the evaluation
    after each move from the first mover's side (``evaluations``, ``first``) and ``mistakes``."""
    status = "done" if reviews is not None else ("analysing" if waiting else "none")
    return {
        "status": status,
        "first": record.first,
        "evaluations": [] if reviews is None else list(evaluations(reviews, record.first)),
        "mistakes": [mistake.to_json() for mistake in found],
        "summary": summary(reviews, found),
    }


def summary(reviews: list[MoveReview] | None, found: list[Mistake]) -> str:
    """What the coach says of the whole round: how many mistakes, or that there were none and
    the move that gained most (``No mistakes this round. The best moment: move 9, Blue h7``)."""
    if reviews is None:
        return ""
    if found:
        return f"{count(len(found), 'mistake')} this round"
    best = best_moment(reviews)
    moment = (
        ""
        if best is None
        else (f" The best moment: move {best.ply}, {best.colour.capitalize()} {best.move}")
    )
    return f"No mistakes this round.{moment}"


def count(number: int, noun: str) -> str:
    """``1 mistake``, ``3 mistakes``."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
