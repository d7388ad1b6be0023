"""Puzzle kinds every game shares, solved by brute force through the rules: win, stop, win2.

A *turn* is an action and the follow-up it may earn (in Culls a placement and its flip): the
same colour acting again on a different kind of action (``awaiting``), at most ``MAX_TURN``
tokens in all. Where a turn goes on, the mover picks its best continuation, and a reply is
every way the next colour can play its turn. A position where a colour acts twice in a row on
the same kind of action (the setup pieces) is no puzzle. Each solver takes a position and
returns its answers, every first token that solves it, sorted; an empty list says the position
is not a puzzle of that kind. The state passed in is not changed (the solvers work on a copy).

- ``win``: the side to act wins with this action.
- ``stop``: the side to act cannot win this turn, and the next colour would win on its next
  turn after some action; after this one it cannot (a draw counts as stopped).
- ``win2``: the side to act cannot win this turn, but after this action, whatever the next colour
  replies, the side to act has a winning action (or has won).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from firmware.errors import StopSignal
from firmware.rules.api import GameState

MAX_TURN = 2  # tokens in one turn: an action and the follow-up it earns


class LongTurnError(StopSignal):
    """A turn runs past ``MAX_TURN`` tokens: the position is no puzzle."""


def _after(state: GameState, token: str, judge: Callable[[GameState], bool]) -> bool:
    """``judge`` of the position after ``token``; the state is put back."""
    state.apply(token)
    try:
        return judge(state)
    finally:
        state.undo()


def _goes_on(played: int, kind: str | None, after: GameState) -> int:
    """A turn started on ``kind`` goes on after ``played`` tokens: their count, checked
    (LongTurnError past the limit, or where the same kind of action comes again)."""
    if played >= MAX_TURN or after.awaiting() == kind:
        raise LongTurnError
    return played


def _first(tokens: list[str], hot: list[str]) -> list[str]:
    """``tokens`` with those in ``hot`` (the last ones that worked) tried first."""
    known = set(tokens)
    front = [token for token in hot if token in known]
    tried = set(front)
    return front + [token for token in tokens if token not in tried]


def wins_this_turn(
    state: GameState,
    colour: str,
    hot: list[str] | None = None,
    played: int = 0,
    kind: str | None = None,
) -> bool:
    """Whether ``colour``, to act, can end the game won by itself within its turn."""
    hot = [] if hot is None else hot
    kind = state.awaiting() if played == 0 else kind

    def won(after: GameState) -> bool:
        outcome = after.outcome()
        if outcome.is_over:
            return outcome.winner == colour
        if after.to_move() != colour:
            return False
        return wins_this_turn(after, colour, hot, _goes_on(played + 1, kind, after), kind)

    for token in _first(state.legal_actions(), hot):
        if _after(state, token, won):
            if token not in hot:
                hot.insert(0, token)
            return True
    return False


def whole_turns(solver: Callable[[GameState], list[str]]) -> Callable[[GameState], list[str]]:
    """A solver that answers [] for a position whose turns run past ``MAX_TURN`` tokens."""

    @functools.wraps(solver)
    def solve(state: GameState) -> list[str]:
        if state.to_move() is None:
            return []
        try:
            return solver(state.copy())
        except LongTurnError:
            return []

    return solve


@whole_turns
def winning_actions(state: GameState) -> list[str]:
    """Every action with which the side to act wins at once (kind ``win``)."""
    colour = state.to_move()

    def won(after: GameState) -> bool:
        return after.outcome().winner == colour

    return sorted(token for token in state.legal_actions() if _after(state, token, won))


def _safe(state: GameState, mover: str, played: int, kind: str | None) -> bool:
    """After ``mover``'s tokens: whether, with its best continuation, the next colour cannot win."""
    outcome = state.outcome()
    if outcome.is_over:
        return outcome.winner in (None, mover)
    after = state.to_move()
    assert after is not None
    if after != mover:
        return not wins_this_turn(state, after)
    more = _goes_on(played, kind, state) + 1
    return any(
        _after(state, token, lambda s: _safe(s, mover, more, kind))
        for token in state.legal_actions()
    )


@whole_turns
def stopping_actions(state: GameState) -> list[str]:
    """Every action after which the next colour, threatening to win, cannot (kind ``stop``)."""
    mover = state.to_move()
    assert mover is not None
    if wins_this_turn(state, mover):
        return []
    kind = state.awaiting()
    safe = {
        token: _after(state, token, lambda s: _safe(s, mover, 1, kind))
        for token in state.legal_actions()
    }
    if all(safe.values()):
        return []  # nothing threatens
    return sorted(token for token, ok in safe.items() if ok)


def _every_reply_loses(
    state: GameState, mover: str, hot: list[str], played: int, kind: str | None
) -> bool:
    """The next colour to act: whether every turn it plays leaves ``mover`` a winning action."""
    replier = state.to_move()
    kind = state.awaiting() if played == 0 else kind

    def leaves_a_win(after: GameState) -> bool:
        outcome = after.outcome()
        if outcome.is_over:
            return outcome.winner == mover
        if after.to_move() == replier:
            more = _goes_on(played + 1, kind, after)
            return _every_reply_loses(after, mover, hot, more, kind)
        return after.to_move() == mover and wins_this_turn(after, mover, hot)

    return all(_after(state, token, leaves_a_win) for token in state.legal_actions())


def _forces(state: GameState, mover: str, hot: list[str], played: int, kind: str | None) -> bool:
    """After ``mover``'s tokens: whether, with its best continuation, every reply loses."""
    outcome = state.outcome()
    if outcome.is_over:
        return outcome.winner == mover
    if state.to_move() != mover:
        return _every_reply_loses(state, mover, hot, 0, None)
    more = _goes_on(played, kind, state) + 1
    return any(
        _after(state, token, lambda s: _forces(s, mover, hot, more, kind))
        for token in state.legal_actions()
    )


@whole_turns
def double_threat_actions(state: GameState) -> list[str]:
    """Every action that wins next turn whatever the reply, with no win now (kind ``win2``)."""
    mover = state.to_move()
    assert mover is not None
    if wins_this_turn(state, mover):
        return []
    hot: list[str] = []
    kind = state.awaiting()
    return sorted(
        token
        for token in state.legal_actions()
        if _after(state, token, lambda s: _forces(s, mover, hot, 1, kind))
    )
