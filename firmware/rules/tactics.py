"""Puzzle kinds every game shares, solved by brute force through the rules: win, stop, win2.

A *turn* is every token one colour plays in a row (in Culls a placement and the flip it earns):
where a turn goes on, the mover picks its best continuation, and a reply is every way the next
colour can play its turn. Each solver takes a position and returns its answers, every first
token that solves it, sorted; an empty list says the position is not a puzzle of that kind. The
state passed in is not changed (the solvers work on a copy).

- ``win``: the side to act wins with this action.
- ``stop``: the side to act cannot win this turn, and the next colour would win on its next
  turn after some action; after this one it cannot (a draw counts as stopped).
- ``win2``: the side to act cannot win this turn, but after this action, whatever the next colour
  replies, the side to act has a winning action (or has won).
"""

from __future__ import annotations

from collections.abc import Callable

from firmware.rules.api import GameState


def _after(state: GameState, token: str, judge: Callable[[GameState], bool]) -> bool:
    """``judge`` of the position after ``token``; the state is put back."""
    state.apply(token)
    try:
        return judge(state)
    finally:
        state.undo()


def _first(tokens: list[str], hot: list[str]) -> list[str]:
    """``tokens`` with those in ``hot`` (the last ones that worked) tried first."""
    known = set(tokens)
    front = [token for token in hot if token in known]
    tried = set(front)
    return front + [token for token in tokens if token not in tried]


def wins_this_turn(state: GameState, colour: str, hot: list[str] | None = None) -> bool:
    """Whether ``colour``, to act, can end the game won by itself within its turn."""
    hot = [] if hot is None else hot

    def won(after: GameState) -> bool:
        outcome = after.outcome()
        if outcome.is_over:
            return outcome.winner == colour
        return after.to_move() == colour and wins_this_turn(after, colour, hot)

    for token in _first(state.legal_actions(), hot):
        if _after(state, token, won):
            if token not in hot:
                hot.insert(0, token)
            return True
    return False


def winning_actions(state: GameState) -> list[str]:
    """Every action with which the side to act wins at once (kind ``win``)."""
    work = state.copy()
    colour = work.to_move()

    def won(after: GameState) -> bool:
        return after.outcome().winner == colour

    if colour is None:
        return []
    return sorted(token for token in work.legal_actions() if _after(work, token, won))


def _safe(state: GameState, mover: str) -> bool:
    """After ``mover``'s token: whether, with its best continuation, the next colour cannot win."""
    outcome = state.outcome()
    if outcome.is_over:
        return outcome.winner in (None, mover)
    if state.to_move() == mover:
        tokens = state.legal_actions()
        return any(_after(state, token, lambda s: _safe(s, mover)) for token in tokens)
    after = state.to_move()
    assert after is not None
    return not wins_this_turn(state, after)


def stopping_actions(state: GameState) -> list[str]:
    """Every action after which the next colour, threatening to win, cannot (kind ``stop``)."""
    work = state.copy()
    mover = work.to_move()
    if mover is None or wins_this_turn(work, mover):
        return []
    safe = {token: _after(work, token, lambda s: _safe(s, mover)) for token in work.legal_actions()}
    if all(safe.values()):
        return []  # nothing threatens
    return sorted(token for token, ok in safe.items() if ok)


def _every_reply_loses(state: GameState, mover: str, hot: list[str]) -> bool:
    """The next colour to act: whether every turn it plays leaves ``mover`` a winning action."""
    replier = state.to_move()

    def leaves_a_win(after: GameState) -> bool:
        outcome = after.outcome()
        if outcome.is_over:
            return outcome.winner == mover
        if after.to_move() == replier:
            return _every_reply_loses(after, mover, hot)
        return after.to_move() == mover and wins_this_turn(after, mover, hot)

    return all(_after(state, token, leaves_a_win) for token in state.legal_actions())


def _forces(state: GameState, mover: str, hot: list[str]) -> bool:
    """After ``mover``'s token: whether, with its best continuation, every reply loses."""
    outcome = state.outcome()
    if outcome.is_over:
        return outcome.winner == mover
    if state.to_move() == mover:
        return any(
            _after(state, token, lambda s: _forces(s, mover, hot))
            for token in state.legal_actions()
        )
    return _every_reply_loses(state, mover, hot)


def double_threat_actions(state: GameState) -> list[str]:
    """Every action that wins next turn whatever the reply, with no win now (kind ``win2``)."""
    work = state.copy()
    mover = work.to_move()
    if mover is None or wins_this_turn(work, mover):
        return []
    hot: list[str] = []
    return sorted(
        token
        for token in work.legal_actions()
        if _after(work, token, lambda s: _forces(s, mover, hot))
    )
