"""A finished round looked at again: each move's evaluation for its mover, and the better move.

``analyse`` searches every position of a record once at the top level within a node budget (so
the figures repeat on any machine). A move's evaluation is the search's score of the position it
led to, seen from the side that made it; its loss is how far that falls below the score of the
move the search prefers in the position before. Pure like the players: no clock, no I/O.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from firmware.players.levels import HIGHEST, level
from firmware.rules.api import GameState, Status
from firmware.rules.budget import Budget
from firmware.rules.frozen import Frozen
from firmware.rules.players import Choice
from firmware.rules.registry import find_player

ANALYSIS_NODES = 3000  # per position
WON = 100_000  # a won or lost position, and the cap of any evaluation (search scores are larger)
MISTAKE = 150  # a move that loses at least this much is a mistake
SHOWN_MISTAKES = 3
ONLY_MOVES = 8  # only moves in a row scored by the position after them
REVIEW_KEYS = ("ply", "colour", "move", "eval", "best", "best_eval", "loss")


class MoveReview(Frozen):
    """One move of a round: who made it, its evaluation for them, the better move and the loss."""

    FIELDS = ("ply", "colour", "move", "evaluation", "best", "best_evaluation", "loss")
    __slots__ = FIELDS
    ply: int  # 1-based, as in records.md
    colour: str
    move: str
    evaluation: int
    best: str
    best_evaluation: int
    loss: int

    def __init__(
        self,
        ply: int,
        colour: str,
        move: str,
        evaluation: int,
        best: str,
        best_evaluation: int,
        loss: int,
    ) -> None:
        self._init(ply, colour, move, evaluation, best, best_evaluation, loss)

    def to_json(self) -> dict[str, int | str]:
        return {
            "ply": self.ply,
            "colour": self.colour,
            "move": self.move,
            "eval": self.evaluation,
            "best": self.best,
            "best_eval": self.best_evaluation,
            "loss": self.loss,
        }

    @classmethod
    def from_json(cls, data: object) -> MoveReview:
        """A review as ``to_json`` wrote it; ValueError if ``data`` is not one."""
        if not isinstance(data, dict):
            raise ValueError("a move's review is a JSON object")
        try:
            values = [data[key] for key in REVIEW_KEYS]
        except KeyError as exc:
            raise ValueError(f"a move's review needs {exc.args[0]!r}") from None
        kinds = (int, str, str, int, str, int, int)
        if not all(type(value) is kind for value, kind in zip(values, kinds, strict=True)):
            raise ValueError("a move's review has a value of the wrong kind")
        ply, colour, move, evaluation, best, best_evaluation, loss = values
        return cls(ply, colour, move, evaluation, best, best_evaluation, loss)


def _capped(score: int) -> int:
    return max(-WON, min(WON, score))


def judge(
    state: GameState, nodes: int = ANALYSIS_NODES, should_stop: Callable[[], bool] | None = None
) -> Choice:
    """The one search that both the coach and the HINT ask: the top level within ``nodes``,
    seeded by the position's ply, so a position gets the same move and score from either (what
    the HINT proposes is the coach's best move, never a mistake in its eyes). ``should_stop``
    only ends it early (a ``stop``); it never changes what a finished search answers."""
    player = find_player(state.game)
    budget = Budget(max_nodes=nodes) if should_stop is None else Budget(nodes, should_stop)
    return player.choose(state, level(HIGHEST).number, budget, random.Random(state.ply))


def _search(state: GameState, nodes: int, seed: int, steps: int = ONLY_MOVES) -> Choice:
    """The judge's answer with a score the analysis can trust: an answer the search gave
    without looking (depth 0: an only move, such as the one block of a four) is scored by the
    position it leads to, searched the same way (at most ``steps`` such moves in a row)."""
    del seed  # the judge seeds by the position's ply
    answer = judge(state, nodes)
    if answer.depth > 0 or steps <= 0:
        return answer
    mover = state.to_move()
    assert mover is not None
    after = state.copy()
    after.apply(answer.token)
    then = None if after.outcome().is_over else _search(after, nodes, 0, steps - 1)
    value = _value_after(after, mover, then)
    return Choice(answer.token, value, 1, answer.nodes + (0 if then is None else then.nodes))


def _value_after(state: GameState, colour: str, answer: Choice | None) -> int:
    """The position ``state`` (just played into by ``colour``) seen from ``colour``'s side."""
    outcome = state.outcome()
    if outcome.is_over:
        if outcome.status is Status.WON:
            return WON if outcome.winner == colour else -WON
        return 0
    assert answer is not None
    score = _capped(answer.score)
    return score if state.to_move() == colour else -score


