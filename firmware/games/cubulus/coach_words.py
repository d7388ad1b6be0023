"""A Cubulus mistake in the game's words: the square it handed over, and the better push."""

from __future__ import annotations

from collections.abc import Sequence

from firmware.games.cubulus.state import CubulusState
from firmware.games.cubulus.words import _action, _after, entry, square_words, where
from firmware.rules.api import Status


def _named(token: str) -> str:
    """The action as the head of a sentence: ``pushed in from the front at e10``."""
    if token.startswith("N"):
        return f"placed a white ball {where(token[1:])}"
    return f"pushed in {entry(token)}"


def _square_for(state: CubulusState, mover: str) -> str:
    """``make a square on the front face (...)`` if ``state`` is won by someone other than
    ``mover``, else ""."""
    outcome = state.outcome()
    if outcome.status is Status.WON and outcome.winner not in (None, mover) and outcome.line:
        return f"{(outcome.winner or '').capitalize()} make a square {square_words(outcome.line)}"
    return ""


def explain_mistake(
    before: CubulusState,
    token: str,
    better: str,
    reply: str | None,
    *,
    forced: bool = False,
    line: Sequence[str] = (),
) -> str:
    """``Black pushed in from the front at e10: this let Red make a square on the top face
    (...); the push in at f9 from the left would have stopped it``; ``forced``: the search saw
    the round lost after it (said when no square comes at once)."""
    mover = before.to_move() or ""
    head = f"{mover.capitalize()} {_named(token)}"
    after = _after(before, token)
    lets = _square_for(after, mover)
    if not lets and reply is not None and not after.outcome().is_over:
        lets = _square_for(_after(after, reply), mover)
    state = after
    for action in line if not lets else ():  # the square the played line then made
        if state.outcome().is_over or state.why_illegal(action):
            break
        state = _after(state, action)
        lets = _square_for(state, mover)
        if lets:
            break
    shown = lets
    if not lets and forced and after.to_move() is not None:
        shown = f"{(after.to_move() or '').capitalize()} win by force"
    said = f"{head}: this let {shown}" if shown else head
    named = _action(better)
    then = _after(before, better)
    outcome = then.outcome()
    if outcome.status is Status.WON and outcome.winner == mover and outcome.line:
        return f"{said}; {named} would have made a square {square_words(outcome.line)} and won"
    stopped = lets and not _square_for(then, mover)
    if stopped and reply is not None and not then.outcome().is_over:
        stopped = bool(then.why_illegal(reply)) or not _square_for(_after(then, reply), mover)
    return f"{said}; {named} would have stopped it" if stopped else f"{said}; {named} was better"
