"""A Culls mistake in the game's words: what it let the other side do, and what was better."""

from __future__ import annotations

from firmware.games.culls.board import FLIP, MOVE
from firmware.games.culls.game import CullsState
from firmware.games.culls.words import AXES, LETTER_OF, _action, _after, count_word, listed
from firmware.rules.api import Status
from firmware.rules.grid import cell_name, parse_cell


def _cell(state: CullsState, token: str) -> str:
    """The board cell an action puts a chip on (a flip: the flipped chip's)."""
    kind = state.awaiting()
    if kind == FLIP:
        return token[1:]
    return token.partition("-")[2] if kind == MOVE else token


def _named(state: CullsState, token: str) -> str:
    """The action as the head of a sentence: ``i9``, ``flipped i8``, ``moved the flipped chip
    to c3``."""
    kind = state.awaiting()
    if kind == FLIP:
        return f"flipped {token[1:]}"
    if kind == MOVE:
        return f"moved the flipped chip to {token.partition('-')[2]}"
    return token


def _line(state: CullsState, name: str, colour: str) -> tuple[int, int]:
    """The longest run of ``colour`` through ``name`` (a chip of theirs there) and how many of
    its two ends are empty cells."""
    marks = state.board_cells()
    letter = LETTER_OF[colour]
    x0, y0 = parse_cell(name, state.size)
    best = (0, 0)
    for dx, dy in AXES:
        run, open_ends = 1, 0
        for sign in (1, -1):
            x, y = x0 + sign * dx, y0 + sign * dy
            while marks.get((x, y)) == letter:
                run += 1
                x, y = x + sign * dx, y + sign * dy
            inside = 0 <= x < state.size and 0 <= y < state.size
            open_ends += int(inside and (x, y) not in marks)
        best = max(best, (run, open_ends))
    return best


def _lets(after: CullsState, reply: str) -> str:
    """What ``reply`` (by the side to act in ``after``) makes: ``make an open four``, or ""."""
    colour = after.to_move() or "blue"
    then = _after(after, reply)
    outcome = then.outcome()
    if outcome.status is Status.WON and outcome.winner == colour and outcome.line:
        line = outcome.line
        return f"make {count_word(len(line))} in a row, {line[0]} to {line[-1]}"
    if then.awaiting() == FLIP and after.awaiting() != FLIP:
        return f"trap {listed([cell_name(c) for c in then.cullable_cells()])}"
    if after.awaiting() == FLIP:
        return f"flip {reply[1:]}"
    run, open_ends = _line(then, _cell(after, reply), colour)
    if run >= 3 and (run >= 4 or open_ends == 2):
        kind = "an open " if open_ends == 2 else ""
        return f"make {kind}{count_word(run)}"
    return ""


def explain_mistake(
    before: CullsState, token: str, better: str, reply: str | None, *, forced: bool = False
) -> str:
    """``Blue i9: this let Red make an open four; h9 would have stopped it``: the mistake
    ``token`` in ``before``, the search's ``reply`` to it and the ``better`` action;
    ``forced``: the search saw the round lost after it (said when no threat names why)."""
    mover = before.to_move() or "blue"
    head = f"{mover.capitalize()} {_named(before, token)}"
    after = _after(before, token)
    lets = ""
    if reply is not None and after.to_move() not in (None, mover):
        lets = _lets(after, reply)
    shown = lets or ("win by force" if forced and after.to_move() not in (None, mover) else "")
    said = f"{head}: this let {(after.to_move() or '').capitalize()} {shown}" if shown else head
    return f"{said}; {_instead(before, better, lets, reply, mover)}"


def _instead(before: CullsState, better: str, lets: str, reply: str | None, mover: str) -> str:
    """What ``better`` would have done: won, trapped, stopped the threat, or simply been better."""
    kind = before.awaiting()
    named = _action(before, better)
    then = _after(before, better)
    outcome = then.outcome()
    if outcome.status is Status.WON and outcome.winner == mover and outcome.line:
        return f"{named} would have made {count_word(len(outcome.line))} in a row and won"
    if then.awaiting() == FLIP and kind != FLIP:
        return f"{named} would have trapped {listed([cell_name(c) for c in then.cullable_cells()])}"
    stopped = (
        lets
        and reply is not None
        and (then.to_move() == mover or then.why_illegal(reply) or _lets(then, reply) != lets)
    )
    return f"{named} would have stopped it" if stopped else f"{named} was the better move"
