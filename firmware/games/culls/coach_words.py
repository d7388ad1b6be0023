"""A Culls mistake in the game's words: what it let the other side do, and what was better."""

from __future__ import annotations

from collections.abc import Sequence

from firmware.games.culls.board import FLIP, MOVE
from firmware.games.culls.game import CullsState
from firmware.games.culls.words import AXES, LETTER_OF, _action, _after, count_word, listed
from firmware.rules.api import Status
from firmware.rules.grid import cell_name, parse_cell

LOOK_AHEAD = 8  # actions after a mistake searched for the threat that beat it


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


def _threat_in(after: CullsState, mover: str, line: Sequence[str]) -> tuple[str, str]:
    """The first threat the other side of ``mover`` makes along ``line`` (the actions played
    from ``after`` on): its action and what it makes, or ("", "")."""
    state = after
    for action in line[:LOOK_AHEAD]:
        if state.outcome().is_over or state.why_illegal(action):
            break
        if state.to_move() not in (None, mover):
            made = _lets(state, action)
            if made:
                return action, made
        state = _after(state, action)
    return "", ""


def explain_mistake(
    before: CullsState,
    token: str,
    better: str,
    reply: str | None,
    *,
    forced: bool = False,
    line: Sequence[str] = (),
) -> str:
    """``Blue i9: this let Red make an open four; h9 would have stopped it``: the mistake
    ``token`` in ``before``, the search's ``reply`` to it and the ``better`` action;
    ``forced``: the search saw the round lost after it; ``line``: the actions played after it,
    where the threat that beat it is looked for when the reply makes none (``Blue f6: after it
    Red f7 made an open four: no defence``)."""
    mover = before.to_move() or "blue"
    head = f"{mover.capitalize()} {_named(before, token)}"
    after = _after(before, token)
    other = (after.to_move() or "").capitalize()
    lets = ""
    if reply is not None and after.to_move() not in (None, mover):
        lets = _lets(after, reply)
    if lets:
        said = f"{head}: this let {other} {lets}"
    else:
        action, made = _threat_in(after, mover, line)
        if made:
            opponent = "Red" if mover == "blue" else "Blue"
            said = f"{head}: after it {opponent} {action} could {made}"
            said += ": no defence" if forced else ""
        elif forced and after.to_move() is not None:
            said = f"{head}: this let {other or mover.capitalize()} win by force"
        else:
            said = head
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
    if stopped:
        return f"{named} would have stopped it"
    if kind != FLIP:
        run, open_ends = _line(then, _cell(before, better), mover)
        if run >= 3 and open_ends:
            kind_word = "an open " if open_ends == 2 else ""
            return f"{named} would have made {kind_word}{count_word(run)}"
    return f"{named} was the better move"