def analyse(start: GameState, moves: list[str], nodes: int = ANALYSIS_NODES) -> list[MoveReview]:
    """Every move of ``moves`` played from ``start`` (a copy is played on), reviewed."""
    return list(reviewed(start, moves, nodes))


def reviewed(
    start: GameState, moves: list[str], nodes: int = ANALYSIS_NODES, first: int = 1
) -> Iterator[MoveReview]:
    """The moves of ``moves`` from ply ``first`` on (1-based), each reviewed as soon as it is
    searched: a stopped analysis goes on from where it stopped with the same figures."""
    positions = [start.copy()]
    for token in moves:
        positions.append(positions[-1].copy())
        positions[-1].apply(token)
    answers: dict[int, Choice | None] = {}

    def answer(index: int) -> Choice | None:
        if index not in answers:
            position = positions[index]
            over = position.outcome().is_over
            answers[index] = None if over else _search(position, nodes, index)
        return answers[index]

    for index in range(max(0, first - 1), len(moves)):
        token = moves[index]
        before, after = positions[index], positions[index + 1]
        colour = before.to_move()
        best = answer(index)
        assert colour is not None and best is not None
        evaluation = _value_after(after, colour, answer(index + 1))
        if best.token == token:
            best_value = evaluation
        else:
            best_value = max(evaluation, _best_value(before, best.token, colour, nodes, index))
        yield MoveReview(
            before.ply + 1,
            colour,
            token,
            evaluation,
            best.token,
            best_value,
            best_value - evaluation,
        )
        answers.pop(index, None)


def _best_value(before: GameState, token: str, colour: str, nodes: int, seed: int) -> int:
    """The value for ``colour`` of playing ``token`` in ``before``, searched like the others."""
    after = before.copy()
    after.apply(token)
    answer = None if after.outcome().is_over else _search(after, nodes, seed)
    return _value_after(after, colour, answer)


def _seen_before(reviews: list[MoveReview], index: int) -> int:
    """The evaluation before move ``index`` from its mover's side (the move before's, turned
    round if the other side made it; 0 before the first)."""
    if index == 0:
        return 0
    last, mover = reviews[index - 1], reviews[index].colour
    return last.evaluation if last.colour == mover else -last.evaluation


def turning_points(reviews: list[MoveReview]) -> list[MoveReview]:
    """The moves that turned the round: each move after which its mover is lost by force
    though the evaluation before did not say so, and each that let a forced win slip.

    A move the search itself would have played (nothing better found there) did not lose the
    round: the mover's move before it did, with the loss the evaluation now shows."""
    found: dict[int, MoveReview] = {}
    for index, review in enumerate(reviews):
        before = _seen_before(reviews, index)
        if review.evaluation <= -WON < before < WON and review.best == review.move:
            earlier = [r for r in reviews[:index] if r.colour == review.colour]
            if earlier and earlier[-1].evaluation < WON:
                culprit = earlier[-1]
                loss = max(culprit.loss, culprit.best_evaluation + WON)
                found[culprit.ply] = culprit.replaced(evaluation=-WON, loss=loss)
                continue
        slipped = before >= WON > review.evaluation and review.best != review.move
        if review.evaluation <= -WON < before < WON or slipped:
            loss = max(review.loss, before - review.evaluation, MISTAKE)
            found[review.ply] = review.replaced(loss=loss)
    return sorted(found.values(), key=lambda r: r.ply)


def mistakes(reviews: list[MoveReview], colour: str | None = None) -> list[MoveReview]:
    """The moves (of ``colour``, or anyone's) that lost the most, worst first: every move that
    lost at least ``MISTAKE`` and every turning point (``turning_points``)."""
    chosen = {r.ply: r for r in reviews if r.loss >= MISTAKE}
    chosen.update((r.ply, r) for r in turning_points(reviews))
    mine = [r for r in chosen.values() if colour in (None, r.colour)]
    return sorted(mine, key=lambda r: (-r.loss, r.ply))[:SHOWN_MISTAKES]


def best_moment(reviews: list[MoveReview]) -> MoveReview | None:
    """The move that gained most for its mover (the evaluation's rise over the one before)."""
    gains = [(r.evaluation - _seen_before(reviews, i), -r.ply, i) for i, r in enumerate(reviews)]
    return reviews[max(gains)[2]] if gains else None
